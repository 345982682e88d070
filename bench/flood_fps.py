#!/usr/bin/env python3
"""The canvas page under a flood (issue 38): frames drawn a second and instances on screen in Chromium with
SwiftShader (software WebGL2, as on the test machines) at 1280×720, with the polyphony at its default and at
its largest (4,096: about what the stage held before polyphony), in one run.

- Tap flood: OSC `/imager/canvas/tap` at 60 a second for 10 s, at seeded places, on the factory chordset Lumia.
- Onset flood: `imager serve --listen` on a drum track (clicks at 174 BPM over a bass, 16th-note hats, 40 s) with
  "Onsets release chord" on, the selected chord stored with 64 lumis; 10 s measured once onsets flow.

The page's own status (window.imagerCanvas: framesDrawn, lastFrame.instanceCount) is read every 0.25 s while
the flood runs; frames a second are the frames drawn over the seconds measured; instances are the median and
the largest read. `/status`'s lumis (live, sounding, stolen) are read at the end.

Usage: .venv/bin/python bench/flood_fps.py IMAGER [--seconds 10] [--json PATH] [--floods taps onsets]
       [--polyphony 96 4096] [--web-root DIR …] [--rounds N]

`--web-root` serves the web client from a working copy (IMAGER_WEB_ROOT) rather than the one built in; given
more than once, the copies take turns, measurement by measurement, for `--rounds` rounds — an A/B comparison
on a noisy machine.
"""
import argparse
import asyncio
import json
import pathlib
import random
import statistics
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "python"))

from playwright.async_api import async_playwright  # noqa: E402
from pythonosc.udp_client import SimpleUDPClient  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402

from live import serving  # noqa: E402
from sound_signals import clicks, sine, write_wav  # noqa: E402
from chromium import CHROMIUM, SWIFTSHADER_ARGUMENTS as BROWSER_ARGUMENTS  # noqa: E402 (the benches composite in SwiftShader, as always)
from test_canvas import DRAWING  # noqa: E402

WIDTH, HEIGHT = 1280, 720
TAPS_PER_SECOND = 60
STATUS = """() => ({ drawn: window.imagerCanvas.framesDrawn,
                     instances: window.imagerCanvas.lastFrame ? window.imagerCanvas.lastFrame.instanceCount : 0 })"""


async def watch(page, seconds):
    """Reads the page's status every 0.25 s for `seconds`: (frames a second, median instances, most instances)."""
    loop = asyncio.get_running_loop()
    first, started, counts = await page.evaluate(STATUS), loop.time(), []
    while loop.time() - started < seconds:
        await asyncio.sleep(0.25)  # the sampling pace of a measurement, not a wait for anything
        counts.append((await page.evaluate(STATUS))["instances"])
    last = await page.evaluate(STATUS)
    return (last["drawn"] - first["drawn"]) / (loop.time() - started), statistics.median(counts), max(counts)


async def measure(port, osc_port, seconds, flood, path="/canvas"):
    async with async_playwright() as playwright, connect(f"ws://127.0.0.1:{port}/live", max_size=1 << 24) as console:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGUMENTS)
        page = await browser.new_page(viewport={"width": WIDTH, "height": HEIGHT}, device_scale_factor=1)
        await page.goto(f"http://127.0.0.1:{port}{path}")
        await page.wait_for_function(DRAWING, timeout=30_000)

        async def drain():
            async for _ in console:
                pass

        draining = asyncio.create_task(drain())
        try:
            return await flood(console, page, osc_port, seconds)
        finally:
            draining.cancel()
            await browser.close()


async def tap_flood(console, page, osc_port, seconds):
    osc, places = SimpleUDPClient("127.0.0.1", osc_port), random.Random(38)
    loop = asyncio.get_running_loop()

    async def taps():
        start, tap = loop.time(), 0
        while loop.time() - start < seconds + 3:
            osc.send_message("/imager/canvas/tap", [places.uniform(0.05, 0.95), places.uniform(0.05, 0.95)])
            tap += 1
            await asyncio.sleep(max(0.0, start + tap / TAPS_PER_SECOND - loop.time()))

    tapping = asyncio.create_task(taps())
    await asyncio.sleep(3)  # the stage filling before it is measured
    figures = await watch(page, seconds)
    await tapping
    return figures


async def onset_flood(console, page, osc_port, seconds):
    for intent in [{"type": "recallChord", "chord": 0}, {"type": "lumiCount", "count": 64}, {"type": "storeChord", "chord": 0},
                   {"type": "soundResponse", "response": {"tempoFollows": False, "onsetsRelease": True}}]:
        await console.send(json.dumps(intent))
    await asyncio.sleep(3)  # the stage filling before it is measured
    return await watch(page, seconds)


def drum_track(path, seconds=40):
    samples, _ = clicks(seconds, 174.0)
    hats, _ = clicks(seconds, 174.0 * 4, start=0.5 + 60 / 174 / 8, amplitude=0.25, seed=2)
    write_wav(path, samples + hats + sine(seconds, 55, 0.4))


FLOODS = {"taps": ("tap flood", tap_flood, False), "onsets": ("onset flood", onset_flood, True)}


def run(imager, folder, seconds, floods=("taps", "onsets"), polyphonies=(96, 4096), web_roots=(None,), rounds=1):
    rows = []
    drum_track(folder / "drums.wav")
    plan = [(name, polyphony, root, round_) for round_ in range(rounds) for name in floods for polyphony in polyphonies
            for root in web_roots]
    for index, (name, polyphony, web_root, round_) in enumerate(plan):
        flood_name, flood, listens = FLOODS[name]
        extra = ["--listen", str(folder / "drums.wav")] if listens else []
        library = folder / f"{index}.sqlite"
        env = {"IMAGER_WEB_ROOT": web_root} if web_root else None
        with serving(imager, library, "--audio", "none", *extra, env=env) as server:
            async def play():
                async with connect(f"ws://127.0.0.1:{server.port}/live") as setter:
                    await setter.send(json.dumps({"type": "polyphony", "count": polyphony}))
                return await measure(server.port, server.osc_port, seconds, flood)
            fps, median, most = asyncio.run(play())
            lumis = server.status()["lumis"]
        rows.append({"flood": flood_name, "polyphony": polyphony, "webRoot": web_root, "round": round_,
                     "framesPerSecond": round(fps, 1), "instancesMedian": median, "instancesMost": most, "lumis": lumis})
        print(f"{flood_name:12} polyphony {polyphony:5}: {fps:5.1f} frames a second, instances median {median:.0f}, "
              f"most {most}; lumis {lumis}" + (f"; web {web_root}" if web_root else ""), flush=True)
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("imager")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--json")
    parser.add_argument("--floods", nargs="+", choices=sorted(FLOODS), default=["taps", "onsets"])
    parser.add_argument("--polyphony", nargs="+", type=int, default=[96, 4096])
    parser.add_argument("--web-root", action="append", help="serve the web client from this folder (repeat to alternate)")
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="flood-fps-") as folder:
        rows = run(args.imager, pathlib.Path(folder), args.seconds, args.floods, args.polyphony, args.web_root or [None],
                   args.rounds)
    text = json.dumps({"width": WIDTH, "height": HEIGHT, "browserArguments": BROWSER_ARGUMENTS, "rows": rows})
    if args.json:
        pathlib.Path(args.json).write_text(text)
    print(text)


if __name__ == "__main__":
    main()
