// The Outputs panel's pictures as arithmetic: the calibration picture's units against the window's and
// the page's pixels, the handles (corners, or a grid's points) moved and kept in the window, the grid made
// from the corners by their homography, and the slice moved, resized and read from its fields.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  LARGE_PIXELS, MARGIN, MIN_SLICE, VIEW, WINDOW_PICTURE, arrowPixels, gridCornerIndices, gridFromCorners, gridLines, handlePoint, handlesOf,
  homography, isDrag, movedHandle, movedSlice, nudgedHandle, pageToWindow, pixelSize, resizedSlice, sliceFields, sliceFromFields, sliceRect,
  toPicture, withGrid, withoutGrid,
} from '../../Sources/WebClient/Web/console/outputs/outputs-geometry.js';
import { defaultOutput } from '../../Sources/WebClient/Web/console/outputs/outputs-model.js';
import { isConvexQuad, validateOutput } from '../../Sources/WebClient/Web/shared/outputs.js';
import { random } from './seeded-random.mjs';

const LEFT = Object.freeze({ ...defaultOutput('Left'), corners: [[0.1, 0.05], [0.92, 0.1], [0.95, 0.9], [0.05, 0.97]] });
const near = (actual, expected, tolerance = 1e-9) => {
  assert.equal(actual.length, expected.length);
  actual.forEach((value, index) => assert.ok(Math.abs(value - expected[index]) <= tolerance, `${actual} ≠ ${expected}`));
};

test('the calibration picture: the window at 16:9 with a margin round it, and the page\'s pixels in window units', () => {
  assert.equal(VIEW.width / VIEW.height, 16 / 9);
  assert.deepEqual(WINDOW_PICTURE, { x: -MARGIN, y: -MARGIN, width: 1600 + 2 * MARGIN, height: 900 + 2 * MARGIN });
  assert.deepEqual(toPicture([0.25, 0.5]), { x: 400, y: 450 });
  // A picture 840 px wide, 490 tall at (100, 50): 0.5 CSS px per unit; the window starts 20 px in.
  const box = { left: 100, top: 50, width: 840, height: 490 };
  near(pageToWindow({ x: 120, y: 70 }, box), [0, 0]);
  near(pageToWindow({ x: 920, y: 520 }, box), [1, 1]);
  near(pageToWindow({ x: 520, y: 295 }, box), [0.5, 0.5]);
  near(pageToWindow({ x: 100, y: 50 }, box), [-MARGIN / 1600, -MARGIN / 900], 1e-12);
  const pixel = pixelSize(box);
  assert.ok(Math.abs(pixel.x - 1 / 800) < 1e-12 && Math.abs(pixel.y - 1 / 450) < 1e-12, JSON.stringify(pixel));
  // A picture with no size yet: nothing moves.
  assert.deepEqual(pageToWindow({ x: 5, y: 5 }, { left: 0, top: 0, width: 0, height: 0 }), [0, 0]);
  assert.deepEqual(pixelSize(null), { x: 0, y: 0 });
});

test('the handles: four corners, named for a person; with a grid every point, its outer four the corners', () => {
  const corners = handlesOf(LEFT);
  assert.deepEqual(corners.map((handle) => handle.label), ['Corner 1 of Left', 'Corner 2 of Left', 'Corner 3 of Left', 'Corner 4 of Left']);
  assert.deepEqual(corners.map((handle) => handle.key), ['c0', 'c1', 'c2', 'c3']);
  assert.deepEqual(handlePoint(LEFT, 'c2'), [0.95, 0.9]);
  assert.equal(handlePoint(LEFT, 'p3'), null);
  const gridded = withGrid(LEFT, 4, 3);
  const handles = handlesOf(gridded);
  assert.equal(handles.length, 12);
  assert.deepEqual(gridCornerIndices(4, 3), [0, 3, 11, 8]);
  assert.deepEqual(handles.filter((handle) => handle.corner !== null).map((handle) => [handle.index, handle.label]), [
    [0, 'Corner 1 of Left'], [3, 'Corner 2 of Left'], [8, 'Corner 4 of Left'], [11, 'Corner 3 of Left'],
  ]);
  assert.equal(handles[5].label, 'Point 2, 2 of Left');
  assert.deepEqual([handles[5].column, handles[5].row], [1, 1]);
});

test('a corner dragged moves, kept in the window; the output given is left as it was', () => {
  const moved = movedHandle(LEFT, 'c1', [0.8, 0.2]);
  assert.deepEqual(moved.corners, [[0.1, 0.05], [0.8, 0.2], [0.95, 0.9], [0.05, 0.97]]);
  assert.deepEqual(LEFT.corners[1], [0.92, 0.1]);
  assert.deepEqual(movedHandle(LEFT, 'c0', [-0.3, 1.7]).corners[0], [0, 1], 'clamped to the window');
  assert.deepEqual(movedHandle(LEFT, 'c0', [1 / 3, 2 / 3]).corners[0], [0.33333, 0.66667], 'kept to five decimals');
  assert.equal(movedHandle(LEFT, 'nothing', [0.5, 0.5]), LEFT);
  assert.equal(moved.grid, null);
  // Nudged by a pixel of a 800 px picture, and stopped at the window's edge.
  near(nudgedHandle(LEFT, 'c3', 1 / 800, 0).corners[3], [0.05125, 0.97]);
  assert.deepEqual(nudgedHandle(movedHandle(LEFT, 'c1', [1, 0]), 'c1', 0.01, -0.01).corners[1], [1, 0]);
});

test('a grid\'s corner moves the grid\'s point and the corner alike; an inner point moves alone', () => {
  const gridded = withGrid(LEFT, 3, 3);
  const cornered = movedHandle(gridded, 'p2', [0.9, 0.15]);
  assert.deepEqual(cornered.grid.points[2], [0.9, 0.15]);
  assert.deepEqual(cornered.corners[1], [0.9, 0.15]);
  assert.ok(validateOutput(cornered).output, validateOutput(cornered).error);
  const inner = movedHandle(gridded, 'p4', [0.52, 0.48]);
  assert.deepEqual(inner.grid.points[4], [0.52, 0.48]);
  assert.deepEqual(inner.corners, gridded.corners);
  const removed = withoutGrid(cornered);
  assert.equal(removed.grid, null);
  assert.deepEqual(removed.corners, cornered.corners, 'the corners stay where the grid\'s were');
});

test('the homography from the unit square: exact at the four corners, straight lines stay straight', () => {
  const quads = [
    [[0, 0], [1, 0], [1, 1], [0, 1]],
    [[0.1, 0.1], [0.6, 0.1], [0.7, 0.5], [0.2, 0.5]],  // a parallelogram: affine
    LEFT.corners,
    [[0.3, 0.2], [0.7, 0.25], [0.95, 0.95], [0.02, 0.8]],
  ];
  for (const corners of quads) {
    const map = homography(corners);
    near(map(0, 0), corners[0], 1e-12);
    near(map(1, 0), corners[1], 1e-12);
    near(map(1, 1), corners[2], 1e-12);
    near(map(0, 1), corners[3], 1e-12);
    // Three points of one line of the square stay on one line.
    const [a, b, c] = [map(0.2, 0.1), map(0.5, 0.4), map(0.8, 0.7)];
    const cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
    assert.ok(Math.abs(cross) < 1e-12, `collinear: ${cross}`);
  }
  // The unit square maps to itself; a parallelogram's middle is its centre.
  near(homography(quads[0])(0.3, 0.7), [0.3, 0.7], 1e-12);
  near(homography(quads[1])(0.5, 0.5), [0.4, 0.3], 1e-12);
  // The perspective middle is where the diagonals cross, not the corners' average.
  const [p0, p1, p2, p3] = quads[3];
  const middle = homography(quads[3])(0.5, 0.5);
  const onDiagonal = (from, to) => (middle[0] - from[0]) * (to[1] - from[1]) - (middle[1] - from[1]) * (to[0] - from[0]);
  assert.ok(Math.abs(onDiagonal(p0, p2)) < 1e-12 && Math.abs(onDiagonal(p1, p3)) < 1e-12);
});

test('a grid made from the corners: row-major, its outer points the corners exactly, every point in the window', () => {
  const grid = gridFromCorners(LEFT.corners, 4, 3);
  assert.equal(grid.points.length, 12);
  assert.deepEqual([grid.points[0], grid.points[3], grid.points[11], grid.points[8]], LEFT.corners);
  const unit = gridFromCorners(defaultOutput('x').corners, 3, 2).points;
  assert.deepEqual(unit, [[0, 0], [0.5, 0], [1, 0], [0, 1], [0.5, 1], [1, 1]]);
  // Corners of many decimals stay exactly the corners (the server holds corners and outline equal).
  const fine = [[0.1234567, 0.0000001], [0.9876543, 0.05], [1, 1], [0, 0.9999999]];
  assert.deepEqual(gridFromCorners(fine, 2, 2).points, [fine[0], fine[1], fine[3], fine[2]]);
  const next = random(35);
  for (let run = 0; run < 200; run += 1) {
    const corners = [[next() * 0.4, next() * 0.4], [0.6 + next() * 0.4, next() * 0.4], [0.6 + next() * 0.4, 0.6 + next() * 0.4], [next() * 0.4, 0.6 + next() * 0.4]];
    assert.ok(isConvexQuad(corners));
    const columns = 2 + Math.floor(next() * 16);
    const rows = 2 + Math.floor(next() * 16);
    const output = withGrid({ ...defaultOutput('Fuzz'), corners }, columns, rows);
    assert.ok(output.grid.points.every(([x, y]) => x >= 0 && x <= 1 && y >= 0 && y <= 1));
    assert.ok(validateOutput(output).output, `${validateOutput(output).error} for ${JSON.stringify(corners)}`);
  }
});

test('the grid\'s lines: its rows, then its columns', () => {
  const grid = gridFromCorners(defaultOutput('x').corners, 3, 2);
  assert.deepEqual(gridLines(grid), [
    [[0, 0], [0.5, 0], [1, 0]], [[0, 1], [0.5, 1], [1, 1]],
    [[0, 0], [0, 1]], [[0.5, 0], [0.5, 1]], [[1, 0], [1, 1]],
  ]);
  assert.deepEqual(gridLines(null), []);
});

test('the arrow keys: a pixel, ten with shift, nothing with another key or a modifier; a drag begins past 3 px', () => {
  assert.deepEqual(arrowPixels({ key: 'ArrowLeft' }), { dx: -1, dy: 0 });
  assert.deepEqual(arrowPixels({ key: 'ArrowDown', shiftKey: true }), { dx: 0, dy: LARGE_PIXELS });
  assert.equal(arrowPixels({ key: 'ArrowUp', ctrlKey: true }), null);
  assert.equal(arrowPixels({ key: 'a' }), null);
  assert.equal(isDrag({ x: 0, y: 0 }, { x: 2, y: 2 }), false);
  assert.equal(isDrag({ x: 0, y: 0 }, { x: 3, y: 0 }), true);
});

test('the slice: moved and resized on the stage, read from its fields', () => {
  const slice = { x: 0.425, y: 0, width: 0.575, height: 1 };
  const rect = sliceRect(slice);
  near([rect.x, rect.y, rect.width, rect.height], [680, 0, 920, 900], 1e-9);
  assert.deepEqual(movedSlice(slice, 0.1, 0.1), slice, 'already at the right and bottom edges');
  assert.deepEqual(movedSlice(slice, -0.5, 0), { ...slice, x: 0 });
  assert.deepEqual(movedSlice({ x: 0.2, y: 0.2, width: 0.5, height: 0.5 }, 0.1, -0.1), { x: 0.3, y: 0.1, width: 0.5, height: 0.5 });
  assert.deepEqual(resizedSlice(slice, 0.2, 0), slice, 'its right edge at the stage\'s');
  assert.deepEqual(resizedSlice(slice, -1, -1), { ...slice, width: MIN_SLICE, height: MIN_SLICE });
  assert.deepEqual(sliceFields(slice), { x: '0.425', y: '0', width: '0.575', height: '1' });
  assert.deepEqual(sliceFromFields({ x: '0,1', y: '0', width: '0.5', height: '1' }), { slice: { x: 0.1, y: 0, width: 0.5, height: 1 } });
  assert.deepEqual(sliceFromFields({ x: 'a', y: '0', width: '0.5', height: '1' }), { error: 'Slice X is a number from 0 to 1.', field: 'x' });
  assert.equal(sliceFromFields({ x: '0', y: '0', width: '0', height: '1' }).field, 'width');
  assert.equal(sliceFromFields({ x: '0.6', y: '0', width: '0.5', height: '1' }).error, 'The slice stays on the stage: X + width is at most 1.');
  assert.equal(sliceFromFields({ x: '0', y: '0.5', width: '0.5', height: '0.6' }).field, 'height');
  assert.equal(sliceFromFields({ x: '', y: '0', width: '0.5', height: '1' }).field, 'x');
});
