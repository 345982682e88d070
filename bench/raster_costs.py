#!/usr/bin/env python3
"""Where the rasterizer stands against Blend2D by the size of a shape, in one run.

Draws circles of one radius at a time (2 to 128 px; the places and colours of the raster benchmark's circles,
alpha 0.6, painted over at 1920×1080) with `imager-bench raster --radius R` and with Blend2D, in interleaved
blocks, one core each, and prints each tool's time a circle and their ratio: small circles weigh what a shape
costs whatever its size (placing, flattening, setting up), middling ones what each row costs (the edges, the
sweep), large ones what each pixel costs. The benchmark's own circles (radius 4–40 at random) close the table.

Blend2D's figures include Python's calls (setting the colour and filling a circle); the same calls for circles
clipped away whole measure them, and the ratio is given both with them (as bench/raster_peers.py measures it)
and without (Blend2D's own work).

Usage: bench/raster_costs.py [IMAGER_BENCH] [--rounds N]   (IMAGER_BENCH defaults to .build/release/imager-bench)
"""
import statistics
import subprocess

import blend2d

from raster_peers import HEIGHT, WIDTH, arguments, blend2d_circles, blend2d_context, circles, once_ms

RADII = (2, 4, 8, 16, 32, 64, 128)
RANDOM = 10_000  # the benchmark's circles, radius 4–40 at random


def count_for(radius):
    """Enough circles of `radius` for some tens of milliseconds of drawing."""
    return max(1_000, min(20_000, 400_000 // (2 * radius)))


def ours(imager, count, radius=None):
    """Five of our samples (ms), after two runs to warm up."""
    command = [imager, "raster", "--circles", str(count), "--runs", "5"] + (["--radius", str(radius)] if radius else [])
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    line = next(line for line in output.splitlines() if line.startswith(f"circles-{count} "))
    return [float(value) for value in line.split()[3].split(",")]


def blend2d_samples(items):
    blend2d_circles(items)
    blend2d_circles(items)
    return [once_ms(lambda: blend2d_circles(items)) for _ in range(5)]


def blend2d_calls_alone(items):
    """Python's calls for `items`, each circle clipped away whole: what Blend2D's figures carry beside its own work."""
    def draw():
        _image, ctx = blend2d_context(WIDTH, HEIGHT, (0.0, 0.0, 0.0))
        ctx.clip_to_rect(blend2d.BLRect(0, 0, 0, 0))
        for x, y, r, (red, green, blue) in items:
            ctx.set_fill_style((red, green, blue, 0.6))
            ctx.fill_circle(x, y, r)
        ctx.flush()
    draw()
    return [once_ms(draw) for _ in range(5)]


def main():
    imager, rounds = arguments("--rounds", 3)
    workloads = {radius: circles(count_for(radius), radius) for radius in RADII}
    workloads[None] = circles(RANDOM)
    samples = {"ours": {}, "blend2d": {}, "calls": {}}
    for _ in range(rounds):
        for radius, items in workloads.items():
            samples["ours"].setdefault(radius, []).extend(ours(imager, len(items), radius))
            samples["blend2d"].setdefault(radius, []).extend(blend2d_samples(items))
            samples["calls"].setdefault(radius, []).extend(blend2d_calls_alone(items))
    per_circle = {tool: {radius: statistics.median(values) / len(workloads[radius]) for radius, values in by_radius.items()}
                  for tool, by_radius in samples.items()}

    print(f"{'radius':>8}{'circles':>9}{'ours µs':>10}{'blend2d µs':>12}{'its calls':>11}{'ours/blend2d':>14}{'its own':>9}")
    for radius, items in workloads.items():
        name = "4-40" if radius is None else str(radius)
        us, theirs, calls = (per_circle[tool][radius] * 1000 for tool in ("ours", "blend2d", "calls"))
        print(f"{name:>8}{len(items):>9}{us:>10.2f}{theirs:>12.2f}{calls:>11.2f}{us / theirs:>14.2f}{us / (theirs - calls):>9.2f}")
    print("(µs a circle, medians of one run, interleaved; ours/blend2d with Python's calls in Blend2D's time, "
          "as bench/raster_peers.py measures it, and without them)")


if __name__ == "__main__":
    main()
