// The perspective map of an output's corner-pin: the 3 × 3 matrix (a homography) taking the unit square —
// the slice, (u, v) from its top-left — onto the four corners in the window, and back. A matrix is nine
// numbers row by row, [a, b, c, d, e, f, g, h, i]: (u, v) goes to ((a u + b v + c) / w, (d u + e v + f) / w)
// with w = g u + h v + i. No DOM here.

/**
 * The homography taking the unit square's corners (0, 0), (1, 0), (1, 1), (0, 1) onto `corners` (four
 * `[x, y]`, in that order; a convex quadrilateral), its last entry 1 (Heckbert's square-to-quad, 1989).
 */
export function homographyFromCorners(corners) {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = corners;
  const sx = x0 - x1 + x2 - x3, sy = y0 - y1 + y2 - y3;
  const dx1 = x1 - x2, dx2 = x3 - x2, dy1 = y1 - y2, dy2 = y3 - y2;
  const denominator = dx1 * dy2 - dx2 * dy1;
  // A parallelogram has sx = sy = 0 and so g = h = 0: the map is affine.
  const g = (sx * dy2 - dx2 * sy) / denominator, h = (dx1 * sy - sx * dy1) / denominator;
  return [
    x1 - x0 + g * x1, x3 - x0 + h * x3, x0,
    y1 - y0 + g * y1, y3 - y0 + h * y3, y0,
    g, h, 1,
  ];
}

/** The inverse of a homography (its adjugate over its determinant), or null when it has none. */
export function invertHomography(m) {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h, B = f * g - d * i, C = d * h - e * g;
  const determinant = a * A + b * B + c * C;
  if (!Number.isFinite(determinant) || determinant === 0) return null;
  const s = 1 / determinant;
  return [
    A * s, (c * h - b * i) * s, (b * f - c * e) * s,
    B * s, (a * i - c * g) * s, (c * d - a * f) * s,
    C * s, (b * g - a * h) * s, (a * e - b * d) * s,
  ];
}

/** The homogeneous image `[X, Y, W]` of the point `[x, y]` (divide by W for the point). */
export function applyHomogeneous(m, [x, y]) {
  return [m[0] * x + m[1] * y + m[2], m[3] * x + m[4] * y + m[5], m[6] * x + m[7] * y + m[8]];
}

/** The image `[x, y]` of the point `[x, y]` under `m` (non-finite where the point goes to infinity). */
export function applyHomography(m, point) {
  const [X, Y, W] = applyHomogeneous(m, point);
  return [X / W, Y / W];
}

/**
 * The point of the slice (`[u, v]`, 0…1 inside it) that the window point `[x, y]` shows through the
 * corner-pin `corners`, or null where no point of the slice's plane lands (beyond the horizon the pin
 * makes). Points outside the quadrilateral give `u` or `v` outside 0…1.
 */
export function sliceAtWindowPoint(corners, point) {
  const forward = homographyFromCorners(corners), inverse = invertHomography(forward);
  if (!inverse) return null;
  const [U, V, W] = applyHomogeneous(inverse, point);
  // The slice's plane lies where the inverse's w has the sign it has inside the quadrilateral.
  const centre = applyHomogeneous(inverse, applyHomography(forward, [0.5, 0.5]))[2];
  if (!(W * centre > 0)) return null;
  return [U / W, V / W];
}
