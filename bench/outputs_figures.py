#!/usr/bin/env python3
"""Stage outputs' figures (issue 35), in Chromium with SwiftShader (software WebGL2, as on the test machines):

1. What a grid warp costs the canvas page: frames drawn a second at 1280×720 under a tap flood (OSC taps at 60
   a second, as bench/flood_fps.py plays them), on Main (no warp) and on an output drawn through a 5 × 5 grid
   (its slice the whole stage), taking turns round by round on the same server build; the goal is that the
   warp costs at most 10 % of the frame rate.
2. The time from a corner dragged in the console's Outputs panel to a canvas page showing it: the output shows
   its white test pattern; each trial drags its first corner across a watched point of the window, and the
   canvas page's first animation frame whose pixel there turned (white, or black on the way back) is the
   moment it shows. The drag is timed by the console's own pointermove event (event.timeStamp); both clocks
   are read as performance.timeOrigin + …, the same wall clock; with the console's canvas panel (its preview drawn
   by the software renderer on the console's own thread) and without it. Then the server's and the canvas's part alone:
   from the PUT the console sends as a drag moves to the canvas showing it.

Usage: .venv/bin/python bench/outputs_figures.py IMAGER [--seconds 10] [--rounds 3] [--trials 20] [--json PATH]
"""
import argparse
import asyncio
import json
import pathlib
import statistics
import sys
import tempfile
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "python"))
sys.path.insert(0, str(ROOT / "bench"))

from playwright.sync_api import sync_playwright  # noqa: E402

from flood_fps import measure, tap_flood  # noqa: E402
from live import api, serving  # noqa: E402
from chromium import CHROMIUM, SWIFTSHADER_ARGUMENTS as BROWSER_ARGUMENTS  # noqa: E402 (the benches composite in SwiftShader, as always)
from test_canvas import DRAWING  # noqa: E402


def grid_points(columns=5, rows=5, bulge=0.04):
    """A grid over the whole window, its inner points pushed outwards from the middle: a curved surface."""
    points = []
    for row in range(rows):
        for column in range(columns):
            x, y = column / (columns - 1), row / (rows - 1)
            inner = 0 < column < columns - 1 and 0 < row < rows - 1
            push = bulge if inner else 0
            points.append([min(1, max(0, x + (x - 0.5) * push)), min(1, max(0, y + (y - 0.5) * push))])
    return {"columns": columns, "rows": rows, "points": points}


def put(server, output):
    status, answer = api(server, "PUT", f"/api/outputs/{urllib.parse.quote(output['name'], safe='')}", output)
    assert status == 200, answer


def frame_rates(imager, folder, seconds, rounds):
    """Frames a second under the same tap flood on Main and through a grid, alternating."""
    rows = []
    for round_ in range(rounds):
        for name in ("Main", "Dome"):
            with serving(imager, folder / f"fps-{round_}-{name}.sqlite", "--audio", "none") as server:
                put(server, {"name": "Dome", "grid": grid_points()})
                fps, median, most = asyncio.run(measure(server.port, server.osc_port, seconds, tap_flood, f"/canvas?output={name}"))
            rows.append({"output": name, "round": round_, "framesPerSecond": round(fps, 1), "instancesMedian": median})
            print(f"round {round_} {name:5}: {fps:5.1f} frames a second, instances median {median:.0f}", flush=True)
    return rows


CORNER_START, CORNER_END, WATCHED = (0.4, 0.4), (0.05, 0.05), (0.2, 0.2)

# The canvas page: the first animation frame whose pixel at the watched point is white (or black) again.
WATCH = """([x, y, white]) => {
  window.benchShown = null;
  const canvas = document.querySelector('canvas'), gl = canvas.getContext('webgl2'), pixel = new Uint8Array(4);
  const look = () => {
    gl.readPixels(Math.round(x * canvas.width), canvas.height - 1 - Math.round(y * canvas.height), 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
    if ((pixel[0] > 128) === white) window.benchShown = performance.timeOrigin + performance.now();
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}"""

# The console page: the first pointermove of a drag from now on.
ARM = """() => {
  window.benchMoved = null;
  addEventListener('pointermove', (event) => {
    if (event.buttons && window.benchMoved === null) window.benchMoved = performance.timeOrigin + event.timeStamp;
  }, { capture: true });
}"""


def drag_latency(imager, folder, trials, preview=True):
    """Milliseconds from a corner's drag in the console to the canvas showing it, one a trial (`preview`: with the
    console's canvas panel, whose preview a software renderer draws on the console's own thread)."""
    wall = {"name": "Wall", "testPattern": "white", "corners": [list(CORNER_START), [1, 0], [1, 1], [0, 1]]}
    with serving(imager, folder / "drag.sqlite", "--audio", "none") as server, sync_playwright() as playwright:
        put(server, wall)
        assert api(server, "PATCH", "/api/preferences", {"panels": {"outputs": True, "canvas": preview}})[0] == 200
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGUMENTS)
        canvas = browser.new_page(viewport={"width": 1280, "height": 720}, device_scale_factor=1)
        canvas.goto(f"http://127.0.0.1:{server.port}/canvas?output=Wall&quality=full")
        canvas.wait_for_function(DRAWING.replace(" && window.imagerCanvas.framesDrawn > 0", ""), timeout=30_000)
        console = browser.new_page(viewport={"width": 1920, "height": 1080})
        console.goto(f"http://127.0.0.1:{server.port}/")
        panel = console.get_by_role("region", name="Outputs", exact=True)
        panel.get_by_role("listitem").filter(has_text="Wall").first.click()
        # The window's picture in page pixels, from the handles of corners 2 (1, 0) and 4 (0, 1).
        handle = lambda n: panel.get_by_role("button", name=f"Corner {n} of Wall", exact=True).bounding_box()  # noqa: E731
        centre = lambda box: (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # noqa: E731
        (right, top), (left, bottom) = centre(handle(2)), centre(handle(4))
        at = lambda point: (left + point[0] * (right - left), top + point[1] * (bottom - top))  # noqa: E731
        latencies = []
        for trial in range(trials + 1):  # the first, a warm-up, is not counted
            start, end = (CORNER_START, CORNER_END) if trial % 2 == 0 else (CORNER_END, CORNER_START)
            canvas.evaluate(WATCH, [*WATCHED, trial % 2 == 0])
            console.evaluate(ARM)
            console.mouse.move(*at(start))
            console.mouse.down()
            console.mouse.move(*at(end), steps=2)
            console.mouse.up()
            canvas.wait_for_function("window.benchShown !== null", timeout=10_000)
            latency = canvas.evaluate("window.benchShown") - console.evaluate("window.benchMoved")
            print(f"trial {trial}: {latency:.1f} ms" + (" (warm-up)" if trial == 0 else ""), flush=True)
            if trial > 0:
                latencies.append(latency)
        browser.close()
    return latencies


def put_latency(imager, folder, trials):
    """Milliseconds from a corner's PUT (as the console sends it when a drag moves) to the canvas showing it."""
    import time
    wall = {"name": "Wall", "testPattern": "white", "corners": [list(CORNER_START), [1, 0], [1, 1], [0, 1]]}
    with serving(imager, folder / "put.sqlite", "--audio", "none") as server, sync_playwright() as playwright:
        put(server, wall)
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGUMENTS)
        canvas = browser.new_page(viewport={"width": 1280, "height": 720}, device_scale_factor=1)
        canvas.goto(f"http://127.0.0.1:{server.port}/canvas?output=Wall&quality=full")
        canvas.wait_for_function(DRAWING, timeout=30_000)
        latencies = []
        for trial in range(trials + 1):
            corner = CORNER_END if trial % 2 == 0 else CORNER_START
            canvas.evaluate(WATCH, [*WATCHED, trial % 2 == 0])
            sent = time.time() * 1000
            put(server, {**wall, "corners": [list(corner), [1, 0], [1, 1], [0, 1]]})
            canvas.wait_for_function("window.benchShown !== null", timeout=10_000)
            if trial > 0:
                latencies.append(canvas.evaluate("window.benchShown") - sent)
        browser.close()
    return latencies


def summary(latencies):
    ordered = sorted(latencies)
    return {"median": round(statistics.median(ordered), 1), "p95": round(ordered[int(0.95 * (len(ordered) - 1))], 1)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("imager")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--trials", type=int, default=20)
    parser.add_argument("--json")
    parser.add_argument("--only-latency", action="store_true", help="skip the frame rates")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="outputs-figures-") as folder:
        rates = [] if args.only_latency else frame_rates(args.imager, pathlib.Path(folder), args.seconds, args.rounds)
        latencies = drag_latency(args.imager, pathlib.Path(folder), args.trials)
        quiet = drag_latency(args.imager, pathlib.Path(folder), args.trials, preview=False)
        puts = put_latency(args.imager, pathlib.Path(folder), args.trials)
    median = {name: statistics.median(r["framesPerSecond"] for r in rates if r["output"] == name) for name in ("Main", "Dome")} if rates else {}
    figures = {"framesPerSecond": median, "warpCost": round(1 - median["Dome"] / median["Main"], 3) if rates else None, "rows": rates,
               "dragToCanvasMilliseconds": summary(latencies), "dragWithoutPreviewToCanvasMilliseconds": summary(quiet),
               "putToCanvasMilliseconds": summary(puts)}
    print(json.dumps(figures))
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(figures))


if __name__ == "__main__":
    main()
