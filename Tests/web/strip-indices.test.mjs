// How runs of instances are drawn as index lists rather than instanced strips.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { MOST_SEGMENTS, Shape } from '../../Sources/WebClient/Web/view/analytic-forms.js';
import { shapeVertices } from '../../Sources/WebClient/Web/view/instance-shaders.js';
import {
  MOST_STRIP_VERTICES, VERTEX_BITS, indexRange, instanceIndices, stripTriangles,
} from '../../Sources/WebClient/Web/view/strip-indices.js';

test('a strip is cut into its triangles as the GPU cuts it, odd ones with their last two vertices swapped', () => {
  assert.deepEqual(stripTriangles(3), [0, 1, 2]);
  assert.deepEqual(stripTriangles(4), [0, 1, 2, 1, 3, 2]);
  assert.deepEqual(stripTriangles(6), [0, 1, 2, 1, 3, 2, 2, 3, 4, 3, 5, 4]);
  // Every triangle keeps the strip's winding: (0, 1, 2) and (1, 3, 2) of a square turn the same way.
  const square = [[0, 0], [1, 0], [0, 1], [1, 1]];
  const turn = ([a, b, c]) => Math.sign((square[b][0] - square[a][0]) * (square[c][1] - square[a][1])
    - (square[b][1] - square[a][1]) * (square[c][0] - square[a][0]));
  const corners = stripTriangles(4);
  assert.equal(turn(corners.slice(0, 3)), turn(corners.slice(3, 6)));
});

test('every strip the renderer draws fits the vertex bits', () => {
  const longest = shapeVertices(Shape.annulus, MOST_SEGMENTS);
  assert.ok(longest <= MOST_STRIP_VERTICES, `${longest} vertices`);
  assert.equal(MOST_STRIP_VERTICES, 2 ** VERTEX_BITS);
  assert.throws(() => stripTriangles(2), RangeError);
  assert.throws(() => stripTriangles(MOST_STRIP_VERTICES + 1), RangeError);
});

test('each instance\'s vertices are numbered by its slot, then its place in the strip', () => {
  const indices = instanceIndices(4, 3);
  assert.equal(indices.length, 3 * 6);
  assert.deepEqual([...indices.subarray(6, 12)], [64, 65, 66, 65, 67, 66]);
  for (let i = 0; i < indices.length; i += 1) assert.equal(indices[i] >> VERTEX_BITS, Math.floor(i / 6));
});

test('a run of instances is the stretch of the index list that holds them', () => {
  const vertices = 22, indices = instanceIndices(vertices, 10);
  const { offset, count } = indexRange(vertices, 3, 4);
  assert.equal(offset % 4, 0);
  const run = indices.subarray(offset / 4, offset / 4 + count);
  assert.equal(run.length, 4 * 3 * (vertices - 2));
  assert.deepEqual([...new Set([...run].map((index) => index >> VERTEX_BITS))], [3, 4, 5, 6]);
  assert.deepEqual([...new Set([...run].map((index) => index & (MOST_STRIP_VERTICES - 1)))].sort((a, b) => a - b),
    Array.from({ length: vertices }, (_, k) => k));
});
