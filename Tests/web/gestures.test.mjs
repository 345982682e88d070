// Taps and strokes on the canvas, and where a point lands on the 16:9 canvas area.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { clampToCanvas, fitCanvasArea, fractionAt, isOnCanvas, pixelArea } from '../../Sources/WebClient/Web/view/canvas-area.js';
import { GestureTracker, MAX_STROKE_POINTS, thinPoints } from '../../Sources/WebClient/Web/view/gestures.js';

test('the canvas area fills a 16:9 window and is centred in others', () => {
  assert.deepEqual(fitCanvasArea(1920, 1080), { x: 0, y: 0, width: 1920, height: 1080, scale: 1080 });
  assert.deepEqual(fitCanvasArea(2000, 1080), { x: 40, y: 0, width: 1920, height: 1080, scale: 1080 });
  assert.deepEqual(fitCanvasArea(1920, 1200), { x: 0, y: 60, width: 1920, height: 1080, scale: 1080 });
});

test('points become fractions of the canvas area, not of the window', () => {
  const area = fitCanvasArea(1920, 1200);
  assert.deepEqual(fractionAt(960, 600, area), { x: 0.5, y: 0.5 });
  assert.deepEqual(fractionAt(0, 60, area), { x: 0, y: 0 });
  assert.equal(isOnCanvas(fractionAt(10, 30, area)), false);
  assert.deepEqual(clampToCanvas({ x: -0.2, y: 1.5 }), { x: 0, y: 1 });
  assert.deepEqual(pixelArea({ x: 10.4, y: 0.6, width: 100.4, height: 50 }), { x: 10, y: 1, width: 101, height: 50 });
});

test('a touch that stays put is a tap where it went down', () => {
  const tracker = new GestureTracker();
  tracker.begin({ x: 0.25, y: 0.5 });
  tracker.move({ x: 0.252, y: 0.502 });
  assert.deepEqual(tracker.end({ x: 0.252, y: 0.502 }), { type: 'tap', at: { x: 0.25, y: 0.5 }, velocity: 1 });
  assert.equal(tracker.active, false);
});

test('a touch that travels is a stroke through its points', () => {
  const tracker = new GestureTracker();
  tracker.begin({ x: 0.1, y: 0.1 });
  tracker.move({ x: 0.2, y: 0.1 });
  const stroke = tracker.end({ x: 0.3, y: 0.2 });
  assert.deepEqual(stroke, { type: 'stroke', points: [{ x: 0.1, y: 0.1 }, { x: 0.2, y: 0.1 }, { x: 0.3, y: 0.2 }], velocity: 1 });
  assert.equal(tracker.end({ x: 0, y: 0 }), null, 'nothing once it has ended');
});

test('a long stroke is thinned to 256 points, first and last kept', () => {
  const tracker = new GestureTracker();
  tracker.begin({ x: 0, y: 0 });
  for (let i = 1; i <= 1000; i += 1) tracker.move({ x: i / 1000, y: (i % 7) / 7 });
  const { points } = tracker.end();
  assert.equal(points.length, MAX_STROKE_POINTS);
  assert.deepEqual(points[0], { x: 0, y: 0 });
  assert.deepEqual(points.at(-1), { x: 1, y: (1000 % 7) / 7 });
  assert.deepEqual(thinPoints([1, 2, 3], 5), [1, 2, 3]);
  assert.deepEqual(thinPoints([1, 2, 3, 4, 5], 3), [1, 3, 5]);
});
