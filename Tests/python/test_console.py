"""The performer's console (`/`) in a real Chromium against the real `imager serve`: panels shown and hidden
from the edge controls and kept in the library; the hue ribbon played by keys, by a drag, by a two-finger
pinch and by ctrl+wheel (a plain wheel leaves it), and the canvas page's background following; chords stored with Shift and recalled after a reload
(the chordsets: test_console_chordsets.py; the pads, two consoles and a server started again:
test_console_together.py). Screenshots go to Tests/python/artifacts/ (not kept in git)."""
import asyncio
import colorsys
import json
import os
import pathlib

import pytest
from playwright.async_api import TimeoutError as PlaywrightTimeout, async_playwright, expect

from chromium import BROWSER_ARGUMENTS, CHROMIUM
from live import request, serving
from test_console_panels import WEB_ROOT

ARTIFACTS = pathlib.Path(__file__).resolve().parent / "artifacts"
CONSOLE_PATH = "/"
DESKTOP = {"viewport": {"width": 1920, "height": 1080}, "device_scale_factor": 1}
TABLET = {"viewport": {"width": 1024, "height": 768}, "device_scale_factor": 1, "has_touch": True}

EDGE_CONTROLS = {
    "Color panel": "color", "Form panel": "form", "Motion panel": "motion", "Chordset panel": "chordset",
    "Canvas panel": "canvas", "Trigger pads": "triggerpads", "Chordset list": "chordsetList", "Preferences": "settings",
}
FIRST_RUN = {"color": True, "form": True, "motion": True, "chordset": True, "canvas": True, "triggerpads": True,
             "chordsetList": False, "settings": False}

# The console has the engine's state and the library's list.
CONSOLE_READY = """() => {
  const c = window.imagerConsole;
  return c && c.store.connected && c.store.state !== null && c.store.library !== null && c.store.preferences !== null;
}"""
CANVAS_DRAWING = "window.imagerCanvas && window.imagerCanvas.connected && window.imagerCanvas.framesDrawn > 0"
# Every chord thumbnail on screen has come (one scrolled away or not laid out is not waited for).
THUMBNAILS_DRAWN = """() => [...document.querySelectorAll('.chord-thumb[src]')].every((image) => {
  const box = image.getBoundingClientRect();
  return image.complete || box.bottom < 0 || box.top > innerHeight || box.width === 0;
})"""
THUMBNAILS_MILLISECONDS = 90_000

# The library's answers can wait behind thumbnails the renderer is drawing (a debug build draws a list's
# worth in seconds): conditions are given time.
expect.set_options(timeout=15_000)
WAIT = 20_000

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM} (make test installs it)")


def state(port):
    return json.loads(request(port)[2])["state"]


def api(port, path, method="GET", body=None):
    status, _, answer = request(port, path, method=method, body=body)
    assert status < 300, (status, answer)
    return json.loads(answer) if answer else None


def chordset_list(port):
    return api(port, "/api/chordsets")


def hsv_bytes(hue, saturation=1.0, value=1.0):
    return [round(component * 255) for component in colorsys.hsv_to_rgb(hue % 1.0, saturation, value)]


def close_to(actual, expected, tolerance):
    return all(abs(a - e) <= tolerance for a, e in zip(actual, expected))


def shoot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    return page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


class Browser:
    """One Chromium; consoles and canvas pages in contexts of their own (a context is a browser profile)."""

    def __init__(self, playwright, port):
        self.playwright, self.port, self.browser, self.errors = playwright, port, None, []

    async def __aenter__(self):
        self.browser = await self.playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGUMENTS)
        return self

    async def __aexit__(self, *exception):
        await self.browser.close()

    async def console(self, device=DESKTOP):
        context = await self.browser.new_context(**device)
        page = await context.new_page()
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        await page.goto(f"http://127.0.0.1:{self.port}{CONSOLE_PATH}")
        await page.wait_for_function(CONSOLE_READY, timeout=20_000)
        return page

    async def canvas(self):
        context = await self.browser.new_context(viewport={"width": 640, "height": 360}, device_scale_factor=1)
        page = await context.new_page()
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        await page.goto(f"http://127.0.0.1:{self.port}/canvas?quality=full")
        await page.wait_for_function(CANVAS_DRAWING, timeout=20_000)
        return page


async def engine(page, expression, timeout=WAIT):
    """Waits until `expression` (JavaScript, over `s`: the engine's state as the console holds it) is true."""
    try:
        await page.wait_for_function(f"(() => {{ const s = window.imagerConsole.store.state; return s && ({expression}); }})()",
                                     timeout=timeout)
    except PlaywrightTimeout:
        held = await page.evaluate("JSON.stringify(window.imagerConsole.store.state)")
        raise AssertionError(f"the console's engine state never came to {expression}; it holds {held[:2000]}") from None


async def library(page, expression, timeout=WAIT):
    """Waits until `expression` (over `list`: the library's chordsets as the console holds them) is true."""
    try:
        await page.wait_for_function(
            f"(() => {{ const l = window.imagerConsole.store.library; const list = l ? l.chordsets : []; return {expression}; }})()",
            timeout=timeout)
    except PlaywrightTimeout:
        held = await page.evaluate("JSON.stringify(window.imagerConsole.store.library)")
        raise AssertionError(f"the console's library never came to {expression}; it holds {held[:2000]}") from None


async def thumbnails_drawn(page):
    """Waits until the chord thumbnails on screen have come: each is drawn by the server's renderer, and the
    library's other answers wait behind them (seconds, on a debug build)."""
    await page.wait_for_function(THUMBNAILS_DRAWN, timeout=THUMBNAILS_MILLISECONDS)


async def hue_center(page):
    return await page.evaluate("window.imagerConsole.store.state.colors.hue.center")


async def press(page, key, times):
    for _ in range(times):
        await page.keyboard.press(key)


async def press_answered(page, key, times, ribbon, field="center"):
    """Presses `key` `times` times on a focused ribbon, each after the engine has said the last one back (a key
    builds on the centre last sent until the engine answers; a busy machine's answers may cross later presses)."""
    for _ in range(times):
        before = await page.evaluate(f"window.imagerConsole.store.state.colors.{ribbon}.{field}")
        await page.keyboard.press(key)
        await engine(page, f"s.colors.{ribbon}.{field} !== {before}")


def test_panels_are_shown_and_hidden_from_the_edge_controls_and_kept(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        async def run():
            async with async_playwright() as playwright, Browser(playwright, server.port) as browser:
                page = await browser.console()
                for label, panel in EDGE_CONTROLS.items():
                    await expect(page.get_by_role("button", name=label, exact=True)).to_have_attribute("aria-pressed", str(FIRST_RUN[panel]).lower())
                await expect(page.get_by_role("slider", name="Hue", exact=True)).to_be_visible()
                await expect(page.get_by_text("Reconnecting…")).to_be_hidden()

                await page.get_by_role("button", name="Form panel", exact=True).click()
                await expect(page.get_by_role("button", name="Form panel", exact=True)).to_have_attribute("aria-pressed", "false")
                await expect(page.get_by_role("region", name="Form panel")).to_be_hidden()
                await page.get_by_role("button", name="Color panel", exact=True).click()
                await expect(page.get_by_role("slider", name="Hue", exact=True)).to_be_hidden()
                await page.get_by_role("button", name="Chordset list", exact=True).click()
                await expect(page.get_by_role("list", name="Chordsets", exact=True)).to_be_visible()
                await thumbnails_drawn(page)
                await shoot(page, "console-panels-1920x1080")
                kept = api(server.port, "/api/preferences")["panels"]
                assert kept == {**FIRST_RUN, "form": False, "chordsetList": True, "color": False}

                # A reload, and another browser (a touch tablet), open with the same layout.
                await page.reload()
                await page.wait_for_function(CONSOLE_READY, timeout=20_000)
                tablet = await browser.console(TABLET)
                for console in (page, tablet):
                    await expect(console.get_by_role("button", name="Form panel", exact=True)).to_have_attribute("aria-pressed", "false")
                    await expect(console.get_by_role("button", name="Chordset list", exact=True)).to_have_attribute("aria-pressed", "true")
                    await expect(console.get_by_role("list", name="Chordsets", exact=True)).to_be_visible()
                    await expect(console.get_by_role("slider", name="Hue", exact=True)).to_be_hidden()
                    await thumbnails_drawn(console)
                await shoot(tablet, "console-panels-1024x768")

                # The preferences: a side panel opened from its control, closed with Escape, the focus back on the control.
                await tablet.get_by_role("button", name="Preferences", exact=True).tap()
                await expect(tablet.get_by_role("dialog", name="Preferences")).to_be_visible()
                await expect(tablet.get_by_role("heading", name="Preferences")).to_be_focused()
                await shoot(tablet, "console-preferences-1024x768")
                await tablet.keyboard.press("Escape")
                await expect(tablet.get_by_role("dialog", name="Preferences")).to_be_hidden()
                await expect(tablet.get_by_role("button", name="Preferences", exact=True)).to_have_attribute("aria-pressed", "false")

                # The first-run layout back, from the keyboard; nothing scrolls sideways at either size.
                for label in ("Form panel", "Chordset list", "Color panel"):
                    await page.get_by_role("button", name=label, exact=True).focus()
                    await page.keyboard.press("Enter")
                    await expect(page.get_by_role("button", name=label, exact=True)).to_have_attribute("aria-pressed", str(FIRST_RUN[EDGE_CONTROLS[label]]).lower())
                assert api(server.port, "/api/preferences")["panels"] == FIRST_RUN
                for console in (page, tablet):
                    assert await console.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
                    assert await console.evaluate("document.scrollingElement.scrollLeft === 0")
                assert browser.errors == []

        asyncio.run(run())


def test_the_edge_controls_show_the_kept_layout_as_soon_as_it_is_read_while_another_read_is_under_way(imager, tmp_path):
    """The console reads the preferences on start and again when its socket opens; the first answer is held until the
    socket is open (so the second is asked for meanwhile) and the second is held until the end. Once the first has
    come, the controls say what shows and a press acts on that: it once laid the panels out only when every read
    was done, so a press meanwhile hid a panel its control said was hidden (CI's flake of stop 52)."""
    with serving(imager, tmp_path / "library.sqlite", env={"IMAGER_WEB_ROOT": str(WEB_ROOT)}) as server:
        async def run():
            async with async_playwright() as playwright, Browser(playwright, server.port) as browser:
                context = await browser.browser.new_context(**DESKTOP)
                page = await context.new_page()
                page.on("pageerror", lambda error: browser.errors.append(str(error)))
                reads, second, released = [], asyncio.Event(), asyncio.Event()

                async def hold(route):
                    if route.request.method != "GET":
                        return await route.continue_()
                    reads.append(route.request.url)
                    if len(reads) == 1:
                        await page.wait_for_function("window.imagerConsole?.store.connected === true", timeout=WAIT)
                    else:
                        second.set()
                        await asyncio.wait_for(released.wait(), WAIT / 1000)
                    await route.continue_()

                await page.route("**/api/preferences", hold)
                await page.goto(f"http://127.0.0.1:{server.port}{CONSOLE_PATH}")
                await page.wait_for_function(CONSOLE_READY, timeout=WAIT)
                await asyncio.wait_for(second.wait(), WAIT / 1000)
                # Read at once, not waited for: the answer in hand is laid out when it comes.
                for label, panel in EDGE_CONTROLS.items():
                    pressed = await page.get_by_role("button", name=label, exact=True).get_attribute("aria-pressed")
                    assert pressed == str(FIRST_RUN[panel]).lower(), (label, pressed)
                await page.get_by_role("button", name="Color panel", exact=True).click()
                await expect(page.get_by_role("button", name="Color panel", exact=True)).to_have_attribute("aria-pressed", "false")
                await expect(page.get_by_role("slider", name="Hue", exact=True)).to_be_hidden()
                released.set()
                assert api(server.port, "/api/preferences")["panels"] == {**FIRST_RUN, "color": False}
                await expect(page.get_by_role("button", name="Form panel", exact=True)).to_have_attribute("aria-pressed", "true")
                assert browser.errors == []

        asyncio.run(run())


def test_the_hue_ribbon_played_by_keys_and_by_a_drag_colours_the_canvas(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        async def run():
            async with async_playwright() as playwright, Browser(playwright, server.port) as browser:
                page = await browser.console()
                canvas = await browser.canvas()
                hue = page.get_by_role("slider", name="Hue", exact=True)
                purity = page.get_by_role("slider", name="Purity", exact=True)

                # Ranges narrowed to nothing and purity at the pure hue: the background is one colour, hsv(hue, 1, 1).
                await hue.focus()
                await press(page, "Shift+ArrowLeft", 12)
                await engine(page, "s.colors.hue.range === 0")
                # The range narrowed first: the engine keeps a centre where its range stays on the ribbon, so End
                # reaches 1 only once the range is 0.
                await purity.focus()
                await press(page, "Shift+ArrowLeft", 12)
                await engine(page, "s.colors.purity.range === 0")
                await page.keyboard.press("End")
                await engine(page, "s.colors.purity.center === 1")
                await press_answered(page, "PageDown", 5, "purity")
                await engine(page, "Math.abs(s.colors.purity.center - 0.5) < 1e-9 && s.colors.purity.range === 0")

                # Keys: three steps of 0.01 to the right.
                start = await hue_center(page)
                await hue.focus()
                await press(page, "ArrowRight", 3)
                await engine(page, f"Math.abs(s.colors.hue.center - {start + 0.03}) < 1e-6")
                assert abs(state(server.port)["colors"]["hue"]["center"] - (start + 0.03)) < 1e-6
                await expect(hue).to_have_attribute("aria-valuenow", await page.evaluate("String(window.imagerConsole.store.state.colors.hue.center)"))
                expected = hsv_bytes(start + 0.03)
                await canvas.wait_for_function(
                    f"(() => {{ const b = window.imagerCanvas.lastFrame.background; return {expected}.every((c, i) => Math.abs(c - b[i] * 255) <= 3); }})()",
                    timeout=10_000)

                # A drag: the centre follows the pointer along the ribbon.
                box = await hue.bounding_box()
                y = box["y"] + box["height"] / 2
                await page.mouse.move(box["x"] + 0.1 * box["width"], y)
                await page.mouse.down()
                await page.mouse.move(box["x"] + 0.3 * box["width"], y, steps=8)
                await page.mouse.up()
                await engine(page, "Math.abs(s.colors.hue.center - 0.3) < 0.01")
                center = state(server.port)["colors"]["hue"]["center"]
                assert abs(center - 0.3) < 0.01
                expected = hsv_bytes(center)
                await canvas.wait_for_function(
                    f"(() => {{ const b = window.imagerCanvas.lastFrame.background; return {expected}.every((c, i) => Math.abs(c - b[i] * 255) <= 3); }})()",
                    timeout=10_000)
                pixel = await canvas.evaluate("""() => {
                  const canvas = document.querySelector('canvas');
                  const gl = canvas.getContext('webgl2');
                  const pixel = new Uint8Array(4);
                  gl.readPixels(canvas.width >> 1, canvas.height >> 1, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
                  return Array.from(pixel.slice(0, 3));
                }""")
                assert close_to(pixel, expected, 4), (pixel, expected)
                await shoot(page, "console-hue-dragged")
                assert browser.errors == []

        asyncio.run(run())


def test_two_fingers_pinching_the_hue_ribbon_widen_and_narrow_its_range(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        async def run():
            async with async_playwright() as playwright, Browser(playwright, server.port) as browser:
                page = await browser.console(TABLET)
                touch = await page.context.new_cdp_session(page)
                box = await page.get_by_role("slider", name="Hue", exact=True).bounding_box()
                middle, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

                async def pinch(start, end, steps=10):
                    points = lambda spread: [{"x": middle - spread, "y": y, "id": 1}, {"x": middle + spread, "y": y, "id": 2}]
                    await touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points(start)})
                    for step in range(1, steps + 1):
                        await touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": points(start + (end - start) * step / steps)})
                    await touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

                before = await page.evaluate("window.imagerConsole.store.state.colors.hue")
                # The fingers part by 0.4 of the ribbon: the range grows by about that (a step per 1% of the ribbon).
                await pinch(0.05 * box["width"], 0.25 * box["width"])
                await engine(page, f"s.colors.hue.range >= {before['range'] + 0.3}")
                wide = state(server.port)["colors"]["hue"]
                assert abs(wide["center"] - before["center"]) < 0.25, "a pinch does not drag the centre away"
                await pinch(0.25 * box["width"], 0.02 * box["width"])
                await engine(page, f"s.colors.hue.range <= {wide['range'] - 0.3}")
                await shoot(page, "console-hue-pinched")
                assert browser.errors == []

        asyncio.run(run())


def test_ctrl_wheel_widens_the_hue_ribbon_and_a_plain_wheel_leaves_it(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        async def run():
            async with async_playwright() as playwright, Browser(playwright, server.port) as browser:
                page = await browser.console()
                box = await page.get_by_role("slider", name="Hue", exact=True).bounding_box()
                await page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
                before = await page.evaluate("window.imagerConsole.store.state.colors.hue")
                assert before["range"] <= 0.9, before
                # A plain wheel (ten steps' worth, were it the ribbon's) first, then ctrl+wheel, three steps
                # wider: the intents go in order, so once the engine has the three the plain wheel sent none.
                await page.mouse.wheel(0, -100)
                await page.keyboard.down("Control")
                await page.mouse.wheel(0, -30)
                await page.keyboard.up("Control")
                await engine(page, f"s.colors.hue.range >= {before['range'] + 0.03 - 1e-9}")
                hue = state(server.port)["colors"]["hue"]
                assert abs(hue["range"] - (before["range"] + 0.03)) < 1e-9, (before, hue)
                assert hue["center"] == before["center"]
                assert browser.errors == []

        asyncio.run(run())


def test_a_chord_stored_with_shift_is_recalled_and_still_there_after_a_reload(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        async def run():
            async with async_playwright() as playwright, Browser(playwright, server.port) as browser:
                page = await browser.console()
                hue = page.get_by_role("slider", name="Hue", exact=True)
                shift = page.get_by_role("button", name="Shift", exact=True)
                chord = page.get_by_role("button", name="Chord 2", exact=True)

                await hue.focus()
                await page.keyboard.press("Home")
                await engine(page, "s.colors.hue.center === s.colors.hue.range / 2")
                stored = await hue_center(page)
                await shift.click()
                await expect(shift).to_have_attribute("aria-pressed", "true")
                await chord.click()
                await engine(page, f"Math.abs(s.chordset.chords[1].background.hue.center - {stored}) < 1e-9")
                await expect(shift).to_have_attribute("aria-pressed", "false")
                # The library has it too: its list gives the chord's colour at its centres.
                current = chordset_list(server.port)
                summary = next(c for c in current["chordsets"] if c["id"].lower() == current["current"].lower())
                purity = state(server.port)["chordset"]["chords"][1]["background"]["purity"]["center"]
                saturation, value = (1, purity / 0.5) if purity <= 0.5 else (1 - (purity - 0.5) / 0.5, 1)
                color = summary["chords"][1]["color"]
                assert close_to([int(color[i:i + 2], 16) for i in (1, 3, 5)], hsv_bytes(stored, saturation, value), 2), color

                async def change_then_recall(console):
                    await console.get_by_role("slider", name="Hue", exact=True).focus()
                    await console.keyboard.press("End")
                    await engine(console, f"s.colors.hue.center > {stored + 0.5}")
                    await console.get_by_role("button", name="Chord 2", exact=True).click()
                    await engine(console, f"Math.abs(s.colors.hue.center - {stored}) < 1e-9 && s.selectedChord === 1")
                    await expect(console.get_by_role("button", name="Chord 2", exact=True)).to_have_attribute("aria-current", "true")

                await change_then_recall(page)
                await page.reload()
                await page.wait_for_function(CONSOLE_READY, timeout=20_000)
                await change_then_recall(page)
                # Shift held on the keyboard stores too.
                await page.get_by_role("button", name="Chord 3", exact=True).click(modifiers=["Shift"])
                await engine(page, f"Math.abs(s.chordset.chords[2].background.hue.center - {stored}) < 1e-9")
                assert browser.errors == []

        asyncio.run(run())
