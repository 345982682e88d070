// Seed 003's editing range: quantized outward to the raster (a press alone marks one cell), cut to the part;
// let go inside the score it deletes what it overlaps, else makes one event of its extent; let go outside,
// nothing happens. What the engine does with a range is held to the table of cases
// (Tests/fixtures/twin-rules/editing-range.json) the server's `editingRange` edit is held to as well
// (Tests/CompositionTests/EditingRangeTwinRuleTests.swift).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import {
  applyRange, editedEvents, editingRange, isInsideScore, overlaps, rangeInView,
} from '../../Sources/WebClient/Web/compose/plane/editing-range.js';
import { TICKS_PER_BEAT } from '../../Sources/WebClient/Web/compose/plane/plane-raster.js';
import { makeView, zoomView } from '../../Sources/WebClient/Web/compose/plane/plane-view.js';

const table = JSON.parse(readFileSync(new URL('../fixtures/twin-rules/editing-range.json', import.meta.url), 'utf8'));

const beats4 = 4 * 960;
/** A range as let go at its own start, in row 0: inside the score. */
const range = (start, end) => ({ row: 0, start, end, at: { tick: start, row: 0 } });

test('a press alone marks one raster cell; a swipe either way marks every cell it touches', () => {
  const at = (tick, row = 0) => ({ tick, row });
  assert.deepEqual(editingRange(at(1000), at(1000), 240, beats4),
    { row: 0, start: 960, end: 1200, at: at(1000), inside: true });
  assert.deepEqual(editingRange(at(960), at(960), 240, beats4).end, 1200, 'on a line: the cell after it');
  const forwards = editingRange(at(1000), at(1700), 240, beats4);
  assert.deepEqual([forwards.start, forwards.end], [960, 1920]);
  const backwards = editingRange(at(1700), at(1000), 240, beats4);
  assert.deepEqual([backwards.start, backwards.end], [960, 1920], 'drawn leftwards, the same range');
});

test('the range is cut to the part and says when letting go would cancel it', () => {
  const at = (tick, row = 0) => ({ tick, row });
  const past = editingRange(at(3000), at(5000), 960, 3500);
  assert.deepEqual([past.start, past.end, past.inside], [2880, 3500, false], 'a part of 3.6 beats: the last cell is cut');
  const before = editingRange(at(500), at(-300), 240, beats4);
  assert.deepEqual([before.start, before.end, before.inside], [0, 720, false]);
  const otherRow = editingRange(at(500, 2), at(900, 3), 240, beats4);
  assert.deepEqual([otherRow.row, otherRow.inside], [2, false], 'the range stays in the row it began in');
  assert.equal(editingRange(at(-1), at(0), 240, beats4), null, 'pressed before the part');
  assert.equal(editingRange(at(beats4), at(0), 240, beats4), null, 'pressed past its end');
  assert.equal(editingRange(at(0, -1), at(0), 240, beats4), null, 'pressed on no row');
  assert.equal(isInsideScore(at(0), 0, beats4), true);
  assert.equal(isInsideScore(at(beats4), 0, beats4), false);
});

test('the table is read', () => {
  assert.ok(table.cases.length >= 25);
});

for (const item of table.cases) {
  test(`editing range rule: ${item.case}`, () => {
    const { start, end, gain = 1 } = item.edit;
    const answer = editedEvents(item.events, { start, end }, item.beats * TICKS_PER_BEAT, { gain });
    assert.equal(answer.action, item.action);
    if (item.action === 'refused') assert.equal(answer.error, item.refused);
    if (item.after) assert.deepEqual(answer.events.map(({ start, length, gain }) => ({ start, length, gain })), item.after);
  });
}

test('delete says what it removed and keeps the rest; create keeps the events in order', () => {
  const events = [{ start: 0, length: 240, gain: 1 }, { start: 480, length: 240, gain: 0.5 }, { start: 960, length: 960, gain: 1 }];
  const deleted = applyRange(events, range(200, 500), beats4);
  assert.equal(deleted.action, 'delete');
  assert.deepEqual(deleted.removed, [events[0], events[1]]);
  assert.deepEqual(deleted.events, [events[2]]);
  // Touching is not overlapping: an event ends before its end.
  const between = applyRange(events, range(240, 480), beats4, { gain: 0.8 });
  assert.deepEqual(between.event, { start: 240, length: 240, gain: 0.8 });
  assert.deepEqual(between.events.map((event) => event.start), [0, 240, 480, 960]);
  assert.equal(overlaps({ start: 0, length: 240 }, { start: 240, end: 480 }), false);
  assert.equal(overlaps({ start: 0, length: 241 }, { start: 240, end: 480 }), true);
});

test('let go outside the score, nothing happens', () => {
  const events = [{ start: 0, length: 240, gain: 1 }];
  const outside = [
    { row: 0, start: 0, end: 240, at: { tick: beats4 + 10, row: 0 } },  // past the part's end
    { row: 0, start: 0, end: 240, at: { tick: -5, row: 0 } },           // before its start
    { row: 0, start: 0, end: 240, at: { tick: 100, row: 1 } },          // in another row
    { row: 0, start: 0, end: 240, at: { tick: 100, row: -1 } },         // on no row
  ];
  for (const released of outside) assert.deepEqual(applyRange(events, released, beats4), { action: 'none' });
  assert.deepEqual(applyRange(events, null, beats4), { action: 'none' });
  assert.deepEqual(applyRange(events, range(3840, 4080), beats4), { action: 'none' }, 'past the part: the engine does nothing');
  assert.equal(applyRange(events, range(240, 240), beats4).action, 'refused', 'no range at all: the engine refuses it');
});

test('on the screen: the raster the zoom gives quantizes the range', () => {
  // 16 bars in 1,000 px: a bar is 62.5 px, the raster a bar.
  const view = makeView({ width: 1000, height: 320, ticks: 16 * 3840, rows: 4 });
  const wide = rangeInView(view, { x: 70, y: 10 }, { x: 70, y: 10 }, 16 * 3840);
  assert.deepEqual([wide.row, wide.start, wide.end], [0, 3840, 7680]);
  // Zoomed in 16 times: a bar is 1,000 px, 1/16 beat 15.6 px, so the raster is 1/4 beat (62.5 px).
  const close = zoomView(view, 'x', 16, { x: 0, y: 0 });
  const fine = rangeInView(close, { x: 70, y: 100 }, { x: 70, y: 100 }, 16 * 3840);
  assert.deepEqual([fine.row, fine.start, fine.end], [1, 240, 480]);
  assert.equal(rangeInView(close, { x: 70, y: 100 }, { x: 70, y: 100 }, 16 * 3840, { beatsPerBar: 3 }).end, 480);
});
