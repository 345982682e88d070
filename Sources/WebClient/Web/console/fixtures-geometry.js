// The stage's picture in the Fixtures panel, as arithmetic: the stage is 16:9, in stage units (0…1 across
// and down from the top-left, docs/fixtures.md) and drawn in a picture of VIEW's units; each fixture is a
// shape there (a point, an area, a strip's line), moved by a drag or by the arrow keys and kept on the
// stage whole. No DOM here.

import { placeKindOf } from './fixtures-model.js';
import { isDrag as isDragPast } from '../shared/drag.js';

/** The picture's units (an SVG viewBox): the stage's 16:9. */
export const VIEW = Object.freeze({ width: 1600, height: 900 });

/** How far an arrow key moves a fixture, in stage units; with shift, LARGE_STEP. */
export const KEY_STEP = 0.01;
export const LARGE_STEP = 0.05;

/** How far, in CSS pixels, a pointer moves before a press on a fixture is a drag (less: a tap, which selects it). */
export const DRAG_THRESHOLD = 4;

/** Stage units kept to four decimals (a tenth of a DMX sampling pixel is far finer than that). */
const tidy = (value) => Math.round(value * 10_000) / 10_000;
const clamp = (value, min, max) => Math.min(max, Math.max(min, value));

/**
 * A fixture's shape in the picture's units: `{ kind: 'point', x, y }`, `{ kind: 'area', x, y, width,
 * height }` or `{ kind: 'strip', x1, y1, x2, y2, pixels }`; null for a fixture with no place.
 */
export function shapeOf(fixture) {
  const { width: w, height: h } = VIEW;
  switch (placeKindOf(fixture)) {
    case 'point': return { kind: 'point', x: fixture.point.x * w, y: fixture.point.y * h };
    case 'area': {
      const { x, y, width, height } = fixture.area;
      return { kind: 'area', x: x * w, y: y * h, width: width * w, height: height * h };
    }
    case 'strip': {
      const { from, to, pixels } = fixture.strip;
      return { kind: 'strip', x1: from.x * w, y1: from.y * h, x2: to.x * w, y2: to.y * h, pixels };
    }
    default: return null;
  }
}

/** Where a fixture's name goes in the picture: beside a point, inside an area's corner, past a strip's start. */
export function labelAt(fixture) {
  const shape = shapeOf(fixture);
  if (!shape) return null;
  const inside = (x, y) => ({ x: clamp(x, 8, VIEW.width - 8), y: clamp(y, 40, VIEW.height - 8) });
  if (shape.kind === 'point') return inside(shape.x + 36, shape.y - 24);
  if (shape.kind === 'area') return inside(shape.x + 12, shape.y + 44);
  return inside(shape.x1, shape.y1 - 28);
}

/** The point that says where a fixture is: a point, an area's centre, the middle of a strip (stage units). */
export function centreOf(fixture) {
  switch (placeKindOf(fixture)) {
    case 'point': return { x: fixture.point.x, y: fixture.point.y };
    case 'area': return { x: fixture.area.x + fixture.area.width / 2, y: fixture.area.y + fixture.area.height / 2 };
    case 'strip': return { x: (fixture.strip.from.x + fixture.strip.to.x) / 2, y: (fixture.strip.from.y + fixture.strip.to.y) / 2 };
    default: return null;
  }
}

/** How far a fixture may move across (or down): the shape's extent `low`…`high` kept within 0…1. */
const allowed = (delta, low, high) => clamp(delta, -low, 1 - high);

/**
 * The fixture moved by (`dx`, `dy`) stage units, kept on the stage whole: an area's far edges, both of a
 * strip's ends, within 0…1 (a move that would leave it stops at the edge). Its other fields unchanged.
 */
export function movedBy(fixture, dx, dy) {
  switch (placeKindOf(fixture)) {
    case 'point': {
      const { x, y } = fixture.point;
      return { ...fixture, point: { x: tidy(clamp(x + dx, 0, 1)), y: tidy(clamp(y + dy, 0, 1)) } };
    }
    case 'area': {
      const { x, y, width, height } = fixture.area;
      const mx = allowed(dx, x, x + width);
      const my = allowed(dy, y, y + height);
      return { ...fixture, area: { x: tidy(x + mx), y: tidy(y + my), width, height } };
    }
    case 'strip': {
      const { from, to } = fixture.strip;
      const mx = allowed(dx, Math.min(from.x, to.x), Math.max(from.x, to.x));
      const my = allowed(dy, Math.min(from.y, to.y), Math.max(from.y, to.y));
      const move = (point) => ({ x: tidy(clamp(point.x + mx, 0, 1)), y: tidy(clamp(point.y + my, 0, 1)) });
      return { ...fixture, strip: { ...fixture.strip, from: move(from), to: move(to) } };
    }
    default: return fixture;
  }
}

/** The move (stage units) an arrow key asks of the focused fixture: `{ dx, dy }`, or null for another key. */
export function keyMove({ key, shiftKey = false, ctrlKey = false, altKey = false, metaKey = false }) {
  if (ctrlKey || altKey || metaKey) return null;
  const step = shiftKey ? LARGE_STEP : KEY_STEP;
  const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
  if (!Object.hasOwn(moves, key)) return null;
  const [dx, dy] = moves[key];
  return { dx, dy };
}

/**
 * A pointer's move from `start` to `now` (CSS pixels) over a picture `box` (its width and height in CSS
 * pixels) as a move on the stage: `{ dx, dy }` in stage units.
 */
export function dragMove(start, now, box) {
  if (!(box?.width > 0) || !(box?.height > 0)) return { dx: 0, dy: 0 };
  return { dx: (now.x - start.x) / box.width, dy: (now.y - start.y) / box.height };
}

/** Whether a pointer that went from `start` to `now` (CSS pixels) has begun a drag. */
export function isDrag(start, now) {
  return isDragPast(start, now, DRAG_THRESHOLD);
}

/** Whether two fixtures stand in the same place. */
export function samePlace(a, b) {
  const one = shapeOf(a);
  const other = shapeOf(b);
  if (!one || !other || one.kind !== other.kind) return one === other;
  return Object.keys(one).every((key) => one[key] === other[key]);
}
