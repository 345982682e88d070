#!/usr/bin/env python3
"""The rasterizer against cairo and Skia, in one run on this machine, as ratios.

Draws the same workloads with pycairo and skia-python that `imager-bench raster` draws with our Swift
rasterizer — 1,000 and 10,000 random circles (radius 4–40 px, random HSV colours, alpha 0.6, source-over)
at 1920×1080 and the prism cover at 2048×2048 — and prints medians and ratios.

Usage: bench/raster_peers.py [IMAGER_BENCH] [--runs N]   (IMAGER_BENCH defaults to .build/release/imager-bench; N rounds to blocks of 5)
"""
import colorsys
import math
import statistics
import subprocess
import sys
import time

import cairo
import skia

from darkside_reference import RAINBOW, cairo_cover, cover_geometry

WIDTH, HEIGHT = 1920, 1080
MASK = (1 << 64) - 1


def circles(count):
    """The same circles as BenchmarkCircles.make in Swift: SplitMix64 seeded with 42."""
    state = 42

    def next_unit():
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        z ^= z >> 31
        return (z >> 11) * 2.0**-53

    result = []
    for _ in range(count):
        x, y, r = next_unit() * WIDTH, next_unit() * HEIGHT, 4 + next_unit() * 36
        h, s, v = next_unit(), 0.5 + 0.5 * next_unit(), 0.5 + 0.5 * next_unit()
        result.append((x, y, r, colorsys.hsv_to_rgb(h, s, v)))
    return result


def cairo_circles(items):
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, WIDTH, HEIGHT)
    ctx = cairo.Context(surface)
    ctx.set_source_rgb(0, 0, 0)
    ctx.paint()
    for x, y, r, (red, green, blue) in items:
        ctx.arc(x, y, r, 0, 2 * math.pi)
        ctx.set_source_rgba(red, green, blue, 0.6)
        ctx.fill()
    surface.flush()


def skia_circles(items):
    surface = skia.Surface(WIDTH, HEIGHT)
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorBLACK)
    paint = skia.Paint(AntiAlias=True)
    for x, y, r, (red, green, blue) in items:
        paint.setColor4f(skia.Color4f(red, green, blue, 0.6))
        canvas.drawCircle(x, y, r, paint)
    surface.flushAndSubmit()


def skia_cover(side):
    g = cover_geometry(side)
    surface = skia.Surface(side, side)
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorBLACK)
    stroke = skia.Paint(AntiAlias=True, Style=skia.Paint.kStroke_Style, StrokeWidth=g["line"], Color=skia.ColorWHITE)
    canvas.drawLine(*g["beam"][0], *g["beam"][1], stroke)
    shader = skia.GradientShader.MakeLinear([skia.Point(0.45 * side, 0.5 * side), skia.Point(0.55 * side, 0.5 * side)],
                                            [skia.ColorWHITE, skia.ColorBLACK])
    canvas.drawPath(skia_polygon(g["dispersion"]), skia.Paint(AntiAlias=True, Shader=shader))
    for points, (r, gr, b) in zip(g["slices"], RAINBOW):
        canvas.drawPath(skia_polygon(points), skia.Paint(AntiAlias=True, Color4f=skia.Color4f(r, gr, b, 1)))
    canvas.drawPath(skia_polygon(g["prism"]), stroke)
    surface.flushAndSubmit()


def skia_polygon(points):
    path = skia.Path()
    path.moveTo(*points[0])
    for p in points[1:]:
        path.lineTo(*p)
    path.close()
    return path


def once_ms(work):
    start = time.perf_counter()
    work()
    return (time.perf_counter() - start) * 1000


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 7
    if "--runs" in sys.argv:
        args.remove(str(runs))
    imager = args[0] if args else ".build/release/imager-bench"
    workloads = {f"circles-{n}": circles(n) for n in (1000, 10000)}
    peers = {
        "cairo": {name: (lambda items=items: cairo_circles(items)) for name, items in workloads.items()},
        "skia": {name: (lambda items=items: skia_circles(items)) for name, items in workloads.items()},
    }
    peers["cairo"]["cover-2048"] = lambda: cairo_cover(2048)
    peers["skia"]["cover-2048"] = lambda: skia_cover(2048)
    samples = {tool: {name: [] for name in peers["cairo"]} for tool in ("ours", "cairo", "skia")}
    # In interleaved blocks of five, each after two runs to warm up (as `imager-bench raster` does), so that
    # the machine's drift touches all alike.
    for _ in range(max(1, runs // 5)):
        output = subprocess.run([imager, "raster", "--runs", "5"], check=True, capture_output=True, text=True)
        for line in output.stdout.splitlines():
            name, _median, _best, all_samples = line.split()
            if name in samples["ours"]:  # workloads only we run (the conversion to 4:2:0) have no peer
                samples["ours"][name] += [float(value) for value in all_samples.split(",")]
        for tool in ("cairo", "skia"):
            for name, work in peers[tool].items():
                work()
                work()
                samples[tool][name] += [once_ms(work) for _ in range(5)]
    print(f"{'workload':<16}{'ours ms':>10}{'cairo ms':>10}{'skia ms':>10}{'ours/cairo':>12}{'ours/skia':>11}")
    for name in peers["cairo"]:
        us, ca, sk = (statistics.median(samples[tool][name]) for tool in ("ours", "cairo", "skia"))
        print(f"{name:<16}{us:>10.2f}{ca:>10.2f}{sk:>10.2f}{us / ca:>12.2f}{us / sk:>11.2f}")


if __name__ == "__main__":
    main()
