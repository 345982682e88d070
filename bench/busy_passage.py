#!/usr/bin/env python3
"""How full the busy passage looks with and without a polyphony (issue 38): the full-stage passage
(Tests/fixtures/full-stage: Lumia, 30 pad presses and 30 taps in 3.3 s, recorded with `imager serve` before
polyphony existed) rendered by `imager render performance` at 480×270, 30 frames a second, with the output stage
on (--headroom 1) and the polyphony each row names (--polyphony; "none" as it was recorded).

For each: the brightest frame's mean (0…255 over red, green and blue), the largest share of a frame's pixels at
full white (every channel ≥ 250), and the passage's mean brightness (how full the stage looks), over the frames
from the first event to 2 s after the last.

Usage: .venv/bin/python bench/busy_passage.py IMAGER [--polyphonies none,256,128] [--json PATH]
"""
import argparse
import json
import pathlib
import subprocess
import sys
import tempfile

import cairo
import numpy

ROOT = pathlib.Path(__file__).resolve().parents[1]
PASSAGE = ROOT / "Tests" / "fixtures" / "full-stage" / "performance.json"
SIZE, FPS, TAIL = "480x270", 30, 2


def frame_figures(path):
    """(mean brightness 0…255, share of white pixels) of one PNG frame."""
    surface = cairo.ImageSurface.create_from_png(str(path))
    pixels = numpy.ndarray((surface.get_height(), surface.get_stride() // 4, 4), numpy.uint8, surface.get_data())
    colour = pixels[:, :surface.get_width(), :3].astype(numpy.int64)  # B, G, R (cairo's native order; alpha is 255)
    return float(colour.mean()), float((colour.min(axis=2) >= 250).mean())


def passage_figures(imager, polyphony, folder):
    arguments = [imager, "render", "performance", str(PASSAGE), "--size", SIZE, "--fps", str(FPS), "--tail", str(TAIL),
                 "--headroom", "1", "-o", f"{folder}/"]
    if polyphony != "none":
        arguments += ["--polyphony", polyphony]
    subprocess.run(arguments, check=True, capture_output=True)
    figures = [frame_figures(path) for path in sorted(pathlib.Path(folder).glob("*.png"))]
    means, whites = [mean for mean, _ in figures], [white for _, white in figures]
    return {"polyphony": polyphony, "frames": len(figures), "brightestMean": round(max(means), 1),
            "mostWhite": round(max(whites), 4), "meanBrightness": round(sum(means) / len(means), 1)}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("imager")
    parser.add_argument("--polyphonies", default="none,4096,512,256,128")
    parser.add_argument("--json")
    options = parser.parse_args()
    rows = []
    for polyphony in options.polyphonies.split(","):
        with tempfile.TemporaryDirectory() as folder:
            rows.append(passage_figures(options.imager, polyphony.strip(), folder))
        row = rows[-1]
        print(f"polyphony {row['polyphony']:>5}: brightest frame {row['brightestMean']:5.1f}/255, "
              f"most white {100 * row['mostWhite']:4.1f} %, mean brightness {row['meanBrightness']:5.1f} ({row['frames']} frames)")
    if options.json:
        pathlib.Path(options.json).write_text(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
