#!/usr/bin/env python3
"""The composition lab's figures (issue 27), against a real `imager serve` (use the release build):

- upload to playable: a 5-minute 48 kHz stereo FLAC sent to POST /api/music/sounds, from the first byte sent
  to the transport saying its preview plays (the sound decoded, checked, stored in the library and kept
  decoded at the transport's rate, then laid out and started): the median of --uploads runs, each on the
  same server (each upload a new sound);
- the live latency (intent → state over `/live`, p50 and p99 of --probes hue changes) quiet and while a 1080p
  MP4 render of the composition below runs (cancelled after the probes), the ratio of the same run;
- a 3-minute composition of 16 voices (12 sounds, each three minutes long, and 4 lights releasing factory
  chords every bar) rendered from the lab's API — POST /api/renders until its `done` on /live — to WAV and
  to a 1080p MP4 at 30 frames a second, as multiples of real time; in the same run, `sox -m` mixing the 12
  files to a WAV, and ffmpeg's encoding alone: a black 1080p30 picture with the mix as its sound, and the
  rendered video re-encoded (its decoding counted too), with the same x264 preset (veryfast).

Usage: bench/lab_figures.py IMAGER [--uploads 5] [--renders 3] [--seconds 180] [--probes 400]
"""
import argparse
import asyncio
import json
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "python"))

sys.path.insert(0, str(ROOT / "bench"))

from hostile_input import round_trips  # noqa: E402
from live import api, live_socket, serving, until_message  # noqa: E402



def timed(command):
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def upload(server, path, name):
    status, answer = api(server, "POST", f"/api/music/sounds?name={urllib.parse.quote(name)}", body=path.read_bytes(),
                         headers={"Content-Type": "application/octet-stream"})
    assert status == 201, answer
    return answer


def upload_to_playable(server, flac, runs):
    """(the whole time, the upload's answer alone) of each run, in seconds."""
    times = []
    with live_socket(server) as socket:
        for run in range(runs):
            start = time.perf_counter()
            answer = upload(server, flac, f"five minutes {run}.flac")
            answered = time.perf_counter()
            socket.send(json.dumps({"type": "transport", "action": "preview", "sound": answer["sound"]}))
            until_message(socket, lambda m: m.get("type") == "transport" and m.get("sound") == answer["sound"] and m.get("playing"))
            times.append((time.perf_counter() - start, answered - start))
            socket.send(json.dumps({"type": "transport", "action": "stop"}))
    return times


def edits(server, *edits):
    status, answer = api(server, "POST", "/api/music/edits", {"edits": list(edits)})
    assert status == 200, answer
    return answer


def make_composition(server, folder, seconds):
    """A part of `seconds` at 120 bpm, 12 sound voices (each a file of that length, one event over the whole
    part) and 4 light voices (a chord of the first chordsets, an event every other beat)."""
    beats = seconds * 2
    part = edits(server, {"type": "addPart", "name": "Bench", "beats": beats, "tempo": 120})["results"][0]["id"]
    band = edits(server, {"type": "addVoice", "name": "Sixteen"})["results"][0]["id"]
    files = []
    for number in range(12):
        path = folder / f"voice{number}.wav"
        frequency = 110 * (number + 2)
        subprocess.run(["sox", "-n", "-r", "48000", "-c", "2", str(path), "synth", str(seconds), "sine", str(frequency),
                        "tremolo", str(1 + number % 5), "60", "vol", "0.05"], check=True)
        files.append(path)
        voice = upload(server, path, path.name)["voice"]
        edits(server, {"type": "addVoiceChild", "parent": band, "child": voice},
              {"type": "editingRange", "part": part, "voice": voice, "start": 0, "end": beats * 960})
    _, chordsets = api(server, "GET", "/api/chordsets")
    ids = [one["id"] for one in chordsets["chordsets"]][:4]
    for number, chordset in enumerate(ids):
        voice = edits(server, {"type": "addVoice", "name": f"Light {number}"})["results"][0]["id"]
        edits(server, {"type": "setLight", "voice": voice, "chordset": chordset, "chord": number},
              {"type": "addVoiceChild", "parent": band, "child": voice})
        ranges = [{"type": "editingRange", "part": part, "voice": voice, "start": beat * 960 + number * 240,
                   "end": beat * 960 + number * 240 + 720} for beat in range(0, beats, 2)]
        for start in range(0, len(ranges), 256):
            edits(server, *ranges[start:start + 256])
    composition = edits(server, {"type": "addComposition", "name": "Bench piece", "part": part, "voice": band})["results"][0]["id"]
    return composition, files


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def latency_while_rendering(server, composition, probes):
    """(quiet, rendering) intent → state times (s): a hue change until its change comes back, `probes` of
    each; the second while a 1080p MP4 render draws and encodes (then cancelled)."""
    quiet = asyncio.run(round_trips(server.port, probes, 0.1))
    with live_socket(server) as socket:
        status, answer = api(server, "POST", "/api/renders", {"composition": composition, "format": "mp4", "width": 1920, "height": 1080, "fps": 30})
        assert status == 202, answer
        rid = answer["render"]["id"]
        until_message(socket, lambda m: m.get("type") == "render" and m["render"]["id"] == rid and m["render"]["stage"] == "video")
        busy = asyncio.run(round_trips(server.port, probes, 0.5))
        still = api(server, "GET", f"/api/renders/{rid}")[1]["render"]["state"]
        api(server, "POST", f"/api/renders/{rid}/cancel")
        until_message(socket, lambda m: m.get("type") == "render" and m["render"]["id"] == rid and m["render"]["state"] != "running")
    assert still == "running", "the render ended before the probes did: use a longer composition"
    return quiet, busy


def render(server, body):
    with live_socket(server) as socket:
        start = time.perf_counter()
        status, answer = api(server, "POST", "/api/renders", body)
        assert status == 202, answer
        rid = answer["render"]["id"]
        ended = until_message(socket, lambda m: m.get("type") == "render" and m["render"]["id"] == rid
                              and m["render"]["state"] in ("done", "failed", "cancelled"), within=1800)
        elapsed = time.perf_counter() - start
    assert ended["render"]["state"] == "done", ended
    return elapsed, ended["render"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("imager")
    parser.add_argument("--uploads", type=int, default=5)
    parser.add_argument("--renders", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=180)
    parser.add_argument("--probes", type=int, default=400)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = pathlib.Path(scratch)
        flac = folder / "five.flac"
        subprocess.run(["sox", "-n", "-r", "48000", "-c", "2", "-b", "16", str(flac), "synth", "300", "pinknoise", "vol", "0.3"], check=True)
        with serving(options.imager, folder / "library.sqlite", "--audio", "none") as server:
            times = upload_to_playable(server, flac, options.uploads)
            whole, answer = [t[0] for t in times], [t[1] for t in times]
            print(f"upload to playable, 5-minute 48 kHz stereo FLAC ({flac.stat().st_size >> 20} MiB): "
                  f"median {statistics.median(whole) * 1000:.0f} ms (the upload's answer {statistics.median(answer) * 1000:.0f} ms), "
                  f"slowest {max(whole) * 1000:.0f} ms ({len(times)} runs)")

            composition, files = make_composition(server, folder, options.seconds)
            quiet, busy = latency_while_rendering(server, composition, options.probes)
            print(f"intent → state, quiet: p50 {percentile(quiet, 0.5) * 1000:.1f} ms, p99 {percentile(quiet, 0.99) * 1000:.1f} ms; "
                  f"while a 1080p MP4 renders: p50 {percentile(busy, 0.5) * 1000:.1f} ms, p99 {percentile(busy, 0.99) * 1000:.1f} ms "
                  f"(p99 ratio {percentile(busy, 0.99) / percentile(quiet, 0.99):.2f})")
            if options.renders < 1:
                return
            rows = {"render WAV (lab)": [], "sox -m": [], "render MP4 1080p30 (lab)": [], "ffmpeg: black 1080p30 + mix": [],
                    "ffmpeg: our video re-encoded": []}
            mix = folder / "sox.wav"
            for _ in range(options.renders):
                rows["render WAV (lab)"].append(render(server, {"composition": composition, "format": "wav"})[0])
                rows["sox -m"].append(timed(["sox", "-m", *map(str, files), str(mix)]))
                elapsed, done = render(server, {"composition": composition, "format": "mp4", "width": 1920, "height": 1080, "fps": 30})
                rows["render MP4 1080p30 (lab)"].append(elapsed)
                video = folder / "renders" / done["file"]
                rows["ffmpeg: black 1080p30 + mix"].append(timed(
                    ["ffmpeg", "-y", "-f", "lavfi", "-i", f"color=c=black:s=1920x1080:r=30:d={options.seconds}", "-i", str(mix),
                     "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest",
                     str(folder / "black.mp4")]))
                rows["ffmpeg: our video re-encoded"].append(timed(
                    ["ffmpeg", "-y", "-i", str(video), "-c:v", "libx264", "-preset", "veryfast", "-c:a", "aac",
                     str(folder / "again.mp4")]))
            print(f"a {options.seconds} s composition of 16 voices (12 sounds, 4 lights); medians of {options.renders} runs:")
            for name, values in rows.items():
                median = statistics.median(values)
                print(f"  {name:32s} {median:7.2f} s  {options.seconds / median:7.1f}× real time")
            wav, sox = statistics.median(rows["render WAV (lab)"]), statistics.median(rows["sox -m"])
            mp4, black = statistics.median(rows["render MP4 1080p30 (lab)"]), statistics.median(rows["ffmpeg: black 1080p30 + mix"])
            again = statistics.median(rows["ffmpeg: our video re-encoded"])
            print(f"  ratios: WAV / sox -m {wav / sox:.2f}; MP4 / ffmpeg black {mp4 / black:.2f}; MP4 / ffmpeg re-encoding {mp4 / again:.2f}")


if __name__ == "__main__":
    main()
