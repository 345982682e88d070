"""The pairing token leaves every page's address (docs/live-protocol.md): under `imager serve --lan` the console
(`/`), the canvas (`/canvas`) and the composition lab (`/compose`), each opened with `?token=…`, take it out of
their address as they start — no history entry keeps it — and work on with the cookie the server gave them:
each reaches its ready state, and again after a reload of the address without the token."""
import asyncio
import os

import pytest
from playwright.async_api import async_playwright

from chromium import BROWSER_ARGUMENTS, CHROMIUM
from live import serving


# Each page's ready state: it holds what only requests carrying the token could have brought.
PAGES = {
    "console": ("/", """() => {
      const c = window.imagerConsole;
      return c && c.store.connected && c.store.state !== null && c.store.library !== null && c.store.preferences !== null;
    }"""),
    "canvas": ("/canvas", "() => window.imagerCanvas && window.imagerCanvas.connected && window.imagerCanvas.framesDrawn > 0"),
    "lab": ("/compose", "() => { const lab = window.imagerLab; return lab && lab.sender.connected && lab.store.music !== null; }"),
}

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM} (make test installs it)")


@pytest.mark.parametrize("name", list(PAGES))
def test_a_page_opened_with_the_pairing_token_takes_it_out_of_its_address_and_works(imager, tmp_path, name):
    path, ready = PAGES[name]
    with serving(imager, tmp_path / "library.sqlite", "--lan") as server:
        assert server.token, "imager serve --lan printed its pairing token"

        async def run():
            async with async_playwright() as playwright:
                browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGUMENTS)
                page = await browser.new_page(viewport={"width": 1280, "height": 800}, device_scale_factor=1)
                errors = []
                page.on("pageerror", lambda error: errors.append(str(error)))
                await page.goto(f"http://127.0.0.1:{server.port}{path}?keep=1&token={server.token}")
                await page.wait_for_function(ready, timeout=20_000)
                assert await page.evaluate("window.location.search") == "?keep=1", "the token goes, the rest stays"
                assert server.token not in page.url

                # No history entry keeps the token: the one before is the blank page the browser opened with.
                await page.go_back()
                assert page.url == "about:blank"
                await page.go_forward()
                assert server.token not in page.url

                # The cookie carries the token from now on: the address without it opens the page again.
                await page.reload()
                await page.wait_for_function(ready, timeout=20_000)
                assert await page.evaluate("window.location.search") == "?keep=1"
                assert errors == []
                await browser.close()

        asyncio.run(run())
