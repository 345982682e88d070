// Seed 003's editing range (§2.11): a one-finger (or mouse) swipe over a row's score marks a stretch of it,
// quantized to the visible raster, shown as a red half-transparent overlay. Let go inside the score, it
// deletes the events it overlaps, or, overlapping none, makes one event of its extent; let go outside the
// score it was begun in, nothing happens. The rule is the engine's (the `editingRange` edit: MusicLibrary.apply
// in Sources/Composition/MusicEdit.swift, then applyEditingRange in MusicLibrary+Scores.swift), which has the
// last word; this shows what it will do. Both are held to one table of cases,
// Tests/fixtures/twin-rules/editing-range.json. Ticks from the part's start (960 to a beat). No DOM here.

import { LONGEST_PART, rasterStep } from './plane-raster.js';
import { cellAt, columnAt, pointAt, tickAt } from './plane-view.js';

/** Whether `point` (`{ tick, row }`) lies in the score of `row`: that row, from tick 0 up to `partLength`. */
export function isInsideScore(point, row, partLength) {
  return point.row === row && point.tick >= 0 && point.tick < partLength;
}

/**
 * The range a press at `press` drawn to `current` (each `{ tick, row }`) marks in a part `partLength` ticks
 * long, on a raster of `step` ticks: `{ row, start, end, at, inside }` — the press's row; from the raster line
 * at or before the earlier point to the one after the later point's cell, so a press alone marks one cell;
 * cut to the part; `at` the current point and `inside` whether letting go there applies the range. Null when
 * the press is outside every score (no row, or before the part's start or past its end).
 */
export function editingRange(press, current, step, partLength) {
  if (press.row < 0 || !(press.tick >= 0 && press.tick < partLength)) return null;
  const reach = Math.min(Math.max(current.tick, 0), partLength - 1);
  const low = Math.min(press.tick, reach), high = Math.max(press.tick, reach);
  const start = Math.floor(low / step) * step;
  const end = Math.min((Math.floor(high / step) + 1) * step, partLength);
  const at = { tick: current.tick, row: current.row };
  return { row: press.row, start, end, at, inside: isInsideScore(at, press.row, partLength) };
}

/**
 * The range drawn on the screen from `from` to `to` (`{ x, y }` CSS pixels in the view), on the raster the
 * view's zoom gives (`rasterStep`): `editingRange` of the points under them.
 */
export function rangeInView(view, from, to, partLength, { beatsPerBar = 4 } = {}) {
  const step = rasterStep(view.x.scale, { beatsPerBar });
  return editingRange(pointAt(view, from), pointAt(view, to), step, partLength);
}

/**
 * The range drawn on `plane` (plane-model.js planeOf) from `from` to `to` (`{ x, y }` CSS pixels in the
 * view): on an atomic part's events, `rangeInView` — never `inside` on a row that cannot be edited (a
 * composed voice's, which only shows what plays under it), so it shows as refused and applies nothing; on a
 * composed part's cells, `{ row, from, to, inside }` — the row and column of the cell pressed, the column
 * reached (within the part), and whether letting go there is in the row pressed. Null when the press began
 * outside every score (or cell).
 */
export function planeRange(plane, view, from, to) {
  if (plane.kind === 'events') {
    const range = rangeInView(view, from, to, plane.extent);
    return range && !plane.rows[range.row]?.editable ? { ...range, inside: false } : range;
  }
  const start = cellAt(view, from, plane.columns);
  if (!start) return null;
  const column = columnAt(plane.columns, Math.min(Math.max(tickAt(view, to.x), 0), plane.extent - 1e-6));
  const end = cellAt(view, to, plane.columns);
  return { row: start.row, from: start.column, to: column, inside: end !== null && end.row === start.row };
}

/** Whether an event (`{ start, length }`) and the ticks from `start` up to `end` share a tick (ScoreEvent.overlaps). */
export function overlaps(event, { start, end }) {
  return event.start < end && start < event.start + event.length;
}

const byStartThenLength = (a, b) => a.start - b.start || a.length - b.length;

/** The engine's refusal of a range no part can hold (MusicEdit's `editingRange`), word for word. */
export const RANGE_REFUSAL = 'an editing range runs from a tick to a later one, within the part';

/**
 * What the engine does with the range `{ start, end }` (ticks) on a row's `events` (each `{ start, length,
 * gain }`) in a part `partLength` ticks long — the `editingRange` edit's rule:
 * - `{ action: 'refused', error }` when it is no range from a tick to a later one within the longest part
 *   (whole numbers, 0 ≤ start < end ≤ 10,000 beats): the engine refuses it in these words;
 * - `{ action: 'none' }` when it ends past the part: nothing happens;
 * - `{ action: 'delete', removed, events }` when it overlaps events: those are deleted, `events` is what stays;
 * - `{ action: 'create', event, events }` when it overlaps none: one event of its extent at `gain` is made.
 */
export function editedEvents(events, { start, end }, partLength, { gain = 1 } = {}) {
  if (!(Number.isSafeInteger(start) && Number.isSafeInteger(end) && start >= 0 && start < end && end <= LONGEST_PART)) {
    return { action: 'refused', error: RANGE_REFUSAL };
  }
  if (end > partLength) return { action: 'none' };
  const range = { start, end };
  const removed = events.filter((event) => overlaps(event, range));
  if (removed.length > 0) {
    return { action: 'delete', removed, events: events.filter((event) => !overlaps(event, range)) };
  }
  const event = { start, length: end - start, gain };
  return { action: 'create', event, events: [...events, event].sort(byStartThenLength) };
}

/**
 * What letting go of `range` (editingRange's) does to a row's `events` in a part `partLength` ticks long:
 * `{ action: 'none' }` when it is let go outside its score (outside the part or off its row), or there is no
 * range; else what the engine does with it (`editedEvents`).
 */
export function applyRange(events, range, partLength, { gain = 1 } = {}) {
  if (!range || !isInsideScore(range.at, range.row, partLength)) return { action: 'none' };
  return editedEvents(events, range, partLength, { gain });
}
