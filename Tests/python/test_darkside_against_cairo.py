"""Our rasterizer's prism cover held against cairo's rendering of the same geometry.

The geometry is computed again, independently, from seed 004's formulas in bench/darkside_reference.py, and drawn
by pycairo (tolerance 0.1, default antialiasing). Tolerances: mean absolute difference per channel (0–255)
under 0.25 over the whole picture (0.05 measured), and the lit silhouettes (pixels brighter than a quarter) overlapping with
an intersection-over-union above 0.99 (0.996 measured).
"""
import subprocess

import cairo
import numpy
import pytest

import darkside_reference

SIZE = 512


def pixels(surface):
    surface.flush()
    data = numpy.frombuffer(surface.get_data(), dtype=numpy.uint8)
    return data.reshape(surface.get_height(), surface.get_stride() // 4, 4)[:, : surface.get_width(), :].astype(float)


@pytest.fixture(scope="module")
def ours(imager, tmp_path_factory):
    output = tmp_path_factory.mktemp("cover") / "cover.png"
    subprocess.run([imager, "render", "darkside", "--size", str(SIZE), "-o", str(output)], check=True)
    return pixels(cairo.ImageSurface.create_from_png(str(output)))


def test_the_cover_matches_cairo_within_the_stated_tolerance(ours):
    reference = pixels(darkside_reference.cairo_cover(SIZE))
    assert ours.shape == reference.shape
    mean_difference = numpy.abs(ours - reference).mean(axis=(0, 1))
    print("mean absolute difference per channel (B, G, R, A):", mean_difference)
    assert (mean_difference < 0.25).all()
    lit_ours = ours[:, :, :3].mean(axis=2) > 64
    lit_reference = reference[:, :, :3].mean(axis=2) > 64
    overlap = (lit_ours & lit_reference).sum() / (lit_ours | lit_reference).sum()
    print("overlap of the lit silhouettes:", overlap)
    assert overlap > 0.99


def test_the_rainbow_is_red_to_purple_from_top_to_bottom(ours):
    # Down the right edge, the six bands in order.
    column = ours[:, SIZE - 2, :]
    bands = []
    for row in column:
        blue, green, red = row[0], row[1], row[2]
        if red + green + blue < 100:
            continue
        name = min(darkside_reference.RAINBOW, key=lambda c: sum((a * 255 - b) ** 2 for a, b in zip(c, (red, green, blue))))
        if not bands or bands[-1] != name:
            bands.append(name)
    assert bands == darkside_reference.RAINBOW
