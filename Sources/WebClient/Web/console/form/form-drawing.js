// Drawing a form's outline (as the engine gives it) into a 2D canvas context, whole or part-drawn: the form
// panel's gallery and preview. A form is placed as the engine places a lumi's (sx = size·(1 + morph),
// sy = size·(1 − morph)); a stroke width above 0 draws its outline, 0 fills it; a line or a prism is always
// stroked. Part-drawn, the outline is traced by arc length; the prism's in the stages of seed 004.

import { prismStages, trimContours, trimStaged } from './trimmed-path.js';

/** A colour from hue, saturation and value (each 0…1; hue wraps), as `HSVColor.rgb` (hexcone), as CSS. */
export function hsvToCSS(hue, saturation, value) {
  const h = (((hue % 1) + 1) % 1) * 6;
  const s = Math.min(Math.max(saturation, 0), 1);
  const v = Math.min(Math.max(value, 0), 1);
  const sector = Math.floor(h) % 6;
  const f = h - Math.floor(h);
  const p = v * (1 - s);
  const q = v * (1 - s * f);
  const t = v * (1 - s * (1 - f));
  const [r, g, b] = [[v, t, p], [q, v, p], [p, v, t], [p, q, v], [t, p, v], [v, p, q]][sector];
  const byte = (x) => Math.round(x * 255);
  return `rgb(${byte(r)}, ${byte(g)}, ${byte(b)})`;
}

/** A lumi's colour at its features' base values (white when it has none). */
export function lumiColor(lumi) {
  const f = lumi?.features;
  if (!f) return '#ffffff';
  return hsvToCSS(f.hue?.base ?? 0, f.saturation?.base ?? 0, f.brightness?.base ?? 1);
}

function tracePath(contours, map) {
  const path = new Path2D();
  for (const contour of contours) {
    const p = contour.points;
    if (p.length < 2) continue;
    const [x0, y0] = map(p[0], p[1]);
    path.moveTo(x0, y0);
    if (p.length === 2) path.lineTo(x0 + 0.01, y0);
    for (let i = 2; i + 1 < p.length; i += 2) {
      const [x, y] = map(p[i], p[i + 1]);
      path.lineTo(x, y);
    }
    if (contour.closed) path.closePath();
  }
  return path;
}

/** The stroke width a stroke-only form (line, prism) is drawn with when its lumi says 0, as the engine's scene. */
export const STROKE_ONLY_WIDTH = 0.04;

/**
 * Draws `outline` (`{strokeOnly, contours}`) centred at (cx, cy), `size` pixels across, at `progress` (0…1)
 * of its animated drawing, as the engine draws a lumi: filled in its colour, or stroked when its stroke
 * width (0…0.5 of the size) is above 0 or the form is stroke-only. Options: `color`, `morph` (−0.9…0.9),
 * `strokeWidth`, `prism` (time the drawing by the prism drawing's stages, seed 004: prism, beam,
 * dispersion, rainbow — by its paths' painting order, however many the engine gives).
 */
export function drawOutline(context, outline, { cx, cy, size, color = '#ffffff', morph = 0, strokeWidth = 0, progress = 1, prism = false }) {
  const contours = outline?.contours ?? [];
  const sx = size * (1 + morph);
  const sy = size * (1 - morph);
  const map = (x, y) => [cx + x * sx, cy + y * sy];
  const width = strokeWidth > 0 ? strokeWidth : outline?.strokeOnly ? STROKE_ONLY_WIDTH : 0;
  context.save();
  context.lineJoin = 'round';
  context.lineCap = 'round';
  context.strokeStyle = color;
  context.fillStyle = color;
  context.lineWidth = Math.max(width * size, 1);
  if (progress >= 1 && width === 0) {
    context.fill(tracePath(contours, map), 'nonzero');
  } else if (progress >= 1) {
    context.stroke(tracePath(contours, map));
  } else {
    const stages = prism ? prismStages(contours.length) : null;
    const parts = stages ? trimStaged(contours, progress, stages).map(({ contour }) => contour) : trimContours(contours, progress);
    context.stroke(tracePath(parts, map));
  }
  context.restore();
}
