// The canvas page's edit mode as numbers (edit-mode.js is its DOM): which handles an output has — its four
// corners, or every point of its grid (whose outer four are the corners) — and the output a handle moved
// somewhere makes, checked as the server will check it. Shift+Space toggles the mode; the arrow keys move
// the chosen handle a device pixel (ten with Shift). No DOM here.

import { gridCorners, validateOutput } from '../shared/outputs.js';

const CORNER_NAMES = ['top left', 'top right', 'bottom right', 'bottom left'];

/** Whether a key press toggles the edit mode: Shift+Space (the first press, no other modifier). */
export function isEditModeKey(event) {
  const space = event.code === 'Space' || event.key === ' ';
  return space && event.shiftKey && !event.ctrlKey && !event.metaKey && !event.altKey && !event.repeat;
}

/**
 * The handles of `output` (as validateOutput gives it), in order: `{ label, point: [x, y] }`, window units.
 * With corners only, the four corners; with a grid, its points row by row, the outer four called corners.
 */
export function editHandles(output) {
  const name = (corner) => `corner ${corner + 1}, ${CORNER_NAMES[corner]}`;
  if (!output.grid) return output.corners.map((point, corner) => ({ label: name(corner), point: [...point] }));
  const { columns, rows, points } = output.grid;
  const outer = [0, columns - 1, columns * rows - 1, (rows - 1) * columns];
  return points.map((point, index) => {
    const corner = outer.indexOf(index);
    const label = corner >= 0 ? name(corner) : `grid point ${(index % columns) + 1} across, ${Math.floor(index / columns) + 1} down`;
    return { label, point: [...point] };
  });
}

/** `[x, y]` moved onto the window (0…1 both ways). */
export function clampToWindow([x, y]) {
  const clamp = (value) => Math.min(Math.max(value, 0), 1);
  return [clamp(x), clamp(y)];
}

/**
 * The output `output` becomes with its handle `index` (editHandles' order) at `point` (window units, moved
 * onto the window): `{ output }`, validated whole, or `{ error }` — the corners would not be convex.
 */
export function moveHandle(output, index, point) {
  const moved = clampToWindow(point);
  const candidate = structuredClone(output);
  if (candidate.grid) {
    candidate.grid.points[index] = moved;
    candidate.corners = gridCorners(candidate.grid);
  } else {
    candidate.corners[index] = moved;
  }
  return validateOutput(candidate);
}

/**
 * Where an arrow key moves a handle at `point`: a device pixel (`pixel`: `{ x, y }`, one device pixel in
 * window units), ten with Shift; null for any other key.
 */
export function nudgedPoint(point, { key, shiftKey }, pixel) {
  const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
  if (!steps) return null;
  const scale = shiftKey ? 10 : 1;
  return clampToWindow([point[0] + steps[0] * scale * pixel.x, point[1] + steps[1] * scale * pixel.y]);
}
