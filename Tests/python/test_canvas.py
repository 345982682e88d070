"""The canvas page in a real Chromium (Debian's, driven by Playwright; WebGL2 through SwiftShader): it draws
the frames the engine sends — held against the Swift rasterizer's drawing of the very same frame — with
every frame received stamping the trails, through resizes and lost contexts; its keys, taps and strokes play
the instrument, with or without the Fullscreen API; and it takes the pairing token out of its address."""
import asyncio
import base64
import json
import os
import subprocess

import cairo
import numpy
import pytest
from playwright.async_api import async_playwright
from websockets.asyncio.client import connect

from chromium import BROWSER_ARGUMENTS, CHROMIUM
from live import Deadline, live_socket, request, serving, told_async, wait_until_async

WIDTH, HEIGHT = 640, 360

READ_PIXELS = """() => {
  const canvas = document.querySelector('canvas');
  const gl = canvas.getContext('webgl2');
  const pixels = new Uint8Array(canvas.width * canvas.height * 4);
  gl.readPixels(0, 0, canvas.width, canvas.height, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
  let text = '';
  for (let i = 0; i < pixels.length; i += 8192) text += String.fromCharCode.apply(null, pixels.subarray(i, i + 8192));
  return [canvas.width, canvas.height, btoa(text)];
}"""

FRAME_BYTES = """() => {
  const bytes = new Uint8Array(window.imagerCanvas.lastFrameBytes);
  let text = '';
  for (let i = 0; i < bytes.length; i += 8192) text += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192));
  return btoa(text);
}"""

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM} (make test installs it)")


DRAWING = "window.imagerCanvas && window.imagerCanvas.connected && window.imagerCanvas.framesDrawn > 0"


async def open_canvas(playwright, port, path="/canvas", init_script=None):
    browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGUMENTS)
    page = await browser.new_page(viewport={"width": WIDTH, "height": HEIGHT}, device_scale_factor=1)
    if init_script:
        await page.add_init_script(init_script)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    await page.goto(f"http://127.0.0.1:{port}{path}")
    await page.wait_for_function(DRAWING, timeout=20_000)
    return browser, page, errors


async def canvas_pixels(page):
    """The page's picture as rows top to bottom of RGB (readPixels gives them bottom up)."""
    width, height, data = await page.evaluate(READ_PIXELS)
    pixels = numpy.frombuffer(base64.b64decode(data), dtype=numpy.uint8).reshape(height, width, 4)
    return pixels[::-1, :, :3].astype(numpy.int16)


def png_pixels(path):
    surface = cairo.ImageSurface.create_from_png(str(path))
    data = numpy.frombuffer(surface.get_data(), dtype=numpy.uint8).reshape(surface.get_height(), surface.get_stride() // 4, 4)
    return data[:, :surface.get_width(), [2, 1, 0]].astype(numpy.int16)  # BGRA in memory on little-endian machines


async def held_frame(server, path, screenshot=None):
    """The canvas page at `path`, empty and then once chords on four pads have grown for a second of the
    engine's time (trails off, so that one frame says everything), held: its pixels empty and lit, the bytes of
    the frame it shows, and the forms messages a client had received by then (forms go ahead of the frames that
    use them on every connection: once a client has a frame as new as the held one, it has every forms message
    that one needs)."""
    async with async_playwright() as playwright, connect(f"ws://127.0.0.1:{server.port}/live?frames=1", max_size=1 << 24) as console:
        browser, page, errors = await open_canvas(playwright, server.port, path)
        forms, newest = [], [-1]
        arrived = asyncio.Event()

        async def listen():
            async for message in console:
                if isinstance(message, str):
                    if json.loads(message)["type"] == "forms":
                        forms.append(message)
                else:
                    newest[0] = max(newest[0], int.from_bytes(message[4:8], "little"))
                    arrived.set()

        listener = asyncio.create_task(listen())
        empty = await canvas_pixels(page)
        await console.send(json.dumps({"type": "trailPersistence", "value": 0}))
        for pad in (0, 2, 4, 6):
            await console.send(json.dumps({"type": "padDown", "pad": pad, "velocity": 0.9}))
        await page.wait_for_function("window.imagerCanvas.lastFrame && window.imagerCanvas.lastFrame.instanceCount > 0", timeout=20_000)
        first = await page.evaluate("window.imagerCanvas.lastFrame.time")
        await page.wait_for_function(f"window.imagerCanvas.lastFrame.time >= {first + 1.3}", timeout=20_000)
        await page.evaluate("window.imagerCanvas.hold = true")  # held, the page draws nothing new
        shown = await canvas_pixels(page)
        frame = base64.b64decode(await page.evaluate(FRAME_BYTES))
        held = int.from_bytes(frame[4:8], "little")
        deadline = Deadline(30, f"a frame as new as the held one ({held}) at the other client")
        while newest[0] < held:
            arrived.clear()
            left = deadline.left()
            try:
                await asyncio.wait_for(arrived.wait(), left)
            except asyncio.TimeoutError:
                deadline.fail(f"the newest it had: {newest[0]}")
        listener.cancel()
        if screenshot:
            await page.screenshot(path=screenshot)
        assert errors == [] and await page.evaluate("window.imagerCanvas.lastError") is None
        await browser.close()
        return empty, shown, frame, forms


def test_the_canvas_draws_what_the_engine_says_as_the_swift_rasterizer_does(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        # At full quality, pinned: the drawing buffer is the window's size whatever the machine's speed.
        empty, shown, frame, forms_messages = asyncio.run(held_frame(server, "/canvas?quality=full"))

    assert frame[:4] == b"IPF1"
    instances = int.from_bytes(frame[12:16], "little")
    assert instances > 0
    # Lumis appeared: much of the picture is no longer the empty canvas.
    changed = numpy.abs(shown - empty).max(axis=2) > 24
    assert changed.mean() > 0.05, changed.mean()

    (tmp_path / "frame.ipf").write_bytes(frame)
    (tmp_path / "forms.jsonl").write_text("\n".join(forms_messages) + "\n")
    result = subprocess.run([imager, "render", "frame", str(tmp_path / "frame.ipf"), "--forms", str(tmp_path / "forms.jsonl"),
                             "--size", f"{WIDTH}x{HEIGHT}", "-o", str(tmp_path / "swift.png")], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    swift = png_pixels(tmp_path / "swift.png")
    difference = numpy.abs(shown - swift)
    mean = difference.mean()
    off = (difference.max(axis=2) > 32).mean()
    print(f"canvas page vs Swift rasterizer, {instances} instances: mean |difference| {mean:.3f} per channel, "
          f"{off * 100:.3f}% of pixels off by more than 32")
    # Tolerance: the two differ only in how edges are antialiased (the page samples each form from a
    # mipmapped atlas; Swift computes exact area coverage).
    assert mean < 1.0
    assert off < 0.01


@pytest.mark.alone  # Erase empties the canvas within 2 s
def test_keys_taps_and_strokes_on_the_canvas_play_the_instrument(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        def state():
            return json.loads(request(server.port)[2])["state"]

        async def until(condition, what, seconds=5.0):
            with live_socket(server) as socket:  # looked at again as the engine tells a change
                await wait_until_async(state, condition, seconds, what, told_async(socket))

        async def run():
            async with async_playwright() as playwright:
                browser, page, errors = await open_canvas(playwright, server.port, init_script=RECORD_SENDS)
                await page.keyboard.down("3")
                await until(lambda s: s["pads"]["pads"][2]["isDown"], "key 3 presses pad 3")
                await page.keyboard.up("3")
                await until(lambda s: not s["pads"]["pads"][2]["isDown"], "releasing key 3 releases pad 3")

                # Taps and strokes play only in full screen; the first click asks for it and plays nothing: by the
                # time full screen is granted, the click's handlers have run, and they sent no tap.
                lumis_before = state()["liveLumis"]
                await page.mouse.click(WIDTH / 2, HEIGHT / 2)
                await page.wait_for_function("document.fullscreenElement != null", timeout=5_000)
                assert not any('"tap"' in message for message in await page.evaluate("window.intentsSent"))
                await page.mouse.click(WIDTH / 4, HEIGHT / 2)
                await until(lambda s: s["liveLumis"] > lumis_before, "a tap releases lumis")

                # An erase lets go of every lumi at once (PerformanceState: a fade over no time, then a prune);
                # left alone, a tap's lumis last several seconds, so the erases are given two.
                await page.keyboard.press("Escape")
                await until(lambda s: s["liveLumis"] == 0, "Escape erases the canvas", seconds=2)
                assert await page.evaluate("document.fullscreenElement != null"), "still in full screen, where strokes play"

                # A stroke releases lumis along its way; Backspace and Delete erase too.
                await page.mouse.move(100, 100)
                await page.mouse.down()
                for step in range(1, 11):
                    await page.mouse.move(100 + step * 40, 100 + step * 10)
                await page.mouse.up()
                await until(lambda s: s["liveLumis"] > 0, "a stroke releases lumis")
                await page.keyboard.press("Backspace")
                await until(lambda s: s["liveLumis"] == 0, "Backspace erases the canvas", seconds=2)
                await page.mouse.click(WIDTH * 3 / 4, HEIGHT / 2)
                await until(lambda s: s["liveLumis"] > 0, "a tap releases lumis")
                await page.keyboard.press("Delete")
                await until(lambda s: s["liveLumis"] == 0, "Delete erases the canvas", seconds=2)

                assert errors == [] and await page.evaluate("window.imagerCanvas.lastError") is None
                await browser.close()

        asyncio.run(run())


# Every message the page sends on its WebSockets, kept in window.intentsSent.
RECORD_SENDS = """
window.intentsSent = [];
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  window.intentsSent.push(String(data));
  return send.call(this, data);
};
"""


# A browser without the Fullscreen API, as iPhone Safari is.
NO_FULL_SCREEN = """
delete Element.prototype.requestFullscreen;
delete Element.prototype.webkitRequestFullscreen;
delete Document.prototype.exitFullscreen;
delete Document.prototype.webkitExitFullscreen;
for (const name of ['fullscreenEnabled', 'webkitFullscreenEnabled', 'fullscreenElement', 'webkitFullscreenElement']) {
  delete Document.prototype[name];
}
"""


def test_without_full_screen_taps_play_at_once_and_nothing_throws(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        def lumis():
            return json.loads(request(server.port)[2])["state"]["liveLumis"]

        async def run():
            async with async_playwright() as playwright:
                browser, page, errors = await open_canvas(playwright, server.port, init_script=NO_FULL_SCREEN)
                assert await page.evaluate("typeof document.documentElement.requestFullscreen") == "undefined"
                await page.keyboard.press("f")
                await page.mouse.click(WIDTH / 2, HEIGHT / 2)
                for _ in range(100):
                    if lumis() > 0:
                        break
                    await asyncio.sleep(0.05)
                assert lumis() > 0, "the first tap plays"
                assert errors == [] and await page.evaluate("window.imagerCanvas.lastError") is None
                await browser.close()

        asyncio.run(run())

def test_under_lan_the_page_takes_the_pairing_token_out_of_its_address(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite", "--lan") as server:
        async def run():
            async with async_playwright() as playwright:
                browser, page, errors = await open_canvas(playwright, server.port, f"/canvas?view=1&token={server.token}#here")
                address = f"http://127.0.0.1:{server.port}/canvas?view=1#here"
                assert page.url == address
                assert await page.evaluate("window.location.href") == address
                # No history entry keeps the token: the one before is the blank page the browser opened with.
                await page.go_back()
                assert page.url == "about:blank"
                # The cookie the server gave the page carries the token from now on: the page opens again.
                await page.go_forward()
                assert page.url == address
                await page.reload()
                await page.wait_for_function(DRAWING, timeout=20_000)
                assert page.url == address
                assert errors == [] and await page.evaluate("window.imagerCanvas.lastError") is None
                await browser.close()

        asyncio.run(run())


def test_every_frame_received_stamps_the_trails_and_a_resize_or_a_lost_context_is_survived(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        async def run():
            async with async_playwright() as playwright, connect(f"ws://127.0.0.1:{server.port}/live") as console:
                browser, page, errors = await open_canvas(playwright, server.port, "/canvas?quality=full")
                for pad in (0, 2, 4, 6):
                    await console.send(json.dumps({"type": "padDown", "pad": pad, "velocity": 0.9}))
                await page.wait_for_function("window.imagerCanvas.framesStamped > 10", timeout=10_000)

                # Frames that arrive while none is drawn still stamp the trails when the next one is.
                received = await page.evaluate("window.imagerCanvas.hold = true, window.imagerCanvas.framesReceived")
                await page.wait_for_function(f"window.imagerCanvas.framesReceived >= {received + 3}", timeout=10_000)
                before = await page.evaluate("[window.imagerCanvas.framesStamped, window.imagerCanvas.framesDrawn]")
                after = await page.evaluate("""() => new Promise((resolve) => {
                  window.imagerCanvas.hold = false;
                  requestAnimationFrame(() => resolve([window.imagerCanvas.framesStamped, window.imagerCanvas.framesDrawn]));
                })""")
                assert after[1] - before[1] == 1
                assert after[0] - before[0] > 1

                # A resize, then a lost context and its return: the page draws on.
                await page.set_viewport_size({"width": 480, "height": 360})
                await page.wait_for_function("document.querySelector('canvas').width === 480", timeout=5_000)
                await page.evaluate("""() => {
                  const lose = document.querySelector('canvas').getContext('webgl2').getExtension('WEBGL_lose_context');
                  lose.loseContext();
                  setTimeout(() => lose.restoreContext(), 200);
                }""")
                await page.wait_for_function("window.imagerCanvas.contextsRestored === 1", timeout=10_000)
                drawn = await page.evaluate("window.imagerCanvas.framesDrawn")
                await page.wait_for_function(f"window.imagerCanvas.framesDrawn > {drawn + 10}", timeout=10_000)
                assert errors == [] and await page.evaluate("window.imagerCanvas.lastError") is None
                await browser.close()

        asyncio.run(run())
