// The canvas page's edit mode as numbers: the handles of an output, moving one (refused when the corners
// would not be convex), the arrow keys, Shift+Space.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { clampToWindow, editHandles, isEditModeKey, moveHandle, nudgedPoint } from '../../Sources/WebClient/Web/canvas/edit-handles.js';
import { validateOutput } from '../../Sources/WebClient/Web/shared/outputs.js';

const pinned = validateOutput({ name: 'Left', corners: [[0.1, 0.1], [0.9, 0.1], [0.9, 0.9], [0.1, 0.9]] }).output;
const points = [[0.1, 0.1], [0.5, 0.1], [0.9, 0.1], [0.1, 0.9], [0.5, 0.9], [0.9, 0.9]];
const gridded = validateOutput({ name: 'Dome', grid: { columns: 3, rows: 2, points } }).output;

test('Shift+Space toggles the edit mode; Space alone, repeats and other modifiers do not', () => {
  assert.ok(isEditModeKey({ code: 'Space', key: ' ', shiftKey: true }));
  assert.ok(!isEditModeKey({ code: 'Space', key: ' ', shiftKey: false }));
  assert.ok(!isEditModeKey({ code: 'Space', key: ' ', shiftKey: true, repeat: true }));
  assert.ok(!isEditModeKey({ code: 'Space', key: ' ', shiftKey: true, ctrlKey: true }));
  assert.ok(!isEditModeKey({ code: 'KeyA', key: 'A', shiftKey: true }));
});

test('the handles are the four corners, or every grid point with the outer four called corners', () => {
  assert.deepEqual(editHandles(pinned).map((h) => h.label), ['corner 1, top left', 'corner 2, top right', 'corner 3, bottom right', 'corner 4, bottom left']);
  const handles = editHandles(gridded);
  assert.equal(handles.length, 6);
  assert.deepEqual(handles.map((h) => h.label), ['corner 1, top left', 'grid point 2 across, 1 down', 'corner 2, top right', 'corner 4, bottom left', 'grid point 2 across, 2 down', 'corner 3, bottom right']);
  assert.deepEqual(handles[4].point, [0.5, 0.9]);
});

test('moving a corner makes a new output; a move that bends the corners inwards is refused', () => {
  const { output } = moveHandle(pinned, 2, [0.95, 0.8]);
  assert.deepEqual(output.corners[2], [0.95, 0.8]);
  assert.deepEqual(pinned.corners[2], [0.9, 0.9], 'the output given is left as it was');
  assert.match(moveHandle(pinned, 2, [0.2, 0.2]).error, /convex/);
  assert.deepEqual(moveHandle(pinned, 0, [-0.5, -1.5]).output.corners[0], [0, 0], 'onto the window');
});

test('moving an outer grid point moves the corner with it', () => {
  const { output } = moveHandle(gridded, 5, [0.95, 0.95]);
  assert.deepEqual(output.grid.points[5], [0.95, 0.95]);
  assert.deepEqual(output.corners[2], [0.95, 0.95]);
  const inner = moveHandle(gridded, 1, [0.5, 0.2]).output;
  assert.deepEqual(inner.corners, gridded.corners);
});

test('arrow keys move a handle a device pixel, ten with Shift, never off the window', () => {
  const pixel = { x: 1 / 1000, y: 1 / 500 };
  assert.deepEqual(nudgedPoint([0.5, 0.5], { key: 'ArrowRight' }, pixel), [0.501, 0.5]);
  assert.deepEqual(nudgedPoint([0.5, 0.5], { key: 'ArrowUp', shiftKey: true }, pixel), [0.5, 0.48]);
  assert.deepEqual(nudgedPoint([0, 0.5], { key: 'ArrowLeft' }, pixel), [0, 0.5]);
  assert.equal(nudgedPoint([0.5, 0.5], { key: 'Enter' }, pixel), null);
  assert.deepEqual(clampToWindow([2, -1]), [1, 0]);
});
