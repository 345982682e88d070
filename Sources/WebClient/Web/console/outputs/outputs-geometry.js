// The Outputs panel's two pictures as arithmetic (issue 35). The calibration picture is the output's
// window, 16:9, in window units (0…1 across and down from its top-left) drawn in VIEW's units with a margin
// around it, so that a handle at the window's edge shows whole: there the four corners — where the slice's
// top-left, top-right, bottom-right and bottom-left land — or, with a grid, its points are dragged and
// moved a pixel of the picture at a time by the arrow keys, and kept in the window. A grid is made from the
// corners through their homography, so that adding one leaves the picture where it was. The stage's
// picture shows the slice, in stage units, moved and resized within the stage. No DOM here.

import { applyHomography, homographyFromCorners } from '../../view/homography.js';
import { isDrag as isDragPast } from '../../shared/drag.js';

/** The window's (and the stage's) picture units: 16:9. */
export const VIEW = Object.freeze({ width: 1600, height: 900 });

/** The calibration picture's margin around the window, in VIEW's units. */
export const MARGIN = 40;
/** The calibration picture's viewBox (and the stage picture's): the window with the margin round it. */
export const WINDOW_PICTURE = Object.freeze({ x: -MARGIN, y: -MARGIN, width: VIEW.width + 2 * MARGIN, height: VIEW.height + 2 * MARGIN });

/** Pixels an arrow key moves a handle with shift (one without). */
export const LARGE_PIXELS = 10;

/** How far, in CSS pixels, a pointer moves before a press on a handle is a drag. */
export const DRAG_THRESHOLD = 3;

/** The narrowest and lowest slice, in stage units. */
export const MIN_SLICE = 0.01;

/** Units kept to five decimals: a tenth of a pixel of a 4K projector is coarser than that. */
const tidy = (value) => Math.round(value * 100_000) / 100_000;
const clamp = (value, min, max) => Math.min(max, Math.max(min, value));
const clampPoint = ([x, y]) => [tidy(clamp(x, 0, 1)), tidy(clamp(y, 0, 1))];

/** A point in window (or stage) units as the picture's units: `{ x, y }`. */
export function toPicture([x, y]) {
  return { x: x * VIEW.width, y: y * VIEW.height };
}

/**
 * A point of the page (CSS pixels: a pointer's clientX, clientY) over the calibration picture drawn in
 * `box` (its bounding box: left, top, width, height) in window units, `[x, y]` (not kept in the window).
 */
export function pageToWindow({ x, y }, box) {
  if (!(box?.width > 0) || !(box?.height > 0)) return [0, 0];
  const px = WINDOW_PICTURE.x + ((x - box.left) / box.width) * WINDOW_PICTURE.width;
  const py = WINDOW_PICTURE.y + ((y - box.top) / box.height) * WINDOW_PICTURE.height;
  return [px / VIEW.width, py / VIEW.height];
}

/** One CSS pixel of the calibration picture drawn in `box`, in window units: `{ x, y }`. */
export function pixelSize(box) {
  if (!(box?.width > 0) || !(box?.height > 0)) return { x: 0, y: 0 };
  return { x: WINDOW_PICTURE.width / (box.width * VIEW.width), y: WINDOW_PICTURE.height / (box.height * VIEW.height) };
}

/** The grid points that are its outer corners, in the corners' order (TL, TR, BR, BL). */
export function gridCornerIndices(columns, rows) {
  return [0, columns - 1, columns * rows - 1, (rows - 1) * columns];
}

/**
 * The handles of `output`'s calibration: without a grid its four corners, with one every point of it (the
 * outer four being the corners). Each `{ key, index, corner, column, row, point, label }` — `corner` 0…3 or
 * null, `label` its accessible name ("Corner 1 of Left", "Point 2, 3 of Left": column, row, from 1).
 */
export function handlesOf(output) {
  const { name, grid } = output;
  if (!grid) {
    return output.corners.map((point, index) => ({
      key: `c${index}`, index, corner: index, column: null, row: null, point, label: `Corner ${index + 1} of ${name}`,
    }));
  }
  const corners = gridCornerIndices(grid.columns, grid.rows);
  return grid.points.map((point, index) => {
    const corner = corners.indexOf(index);
    const column = index % grid.columns;
    const row = Math.floor(index / grid.columns);
    const label = corner >= 0 ? `Corner ${corner + 1} of ${name}` : `Point ${column + 1}, ${row + 1} of ${name}`;
    return { key: `p${index}`, index, corner: corner >= 0 ? corner : null, column, row, point, label };
  });
}

/** Where the handle `key` is in `output` (window units), or null when it has none such. */
export function handlePoint(output, key) {
  return handlesOf(output).find((handle) => handle.key === key)?.point ?? null;
}

/**
 * `output` with the handle `key` at `point` (window units), kept in the window: a corner of a grid moves
 * the grid's point and the corner alike. The output given is left as it was.
 */
export function movedHandle(output, key, point) {
  const handle = handlesOf(output).find((each) => each.key === key);
  if (!handle) return output;
  const placed = clampPoint(point);
  const corners = output.corners.map((corner, index) => (index === handle.corner ? placed : corner));
  if (!output.grid) return { ...output, corners };
  const points = output.grid.points.map((old, index) => (index === handle.index ? placed : old));
  return { ...output, corners, grid: { ...output.grid, points } };
}

/** `output` with the handle `key` moved by (`dx`, `dy`) window units, kept in the window. */
export function nudgedHandle(output, key, dx, dy) {
  const point = handlePoint(output, key);
  return point ? movedHandle(output, key, [point[0] + dx, point[1] + dy]) : output;
}

/** The pixels an arrow key moves the focused handle (shift: LARGE_PIXELS): `{ dx, dy }`, or null for another key. */
export function arrowPixels({ key, shiftKey = false, ctrlKey = false, altKey = false, metaKey = false }) {
  if (ctrlKey || altKey || metaKey) return null;
  const step = shiftKey ? LARGE_PIXELS : 1;
  const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
  if (!Object.hasOwn(moves, key)) return null;
  const [dx, dy] = moves[key];
  return { dx, dy };
}

/** Whether a pointer that went from `start` to `now` (CSS pixels) has begun a drag. */
export function isDrag(start, now) {
  return isDragPast(start, now, DRAG_THRESHOLD);
}

/**
 * The perspective map (homography) from the unit square onto the quadrilateral `corners` (TL, TR, BR, BL):
 * a function `(u, v) → [x, y]` taking (0, 0), (1, 0), (1, 1), (0, 1) to the four corners. A parallelogram
 * gives the affine map; a degenerate quadrilateral, the bilinear one.
 */
export function homography(corners) {
  const matrix = homographyFromCorners(corners);
  if (matrix.every(Number.isFinite)) return (u, v) => applyHomography(matrix, [u, v]);
  return (u, v) => [0, 1].map((axis) => {
    const [a, b, c, d] = corners.map((corner) => corner[axis]);
    return (1 - v) * ((1 - u) * a + u * b) + v * ((1 - u) * d + u * c);
  });
}

/** A grid of `columns` × `rows` points (row-major, window units) made from `corners` by their homography. */
export function gridFromCorners(corners, columns, rows) {
  const map = homography(corners);
  const points = [];
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) points.push(clampPoint(map(column / (columns - 1), row / (rows - 1))));
  }
  const outer = gridCornerIndices(columns, rows);
  corners.forEach(([x, y], index) => { points[outer[index]] = [x, y]; });  // the corners exactly: the server holds them equal
  return { columns, rows, points };
}

/** `output` with a `columns` × `rows` grid made from its corners (any grid it had replaced). */
export function withGrid(output, columns, rows) {
  return { ...output, grid: gridFromCorners(output.corners, columns, rows) };
}

/** `output` without its grid: its corners are the grid's outer corners, as they were. */
export function withoutGrid(output) {
  return { ...output, grid: null };
}

/** The grid's lines, each a list of points (window units): its rows, then its columns. */
export function gridLines(grid) {
  if (!grid) return [];
  const { columns, rows, points } = grid;
  const lines = [];
  for (let row = 0; row < rows; row += 1) lines.push(points.slice(row * columns, (row + 1) * columns));
  for (let column = 0; column < columns; column += 1) lines.push(Array.from({ length: rows }, (_, row) => points[row * columns + column]));
  return lines;
}

/** The slice as a rectangle of the stage's picture (VIEW's units). */
export function sliceRect({ x, y, width, height }) {
  return { x: x * VIEW.width, y: y * VIEW.height, width: width * VIEW.width, height: height * VIEW.height };
}

/** The slice moved by (`dx`, `dy`) stage units, kept on the stage whole (a move that would leave it stops at the edge). */
export function movedSlice(slice, dx, dy) {
  const x = clamp(slice.x + dx, 0, Math.max(0, 1 - slice.width));
  const y = clamp(slice.y + dy, 0, Math.max(0, 1 - slice.height));
  return { ...slice, x: tidy(x), y: tidy(y) };
}

/** The slice made wider (`dw`) and taller (`dh`) from its top-left, at least MIN_SLICE, on the stage. */
export function resizedSlice(slice, dw, dh) {
  const width = clamp(slice.width + dw, MIN_SLICE, 1 - slice.x);
  const height = clamp(slice.height + dh, MIN_SLICE, 1 - slice.y);
  return { ...slice, width: tidy(width), height: tidy(height) };
}

/** The slice fields' labels, by field. */
export const SLICE_LABELS = Object.freeze({ x: 'Slice X', y: 'Slice Y', width: 'Slice width', height: 'Slice height' });

/** The slice as its fields show it. */
export function sliceFields(slice) {
  return Object.fromEntries(Object.keys(SLICE_LABELS).map((key) => [key, String(Number(slice[key].toFixed(4)))]));
}

/**
 * The slice the fields say — `{ slice }` — or what is wrong first, `{ error, field }`: each a number from 0
 * to 1, the width and height above 0, the slice on the stage.
 */
export function sliceFromFields(fields) {
  const slice = {};
  for (const [field, label] of Object.entries(SLICE_LABELS)) {
    const text = String(fields[field] ?? '').trim().replace(',', '.');
    const value = text === '' ? NaN : Number(text);
    if (!Number.isFinite(value) || value < 0 || value > 1) return { error: `${label} is a number from 0 to 1.`, field };
    slice[field] = value;
  }
  if (slice.width <= 0) return { error: 'A slice has a width above 0.', field: 'width' };
  if (slice.height <= 0) return { error: 'A slice has a height above 0.', field: 'height' };
  if (slice.x + slice.width > 1 + 1e-9) return { error: 'The slice stays on the stage: X + width is at most 1.', field: 'width' };
  if (slice.y + slice.height > 1 + 1e-9) return { error: 'The slice stays on the stage: Y + height is at most 1.', field: 'height' };
  return { slice };
}
