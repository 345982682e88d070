// How far a form's picture reaches, so that an instance drawn from the atlas is drawn on a rectangle round
// what it covers rather than on the whole square its layer shows: a line is a thin strip, not a square.
// No DOM or WebGL here.

import { STROKE_UNIT } from '../shared/frames.js';

/**
 * The rectangle `[minX, minY, maxX, maxY]` (in the form's units) holding every point of `contours` (a forms
 * entry's, `{ points: [x0, y0, …] }` each), widened by half the stroke when `strokeByte` > 0 (round joins
 * reach no further); null when there are no points.
 */
export function formBounds(contours, strokeByte) {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const { points } of contours) {
    for (let i = 0; i + 1 < points.length; i += 2) {
      minX = Math.min(minX, points[i]);
      maxX = Math.max(maxX, points[i]);
      minY = Math.min(minY, points[i + 1]);
      maxY = Math.max(maxY, points[i + 1]);
    }
  }
  if (minX > maxX) return null;
  const half = strokeByte > 0 ? strokeByte / STROKE_UNIT / 2 : 0;
  return [minX - half, minY - half, maxX + half, maxY + half];
}
