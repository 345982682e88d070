"""A mapped output's frame as a real canvas page draws it (Chromium, SwiftShader) against the Swift rasterizer's
offline drawing of the very same frame through the same output (`imager render frame --stage-output`): a slice
of the stage with a feather and a mask, corner-pinned or drawn through a grid — held to the tolerance of the unmapped cross-check
(test_canvas.py). And `imager render performance --stage-output` renders a recorded set as that output showed
it; an output the library does not have is said."""
import asyncio
import subprocess

import numpy
import pytest

from live import serving
from test_canvas import HEIGHT, WIDTH, held_frame, png_pixels
from test_canvas_outputs import output, put

WALL = output("Wall", slice={"x": 0.1, "y": 0.05, "width": 0.7, "height": 0.85},
              corners=[[0.12, 0.08], [0.9, 0.15], [0.85, 0.92], [0.05, 0.85]],
              blend={"left": 0, "right": 0.2, "top": 0, "bottom": 0, "gamma": 2.2},
              mask=[[0.45, 0.4], [0.55, 0.4], [0.5, 0.6]])
# A curved surface: a 3 × 3 grid bulging out, its middle row pushed down (the mask stays where it was).
DOME = {**WALL, "name": "Dome", "corners": [[0.1, 0.1], [0.9, 0.1], [0.9, 0.9], [0.1, 0.9]],
        "grid": {"columns": 3, "rows": 3, "points": [[0.1, 0.1], [0.5, 0.05], [0.9, 0.1], [0.04, 0.55], [0.5, 0.6], [0.96, 0.55],
                                                     [0.1, 0.9], [0.5, 0.95], [0.9, 0.9]]}}


@pytest.mark.parametrize("mapped", [WALL, DOME], ids=["corner-pin", "grid"])
def test_a_mapped_frame_drawn_offline_matches_the_canvas_page(imager, tmp_path, mapped):
    library, name = tmp_path / "library.sqlite", mapped["name"]
    with serving(imager, library) as server:
        put(server, mapped)
        _, shown, frame, forms = asyncio.run(held_frame(
            server, f"/canvas?output={name}&quality=full", screenshot=f"Tests/python/artifacts/outputs-offline-{name}.png"))
    (tmp_path / "frame.ipf").write_bytes(frame)
    (tmp_path / "forms.jsonl").write_text("\n".join(forms) + "\n")
    render = [imager, "render", "frame", str(tmp_path / "frame.ipf"), "--forms", str(tmp_path / "forms.jsonl"),
              "--size", f"{WIDTH}x{HEIGHT}", "--library", str(library)]
    result = subprocess.run([*render, "--stage-output", name, "-o", str(tmp_path / "swift.png")], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    swift = png_pixels(tmp_path / "swift.png")
    # The picture is the mapped one: black in the mask and outside the pinned quadrilateral, lit within it.
    assert shown[int(0.5 * HEIGHT), int(0.5 * WIDTH)].max() == 0 and shown[2, 2].max() == 0 and shown[HEIGHT - 3, WIDTH - 3].max() == 0
    assert (shown.max(axis=2) > 24).mean() > 0.05
    difference = numpy.abs(shown - swift)
    mean, off = difference.mean(), (difference.max(axis=2) > 32).mean()
    print(f"{name}: mapped canvas vs Swift: mean |difference| {mean:.3f} per channel, {off * 100:.3f}% of pixels off by more than 32")
    assert mean < 1.0 and off < 0.01, (mean, off)
    result = subprocess.run([*render, "--stage-output", "Nowhere", "-o", str(tmp_path / "none.png")], capture_output=True, text=True)
    assert result.returncode != 0 and f"there is no output “Nowhere” in the library; it has “Main”, “{name}”" in result.stderr


def test_a_recorded_set_renders_as_an_output_showed_it(imager, tmp_path):
    library, log = tmp_path / "library.sqlite", tmp_path / "demo.json"
    assert subprocess.run([imager, "demo", "--seconds", "1", "--record", str(log)], capture_output=True, timeout=120).returncode == 0
    with serving(imager, library, "--audio", "none") as server:
        put(server, WALL)
    frames = tmp_path / "frames"
    result = subprocess.run([imager, "render", "performance", str(log), "--library", str(library), "--stage-output", "Wall",
                             "--size", "320x180", "--fps", "4", "--tail", "0", "-o", f"{frames}/"], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    pictures = sorted(frames.glob("*.png"))
    assert len(pictures) >= 4
    last = png_pixels(pictures[-1])
    assert last.shape == (180, 320, 3)
    assert last[int(0.5 * 180), int(0.5 * 320)].max() == 0 and last[1, 1].max() == 0  # the mask, and outside the quad
    assert (last.max(axis=2) > 24).mean() > 0.02, "the demo's light shows through the output"
