#!/usr/bin/env python3
"""Light from sound's figures (issue 37), against a real `imager serve` (use the release build), on a 4-minute
song of real drum music: Hydrogen's seven demo songs rendered by h2cli, one after another and round again, cut
at 240 s (44.1 kHz stereo).

- In the lab, in Chromium: "Light from sound…" pressed to the preview drawn (the pair's mix decoded, mixed and
  analysed: the analysis cold), and "Apply" with New lights pressed to the new scores shown on the plane (the
  analysis kept from the preview). Each on a fresh server, the median of --runs.
- Over HTTP: the `lightFromSound` edit on a fresh server (cold: the sound heard first) and again after Undo
  (the mix kept), the medians of --runs; and `GET /api/music/hearing` cold.
- The analysis alone: `imager analyse` on the song, its real-time multiple (its own timing of the analysis).

Usage: bench/light_from_sound_figures.py IMAGER [--runs 3]
"""
import argparse
import asyncio
import json
import os
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "python"))
sys.path.insert(0, str(ROOT / "bench"))

from hydrogen_tempo import demo_songs  # noqa: E402
from live import api, serving  # noqa: E402

SECONDS = 240
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


def four_minutes(folder):
    """The demo songs rendered and joined, round again, cut at SECONDS: the song's path."""
    parts = []
    for song in demo_songs():
        wav = folder / f"{song.stem}.wav"
        subprocess.run(["h2cli", "-d", "alsa", "-s", str(song), "-o", str(wav)], capture_output=True, timeout=600)
        parts.append(str(wav))
    joined, cut = folder / "joined.wav", folder / "song.wav"
    subprocess.run(["sox", *parts, *parts, str(joined)], check=True)
    subprocess.run(["sox", str(joined), str(cut), "trim", "0", str(SECONDS)], check=True)
    return cut


def edit(server, *edits):
    status, answer = api(server, "POST", "/api/music/edits", {"edits": list(edits)})
    assert status == 200, answer
    return answer


def song_pair(server, song):
    """The song in a part of its length at 120 BPM: (part, voice)."""
    status, brought = api(server, "POST", "/api/music/sounds?name=song.wav", song.read_bytes(), {"Content-Type": "application/octet-stream"})
    assert status == 201, brought
    part = edit(server, {"type": "addPart", "name": "Song", "beats": 2 * SECONDS, "tempo": 120})["results"][0]["id"]
    edit(server, {"type": "editingRange", "part": part, "voice": brought["voice"], "start": 0, "end": 2 * SECONDS * 960})
    return part, brought["voice"]


def over_http(imager, song, folder, run):
    """(cold Apply, Apply again after Undo, cold GET hearing) in seconds, each on a fresh server."""
    with serving(imager, folder / f"http-{run}.sqlite", "--audio", "none") as server:
        part, voice = song_pair(server, song)
        chordset = api(server, "GET", "/api/chordsets")[1]["chordsets"][0]["id"]
        body = {"type": "lightFromSound", "part": part, "sound": voice, "newLights": {"chordset": chordset}}
        started = time.perf_counter()
        edit(server, body)
        cold = time.perf_counter() - started
        assert api(server, "POST", "/api/music/undo")[0] == 200
        started = time.perf_counter()
        edit(server, body)
        warm = time.perf_counter() - started
    with serving(imager, folder / f"hearing-{run}.sqlite", "--audio", "none") as server:
        part, voice = song_pair(server, song)
        started = time.perf_counter()
        status, answer = api(server, "GET", f"/api/music/hearing?part={part}&sound={voice}")
        hearing = time.perf_counter() - started
        assert status == 200, answer
    return cold, warm, hearing


async def in_the_lab(imager, song, folder, run):
    """(dialog opened → preview drawn, Apply → the new scores on the plane) in seconds, on a fresh server."""
    from playwright.async_api import async_playwright, expect
    with serving(imager, folder / f"lab-{run}.sqlite", "--audio", "none") as server:
        part, voice = song_pair(server, song)
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM)
            page = await browser.new_page(viewport={"width": 1920, "height": 1080})
            await page.goto(f"http://127.0.0.1:{server.port}/compose#part={part}&voice={voice}")
            opener = page.get_by_role("button", name="Light from sound…")
            await opener.wait_for()
            await page.wait_for_function("!document.querySelector('#light-from-sound-open').disabled", timeout=30_000)
            started = time.perf_counter()
            await opener.click()
            dialog = page.get_by_role("dialog", name="Light from sound")
            await expect(dialog.get_by_role("img", name="Cues preview")).to_have_attribute(
                "aria-label", re.compile(r"s of sound"), timeout=120_000)
            opened = time.perf_counter() - started
            await dialog.get_by_role("checkbox", name="New lights").check()
            started = time.perf_counter()
            await dialog.get_by_role("button", name="Apply").click()
            await expect(page.get_by_role("rowheader", name="Lights", exact=True)).to_have_attribute(
                "aria-description", re.compile(r"^read only: .*events"), timeout=120_000)
            applied = time.perf_counter() - started
            await browser.close()
    return opened, applied


def analyse(imager, song):
    report = json.loads(subprocess.run([imager, "analyse", str(song)], capture_output=True, text=True, check=True).stdout)
    return report["realTimeMultiple"], report["analysisSeconds"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("imager")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = pathlib.Path(name)
        song = four_minutes(folder)
        http = [over_http(args.imager, song, folder, run) for run in range(args.runs)]
        lab = [asyncio.run(in_the_lab(args.imager, song, folder, run)) for run in range(args.runs)]
        multiple, seconds = analyse(args.imager, song)
    median = lambda values: statistics.median(values)  # noqa: E731
    figures = {
        "songSeconds": SECONDS,
        "labPreviewSeconds": median([one[0] for one in lab]),
        "labApplySeconds": median([one[1] for one in lab]),
        "httpApplyColdSeconds": median([one[0] for one in http]),
        "httpApplyKeptSeconds": median([one[1] for one in http]),
        "httpHearingColdSeconds": median([one[2] for one in http]),
        "analyseRealTimeMultiple": multiple,
        "analyseSeconds": seconds,
        "runs": args.runs,
    }
    for key, value in figures.items():
        print(f"{key:26} {value:.3f}" if isinstance(value, float) else f"{key:26} {value}")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
