"""The canvas page under a load that used to freeze it on software WebGL (Chromium's SwiftShader): a flood of
taps over the live socket, 80 a second. The page must keep drawing and answering — folding the frames that
wait into one trail update and lowering its quality — and come back to full quality once the canvas is
erased. How many frames a second it drew under the load is printed (measured, not asserted). The polyphony is
set to its largest, so that the stage fills as it did before polyphony (bench/flood_fps.py measures the page at
the default)."""
import asyncio
import json
import random

import pytest
from playwright.async_api import TimeoutError as PlaywrightTimeoutError, async_playwright
from websockets.asyncio.client import connect

from live import serving
from test_canvas import BROWSER_ARGUMENTS, CHROMIUM, DRAWING, pytestmark as chromium_needed

# Alone: the flood is judged by the canvas's frame times, and it takes both cores.
pytestmark = [chromium_needed, pytest.mark.alone]

LOAD_WIDTH, LOAD_HEIGHT = 1280, 720
TAPS_PER_SECOND = 80
LOAD_SECONDS = 4
# The page keeps drawing: at least this many frames of this many instances or more, while the taps go on
# (waited for as an event rather than timed; the page that froze drew one, and then none).
HEAVY_INSTANCES = 600
FRAMES_WHILE_LOADED = 5

# Counts, in window.heavyFramesDrawn, the frames the page draws with at least `heavy` instances (checked at
# every animation frame, after the page's own drawing).
COUNT_HEAVY_FRAMES = """(heavy) => {
  window.heavyFramesDrawn = 0;
  let drawn = window.imagerCanvas.framesDrawn;
  const count = () => {
    const status = window.imagerCanvas;
    if (status.framesDrawn > drawn && status.lastFrame && status.lastFrame.instanceCount >= heavy) {
      window.heavyFramesDrawn += status.framesDrawn - drawn;
    }
    drawn = status.framesDrawn;
    requestAnimationFrame(count);
  };
  requestAnimationFrame(count);
}"""

STATUS = """() => {
  const s = window.imagerCanvas;
  return { framesDrawn: s.framesDrawn, framesFolded: s.framesFolded, stampsGivenUp: s.stampsGivenUp,
           quality: s.quality, frameMilliseconds: s.frameMilliseconds, instances: s.lastFrame && s.lastFrame.instanceCount,
           lastError: s.lastError };
}"""


def test_a_flood_of_taps_neither_freezes_the_canvas_nor_leaves_it_at_low_quality(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        async def run():
            async with async_playwright() as playwright, connect(f"ws://127.0.0.1:{server.port}/live", ping_interval=None) as console:
                browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGUMENTS)
                page = await browser.new_page(viewport={"width": LOAD_WIDTH, "height": LOAD_HEIGHT}, device_scale_factor=1)
                errors = []
                page.on("pageerror", lambda error: errors.append(str(error)))
                await page.goto(f"http://127.0.0.1:{server.port}/canvas")
                await page.wait_for_function(DRAWING, timeout=20_000)
                # Past its first moments (which the quality leaves out), the page measures its frames, at full
                # quality (a busy machine may have it try lower levels first).
                await page.wait_for_function(
                    "window.imagerCanvas.frameMilliseconds.median > 0 && window.imagerCanvas.quality.level === 0", timeout=60_000)

                # Taps at deterministic places, paced (the sleeps pace the load; nothing waits on them): at least
                # LOAD_SECONDS of them, and on until the page has shown that it draws under them.
                places = random.Random(20240512)
                loop = asyncio.get_running_loop()
                enough = asyncio.Event()

                async def flood():
                    start, tap = loop.time(), 0
                    while tap < TAPS_PER_SECOND * LOAD_SECONDS or not enough.is_set():
                        at = {"x": round(places.uniform(0.05, 0.95), 4), "y": round(places.uniform(0.05, 0.95), 4)}
                        await console.send(json.dumps({"type": "tap", "at": at, "velocity": 1}))
                        tap += 1
                        await asyncio.sleep(max(0.0, start + tap / TAPS_PER_SECOND - loop.time()))

                async def drain():
                    # Every client is sent the state each tap changes; one that stops reading is cut off.
                    async for _ in console:
                        pass

                draining = asyncio.create_task(drain())
                # The stage as full as it was before polyphony: the page is tested under the heaviest load.
                await console.send(json.dumps({"type": "polyphony", "count": 4096}))
                await page.evaluate(COUNT_HEAVY_FRAMES, HEAVY_INSTANCES)
                before = await page.evaluate(STATUS)
                started = loop.time()
                flooding = asyncio.create_task(flood())
                # While the canvas is heavy (where the page that froze had stopped drawing), the page draws on,
                # and answers (every evaluate returns).
                try:
                    await page.wait_for_function(f"window.heavyFramesDrawn >= {FRAMES_WHILE_LOADED}", timeout=120_000)
                except PlaywrightTimeoutError:
                    status = await asyncio.wait_for(page.evaluate(STATUS), 30)
                    heavy_frames = await page.evaluate("window.heavyFramesDrawn")
                    raise AssertionError(f"{heavy_frames} heavy frames drawn in 120 s; the page: {status}") from None
                finally:
                    enough.set()
                heavy = await asyncio.wait_for(page.evaluate(STATUS), 30)
                await flooding
                loaded = await asyncio.wait_for(page.evaluate(STATUS), 30)
                elapsed = loop.time() - started
                await page.screenshot(path=str(tmp_path / "canvas-under-load.png"))
                assert loaded["framesFolded"] > before["framesFolded"] or loaded["quality"]["level"] > 0, loaded
                lowest = loaded["quality"]

                # Erased and left alone, the page climbs back to full quality.
                await console.send(json.dumps({"type": "erase"}))
                try:
                    await page.wait_for_function("window.imagerCanvas.quality.level === 0", timeout=90_000)
                except PlaywrightTimeoutError:
                    status = await asyncio.wait_for(page.evaluate(STATUS), 30)
                    raise AssertionError(f"not back at full quality 90 s after the erase; the page: {status}") from None
                after = await page.evaluate(STATUS)
                assert errors == [] and after["lastError"] is None, (errors, after["lastError"])
                draining.cancel()
                await browser.close()
                return before, heavy, loaded, elapsed, lowest

        before, heavy, loaded, elapsed, lowest = asyncio.run(run())

    drawn = loaded["framesDrawn"] - before["framesDrawn"]
    print(f"under {TAPS_PER_SECOND} taps a second at {LOAD_WIDTH}x{LOAD_HEIGHT}: {drawn} frames drawn in the {elapsed:.1f} s of "
          f"taps ({drawn / elapsed:.1f} a second; {heavy['framesDrawn'] - before['framesDrawn']} by the time {FRAMES_WHILE_LOADED} had "
          f"{HEAVY_INSTANCES} instances or more), {loaded['framesFolded'] - before['framesFolded']} folded; "
          f"{loaded['instances']} instances at the end; quality then {lowest}; "
          f"frame intervals {loaded['frameMilliseconds']} ms")
