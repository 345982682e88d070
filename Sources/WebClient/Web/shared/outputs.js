// Stage outputs (issue 35): an output is a canvas window showing a slice of the stage through a corner-pin or
// a grid warp, with soft edges for overlapping projectors, a mask and its own brightness. This is the
// output's shape, its defaults and the rules the server holds it to (docs/outputs.md), mirrored so that
// the canvas and the console can say at once what the server would refuse. No DOM here.
//
// Units: a slice in stage units (0…1 from the stage's top-left, the stage being 16:9); corners, grid points
// and the mask in the output window's units (0…1 from its top-left); blend widths as fractions of the
// slice's width (left, right) or height (top, bottom).

import { checkedText } from './text-rule.js';

/** The output every server has: the whole stage, unwarped (only its brightness and test pattern change). */
export const MAIN_OUTPUT = 'Main';

/** The bounds of an output's fields. */
export const OUTPUT_LIMITS = Object.freeze({
  nameCharacters: 64,
  gridFewest: 2, gridMost: 17,
  maskFewest: 3, maskMost: 64,
  featherMost: 0.5, gammaLowest: 1, gammaHighest: 3,
});

/** How far a sum (slice.x + slice.width, …) may pass 1 by rounding alone. */
const ROUNDING = 1e-9;

/** The test patterns an output can show instead of the stage. */
export const TEST_PATTERNS = Object.freeze(['grid', 'white']);

/** The window's corners, top-left, top-right, bottom-right, bottom-left: no corner-pin. */
export const UNIT_CORNERS = Object.freeze([[0, 0], [1, 0], [1, 1], [0, 1]].map((p) => Object.freeze(p)));

/** A new output named `name` with every field at its default: the whole stage on the whole window. */
export function defaultOutput(name = MAIN_OUTPUT) {
  return {
    name,
    slice: { x: 0, y: 0, width: 1, height: 1 },
    corners: UNIT_CORNERS.map(([x, y]) => [x, y]),
    grid: null,
    blend: { left: 0, right: 0, top: 0, bottom: 0, gamma: 2.2 },
    mask: null,
    brightness: 1,
    testPattern: null,
  };
}

/** `{ name }`, the name as the server stores it (the text rule: shared/text-rule.js), or `{ error }` saying why it is refused. */
export function validateOutputName(text) {
  if (typeof text !== 'string') return { error: 'the output needs a name (text)' };
  const checked = checkedText(text, "an output's name", { maximumLength: OUTPUT_LIMITS.nameCharacters });
  return checked.error ? { error: checked.error } : { name: checked.text };
}

/** Whether `value` is a number that is neither NaN nor infinite. */
function isFiniteNumber(value) {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Whether `value` is a plain JSON object (not null, not an array). */
function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `[x, y]` copied when `value` is a pair of numbers in 0…1, else null. */
function unitPoint(value) {
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [x, y] = value;
  return isFiniteNumber(x) && isFiniteNumber(y) && x >= 0 && x <= 1 && y >= 0 && y <= 1 ? [x, y] : null;
}

/** `count` points in 0…1 copied from `value`, or null when it is not such a list. */
function unitPoints(value, count) {
  if (!Array.isArray(value) || value.length !== count) return null;
  const points = value.map(unitPoint);
  return points.every(Boolean) ? points : null;
}

/**
 * Whether four points, in turn, make a convex quadrilateral: every turn the same way (either way: a mirrored
 * pin, for rear projection, is allowed), none straight — so no three of them on a line, and no bow tie.
 */
export function isConvexQuad(corners) {
  let sign = 0;
  for (let i = 0; i < 4; i += 1) {
    const [ax, ay] = corners[i], [bx, by] = corners[(i + 1) % 4], [cx, cy] = corners[(i + 2) % 4];
    const cross = (bx - ax) * (cy - by) - (by - ay) * (cx - bx);
    if (!(Math.abs(cross) > 0) || (sign !== 0 && Math.sign(cross) !== sign)) return false;  // NaN is no turn either
    sign = Math.sign(cross);
  }
  return true;
}

/** A grid's four outer points: top-left, top-right, bottom-right, bottom-left. */
export function gridCorners(grid) {
  const { columns, rows, points } = grid;
  return [points[0], points[columns - 1], points[columns * rows - 1], points[(rows - 1) * columns]].map(([x, y]) => [x, y]);
}

class Refusal extends Error {}

/** Throws the one-line refusal unless `condition`. */
function demand(condition, message) {
  if (!condition) throw new Refusal(message);
}

function readSlice(value) {
  demand(isObject(value), 'slice must be an object with x, y, width and height');
  const slice = {};
  for (const key of ['x', 'y', 'width', 'height']) {
    demand(isFiniteNumber(value[key]) && value[key] >= 0 && value[key] <= 1, `slice.${key} must be a number from 0 to 1`);
    slice[key] = value[key];
  }
  demand(slice.width > 0 && slice.height > 0, 'the slice must have a width and a height above 0');
  demand(slice.x + slice.width <= 1 + ROUNDING && slice.y + slice.height <= 1 + ROUNDING, 'the slice must lie on the stage (x + width and y + height at most 1)');
  return slice;
}

function readGrid(value) {
  if (value === null) return null;
  const { gridFewest, gridMost } = OUTPUT_LIMITS;
  demand(isObject(value), 'grid must be null or an object with columns, rows and points');
  for (const key of ['columns', 'rows']) {
    demand(Number.isInteger(value[key]) && value[key] >= gridFewest && value[key] <= gridMost,
      `grid.${key} must be a whole number from ${gridFewest} to ${gridMost}`);
  }
  const count = value.columns * value.rows, points = unitPoints(value.points, count);
  demand(points !== null, `grid.points must be ${count} points [x, y] (columns × rows, row by row), each from 0 to 1`);
  return { columns: value.columns, rows: value.rows, points };
}

function readCorners(value, grid) {
  if (value === undefined || value === null) return grid ? gridCorners(grid) : defaultOutput().corners;
  const corners = unitPoints(value, 4);
  demand(corners !== null, 'corners must be four points [x, y] (top-left, top-right, bottom-right, bottom-left), each from 0 to 1');
  if (!grid) return corners;
  const outline = gridCorners(grid);
  demand(corners.every(([x, y], i) => Math.abs(x - outline[i][0]) <= ROUNDING && Math.abs(y - outline[i][1]) <= ROUNDING),
    "with a grid, the corners must be the grid's four outer points");
  return outline;  // kept as the server keeps them: the outline itself, not what was within a rounding of it
}

function readBlend(value) {
  const blend = defaultOutput().blend, { featherMost, gammaLowest, gammaHighest } = OUTPUT_LIMITS;
  demand(isObject(value), 'blend must be an object with left, right, top, bottom and gamma');
  for (const key of ['left', 'right', 'top', 'bottom']) {
    if (value[key] === undefined || value[key] === null) continue;
    demand(isFiniteNumber(value[key]) && value[key] >= 0 && value[key] <= featherMost, `blend.${key} must be a number from 0 to ${featherMost}`);
    blend[key] = value[key];
  }
  if (value.gamma !== undefined && value.gamma !== null) {
    demand(isFiniteNumber(value.gamma) && value.gamma >= gammaLowest && value.gamma <= gammaHighest,
      `blend.gamma must be a number from ${gammaLowest} to ${gammaHighest}`);
    blend.gamma = value.gamma;
  }
  return blend;
}

function readMask(value) {
  if (value === null) return null;
  const { maskFewest, maskMost } = OUTPUT_LIMITS;
  demand(Array.isArray(value) && value.length >= maskFewest && value.length <= maskMost,
    `mask must be null or a polygon of ${maskFewest} to ${maskMost} points`);
  const points = unitPoints(value, value.length);
  demand(points !== null, 'every mask point must be [x, y], each from 0 to 1');
  return points;
}

/** Main shows the whole stage unwarped: only its brightness and test pattern may differ from the defaults. */
function demandMainUnwarped(output) {
  const plain = defaultOutput(), { slice, blend } = output;
  const same = slice.x === 0 && slice.y === 0 && slice.width === 1 && slice.height === 1
    && output.corners.every(([x, y], i) => x === plain.corners[i][0] && y === plain.corners[i][1])
    && output.grid === null && output.mask === null
    && blend.left === 0 && blend.right === 0 && blend.top === 0 && blend.bottom === 0;
  demand(same, `${MAIN_OUTPUT} always shows the whole stage unwarped: only its brightness and test pattern can change (make an output of its own to map)`);
}

/**
 * The output from a JSON value, each missing field at its default — null is missing too, as the server's
 * decoder takes it (for the grid, the mask and the test pattern null is also what "none" is); throws a Refusal.
 */
function readOutput(json) {
  demand(isObject(json), 'an output must be a JSON object');
  const named = validateOutputName(json.name);
  demand(!named.error, named.error);
  const output = defaultOutput(named.name), has = (key) => json[key] !== undefined && json[key] !== null;
  if (has('slice')) output.slice = readSlice(json.slice);
  if (has('grid')) output.grid = readGrid(json.grid);
  output.corners = readCorners(json.corners, output.grid);
  demand(isConvexQuad(output.corners), 'the corners must make a convex quadrilateral (top-left, top-right, bottom-right, bottom-left in turn, no three on a line)');
  if (has('blend')) output.blend = readBlend(json.blend);
  if (has('mask')) output.mask = readMask(json.mask);
  if (has('brightness')) {
    demand(isFiniteNumber(json.brightness) && json.brightness >= 0 && json.brightness <= 1, 'brightness must be a number from 0 to 1');
    output.brightness = json.brightness;
  }
  if (has('testPattern')) {
    demand(json.testPattern === null || TEST_PATTERNS.includes(json.testPattern), 'testPattern must be null, "grid" or "white"');
    output.testPattern = json.testPattern;
  }
  if (output.name === MAIN_OUTPUT) demandMainUnwarped(output);
  return output;
}

/**
 * An output as the server would store it — `{ output }`, a fresh object with every field (a missing one
 * at its default, the name NFC and trimmed, unknown fields left out) — or `{ error }`, one line saying
 * what is wrong. Never throws, whatever `json` is.
 */
export function validateOutput(json) {
  try {
    return { output: readOutput(json) };
  } catch (error) {
    if (error instanceof Refusal) return { error: error.message };
    return { error: 'the output could not be read' };
  }
}
