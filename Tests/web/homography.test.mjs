// The corner-pin's homography: exact on known quadrilaterals, straight lines kept straight, the square's
// centre on the diagonals' crossing, and the inverse mapping every point back.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  applyHomogeneous, applyHomography, homographyFromCorners, invertHomography, sliceAtWindowPoint,
} from '../../Sources/WebClient/Web/view/homography.js';
import { isConvexQuad } from '../../Sources/WebClient/Web/shared/outputs.js';
import { random } from './seeded-random.mjs';

const SQUARE = [[0, 0], [1, 0], [1, 1], [0, 1]];
const PINNED = [[0.1, 0.15], [0.85, 0.05], [0.95, 0.9], [0.2, 0.75]];

function near(actual, expected, tolerance = 1e-12, what = '') {
  actual.forEach((value, i) => assert.ok(Math.abs(value - expected[i]) <= tolerance, `${what} ${actual} vs ${expected}`));
}

/** Where the lines a→b and c→d cross. */
function crossing([ax, ay], [bx, by], [cx, cy], [dx, dy]) {
  const t = ((cx - ax) * (dy - cy) - (cy - ay) * (dx - cx)) / ((bx - ax) * (dy - cy) - (by - ay) * (dx - cx));
  return [ax + t * (bx - ax), ay + t * (by - ay)];
}

/** A convex quadrilateral from `next`: four points jittered round a circle. */
function randomQuad(next) {
  for (;;) {
    const start = next() * Math.PI * 2;
    const quad = [0, 1, 2, 3].map((k) => {
      const angle = start + k * (Math.PI / 2) + (next() - 0.5) * 1.2, radius = 0.2 + next() * 0.3;
      return [0.5 + radius * Math.cos(angle), 0.5 + radius * Math.sin(angle)];
    });
    if (isConvexQuad(quad)) return quad;
  }
}

test('the unit square is the identity, a rectangle a scale and a shift', () => {
  near(homographyFromCorners(SQUARE), [1, 0, 0, 0, 1, 0, 0, 0, 1], 0);
  const m = homographyFromCorners([[0.25, 0.5], [0.75, 0.5], [0.75, 1], [0.25, 1]]);
  near(m, [0.5, 0, 0.25, 0, 0.5, 0.5, 0, 0, 1]);
  near(applyHomography(m, [0.5, 0.5]), [0.5, 0.75]);
});

test('a parallelogram is affine; a mirrored square flips', () => {
  const m = homographyFromCorners([[0.2, 0.1], [0.7, 0.2], [0.8, 0.9], [0.3, 0.8]]);
  near(m.slice(6), [0, 0, 1]);
  near(applyHomography(homographyFromCorners([[1, 0], [0, 0], [0, 1], [1, 1]]), [0.25, 0.5]), [0.75, 0.5]);
});

test('a perspective pin: corners exact, the centre where the diagonals cross, lines straight', () => {
  const m = homographyFromCorners(PINNED);
  SQUARE.forEach((corner, i) => near(applyHomography(m, corner), PINNED[i], 1e-14, `corner ${i}`));
  near(applyHomography(m, [0.5, 0.5]), crossing(PINNED[0], PINNED[2], PINNED[1], PINNED[3]), 1e-14, 'centre');
  // The line v = 0.3 stays a line: every image point on the line through the images of its ends.
  const [a, b] = [applyHomography(m, [0, 0.3]), applyHomography(m, [1, 0.3])];
  for (const u of [0.1, 0.37, 0.5, 0.9]) {
    const [x, y] = applyHomography(m, [u, 0.3]);
    assert.ok(Math.abs((b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0])) < 1e-14);
  }
  // A keystone, the top edge wider than the bottom: the nearer, wider top half of the slice takes two thirds
  // of the height (the diagonals cross at 2/3).
  const keystone = homographyFromCorners([[0, 0], [1, 0], [0.75, 1], [0.25, 1]]);
  near(applyHomography(keystone, [0.5, 0.5]), [0.5, 2 / 3], 1e-14, 'keystone centre');
});

test('the inverse maps back, on seeded convex quadrilaterals', () => {
  const next = random(35);
  for (let n = 0; n < 300; n += 1) {
    const quad = randomQuad(next), m = homographyFromCorners(quad), inverse = invertHomography(m);
    quad.forEach((corner, i) => near(applyHomography(inverse, corner), SQUARE[i], 1e-9, 'corner back'));
    for (let k = 0; k < 10; k += 1) {
      const point = [next(), next()];
      near(applyHomography(inverse, applyHomography(m, point)), point, 1e-9, 'point back');
      near(sliceAtWindowPoint(quad, applyHomography(m, point)), point, 1e-9, 'window to slice');
    }
  }
});

test('a singular matrix has no inverse; beyond the horizon no slice point lands', () => {
  assert.equal(invertHomography([1, 2, 3, 2, 4, 6, 0, 0, 1]), null);
  assert.equal(invertHomography([NaN, 0, 0, 0, 1, 0, 0, 0, 1]), null);
  // A strong keystone: the slice's plane runs to a horizon above the window's top.
  const quad = [[0.45, 0], [0.55, 0], [1, 1], [0, 1]];
  const inverse = invertHomography(homographyFromCorners(quad));
  const horizonY = -inverse[8] / inverse[7];  // where the inverse's w is zero, on the line x = 0.5
  assert.ok(horizonY < 0);
  assert.equal(sliceAtWindowPoint(quad, [0.5, horizonY - 0.5]), null);
  assert.ok(sliceAtWindowPoint(quad, [0.5, 0.5]));
  assert.equal(applyHomogeneous(inverse, [0.5, horizonY])[2].toFixed(12), (0).toFixed(12));
});
