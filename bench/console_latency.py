"""The time from a pad key pressed in the console to the first canvas frame that shows the lumi, measured
in the browser (issue 13's figure): two Chromiums, one with the console (`/`), one with the canvas page
(`/canvas`), on loopback, a release build of `imager serve`; all three share the machine's cores.

The pad is the factory Prism chordset's first (its lumis rise in 20 ms). Each trial lets go of the pad, erases the canvas and waits until a frame with nothing on it is drawn; then
presses key 1 in the console. The press is timed by the console's own keydown event (event.timeStamp); the
canvas page watches every animation frame, and the first one after a frame holding the pad's lumis was drawn
is the moment it shows (performance.now() in that animation frame: the paint follows it). Both clocks are
read as performance.timeOrigin + …, the same wall clock. Prints the median and the 95th percentile over the
trials, in milliseconds and in frames at 60 Hz.

Usage: python bench/console_latency.py IMAGER [--trials 40]
"""
import argparse
import os
import pathlib
import statistics
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "python"))

from live import request, serving  # noqa: E402
import json  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

WATCH = """
() => {
  window.benchShown = null;
  const status = window.imagerCanvas;
  const drawnBefore = status.framesDrawn;
  const watch = () => {
    const frame = status.lastFrame;
    if (status.framesDrawn > drawnBefore && frame && frame.instanceCount > 0) {
      window.benchShown = performance.timeOrigin + performance.now();
      window.benchReceived = window.benchReceivedAt;
    } else {
      requestAnimationFrame(watch);
    }
  };
  requestAnimationFrame(watch);
}
"""

LISTEN = """
() => {
  window.benchPressed = null;
  addEventListener('keydown', (event) => {
    if (event.key === '1' && window.benchPressed === null) window.benchPressed = performance.timeOrigin + event.timeStamp;
  }, { capture: true });
}
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("imager")
    parser.add_argument("--trials", type=int, default=40)
    parser.add_argument("--without-preview", action="store_true",
                        help="hide the console's own canvas preview first (two SwiftShader canvases share the cores)")
    arguments = parser.parse_args()
    latencies = []
    with tempfile.TemporaryDirectory() as folder, serving(arguments.imager, pathlib.Path(folder) / "library.sqlite") as server, \
            sync_playwright() as playwright:
        def launch():
            return playwright.chromium.launch(
                executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
                args=["--use-angle=swiftshader", "--enable-unsafe-swiftshader"])
        # Two browsers, as a projector's and a tablet's would be: in one browser, Chromium gives a window
        # that does not have the focus one animation frame a second.
        browser, console_browser = launch(), launch()
        # The factory Prism chordset: its first chord's shards rise in 20 ms, so what is timed is the
        # instrument, not a slow fade-in (Lumia's first chord takes 1.2 s to rise, and its first frames are
        # too faint to hold an instance).
        listing = json.loads(request(server.port, "/api/chordsets")[2])
        prism = next(c["id"] for c in listing["chordsets"] if c["title"] == "Prism")
        assert request(server.port, f"/api/chordsets/{prism}/play", method="POST")[0] == 200
        canvas = browser.new_page(viewport={"width": 1280, "height": 720})
        canvas.goto(f"http://127.0.0.1:{server.port}/canvas")
        canvas.wait_for_function("window.imagerCanvas && window.imagerCanvas.framesDrawn > 30")
        console = console_browser.new_page(viewport={"width": 1920, "height": 1080})
        console.goto(f"http://127.0.0.1:{server.port}/")
        console.get_by_role("button", name="Pad 1").wait_for()
        if arguments.without_preview:
            console.get_by_role("button", name="Canvas panel").click()
            console.wait_for_function("document.querySelector('ip-canvas-preview')?.status == null")
        console.evaluate(LISTEN)
        for _ in range(arguments.trials):
            console.keyboard.up("1")
            canvas.keyboard.press("Backspace")
            canvas.wait_for_function("window.imagerCanvas.lastFrame && window.imagerCanvas.lastFrame.instanceCount === 0")
            canvas.evaluate(WATCH)
            console.evaluate("window.benchPressed = null")
            console.keyboard.down("1")
            canvas.wait_for_function("window.benchShown !== null", timeout=10_000)
            shown = canvas.evaluate("window.benchShown")
            pressed = console.evaluate("window.benchPressed")
            latencies.append(shown - pressed)
        console.keyboard.up("1")
        console_browser.close()
        browser.close()
    latencies.sort()
    median = statistics.median(latencies)
    p95 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.95))]
    print(f"pad key in the console → first canvas frame showing the lumi, {len(latencies)} trials:")
    print(f"  median {median:.1f} ms ({median / (1000 / 60):.2f} frames at 60 Hz), p95 {p95:.1f} ms ({p95 / (1000 / 60):.2f} frames)")


if __name__ == "__main__":
    main()
