"""The console played in a real Chromium against the real `imager serve` (test_console.py's pages and helpers):
the pads by keys and by fingers, with lumis on the canvas page; two consoles seeing each other's changes; and a
server started again on the same port and library — the console says it is reconnecting, and recovers.
Screenshots go to Tests/python/artifacts/ (not kept in git)."""
import asyncio
import json

from playwright.async_api import async_playwright, expect

from live import free_port, serving
from test_console import (  # noqa: F401 (pytestmark: Chromium or a skip)
    CONSOLE_READY, TABLET, Browser, engine, pytestmark, shoot, state, thumbnails_drawn,
)

def test_pads_play_from_keys_and_fingers_and_the_canvas_page_shows_their_lumis(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        async def run():
            async with async_playwright() as playwright, Browser(playwright, server.port) as browser:
                page = await browser.console(TABLET)
                canvas = await browser.canvas()

                await page.keyboard.down("3")
                await engine(page, "s.pads.pads[2].isDown && s.pads.pads[2].velocity === 1")
                await expect(page.get_by_role("button", name="Pad 3", exact=True)).to_have_attribute("aria-pressed", "true")
                await canvas.wait_for_function("window.imagerCanvas.lastFrame.instanceCount > 0", timeout=10_000)
                await page.keyboard.up("3")
                await engine(page, "!s.pads.pads[2].isDown")
                assert not state(server.port)["pads"]["pads"][2]["isDown"]

                # Typing in a field plays nothing: had "4" been sent, it would have come before pad 5's press.
                await page.get_by_role("spinbutton", name="Pulse rate").focus()
                await page.keyboard.press("4")
                await page.get_by_role("button", name="Pad 1", exact=True).focus()
                await page.keyboard.down("5")
                await engine(page, "s.pads.pads[4].isDown")
                assert not state(server.port)["pads"]["pads"][3]["isDown"]
                await page.keyboard.up("5")
                await engine(page, "!s.pads.pads[4].isDown")

                # Two fingers on two pads at once; one presses at 0.7, the other reports no pressure (full strength).
                touch = await page.context.new_cdp_session(page)
                one = await page.get_by_role("button", name="Pad 1", exact=True).bounding_box()
                six = await page.get_by_role("button", name="Pad 6", exact=True).bounding_box()
                fingers = [
                    {"x": one["x"] + one["width"] / 2, "y": one["y"] + one["height"] / 2, "id": 1, "force": 0.7},
                    {"x": six["x"] + six["width"] / 2, "y": six["y"] + six["height"] / 2, "id": 2},
                ]
                await touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": fingers})
                await engine(page, "s.pads.pads[0].isDown && s.pads.pads[5].isDown")
                pads = state(server.port)["pads"]["pads"]
                assert abs(pads[0]["velocity"] - 0.7) < 0.01 and pads[5]["velocity"] == 1, pads
                await shoot(page, "console-pads-held")
                drawn = await canvas.evaluate("window.imagerCanvas.framesDrawn")
                await canvas.wait_for_function(f"window.imagerCanvas.framesDrawn > {drawn} && window.imagerCanvas.lastFrame.instanceCount > 0")
                await touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
                await engine(page, "!s.pads.pads[0].isDown && !s.pads.pads[5].isDown")
                assert browser.errors == []

        asyncio.run(run())


def test_two_consoles_see_each_others_changes(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        async def run():
            async with async_playwright() as playwright, Browser(playwright, server.port) as browser:
                laptop = await browser.console()
                tablet = await browser.console(TABLET)

                await laptop.get_by_role("slider", name="Hue", exact=True).focus()
                await laptop.keyboard.press("Home")
                await engine(laptop, "s.colors.hue.center === s.colors.hue.range / 2")
                center = await laptop.evaluate("String(window.imagerConsole.store.state.colors.hue.center)")
                await expect(tablet.get_by_role("slider", name="Hue", exact=True)).to_have_attribute("aria-valuenow", center)

                await tablet.get_by_role("button", name="Chord 3", exact=True).tap()
                await expect(laptop.get_by_role("button", name="Chord 3", exact=True)).to_have_attribute("aria-current", "true")

                # The layout is the library's: shown on one console, the list shows on the other too.
                await laptop.get_by_role("button", name="Chordset list", exact=True).click()
                for console in (laptop, tablet):
                    await expect(console.get_by_role("list", name="Chordsets", exact=True)).to_be_visible()
                    await thumbnails_drawn(console)
                await laptop.get_by_role("button", name="Add chordset", exact=True).click()
                editor = laptop.get_by_role("textbox", name="Title of chordset", exact=False)
                await editor.fill("Shared")
                await editor.press("Enter")
                await expect(tablet.get_by_role("button", name="Play Shared", exact=True)).to_be_visible()

                # The list lies over the chordset panel: hidden from one console, it goes from both.
                await laptop.get_by_role("button", name="Chordset list", exact=True).click()
                await expect(tablet.get_by_role("list", name="Chordsets", exact=True)).to_be_hidden()
                before = state(server.port)["chordset"]["id"]
                await tablet.get_by_role("button", name="Next chordset", exact=True).tap()
                await engine(laptop, f"s.chordset.id !== {json.dumps(before)}")
                title = state(server.port)["chordset"]["title"]
                for console in (laptop, tablet):
                    await expect(console.locator("ip-chordset-panel [role=status]")).to_contain_text(title)
                assert browser.errors == []

        asyncio.run(run())


def test_the_console_says_it_is_reconnecting_and_recovers_when_the_server_starts_again(imager, tmp_path):
    port = free_port()
    library_file = tmp_path / "library.sqlite"

    async def run():
        async with async_playwright() as playwright, Browser(playwright, port) as browser:
            with serving(imager, library_file, port=port):
                page = await browser.console()
                await expect(page.get_by_text("Reconnecting…")).to_be_hidden()
                await page.get_by_role("button", name="Form panel", exact=True).click()
                await expect(page.get_by_role("button", name="Form panel", exact=True)).to_have_attribute("aria-pressed", "false")
            await expect(page.get_by_text("Reconnecting…")).to_be_visible(timeout=10_000)
            await shoot(page, "console-reconnecting")
            with serving(imager, library_file, port=port) as server:
                await expect(page.get_by_text("Reconnecting…")).to_be_hidden(timeout=20_000)
                await page.wait_for_function(CONSOLE_READY, timeout=20_000)
                # It plays the new server, from its snapshot, with the layout the library kept.
                await page.get_by_role("slider", name="Hue", exact=True).focus()
                await page.keyboard.press("End")
                await engine(page, "s.colors.hue.center === 1 - s.colors.hue.range / 2")
                hue = state(server.port)["colors"]["hue"]
                assert hue["center"] == 1 - hue["range"] / 2
                await expect(page.get_by_role("button", name="Form panel", exact=True)).to_have_attribute("aria-pressed", "false")
            assert browser.errors == []

    asyncio.run(run())
