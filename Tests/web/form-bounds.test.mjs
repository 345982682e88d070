// The rectangle an atlas form's instance is drawn on: round what the form covers, stroke included.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { formBounds } from '../../Sources/WebClient/Web/view/form-bounds.js';
import { STROKE_UNIT } from '../../Sources/WebClient/Web/shared/frames.js';

test('a line is a thin strip; a stroke widens the box by half its width on every side', () => {
  const line = [{ closed: false, points: Float64Array.from([-0.5, 0, 0.5, 0]) }];
  assert.deepEqual(formBounds(line, 0), [-0.5, 0, 0.5, 0]);
  const half = 20 / STROKE_UNIT / 2;
  assert.deepEqual(formBounds(line, 20), [-0.5 - half, -half, 0.5 + half, half]);
});

test('every contour counts; no points, no box', () => {
  const contours = [
    { closed: true, points: Float64Array.from([-0.1, -0.4, 0.2, 0.1]) },
    { closed: true, points: Float64Array.from([0.3, 0.35, -0.25, 0]) },
  ];
  assert.deepEqual(formBounds(contours, 0), [-0.25, -0.4, 0.3, 0.35]);
  assert.equal(formBounds([], 0), null);
  assert.equal(formBounds([{ closed: false, points: new Float64Array(0) }], 5), null);
});
