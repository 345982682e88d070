// Where the stage lies in the picture a canvas draws it into: Main letterboxed in the drawing buffer as
// ever; a slice over the whole of an offscreen picture at its own aspect, the stage hanging over its edges.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { CANVAS_ASPECT, fitCanvasArea, glPixelBox, pixelArea } from '../../Sources/WebClient/Web/view/canvas-area.js';
import {
  sameSlice, sliceArea, sliceAspect, sliceTargetSize, stageFractionOfSlice, stageHeightInPixels, stagePlacement, stageSizes,
} from '../../Sources/WebClient/Web/view/stage-slice.js';

const WHOLE = { x: 0, y: 0, width: 1, height: 1 };
const LEFT = { x: 0, y: 0, width: 0.6, height: 1 };

test('the whole stage as a slice is Main placed in a 16:9 picture', () => {
  assert.deepEqual(sliceArea(1920, 1080, WHOLE), fitCanvasArea(1920, 1080));
  assert.equal(stagePlacement(null), fitCanvasArea);
  assert.deepEqual(stagePlacement(WHOLE)(1280, 720), fitCanvasArea(1280, 720));
});

test('a slice covers the whole picture, the stage hanging over its edges', () => {
  const slice = { x: 0.25, y: 0.5, width: 0.5, height: 0.5 }, area = sliceArea(800, 450, slice);
  assert.deepEqual(area, { x: -400, y: -450, width: 1600, height: 900, scale: 900 });
  // The slice's corners land on the picture's.
  assert.equal(area.x + slice.x * area.width, 0);
  assert.equal(area.x + (slice.x + slice.width) * area.width, 800);
  assert.equal(area.y + (slice.y + slice.height) * area.height, 450);
  assert.deepEqual(glPixelBox(area, 800, 450), { x: 0, y: 0, width: 800, height: 450 });
});

test('in GL window coordinates a box inside the picture is the pixel area turned upside down', () => {
  const area = fitCanvasArea(1920, 1200), box = pixelArea(area);
  assert.deepEqual(glPixelBox(area, 1920, 1200), { x: box.x, y: 1200 - (box.y + box.height), width: box.width, height: box.height });
});

test('the slice target has about the window\'s pixels at the slice\'s aspect, within bounds', () => {
  assert.equal(sliceAspect(LEFT), 0.6 * CANVAS_ASPECT);
  const size = sliceTargetSize(1280 * 720, LEFT);
  assert.ok(Math.abs(size.width / size.height - 0.6 * CANVAS_ASPECT) < 0.01);
  assert.ok(Math.abs(size.width * size.height / (1280 * 720) - 1) < 0.01);
  const thin = sliceTargetSize(1920 * 1080, { x: 0, y: 0, width: 0.001, height: 1 }, 4096);
  assert.ok(thin.height <= 4096 && thin.width >= 1);
  assert.deepEqual(sliceTargetSize(0, LEFT), { width: 1, height: 1 });
});

test('sizes: Main draws in the buffer; a slice in its target, the trails at their own resolution', () => {
  const device = { width: 1280, height: 720 };
  const main = stageSizes(device, { resolution: 0.5, trailResolution: 0.25 });
  assert.deepEqual(main, { buffer: { width: 640, height: 360 }, stage: { width: 640, height: 360 }, trail: { width: 320, height: 180 } });
  const left = stageSizes(device, { resolution: 1, trailResolution: 0.5 }, LEFT);
  assert.deepEqual(left.buffer, device);
  assert.deepEqual(left.stage, sliceTargetSize(1280 * 720, LEFT));
  assert.deepEqual(left.trail, sliceTargetSize(640 * 360, LEFT));
  assert.equal(stageHeightInPixels(device), 720);
  assert.equal(stageHeightInPixels(device, LEFT), left.stage.height);
});

test('slice points become stage points; slices compare by value', () => {
  assert.deepEqual(stageFractionOfSlice({ x: 0.4, y: 0.2, width: 0.6, height: 0.5 }, [0.5, 1]), { x: 0.7, y: 0.7 });
  assert.ok(sameSlice(null, null));
  assert.ok(!sameSlice(null, WHOLE));
  assert.ok(sameSlice({ ...LEFT }, LEFT));
  assert.ok(!sameSlice({ ...LEFT, width: 0.5 }, LEFT));
});
