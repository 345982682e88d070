"""The README's pictures, made afresh by the project rather than by hand (`make pictures`):

- docs/images/console.png — the console at 1920×1080 in Chromium, playing a few pads of the factory
  chordsets, as a performer first sees it;
- docs/images/frame.png — a frame of the full-stage passage (Tests/fixtures/full-stage) drawn by the Swift
  renderer, as `imager render performance --headroom 1` exports it.

Usage: python tools/readme_pictures.py IMAGER  (Chromium from $CHROMIUM, else /usr/bin/chromium).
"""
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "python"))

from live import serving  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

IMAGES = ROOT / "docs" / "images"


def console_picture(imager, folder):
    with serving(imager, folder / "library.sqlite") as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
            args=["--use-angle=swiftshader", "--enable-unsafe-swiftshader"])
        page = browser.new_page(viewport={"width": 1920, "height": 1080})
        page.goto(f"http://127.0.0.1:{server.port}/")
        page.get_by_role("button", name="Pad 1").wait_for()
        # Wait until the engine's state has reached the console (the chordset's title shows).
        page.wait_for_function("document.querySelector('[role=status]') !== null")
        for pad in ["1", "3", "6"]:
            page.keyboard.down(pad)
        # Let the lumis rise on the preview: wait for frames with instances rather than for a fixed time.
        page.wait_for_function(
            "() => { const c = document.querySelector('ip-canvas-preview')?.status;"
            " return c && c.lastFrame && c.lastFrame.instanceCount > 12 && c.framesDrawn > 90; }",
            timeout=60_000)
        page.screenshot(path=str(IMAGES / "console.png"))
        for pad in ["1", "3", "6"]:
            page.keyboard.up(pad)
        browser.close()


def frame_picture(imager, folder):
    frames = folder / "frames"
    subprocess.run(
        [imager, "render", "performance", str(ROOT / "Tests" / "fixtures" / "full-stage" / "performance.json"),
         "--size", "1280x720", "--fps", "4", "--tail", "0", "--headroom", "1", "-o", str(frames) + "/"],
        check=True, stdout=subprocess.DEVNULL)
    chosen = sorted(frames.glob("*.png"))
    # The stage filling, a quarter of the way in, through the output stage at its full strength.
    shutil.copy(chosen[len(chosen) // 4], IMAGES / "frame.png")


def main():
    imager = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build" / "release" / "imager")
    IMAGES.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        console_picture(imager, pathlib.Path(folder))
        frame_picture(imager, pathlib.Path(folder))
    print(f"wrote {IMAGES / 'console.png'} and {IMAGES / 'frame.png'}")


if __name__ == "__main__":
    main()
