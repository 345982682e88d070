// Mipmap levels of a form's picture: the red channel, then 2 × 2 averages.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { halve, redChannel } from '../../Sources/WebClient/Web/view/coverage-levels.js';

test('the coverage is the red channel of white drawn on black', () => {
  assert.deepEqual(Array.from(redChannel(new Uint8Array([255, 255, 255, 255, 128, 128, 128, 255]))), [255, 128]);
});

test('each level is the rounded mean of four pixels, down to one pixel', () => {
  const four = new Uint8Array([
    255, 255, 0, 0,
    255, 255, 0, 1,
    10, 20, 0, 0,
    30, 41, 0, 0,
  ]);
  const two = halve(four, 4);
  assert.deepEqual(Array.from(two), [255, 0, 25, 0]);
  const one = halve(two, 2);
  assert.deepEqual(Array.from(one), [70]);
  assert.deepEqual(Array.from(halve(one, 1)), [70]);
});
