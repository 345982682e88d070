#!/usr/bin/env python3
"""Tempo on real drum music: what `imager analyse FILE` says the tempo of Hydrogen's demo songs is, against
the songs' own tempo and against librosa's estimate (issue 34).

The songs: the seven demo songs Debian's Hydrogen installs (package hydrogen-data, .../demo_songs/*.h2song),
rendered by `h2cli -s SONG -o SONG.wav` (44.1 kHz, 16-bit stereo) into a temporary folder. Their tempo is the
song file's <bpm> (none of them changes tempo on its timeline). The songs humanize their timing and swing, so
each render differs a little from the last.

- Ours: the song's tempo as `imager analyse` tells it (the report's `tempo`: of its once-a-second estimates
  from 8 s on, the one most of the others agree with, within 4 %); "last", its last estimate (on the song's last
  8 s, what the instrument would be following as the song ends); and "held", the share of its once-a-second
  estimates from 10 s on that are within 4 % of the song's tempo.
- librosa's: librosa.feature.tempo on librosa.onset.onset_strength of the file as librosa.load reads it
  (22,050 Hz mono), with its default log-normal prior (start_bpm 120, std_bpm 1 octave). (librosa.beat.beat_track
  estimates the tempo the same way, but on an onset strength of its own, the median over the bands, not the mean:
  it may differ a little.)
- ACC1: the estimate within 4 % of the song's tempo; ACC2: within 4 % of it, or of 2×, ½×, 3× or ⅓× it. Counts
  over the songs, per tool.
- Cost: ours, the analysis alone as a multiple of real time (the command's `realTimeMultiple`) and the whole
  command timed from here; librosa's, reading the file, the onset strength and the tempo timed from here (after
  one untimed warm-up), as a multiple of real time too.

Prints a table and the counts; the figures as JSON on stdout's last line, or in --json PATH.

Usage: .venv/bin/python bench/hydrogen_tempo.py IMAGER [--keep FOLDER] [--songs FOLDER] [--json PATH]
"""
import argparse
import gzip
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ElementTree

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from listening_figures import AnalysisFailed, analyse, resolve_imager, tempo_scores  # noqa: E402

TOLERANCE = 0.04
ACC2_FACTORS = (1, 2, 1 / 2, 3, 1 / 3)
SONGS_PACKAGE = "hydrogen-data"  # installed with hydrogen


def demo_songs(folder=None):
    """The demo songs' paths: those in `folder`, or those the Hydrogen package installs."""
    if folder:
        songs = sorted(pathlib.Path(folder).glob("*.h2song"))
    else:
        listed = subprocess.run(["dpkg", "-L", SONGS_PACKAGE], capture_output=True, text=True)
        songs = sorted(pathlib.Path(line) for line in listed.stdout.splitlines()
                       if "/demo_songs/" in line and line.endswith(".h2song"))
    if not songs:
        raise SystemExit(f"no demo songs found{' in ' + folder if folder else ''}: "
                         "install Hydrogen (apt-get install hydrogen), as `make test` does")
    return songs


def song_tempo(path):
    """The song's tempo (BPM) from its <bpm>, and whether its timeline changes it (an .h2song is XML, which
    older versions wrote gzip'd)."""
    data = path.read_bytes()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    song = ElementTree.fromstring(data)
    bpm = song.findtext("bpm")
    if bpm is None:
        raise SystemExit(f"{path} has no <bpm>")
    timeline = song.find("BPMTimeLine")
    return float(bpm), timeline is not None and len(timeline) > 0


def render(song, wav, home):
    """Renders the song to `wav` with h2cli; returns the seconds it took. `-d alsa`: with no sound card, ALSA
    fails at once and h2cli falls back to its null driver (the default, auto, tries JACK and PortAudio first
    and keeps the command waiting about as long as the song)."""
    start = time.perf_counter()
    result = subprocess.run(["h2cli", "-d", "alsa", "-s", str(song), "-o", str(wav)], capture_output=True,
                            text=True, timeout=600, env={**os.environ, "HOME": str(home)})
    if result.returncode != 0 or not wav.exists() or wav.stat().st_size < 1000:
        tail = "\n".join(result.stdout.splitlines()[-5:] + result.stderr.splitlines()[-5:])
        raise SystemExit(f"h2cli did not render {song.name} (exit {result.returncode}):\n{tail}")
    return time.perf_counter() - start


def librosa_tempo(wav):
    """librosa's tempo (BPM) for the file, with the seconds the sound lasts and the seconds it took."""
    import librosa  # here, not at the top: the songs and their rendering are used without it (bench/night_soak.py)
    start = time.perf_counter()
    samples, rate = librosa.load(wav)
    envelope = librosa.onset.onset_strength(y=samples, sr=rate)
    tempo = float(librosa.feature.tempo(onset_envelope=envelope, sr=rate)[0])
    return tempo, len(samples) / rate, time.perf_counter() - start


def warm_up_librosa(folder):
    """One untimed run on two seconds of clicks, so that no song pays for librosa's first-call compilation."""
    import soundfile  # librosa's own reader and writer
    rate = 22_050
    clicks = np.zeros(2 * rate, dtype=np.float32)
    clicks[:: rate // 4] = 1
    path = folder / "warm-up.wav"
    soundfile.write(path, clicks, rate)
    librosa_tempo(path)
    path.unlink()


def near(estimate, target):
    return estimate is not None and abs(estimate - target) <= TOLERANCE * target


def acc1(truth, estimate):
    return near(estimate, truth)


def acc2(truth, estimate):
    return any(near(estimate, factor * truth) for factor in ACC2_FACTORS)


def measure(imager, song, wav, log):
    """One song's row: its tempo, ours and librosa's, and what each cost."""
    truth, changes = song_tempo(song)
    log(f"analysing {wav.name}")
    report = analyse(imager, wav)
    theirs, seconds, librosa_seconds = librosa_tempo(wav)
    ours = report["tempo"]
    return {
        "song": song.stem, "seconds": report["seconds"], "bpm": truth, "tempoChanges": changes,
        "ours": ours, "oursAcc1": acc1(truth, ours), "oursAcc2": acc2(truth, ours),
        "oursLast": report["tempi"][-1][1] if report["tempi"] else None,
        "oursHeld": tempo_scores(truth, report)["held"],
        "oursRealTimeMultiple": report["realTimeMultiple"],
        "oursWallRealTimeMultiple": report["seconds"] / report["wallSeconds"],
        "librosa": theirs, "librosaAcc1": acc1(truth, theirs), "librosaAcc2": acc2(truth, theirs),
        "librosaSeconds": librosa_seconds, "librosaRealTimeMultiple": seconds / librosa_seconds,
    }


def mark(row, tool):
    return "ACC1" if row[tool + "Acc1"] else "ACC2" if row[tool + "Acc2"] else "—"


def number(value, form):
    return "—" if value is None else format(value, form)


def print_table(rows):
    print(f"{'song':26s} {'s':>5s} {'BPM':>5s} {'ours':>6s} {'':4s} {'last':>6s} {'held':>4s} {'librosa':>7s} {'':4s} "
          f"{'ours ×RT':>8s} {'cmd ×RT':>7s} {'librosa ×RT':>11s}")
    for row in rows:
        print(f"{row['song'][:26]:26s} {row['seconds']:5.1f} {row['bpm']:5.0f} {number(row['ours'], '6.1f'):>6s} "
              f"{mark(row, 'ours'):4s} {number(row['oursLast'], '6.1f'):>6s} {number(row['oursHeld'], '4.2f'):>4s} "
              f"{row['librosa']:7.1f} {mark(row, 'librosa'):4s} "
              f"{row['oursRealTimeMultiple']:8.0f} {row['oursWallRealTimeMultiple']:7.0f} "
              f"{row['librosaRealTimeMultiple']:11.0f}")


def summary(rows):
    total = sum(row["seconds"] for row in rows)
    result = {"songs": len(rows), "tolerance": TOLERANCE, "soundSeconds": total}
    for tool in ("ours", "librosa"):
        result[tool] = {"acc1": sum(row[tool + "Acc1"] for row in rows),
                        "acc2": sum(row[tool + "Acc2"] for row in rows)}
    result["ours"]["realTimeMultiple"] = total / sum(row["seconds"] / row["oursRealTimeMultiple"] for row in rows)
    result["ours"]["wallRealTimeMultiple"] = total / sum(row["seconds"] / row["oursWallRealTimeMultiple"] for row in rows)
    result["librosa"]["seconds"] = sum(row["librosaSeconds"] for row in rows)
    result["librosa"]["realTimeMultiple"] = total / result["librosa"]["seconds"]
    return result


def print_summary(figures):
    counted = figures["summary"]
    songs = counted["songs"]
    for tool, name in (("ours", "ours"), ("librosa", "librosa")):
        print(f"{name}: ACC1 {counted[tool]['acc1']} of {songs}, ACC2 {counted[tool]['acc2']} of {songs}")
    print(f"cost over {counted['soundSeconds']:.0f} s of sound: ours, the analysis "
          f"{counted['ours']['realTimeMultiple']:.0f}× real time, the whole command "
          f"{counted['ours']['wallRealTimeMultiple']:.0f}×; librosa {counted['librosa']['seconds']:.1f} s, "
          f"{counted['librosa']['realTimeMultiple']:.0f}× real time")
    changing = [row["song"] for row in figures["songs"] if row["tempoChanges"]]
    if changing:
        print(f"note: the timeline changes the tempo of {', '.join(changing)} (scored against its <bpm>)")


def run(imager, songs, folder, scratch, log):
    """Renders the songs into `folder` (those not there yet) and measures each."""
    home = scratch / "h2cli-home"  # h2cli writes its settings here, not in the user's ~/.hydrogen
    home.mkdir(exist_ok=True)
    warm_up_librosa(scratch)
    rows = []
    for song in songs:
        wav = folder / f"{song.stem}.wav"
        if wav.exists():
            log(f"{wav.name} is there already: not rendered again")
        else:
            log(f"rendering {song.name}: {render(song, wav, home):.1f} s")
        rows.append(measure(imager, song, wav, log))
    import librosa
    return {"imager": imager, "librosa": librosa.__version__, "folder": str(folder), "songs": rows,
            "summary": summary(rows)}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("imager", help="the imager binary (the release build: .build/release/imager)")
    parser.add_argument("--keep", metavar="FOLDER",
                        help="render into this folder and keep the WAVs; those already there are not rendered again")
    parser.add_argument("--songs", metavar="FOLDER", help="the .h2song files here instead of Hydrogen's demo songs")
    parser.add_argument("--json", metavar="PATH", help="write the figures here instead of on stdout's last line")
    options = parser.parse_args()
    imager = resolve_imager(options.imager)
    songs = demo_songs(options.songs)

    def log(message):
        print(message, file=sys.stderr, flush=True)

    with tempfile.TemporaryDirectory(prefix="hydrogen-tempo-") as scratch:
        folder = pathlib.Path(options.keep or scratch)
        folder.mkdir(parents=True, exist_ok=True)
        try:
            figures = run(imager, songs, folder, pathlib.Path(scratch), log)
        except AnalysisFailed as failure:
            raise SystemExit(str(failure))
    print_table(figures["songs"])
    print_summary(figures)
    if options.json:
        pathlib.Path(options.json).write_text(json.dumps(figures, indent=2) + "\n")
        print(f"figures written to {options.json}")
    else:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
