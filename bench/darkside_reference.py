"""The prism cover of seed 004 drawn by cairo, from the seed's formulas written out again here: the
independent reference our rasterizer is held against (Tests/python) and timed against (bench/)."""
import math

import cairo


def cover_geometry(side, light=0.55, prism=0.4, dispersion=0.2, rainbow=0.15):
    """Seed 004's formulas, written out again here so the check is independent of our Swift."""
    s = side / 3
    h = s * math.sin(math.pi / 3)
    bottom = (side + h) / 2
    bl, br, top = (s, bottom), (2 * s, bottom), (side / 2, bottom - h)

    def along(f, a, b):
        return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)

    entry = along(prism, top, bl)
    beam = [(0, side * light), entry]
    disp = [entry, along(prism - dispersion / 2, top, br), along(prism + dispersion / 2, top, br)]
    slices = []
    for i in range(6):
        l0 = prism - dispersion / 2 + i * dispersion / 6
        r0 = light - rainbow / 2 + i * rainbow / 6
        slices.append([along(l0, top, br), (side, side * r0), (side, side * (r0 + rainbow / 6)),
                       along(l0 + dispersion / 6, top, br)])
    return {"prism": [bl, br, top], "beam": beam, "dispersion": disp, "slices": slices,
            "line": side * 2 / 512}


RAINBOW = [(1, 0.231, 0.188), (1, 0.584, 0), (1, 0.8, 0), (0.204, 0.78, 0.349), (0, 0.478, 1), (0.686, 0.322, 0.871)]


def cairo_cover(side):
    g = cover_geometry(side)
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, side, side)
    ctx = cairo.Context(surface)
    ctx.set_source_rgb(0, 0, 0)
    ctx.paint()
    ctx.set_line_width(g["line"])
    ctx.set_source_rgb(1, 1, 1)
    ctx.move_to(*g["beam"][0]); ctx.line_to(*g["beam"][1]); ctx.stroke()
    gradient = cairo.LinearGradient(0.45 * side, 0.5 * side, 0.55 * side, 0.5 * side)
    gradient.add_color_stop_rgb(0, 1, 1, 1)
    gradient.add_color_stop_rgb(1, 0, 0, 0)
    polygon(ctx, g["dispersion"]); ctx.set_source(gradient); ctx.fill()
    for points, color in zip(g["slices"], RAINBOW):
        polygon(ctx, points); ctx.set_source_rgb(*color); ctx.fill()
    polygon(ctx, g["prism"]); ctx.set_source_rgb(1, 1, 1); ctx.stroke()
    surface.flush()
    return surface


def polygon(ctx, points):
    ctx.move_to(*points[0])
    for p in points[1:]:
        ctx.line_to(*p)
    ctx.close_path()
