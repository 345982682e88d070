#!/usr/bin/env python3
"""The rasterizer against Blend2D, cairo and Skia, in one run on this machine, as ratios.

Draws the same workloads with Blend2D (PyPI blend2d-python: the whole Blend2D API, with strokes, gradients and
the plus operator; its context single-threaded, as it is by default), pycairo and skia-python that
`imager-bench raster` draws with our Swift rasterizer, one core each:
- 1,000 and 10,000 random circles (radius 4–40 px, random HSV colours, alpha 0.6, source-over) at 1920×1080;
- the prism cover at 2048×2048;
- the lumis' own shapes: the frame with the most lumis of each factory chordset's demo (stars, roses, rings,
  strokes, painted over and added), and a busy passage's frames (Tests/fixtures/full-stage every quarter of a
  second), each a list of paths, transforms, colours, blends and strokes that `imager-bench raster --drawings`
  writes as JSON, lumis alone (no trails), at 1920×1080. Each peer's paths are made before the clock starts.
Prints medians and ratios (ours over each peer's: below 1 is faster than the peer).

Usage: bench/raster_peers.py [IMAGER_BENCH] [--runs N]   (IMAGER_BENCH defaults to .build/release/imager-bench; N rounds to blocks of 5)
"""
import colorsys
import math
import statistics
import json
import pathlib
import subprocess
import sys
import tempfile
import time

import blend2d
import cairo
import skia

from darkside_reference import RAINBOW, cairo_cover, cover_geometry

WIDTH, HEIGHT = 1920, 1080
MASK = (1 << 64) - 1


def circles(count, radius=None):
    """The same circles as BenchmarkCircles.make in Swift: SplitMix64 seeded with 42; all of `radius` when given."""
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
        result.append((x, y, radius or r, colorsys.hsv_to_rgb(h, s, v)))
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


def paint_cover(side, stroke_line, fill_gradient, fill, stroke_polygon):
    """The prism cover's recipe (as darkside_reference.cairo_cover draws it), through one peer's calls: the beam
    stroked, the dispersion filled white to black across, the six slices in the rainbow's colours, the prism stroked."""
    g = cover_geometry(side)
    stroke_line(g["beam"], g["line"])
    fill_gradient(g["dispersion"], (0.45 * side, 0.5 * side), (0.55 * side, 0.5 * side))
    for points, color in zip(g["slices"], RAINBOW):
        fill(points, color)
    stroke_polygon(g["prism"], g["line"])


def skia_cover(side):
    surface = skia.Surface(side, side)
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorBLACK)

    def stroke(width):
        return skia.Paint(AntiAlias=True, Style=skia.Paint.kStroke_Style, StrokeWidth=width, Color=skia.ColorWHITE)

    def fill_gradient(points, start, end):
        shader = skia.GradientShader.MakeLinear([skia.Point(*start), skia.Point(*end)], [skia.ColorWHITE, skia.ColorBLACK])
        canvas.drawPath(skia_polygon(points), skia.Paint(AntiAlias=True, Shader=shader))
    paint_cover(
        side, lambda line, width: canvas.drawLine(*line[0], *line[1], stroke(width)), fill_gradient,
        lambda points, color: canvas.drawPath(skia_polygon(points), skia.Paint(AntiAlias=True, Color4f=skia.Color4f(*color, 1))),
        lambda points, width: canvas.drawPath(skia_polygon(points), stroke(width)))
    surface.flushAndSubmit()


def skia_polygon(points):
    return skia_path(polygon_elements(points))


def skia_path(elements):
    path = skia.Path()
    element_calls(elements, path.moveTo, path.lineTo, path.quadTo, path.cubicTo, path.close)
    return path


def blend2d_context(width, height, background):
    image = blend2d.BLImage(width, height)
    ctx = blend2d.BLContext(image)
    ctx.comp_op = blend2d.BLCompOp.SRC_COPY
    ctx.set_fill_style((*background, 1.0))
    ctx.fill_all()
    ctx.comp_op = blend2d.BLCompOp.SRC_OVER
    return image, ctx


def blend2d_circles(items):
    image, ctx = blend2d_context(WIDTH, HEIGHT, (0.0, 0.0, 0.0))
    for x, y, r, (red, green, blue) in items:
        ctx.set_fill_style((red, green, blue, 0.6))
        ctx.fill_circle(x, y, r)
    ctx.flush()


def blend2d_cover(side):
    image, ctx = blend2d_context(side, side, (0.0, 0.0, 0.0))
    ctx.set_stroke_style((1.0, 1.0, 1.0, 1.0))

    def stroke(path, width):
        ctx.stroke_width = width
        ctx.stroke_path(path)

    def fill(points, style):
        ctx.set_fill_style(style)
        ctx.fill_path(blend2d_polygon(points))

    def fill_gradient(points, start, end):
        gradient = blend2d.create_linear_gradient(*start, *end)
        gradient.add_stop(0, (1.0, 1.0, 1.0, 1.0))
        gradient.add_stop(1, (0.0, 0.0, 0.0, 1.0))
        fill(points, gradient)
    paint_cover(
        side, lambda line, width: stroke(blend2d_path([["M", *line[0]], ["L", *line[1]]]), width), fill_gradient,
        lambda points, color: fill(points, (*color, 1.0)), lambda points, width: stroke(blend2d_polygon(points), width))
    ctx.flush()


def blend2d_polygon(points):
    return blend2d_path(polygon_elements(points))


def blend2d_path(elements):
    path = blend2d.BLPath()
    element_calls(elements, path.move_to, path.line_to, path.quadric_to, path.cubic_to, path.close)
    return path


# The drawings: each peer's paths made once, then the shapes drawn in order over the background.

def element_calls(path, move, line, quad, cubic, close):
    """Replays a path's elements as the JSON has them (["M", x, y], ["L", …], ["Q", cx, cy, x, y], ["C", …], ["Z"])."""
    for element in path:
        {"M": move, "L": line, "Q": quad, "C": cubic, "Z": close}[element[0]](*element[1:])


def polygon_elements(points):
    return [["M", *points[0]], *(["L", *p] for p in points[1:]), ["Z"]]


def blend2d_drawings(drawings):
    path_of = blend2d_path
    blends = {"sourceOver": blend2d.BLCompOp.SRC_OVER, "additive": blend2d.BLCompOp.PLUS,
              "screen": blend2d.BLCompOp.SCREEN, "multiply": blend2d.BLCompOp.MULTIPLY}
    prepared = [(d, [path_of(p) for p in d["paths"]],
                 [(blend2d.Matrix2D(*s["matrix"]), tuple(s["color"]), blends[s["blend"]], s["path"], s["stroke"]) for s in d["shapes"]])
                for d in drawings]

    def draw():
        for drawing, paths, shapes in prepared:
            image, ctx = blend2d_context(drawing["width"], drawing["height"], tuple(drawing["background"]))
            ctx.stroke_join = blend2d.BLStrokeJoin.JOIN_ROUND
            for matrix, color, blend, path, stroke in shapes:
                ctx.reset_transform()
                ctx.transform(matrix)
                ctx.comp_op = blend
                if stroke > 0:
                    ctx.stroke_width = stroke
                    ctx.set_stroke_style(color)
                    ctx.stroke_path(paths[path])
                else:
                    ctx.set_fill_style(color)
                    ctx.fill_path(paths[path])
            ctx.flush()
    return draw


def cairo_drawings(drawings):
    scratch = cairo.Context(cairo.ImageSurface(cairo.FORMAT_ARGB32, 1, 1))

    def path_of(elements):
        scratch.new_path()

        def quad(cx, cy, x, y):  # cairo has cubics only: the same curve, raised
            x0, y0 = scratch.get_current_point()
            scratch.curve_to(x0 + 2 / 3 * (cx - x0), y0 + 2 / 3 * (cy - y0), x + 2 / 3 * (cx - x), y + 2 / 3 * (cy - y), x, y)
        element_calls(elements, scratch.move_to, scratch.line_to, quad, scratch.curve_to, scratch.close_path)
        return scratch.copy_path()
    blends = {"sourceOver": cairo.OPERATOR_OVER, "additive": cairo.OPERATOR_ADD,
              "screen": cairo.OPERATOR_SCREEN, "multiply": cairo.OPERATOR_MULTIPLY}
    prepared = [(d, [path_of(p) for p in d["paths"]],
                 [(cairo.Matrix(*s["matrix"]), tuple(s["color"]), blends[s["blend"]], s["path"], s["stroke"]) for s in d["shapes"]])
                for d in drawings]

    def draw():
        for drawing, paths, shapes in prepared:
            surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, drawing["width"], drawing["height"])
            ctx = cairo.Context(surface)
            ctx.set_source_rgb(*drawing["background"])
            ctx.paint()
            ctx.set_line_join(cairo.LINE_JOIN_ROUND)
            for matrix, color, blend, path, stroke in shapes:
                ctx.set_matrix(matrix)
                ctx.new_path()
                ctx.append_path(paths[path])
                ctx.set_operator(blend)
                ctx.set_source_rgba(*color)
                if stroke > 0:
                    ctx.set_line_width(stroke)
                    ctx.stroke()
                else:
                    ctx.fill()
            surface.flush()
    return draw


def skia_drawings(drawings):
    path_of = skia_path
    blends = {"sourceOver": skia.BlendMode.kSrcOver, "additive": skia.BlendMode.kPlus,
              "screen": skia.BlendMode.kScreen, "multiply": skia.BlendMode.kMultiply}

    def paint_of(shape):
        paint = skia.Paint(AntiAlias=True, Color4f=skia.Color4f(*shape["color"]), BlendMode=blends[shape["blend"]])
        if shape["stroke"] > 0:
            paint.setStyle(skia.Paint.kStroke_Style)
            paint.setStrokeWidth(shape["stroke"])
            paint.setStrokeJoin(skia.Paint.kRound_Join)
        return paint

    def matrix_of(m):
        a, b, c, d, tx, ty = m
        return skia.Matrix.MakeAll(a, c, tx, b, d, ty, 0, 0, 1)
    prepared = [(d, [path_of(p) for p in d["paths"]], [(matrix_of(s["matrix"]), paint_of(s), s["path"]) for s in d["shapes"]])
                for d in drawings]

    def draw():
        for drawing, paths, shapes in prepared:
            surface = skia.Surface(drawing["width"], drawing["height"])
            canvas = surface.getCanvas()
            canvas.clear(skia.Color4f(*drawing["background"], 1))
            for matrix, paint, path in shapes:
                canvas.setMatrix(matrix)
                canvas.drawPath(paths[path], paint)
            surface.flushAndSubmit()
    return draw


def once_ms(work):
    start = time.perf_counter()
    work()
    return (time.perf_counter() - start) * 1000


PEERS = ("blend2d", "cairo", "skia")
PASSAGE = pathlib.Path(__file__).resolve().parents[1] / "Tests" / "fixtures" / "full-stage" / "performance.json"


def ours(imager, folder):
    """One block of our samples: five of each workload, after two runs to warm up."""
    output = subprocess.run([imager, "raster", "--runs", "5", "--passage", str(PASSAGE), "--drawings", folder],
                            check=True, capture_output=True, text=True)
    for line in output.stdout.splitlines():
        name, _median, _best, all_samples = line.split()
        yield name, [float(value) for value in all_samples.split(",")]


def peer_workloads(folder):
    workloads = {f"circles-{n}": circles(n) for n in (1000, 10000)}
    drawings = {name: json.loads((pathlib.Path(folder) / f"{name}.json").read_text()) for name in ("lumis", "busy")}
    peers = {
        "blend2d": {name: (lambda items=items: blend2d_circles(items)) for name, items in workloads.items()},
        "cairo": {name: (lambda items=items: cairo_circles(items)) for name, items in workloads.items()},
        "skia": {name: (lambda items=items: skia_circles(items)) for name, items in workloads.items()},
    }
    for tool, cover, draw in (("blend2d", blend2d_cover, blend2d_drawings), ("cairo", cairo_cover, cairo_drawings),
                              ("skia", skia_cover, skia_drawings)):
        peers[tool]["cover-2048"] = lambda cover=cover: cover(2048)
        for name, listed in drawings.items():
            peers[tool][name] = draw(listed)
    return peers


def arguments(flag, default):
    """The command line's IMAGER_BENCH (.build/release/imager-bench when not given) and the number after `flag`."""
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    count = int(sys.argv[sys.argv.index(flag) + 1]) if flag in sys.argv else default
    if flag in sys.argv:
        args.remove(str(count))
    return (args[0] if args else ".build/release/imager-bench"), count


def main():
    imager, runs = arguments("--runs", 7)
    with tempfile.TemporaryDirectory() as folder:
        samples = {"ours": {}}
        peers = None
        # In interleaved blocks of five, each after two runs to warm up (as `imager-bench raster` does), so that
        # the machine's drift touches all alike.
        for _ in range(max(1, runs // 5)):
            for name, values in ours(imager, folder):
                samples["ours"].setdefault(name, []).extend(values)
            peers = peers or peer_workloads(folder)
            for tool in PEERS:
                for name, work in peers[tool].items():
                    work()
                    work()
                    samples.setdefault(tool, {}).setdefault(name, []).extend(once_ms(work) for _ in range(5))
    header = f"{'workload':<14}{'ours ms':>9}" + "".join(f"{tool + ' ms':>12}" for tool in PEERS)
    print(header + "".join(f"{'/' + tool:>10}" for tool in PEERS))
    for name in peers["cairo"]:
        us = statistics.median(samples["ours"][name])
        theirs = [statistics.median(samples[tool][name]) for tool in PEERS]
        print(f"{name:<14}{us:>9.2f}" + "".join(f"{t:>12.2f}" for t in theirs) + "".join(f"{us / t:>10.2f}" for t in theirs))
    print("(ours/peer: below 1 is faster than the peer; medians of one run, interleaved)")


if __name__ == "__main__":
    main()
