// The stage's picture in the Fixtures panel: fixtures as shapes in the picture's 16:9 units, moved by a drag
// or the arrow keys and kept on the stage whole.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  KEY_STEP, LARGE_STEP, VIEW, centreOf, dragMove, isDrag, keyMove, labelAt, movedBy, samePlace, shapeOf,
} from '../../Sources/WebClient/Web/console/fixtures/fixtures-geometry.js';

const PAR = Object.freeze({ name: 'Par 1', universe: 1, address: 1, kind: 'rgb', point: { x: 0.25, y: 0.5 }, gamma: 2.2, level: 1 });
const WASH = Object.freeze({ name: 'Wash', universe: 1, address: 4, kind: 'rgbw', area: { x: 0.6, y: 0.1, width: 0.3, height: 0.4 } });
const STRIP = Object.freeze({ name: 'Strip', universe: 1, address: 8, kind: 'rgb', strip: { from: { x: 0.1, y: 0.9 }, to: { x: 0.8, y: 0.7 }, pixels: 60 } });
const close = (actual, expected) => {
  for (const key of Object.keys(expected)) assert.ok(Math.abs(actual[key] - expected[key]) < 1e-9, `${key}: ${actual[key]} ≠ ${expected[key]}`);
};

test('the picture is the stage at 16:9: points, areas and strips in its units', () => {
  assert.equal(VIEW.width / VIEW.height, 16 / 9);
  assert.deepEqual(shapeOf(PAR), { kind: 'point', x: 400, y: 450 });
  close(shapeOf(WASH), { x: 960, y: 90, width: 480, height: 360 });
  close(shapeOf(STRIP), { x1: 160, y1: 810, x2: 1280, y2: 630, pixels: 60 });
  assert.equal(shapeOf({ name: 'nowhere' }), null);
  close(centreOf(WASH), { x: 0.75, y: 0.3 });
  close(centreOf(STRIP), { x: 0.45, y: 0.8 });
  // A name stays inside the picture, even beside a point at its edge.
  const label = labelAt({ ...PAR, point: { x: 1, y: 0 } });
  assert.ok(label.x <= VIEW.width && label.y >= 0 && label.y <= VIEW.height, JSON.stringify(label));
});

test('a point moves and stops at the stage\'s edges', () => {
  assert.deepEqual(movedBy(PAR, 0.1, -0.2).point, { x: 0.35, y: 0.3 });
  assert.deepEqual(movedBy(PAR, 2, -2).point, { x: 1, y: 0 });
  const moved = movedBy(PAR, 0.1, 0);
  assert.deepEqual({ ...moved, point: null }, { ...PAR, point: null }, 'its other fields unchanged');
  assert.deepEqual(PAR.point, { x: 0.25, y: 0.5 }, 'the fixture given is left as it was');
  assert.deepEqual(movedBy(PAR, 1 / 3, 0).point, { x: 0.5833, y: 0.5 }, 'kept to four decimals');
});

test('an area and a strip move whole, stopping when an edge of theirs reaches the stage\'s', () => {
  close(movedBy(WASH, 0.05, 0.05).area, { x: 0.65, y: 0.15, width: 0.3, height: 0.4 });
  close(movedBy(WASH, 0.5, -0.5).area, { x: 0.7, y: 0, width: 0.3, height: 0.4 });
  close(movedBy(WASH, -1, 1).area, { x: 0, y: 0.6, width: 0.3, height: 0.4 });
  const strip = movedBy(STRIP, 0.5, 0.5).strip;
  close(strip.from, { x: 0.3, y: 1 });
  close(strip.to, { x: 1, y: 0.8 });
  assert.equal(strip.pixels, 60);
  const left = movedBy(STRIP, -0.5, -0.9).strip;
  close(left.from, { x: 0, y: 0.2 });
  close(left.to, { x: 0.7, y: 0 });
});

test('the arrow keys: a small step, a larger one with shift, nothing with ctrl, alt or meta', () => {
  assert.deepEqual(keyMove({ key: 'ArrowRight' }), { dx: KEY_STEP, dy: 0 });
  assert.deepEqual(keyMove({ key: 'ArrowUp' }), { dx: 0, dy: -KEY_STEP });
  assert.deepEqual(keyMove({ key: 'ArrowDown', shiftKey: true }), { dx: 0, dy: LARGE_STEP });
  assert.deepEqual(keyMove({ key: 'ArrowLeft', shiftKey: true }), { dx: -LARGE_STEP, dy: 0 });
  assert.equal(keyMove({ key: 'ArrowLeft', ctrlKey: true }), null);
  assert.equal(keyMove({ key: 'ArrowLeft', altKey: true }), null);
  assert.equal(keyMove({ key: 'b' }), null);
  assert.ok(KEY_STEP > 0 && KEY_STEP <= 0.01 && LARGE_STEP > KEY_STEP);
});

test('a drag: the pointer\'s move as a share of the picture, begun past a few pixels', () => {
  const box = { width: 320, height: 180 };
  assert.deepEqual(dragMove({ x: 100, y: 100 }, { x: 164, y: 55 }, box), { dx: 0.2, dy: -0.25 });
  assert.deepEqual(dragMove({ x: 0, y: 0 }, { x: 10, y: 10 }, { width: 0, height: 0 }), { dx: 0, dy: 0 });
  assert.equal(isDrag({ x: 10, y: 10 }, { x: 12, y: 11 }), false, 'a tap that wobbles');
  assert.equal(isDrag({ x: 10, y: 10 }, { x: 14, y: 10 }), true);
});

test('the same place, whatever order the server wrote the numbers in', () => {
  const reordered = { ...WASH, area: { height: 0.4, width: 0.3, y: 0.1, x: 0.6 } };
  assert.ok(samePlace(WASH, reordered));
  assert.ok(!samePlace(WASH, movedBy(WASH, 0.01, 0)));
  assert.ok(!samePlace(PAR, WASH));
});
