#!/usr/bin/env python3
"""The listening figures: how well `imager analyse FILE` (the analysis `imager serve --listen` runs) hears
onsets and tempo, and what it costs, on a seeded synthetic onset set (bench/listening_signals.py).

The onset set, mono 24-bit WAVs at 48 kHz written to a temporary folder: drum pieces of about --seconds each
(kick 50–120 Hz, snare, closed hi-hat; every hit at −20…0 dB, off-beat notes and ghost snares at −24 dB by
chance, a bed of −50 dBFS noise) at 84, 100, 123, 140 and 174 BPM, one at 112 BPM over a slow-attack pad of
sine chords, and one of pink noise at −30 dBFS RMS with no onset at all. The ground truth is the time of every
hit (drums sounding together are one onset).

- Onsets: mir_eval.onset.f_measure with the MIREX window (±50 ms) — F-measure, precision, recall — per piece
  and over the whole set from the summed hits (the noise piece's onsets all count as false positives); the
  recall of the ghost-only onsets, and the recall of the onsets by the loudest drum on them; the mean timing
  deviation of the hits (estimate − truth, the refined onset times), signed and absolute.
- Tempo: the piece's tempo as `imager analyse` tells it (the report's `tempo`: of its once-a-second estimates
  from 8 s on, the one most of the others agree with) against the piece's tempo — |estimate − truth|, and a
  verdict: right (within 4 %), octave (within 4 % of 2× or ½×), metrical (3×, ⅓×, 3/2×, 2/3×), wrong, or none;
  "held" is the share of the once-a-second estimates from 10 s on that are right (a second without an estimate
  counts as not held). For the noise piece: whether it claims a beat.
- Cost: the analysis alone as a multiple of real time (the command's own `realTimeMultiple`), the median over
  the onset set, and the whole command (start, decoding, analysis, JSON) timed from here; then a long piece
  (--long-seconds, 10 minutes; breakbeat at 128 BPM over the pad) analysed --long-runs times, the median, for a
  stable figure (its onset and tempo scores are reported too, apart from the set's).
- That a file which is not audio is refused: a failing exit (imager's own is 2), one line on stderr.

Prints a table and a summary; the figures as JSON on stdout's last line, or in --json PATH.

--self-test checks this script without an imager: a stand-in for `imager analyse` (a small Python program
written to the temporary folder, which reads the WAV back and answers with the ground truth, jittered, 5 % of
it dropped and false onsets added, the 84 BPM piece's tempo doubled) runs through the same code, and the
figures it gives are checked against what the stand-in did; and the metric is checked on known answers.

Usage: .venv/bin/python bench/listening_figures.py IMAGER [--seconds 40] [--long-seconds 600] [--long-runs 3]
                                                   [--seed 2024] [--json PATH] [--keep FOLDER]
       .venv/bin/python bench/listening_figures.py --self-test
"""
import argparse
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import warnings

import mir_eval
import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from listening_signals import long_piece, onset_set, read_wav, write_wav  # noqa: E402

WINDOW = 0.05  # the MIREX onset window (seconds either side)
TEMPO_TOLERANCE = 0.04
HELD_FROM = 10.0  # seconds: the tempo history (8 s) full, after the lead-in
KINDS = ("kick", "snare", "hat", "ghost")


class AnalysisFailed(Exception):
    pass


def resolve_imager(name):
    """The imager binary's path, or a clear exit when there is none."""
    path = pathlib.Path(name)
    if not path.exists() and os.sep not in name:
        found = shutil.which(name)
        path = pathlib.Path(found) if found else path
    if not path.exists():
        raise SystemExit(f"no imager at {name}: build it first (swift build -c release; then pass .build/release/imager)")
    if not path.is_file() or not os.access(path, os.X_OK):
        raise SystemExit(f"{name} is not an executable file")
    return str(path.resolve())


def analyse(imager, path, timeout=900):
    """`imager analyse path`'s report (a dict), with `wallSeconds`: the whole command timed from here."""
    start = time.perf_counter()
    try:
        result = subprocess.run([imager, "analyse", str(path)], capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise AnalysisFailed(f"`imager analyse {path.name}` took more than {timeout} s")
    wall = time.perf_counter() - start
    if result.returncode != 0:
        message = result.stderr.strip() or "(nothing on stderr)"
        raise AnalysisFailed(f"`imager analyse {path.name}` exited {result.returncode}: {message}\n"
                             "(does this imager have the `analyse` command? `imager analyse --help`)")
    try:
        report = json.loads(result.stdout)
    except json.JSONDecodeError:
        raise AnalysisFailed(f"`imager analyse {path.name}` did not print one JSON object: {result.stdout[:200]!r}")
    missing = {"seconds", "onsets", "tempo", "tempi", "realTimeMultiple"} - set(report)
    if missing:
        raise AnalysisFailed(f"`imager analyse {path.name}`'s report lacks {', '.join(sorted(missing))}")
    report["wallSeconds"] = wall
    return report


def refuses_non_audio(imager, folder):
    """(refused as the interface says, what happened): a text file must give a failing exit and one line on stderr."""
    path = folder / "not audio.wav"
    path.write_text("This is a text file, not a sound.\n" * 20)
    result = subprocess.run([imager, "analyse", str(path)], capture_output=True, text=True, timeout=60)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    usage = any("unexpected argument" in line or "Usage:" in line for line in result.stderr.splitlines())
    ok = result.returncode in (1, 2) and len(lines) == 1 and not result.stdout.strip() and not usage
    what = f"exit {result.returncode}, {len(lines)} line(s) on stderr" + (f": {lines[0]}" if lines else "")
    if usage or result.returncode not in (0, 1, 2):  # no such command, or a crash: nothing else will run
        raise AnalysisFailed(f"`imager analyse` on a text file gave {what}\n"
                             "(does this imager have the `analyse` command? `imager analyse --help`)")
    return ok, what


def onset_scores(reference, estimated):
    """F-measure, precision, recall (mir_eval, ±WINDOW), the hits and which references they matched, and the
    deviations (estimate − reference) of the hits."""
    reference = np.asarray(reference, dtype=float)
    estimated = np.sort(np.asarray(estimated, dtype=float))
    if len(reference) == 0:
        return {"f": None, "p": None, "r": None, "hits": 0, "matched": [], "deviations": [], "estimated": len(estimated)}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # mir_eval warns of an empty estimate, and scores it 0
        f, p, r = mir_eval.onset.f_measure(reference, estimated, window=WINDOW)
    matching = mir_eval.util.match_events(reference, estimated, WINDOW) if len(estimated) else []
    return {"f": f, "p": p, "r": r, "hits": len(matching), "matched": sorted(i for i, _ in matching),
            "deviations": [estimated[j] - reference[i] for i, j in matching], "estimated": len(estimated)}


def tempo_verdict(truth, estimate):
    if estimate is None:
        return "none"
    ratio = estimate / truth
    near = lambda factor: abs(ratio / factor - 1) <= TEMPO_TOLERANCE  # noqa: E731
    if near(1):
        return "right"
    if near(2) or near(0.5):
        return "octave"
    if any(near(factor) for factor in (3, 1 / 3, 1.5, 2 / 3)):
        return "metrical"
    return "wrong"


def tempo_scores(truth, report):
    estimate = report["tempo"]
    if truth is None:
        return {"estimate": estimate, "error": None, "verdict": "claims a beat" if estimate is not None else "none",
                "held": None}
    seconds = int(report["seconds"])
    counted = [s for s in range(seconds + 1) if s >= HELD_FROM]
    held = sum(1 for time_, bpm in report["tempi"]
               if time_ >= HELD_FROM - 0.005 and bpm is not None and tempo_verdict(truth, bpm) == "right")
    return {"estimate": estimate, "error": abs(estimate - truth) if estimate is not None else None,
            "verdict": tempo_verdict(truth, estimate), "held": min(1.0, held / len(counted)) if counted else None}


def score_piece(piece, report):
    onsets = onset_scores(piece.onsets, report["onsets"])
    ghosts = [i for i, kind in enumerate(piece.kinds) if kind == "ghost"]
    matched = set(onsets["matched"])
    deviations = onsets["deviations"]
    return {
        "name": piece.name, "seconds": round(piece.seconds, 3), "tempo": piece.tempo,
        "reference": len(piece.onsets), "estimated": onsets["estimated"], "hits": onsets["hits"],
        "f": onsets["f"], "precision": onsets["p"], "recall": onsets["r"],
        "ghostRecall": sum(i in matched for i in ghosts) / len(ghosts) if ghosts else None,
        "kindsFound": {kind: [sum(1 for i, k in enumerate(piece.kinds) if k == kind and i in matched),
                              piece.kinds.count(kind)] for kind in KINDS},
        "meanDeviationMs": 1000 * float(np.mean(deviations)) if deviations else None,
        "meanAbsoluteDeviationMs": 1000 * float(np.mean(np.abs(deviations))) if deviations else None,
        "tempoScore": tempo_scores(piece.tempo, report),
        "realTimeMultiple": report["realTimeMultiple"],
        "wallRealTimeMultiple": report["seconds"] / report["wallSeconds"],
        "reportedSeconds": report["seconds"],
    }


def summed(rows):
    """Precision, recall and F over rows from their summed hits."""
    hits = sum(row["hits"] for row in rows)
    reference = sum(row["reference"] for row in rows)
    estimated = sum(row["estimated"] for row in rows)
    precision = hits / estimated if estimated else 0.0
    recall = hits / reference if reference else 0.0
    f = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"f": f, "precision": precision, "recall": recall, "hits": hits, "reference": reference, "estimated": estimated}


def number(value, form, empty="—"):
    return empty if value is None else format(value, form)


def print_table(rows):
    print(f"{'piece':28s} {'s':>5s} {'onsets':>6s} {'found':>5s} {'hits':>5s} {'F':>5s} {'P':>5s} {'R':>5s} "
          f"{'ghostR':>6s} {'dev ms':>7s} {'BPM':>4s} {'est':>6s} {'|err|':>6s} {'verdict':>13s} {'held':>5s} {'×RT':>7s}")
    for row in rows:
        tempo = row["tempoScore"]
        print(f"{row['name'][:28]:28s} {row['seconds']:5.0f} {row['reference']:6d} {row['estimated']:5d} {row['hits']:5d} "
              f"{number(row['f'], '5.3f'):>5s} {number(row['precision'], '5.3f'):>5s} {number(row['recall'], '5.3f'):>5s} "
              f"{number(row['ghostRecall'], '6.2f'):>6s} {number(row['meanDeviationMs'], '+7.1f'):>7s} "
              f"{number(row['tempo'], '4d'):>4s} {number(tempo['estimate'], '6.1f'):>6s} {number(tempo['error'], '6.1f'):>6s} "
              f"{tempo['verdict']:>13s} {number(tempo['held'], '5.2f'):>5s} {row['realTimeMultiple']:7.0f}")


def run(imager, options, folder, log):
    """Generates the pieces, analyses them, and returns the figures."""
    refused, what = refuses_non_audio(imager, folder)  # first: it finds an imager without `analyse` at once
    pieces = onset_set(options.seconds, options.seed)
    rows = []
    for index, piece in enumerate(pieces):
        path = folder / f"{index + 1:02d} {piece.name}.wav"
        write_wav(path, piece.samples)
        if options.self_test:
            (folder / (path.name + ".truth.json")).write_text(json.dumps(piece.truth()))
        log(f"analysing {path.name} ({piece.seconds:.0f} s)")
        rows.append(score_piece(piece, analyse(imager, path)))
    beats = [row for row in rows if row["tempo"] is not None]
    noise = [row for row in rows if row["tempo"] is None]
    overall = summed(rows)
    kinds = {kind: [sum(row["kindsFound"][kind][0] for row in rows), sum(row["kindsFound"][kind][1] for row in rows)]
             for kind in KINDS}
    deviations = [(row["meanDeviationMs"], row["meanAbsoluteDeviationMs"], row["hits"]) for row in rows if row["hits"]]
    weight = sum(d[2] for d in deviations)
    verdicts = [row["tempoScore"]["verdict"] for row in beats]
    errors = [row["tempoScore"]["error"] for row in beats if row["tempoScore"]["error"] is not None]
    held = [row["tempoScore"]["held"] for row in beats if row["tempoScore"]["held"] is not None]
    false_positives = sum(row["estimated"] for row in noise)
    noise_seconds = sum(row["seconds"] for row in noise)
    figures = {
        "window": WINDOW, "tempoTolerance": TEMPO_TOLERANCE, "seed": options.seed, "imager": imager,
        "pieces": rows,
        "overall": overall,
        "drumsOnly": summed(beats),
        "recallByKind": {kind: {"found": found, "of": total, "recall": found / total if total else None}
                         for kind, (found, total) in kinds.items()},
        "meanDeviationMs": sum(d[0] * d[2] for d in deviations) / weight if weight else None,
        "meanAbsoluteDeviationMs": sum(d[1] * d[2] for d in deviations) / weight if weight else None,
        "noise": {"falsePositives": false_positives, "seconds": noise_seconds,
                  "perMinute": 60 * false_positives / noise_seconds if noise_seconds else None,
                  "claimsBeat": [row["tempoScore"]["estimate"] for row in noise]},
        "tempo": {"right": verdicts.count("right"), "octave": verdicts.count("octave"),
                  "metrical": verdicts.count("metrical"), "wrong": verdicts.count("wrong"), "none": verdicts.count("none"),
                  "pieces": len(beats), "medianAbsoluteError": statistics.median(errors) if errors else None,
                  "meanHeld": statistics.mean(held) if held else None},
        "cost": {"medianRealTimeMultiple": statistics.median(row["realTimeMultiple"] for row in rows),
                 "medianWallRealTimeMultiple": statistics.median(row["wallRealTimeMultiple"] for row in rows)},
    }
    for path in folder.glob("*.wav"):
        if not options.keep:
            path.unlink()
    figures["refusesNonAudio"] = {"ok": refused, "what": what}
    if options.long_seconds > 0:
        piece = long_piece(options.long_seconds, options.seed)
        path = folder / f"{len(pieces) + 1:02d} {piece.name}.wav"
        write_wav(path, piece.samples)
        if options.self_test:
            (folder / (path.name + ".truth.json")).write_text(json.dumps(piece.truth()))
        reports = []
        for number_ in range(options.long_runs):
            log(f"analysing {path.name} ({piece.seconds:.0f} s), run {number_ + 1} of {options.long_runs}")
            reports.append(analyse(imager, path))
        row = score_piece(piece, reports[0])
        row["realTimeMultiple"] = statistics.median(report["realTimeMultiple"] for report in reports)
        row["wallRealTimeMultiple"] = statistics.median(report["seconds"] / report["wallSeconds"] for report in reports)
        row["runs"] = len(reports)
        figures["long"] = row
        if not options.keep:
            path.unlink()
    return figures


def print_summary(figures):
    overall, drums = figures["overall"], figures["drumsOnly"]
    print(f"onsets (±{WINDOW * 1000:.0f} ms), the whole set: F {overall['f']:.3f}, P {overall['precision']:.3f}, "
          f"R {overall['recall']:.3f} ({overall['hits']} hits of {overall['reference']} onsets, {overall['estimated']} found); "
          f"drum pieces alone: F {drums['f']:.3f}")
    kinds = ", ".join(f"{kind} {number(value['recall'], '.2f')} ({value['found']}/{value['of']})"
                      for kind, value in figures["recallByKind"].items())
    print(f"  recall by the loudest drum on the onset: {kinds}")
    print(f"  timing of the hits (estimate − truth): mean {number(figures['meanDeviationMs'], '+.1f')} ms, "
          f"mean absolute {number(figures['meanAbsoluteDeviationMs'], '.1f')} ms")
    noise = figures["noise"]
    claims = [value for value in noise["claimsBeat"] if value is not None]
    print(f"  false positives in pink noise: {noise['falsePositives']} in {noise['seconds']:.0f} s "
          f"({number(noise['perMinute'], '.1f')} a minute); "
          + (f"claims a beat of {', '.join(f'{value:.1f}' for value in claims)} BPM" if claims else "claims no beat"))
    tempo = figures["tempo"]
    print(f"tempo (±{TEMPO_TOLERANCE:.0%}): right {tempo['right']} of {tempo['pieces']}, octave {tempo['octave']}, "
          f"metrical {tempo['metrical']}, wrong {tempo['wrong']}, none {tempo['none']}; median |error| "
          f"{number(tempo['medianAbsoluteError'], '.1f')} BPM; held from {HELD_FROM:.0f} s on: {number(tempo['meanHeld'], '.2f')} (mean)")
    cost = figures["cost"]
    print(f"cost: the analysis {cost['medianRealTimeMultiple']:.0f}× real time (median of {len(figures['pieces'])} pieces), "
          f"the whole command {cost['medianWallRealTimeMultiple']:.0f}×")
    if "long" in figures:
        long = figures["long"]
        print(f"  {long['name']}: the analysis {long['realTimeMultiple']:.0f}× real time, the whole command "
              f"{long['wallRealTimeMultiple']:.0f}× (median of {long['runs']} runs); its onsets F {number(long['f'], '.3f')}, "
              f"tempo {number(long['tempoScore']['estimate'], '.1f')} for {long['tempo']} ({long['tempoScore']['verdict']})")
    refused = figures["refusesNonAudio"]
    print(f"a text file: {'refused' if refused['ok'] else 'NOT refused as it should be'} ({refused['what']})")


# The stand-in for `imager analyse`, for --self-test only: the truth beside the WAV, jittered.
FAKE_IMAGER = r'''
import json, pathlib, sys, wave, zlib
import numpy as np
sys.path.insert(0, {bench!r})
from listening_signals import read_wav
if len(sys.argv) != 3 or sys.argv[1] != "analyse":
    sys.exit("usage: imager analyse FILE")
path = pathlib.Path(sys.argv[2])
try:
    samples, rate = read_wav(path)
except (wave.Error, EOFError, ValueError) as error:
    print(f"error: cannot analyse {{path}}: {{error}}", file=sys.stderr)
    sys.exit(1)
seconds = len(samples) / rate
truth = json.loads((path.parent / (path.name + ".truth.json")).read_text())
rng = np.random.default_rng(zlib.crc32(path.name.encode()))
onsets = [t + rng.normal(0.005, 0.01) for t in truth["onsets"] if rng.random() >= 0.05]
false = 3 if truth["tempo"] is None else int(seconds / 10)
onsets = sorted(max(0.0, t) for t in onsets + list(rng.uniform(0, seconds, false)))
tempo = truth["tempo"]
if tempo == 84:
    tempo = 168.0
tempi = [[float(s), tempo] for s in range(8, int(seconds) + 1)] if tempo else []
print(json.dumps({{"seconds": seconds, "sampleRate": rate, "onsets": onsets, "tempo": tempo, "tempi": tempi,
                  "analysisSeconds": seconds / 500, "realTimeMultiple": 500.0,
                  "bands": {{"low": 0, "lowMid": 0, "highMid": 0, "high": 0}}}}))
'''


def self_test(options, folder, log):
    """Checks the metric on known answers, the WAV round trip, the missing-imager message, and the whole run
    against the stand-in; returns its figures."""
    reference = np.array([1.0, 2.0, 3.0, 4.0])
    assert onset_scores(reference, reference)["f"] == 1.0
    assert onset_scores(reference, reference + 0.049)["f"] == 1.0
    assert onset_scores(reference, reference + 0.051)["f"] == 0.0
    half = onset_scores(reference, [1.0, 2.0, 2.5, 9.0])
    assert (half["p"], half["r"], half["hits"]) == (0.5, 0.5, 2), half
    assert onset_scores(reference, [])["f"] == 0.0 and onset_scores([], [1.0])["estimated"] == 1
    assert tempo_verdict(120, 123) == "right" and tempo_verdict(120, 241) == "octave" and tempo_verdict(120, 59) == "octave"
    assert tempo_verdict(120, 80) == "metrical" and tempo_verdict(120, 100) == "wrong" and tempo_verdict(120, None) == "none"
    piece = onset_set(4, options.seed)[0]
    write_wav(folder / "round trip.wav", piece.samples)
    back, rate = read_wav(folder / "round trip.wav")
    assert rate == 48_000 and len(back) == len(piece.samples) and np.max(np.abs(back - piece.samples)) < 2 ** -22
    (folder / "round trip.wav").unlink()
    for piece in onset_set(options.seconds, options.seed):
        assert np.all(np.diff(piece.onsets) >= 0.08), piece.name  # one onset a step, steps ≥ 86 ms apart
        assert len(piece.onsets) == len(piece.kinds)
        assert np.max(np.abs(piece.samples)) <= 10 ** (-1 / 20) + 0.01, piece.name
        # the truth is where the hits begin: the sound, or its first difference (its highs, so a kick's tail
        # does not hide a hat), is louder in the 10 ms after an onset than in the 10 ms before, nearly always
        power = piece.samples.astype(np.float64) ** 2
        highs = np.diff(piece.samples.astype(np.float64)) ** 2
        starts = np.round(piece.onsets * 48_000).astype(int)
        rises = [power[n:n + 480].mean() > power[n - 480:n].mean() or highs[n:n + 480].mean() > highs[n - 480:n].mean()
                 for n in starts]
        assert len(rises) == 0 or sum(rises) >= 0.98 * len(rises), (piece.name, rises.count(False))
    try:
        resolve_imager(str(folder / "no such imager"))
        raise AssertionError("a missing imager was accepted")
    except SystemExit as exit_:
        log(f"a missing imager: {exit_}")
    fake = folder / "fake-imager"
    fake.write_text(f"#!{sys.executable}\n" + FAKE_IMAGER.format(bench=str(ROOT / "bench")))
    fake.chmod(0o755)
    figures = run(resolve_imager(str(fake)), options, folder, log)
    overall = figures["overall"]
    assert 0.9 < overall["recall"] < 0.99, overall
    assert 0.85 < overall["precision"] < 0.99, overall
    assert figures["noise"]["falsePositives"] == 3, figures["noise"]
    verdicts = {row["name"]: row["tempoScore"]["verdict"] for row in figures["pieces"]}
    assert verdicts.pop("hip-hop 84") == "octave" and verdicts.pop("pink noise") == "none", verdicts
    assert set(verdicts.values()) == {"right"}, verdicts
    assert all(abs(row["reportedSeconds"] - row["seconds"]) < 1e-3 for row in figures["pieces"])
    assert 3 < figures["meanDeviationMs"] < 7, figures["meanDeviationMs"]
    assert figures["refusesNonAudio"]["ok"], figures["refusesNonAudio"]
    assert figures["cost"]["medianRealTimeMultiple"] == 500
    return figures


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("imager", nargs="?", help="the imager binary (the release build: .build/release/imager)")
    parser.add_argument("--seconds", type=float, default=40, help="each piece of the onset set (whole bars, about)")
    parser.add_argument("--long-seconds", type=float, default=None,
                        help="the long piece for the cost figure (600; 60 with --self-test; 0 for none)")
    parser.add_argument("--long-runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--json", metavar="PATH", help="write the figures here instead of on stdout's last line")
    parser.add_argument("--keep", metavar="FOLDER", help="write the WAVs here and keep them (to listen to)")
    parser.add_argument("--self-test", action="store_true",
                        help="check this script with a stand-in for `imager analyse` (no imager needed)")
    options = parser.parse_args()
    if options.long_seconds is None:
        options.long_seconds = 60 if options.self_test else 600
    if options.long_runs < 1:
        parser.error("--long-runs must be at least 1")
    if not options.self_test and not options.imager:
        parser.error("the imager binary is needed (or --self-test)")

    def log(message):
        print(message, file=sys.stderr, flush=True)

    with tempfile.TemporaryDirectory(prefix="listening-figures-") as scratch:
        folder = pathlib.Path(options.keep) if options.keep else pathlib.Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        try:
            if options.self_test:
                figures = self_test(options, folder, log)
            else:
                figures = run(resolve_imager(options.imager), options, folder, log)
        except AnalysisFailed as failure:
            raise SystemExit(str(failure))
    print_table(figures["pieces"] + ([figures["long"]] if "long" in figures else []))
    print_summary(figures)
    if options.self_test:
        print("self-test passed (the figures above are the stand-in's, not the imager's)")
    if options.json:
        pathlib.Path(options.json).write_text(json.dumps(figures, indent=2) + "\n")
        print(f"figures written to {options.json}")
    else:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
