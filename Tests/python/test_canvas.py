"""The canvas page in a real Chromium (Debian's, driven by Playwright; WebGL2 through SwiftShader): it draws
the frames the engine sends — held against the Swift rasterizer's drawing of the very same frame — and its
keys, taps and strokes play the instrument."""
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

from live import request, serving

WIDTH, HEIGHT = 640, 360
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
BROWSER_ARGUMENTS = ["--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--use-gl=angle", "--no-sandbox"]

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


async def open_canvas(playwright, port):
    browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGUMENTS)
    page = await browser.new_page(viewport={"width": WIDTH, "height": HEIGHT}, device_scale_factor=1)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    await page.goto(f"http://127.0.0.1:{port}/canvas")
    await page.wait_for_function("window.imagerCanvas && window.imagerCanvas.connected && window.imagerCanvas.framesDrawn > 0", timeout=20_000)
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


def test_the_canvas_draws_what_the_engine_says_as_the_swift_rasterizer_does(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        async def run():
            async with async_playwright() as playwright, connect(f"ws://127.0.0.1:{server.port}/live?frames=1", max_size=1 << 24) as console:
                browser, page, errors = await open_canvas(playwright, server.port)
                forms_messages = []

                async def listen():
                    async for message in console:
                        if isinstance(message, str) and json.loads(message)["type"] == "forms":
                            forms_messages.append(message)

                listener = asyncio.create_task(listen())
                empty = await canvas_pixels(page)
                # Trails off, so that one frame says everything on the canvas; then chords on four pads.
                await console.send(json.dumps({"type": "trailPersistence", "value": 0}))
                for pad in (0, 2, 4, 6):
                    await console.send(json.dumps({"type": "padDown", "pad": pad, "velocity": 0.9}))
                await asyncio.sleep(1.5)
                await page.evaluate("window.imagerCanvas.hold = true")
                await asyncio.sleep(0.3)  # the frame on screen is the one held
                shown = await canvas_pixels(page)
                frame = base64.b64decode(await page.evaluate(FRAME_BYTES))
                await asyncio.sleep(0.3)  # the console has every forms message the frame needs by now
                listener.cancel()
                assert errors == [] and await page.evaluate("window.imagerCanvas.lastError") is None
                await browser.close()
                return empty, shown, frame, forms_messages

        empty, shown, frame, forms_messages = asyncio.run(run())

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


def test_keys_taps_and_strokes_on_the_canvas_play_the_instrument(imager, tmp_path):
    with serving(imager, tmp_path / "library.sqlite") as server:
        def state():
            return json.loads(request(server.port)[2])["state"]

        async def run():
            async with async_playwright() as playwright:
                browser, page, errors = await open_canvas(playwright, server.port)
                await page.keyboard.down("3")
                await page.wait_for_function("true")
                for _ in range(50):
                    if state()["pads"]["pads"][2]["isDown"]:
                        break
                    await asyncio.sleep(0.05)
                assert state()["pads"]["pads"][2]["isDown"]
                await page.keyboard.up("3")
                for _ in range(50):
                    if not state()["pads"]["pads"][2]["isDown"]:
                        break
                    await asyncio.sleep(0.05)
                assert not state()["pads"]["pads"][2]["isDown"]

                # Taps and strokes play only in full screen; the first click asks for it and plays nothing.
                lumis_before = state()["liveLumis"]
                await page.mouse.click(WIDTH / 2, HEIGHT / 2)
                await page.wait_for_function("document.fullscreenElement != null", timeout=5_000)
                await asyncio.sleep(0.2)
                assert state()["liveLumis"] <= lumis_before
                await page.mouse.click(WIDTH / 4, HEIGHT / 2)
                for _ in range(50):
                    if state()["liveLumis"] > lumis_before:
                        break
                    await asyncio.sleep(0.05)
                assert state()["liveLumis"] > lumis_before
                await page.mouse.move(100, 100)
                await page.mouse.down()
                for step in range(1, 11):
                    await page.mouse.move(100 + step * 40, 100 + step * 10)
                await page.mouse.up()
                await page.keyboard.press("Escape")  # erase
                await asyncio.sleep(0.3)
                assert errors == []
                await browser.close()

        asyncio.run(run())
