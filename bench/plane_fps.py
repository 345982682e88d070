"""The composition lab's editing plane under load (issue 15's figures), in Chromium against a release build of
`imager serve` on loopback:

1. Frames a second while two fingers pan a plane of 64 parts × 32 voices holding 5,000 events: a composed
   part "Long" of 64 atomic parts of a bar, a composed voice "Orchestra" of 32 atomic voices, the events
   spread over its 2,048 atomic pairs (each cell of the plane shows its pair's miniature). The plane is zoomed
   in on time so that a quarter of it shows, then panned across and back by two touch pointers moved every
   animation frame (pointer events dispatched in the page, through the plane's own handling; CDP's touch
   events arrive a frame's round trip apart, which would measure CDP); the page counts the frames in which
   the plane drew over the seconds they took.
2. Input-to-paint latency of a drawn range: one finger draws over a row of an atomic pair (32 rows, the
   events of part 1); for each move the plane records the time from the input event (event.timeStamp) to the
   animation frame after the one that drew the range (when the browser has shown it).

Prints medians over the runs (frames a second) and over the moves (latency, with the 95th percentile).

Usage: python bench/plane_fps.py IMAGER [--runs 5] [--seconds 4]
"""
import argparse
import json
import pathlib
import statistics
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "python"))

from chromium import CHROMIUM, SWIFTSHADER_ARGUMENTS as ARGUMENTS  # noqa: E402
from live import request, serving  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

# How Chromium draws the page: as the other benches run it (GPU compositing through SwiftShader, which this
# machine's cores do in software), and with the GPU off (Chromium's own software compositor).
SETUPS = [("GPU compositing through SwiftShader", []), ("software compositing (--disable-gpu)", ["--disable-gpu"])]
READY = "() => { const lab = window.imagerLab; return lab && lab.store.music !== null && lab.plane.view !== null; }"
def edits(port, batch):
    status, _, answer = request(port, "/api/music/edits", method="POST", body=json.dumps({"edits": batch}).encode())
    if status != 200:
        raise SystemExit(f"the library refused the edits: {answer}")
    return json.loads(answer)


def library(port, parts=64, voices=32, events=5000):
    """The benchmark's library; returns (the composed part, the composed voice, the first atomic part)."""
    made = edits(port, [{"type": "addPart", "name": "Long", "beats": 4, "tempo": 120}, {"type": "addVoice", "name": "Orchestra"}])
    long, orchestra = (result["id"] for result in made["results"])
    part_ids, voice_ids = [], []
    for start in range(0, parts, 128):
        batch = [{"type": "addPart", "name": f"P{index + 1}", "beats": 4, "tempo": 120} for index in range(start, min(parts, start + 128))]
        part_ids += [result["id"] for result in edits(port, batch)["results"]]
    voice_ids = [result["id"] for result in edits(port, [{"type": "addVoice", "name": f"V{index + 1}"} for index in range(voices)])["results"]]
    edits(port, [{"type": "addPartChild", "parent": long, "child": child} for child in part_ids])
    edits(port, [{"type": "addVoiceChild", "parent": orchestra, "child": child} for child in voice_ids])
    # Event i goes to pair i mod 2,048, in its own quarter beat: no two overlap (an overlap would delete).
    wanted = []
    pairs = parts * voices
    for index in range(events):
        pair, slot = index % pairs, index // pairs
        start = (slot * 4 + pair % 4) * 240
        wanted.append({"type": "editingRange", "part": part_ids[pair % parts], "voice": voice_ids[pair // parts],
                       "start": start, "end": start + 240, "gain": 1})
    for start in range(0, len(wanted), 256):
        edits(port, wanted[start:start + 256])
    return long, orchestra, part_ids[0]


def touch(session, kind, points):
    session.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": x, "y": y, "id": n + 1} for n, (x, y) in enumerate(points)]})


PAN = """
(seconds) => new Promise((done) => {
  // Two pointers held on the plane and moved a few pixels every animation frame, as fingers panning it would
  // be reported: through the element's own pointer handling (plane-gestures.js), one move per frame.
  const plane = window.imagerLab.plane;
  const surface = plane.shadowRoot.querySelector('.frame');
  const box = plane.shadowRoot.querySelector('canvas.plane').getBoundingClientRect();
  const x0 = box.left + box.width * 0.8, ys = [box.top + box.height * 0.3, box.top + box.height * 0.7];
  const send = (type, id, x, y) => surface.dispatchEvent(new PointerEvent(type, {
    pointerId: id, pointerType: 'touch', clientX: x, clientY: y, bubbles: true, composed: true, isPrimary: id === 11 }));
  ys.forEach((y, index) => send('pointerdown', 11 + index, x0, y));
  let travel = 0, step = -8, first = null, drawnAt = plane.stats.framesDrawn;
  const move = (t) => {
    if (first === null) { first = t; drawnAt = plane.stats.framesDrawn; }
    if (t - first >= seconds * 1000) {
      ys.forEach((y, index) => send('pointercancel', 11 + index, x0 + travel, y));
      done({ frames: plane.stats.framesDrawn - drawnAt, ms: t - first });
      return;
    }
    travel += step;
    if (Math.abs(travel) > box.width * 0.6) step = -step;
    ys.forEach((y, index) => send('pointermove', 11 + index, x0 + travel, y));
    requestAnimationFrame(move);
  };
  requestAnimationFrame(move);
})
"""


def panning_fps(page, seconds):
    """Frames a second the plane draws while two fingers pan it, zoomed in on time so that a quarter of it
    shows; the fingers move every animation frame."""
    box = page.locator("editing-plane canvas.plane").bounding_box()
    page.mouse.move(box["x"] + 10, box["y"] + box["height"] / 2)
    page.keyboard.down("Control")
    for _ in range(10):
        page.mouse.wheel(0, -70)
    page.keyboard.up("Control")
    page.wait_for_function("window.imagerLab.plane.view.x.scale > 3 * window.imagerLab.plane.view.x.min")
    panned = page.evaluate(PAN, seconds)
    return 1000 * panned["frames"] / panned["ms"]


def drawing_latency(page, moves=120):
    session = page.context.new_cdp_session(page)
    box = page.locator("editing-plane canvas.plane").bounding_box()
    before = len(page.evaluate("window.imagerLab.plane.stats.latencies"))
    y = box["y"] + 10
    touch(session, "touchStart", [(box["x"] + 5, y)])
    for move in range(moves):
        touch(session, "touchMove", [(box["x"] + 5 + (move % 200) * 2, y)])
        page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    # Let go past the part's end: nothing is changed.
    touch(session, "touchMove", [(box["x"] + box["width"] + 50, y)])
    touch(session, "touchEnd", [])
    session.detach()
    return page.evaluate("window.imagerLab.plane.stats.latencies")[before:]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("imager")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=4)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, serving(options.imager, pathlib.Path(folder) / "library.sqlite", "--audio", "none") as server:
        long, orchestra, first = library(server.port)
        with sync_playwright() as playwright:
            for name, arguments in SETUPS:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGUMENTS + arguments)
                context = browser.new_context(viewport={"width": 1920, "height": 1080}, device_scale_factor=1, has_touch=True)
                page = context.new_page()
                rates, draws = [], []
                for _ in range(options.runs):
                    page.goto(f"http://127.0.0.1:{server.port}/compose#part={long}&voice={orchestra}")
                    page.wait_for_function(READY, timeout=30_000)
                    rates.append(panning_fps(page, options.seconds))
                    draws.append(statistics.median(page.evaluate("window.imagerLab.plane.stats.drawMs")))
                page.goto(f"http://127.0.0.1:{server.port}/compose#part={first}&voice={orchestra}")
                page.wait_for_function(READY, timeout=30_000)
                latencies = drawing_latency(page)
                browser.close()
                report(name, rates, draws, latencies)


def report(name, rates, draws, latencies):
    print(f"{name}:")
    print(f"  panning 64 parts × 32 voices, 5,000 events: {statistics.median(rates):.1f} frames a second "
          f"(median of {len(rates)} runs: {', '.join(f'{rate:.1f}' for rate in rates)})")
    print(f"  the plane's own drawing of a frame (JavaScript, canvas 2D calls): median {statistics.median(draws):.2f} ms")
    ordered = sorted(latencies)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    print(f"  drawing a range, input to paint: median {statistics.median(latencies):.1f} ms, p95 {p95:.1f} ms "
          f"({len(latencies)} moves; {statistics.median(latencies) / (1000 / 60):.2f} frames at 60 Hz)")


if __name__ == "__main__":
    main()
