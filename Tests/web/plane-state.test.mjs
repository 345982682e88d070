// The editing plane's state (compose/plane/plane-state.js): a pair shown whole and the same pair kept in view,
// the gesture machine's actions carried out — each saying what the element does next: the events to dispatch
// in order, whether to draw, whether the grid follows — a double tap opening a composed plane's cell, the rulers
// tapped, and the keyboard's cell moved.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { indexMusic, planeOf } from '../../Sources/WebClient/Web/compose/plane/plane-model.js';
import { DOUBLE_TAP_MS, PlaneState } from '../../Sources/WebClient/Web/compose/plane/plane-state.js';
import { gridColumns } from '../../Sources/WebClient/Web/compose/plane/plane-grid.js';
import { xOfTick, yOfRow } from '../../Sources/WebClient/Web/compose/plane/plane-view.js';
import { SMALL_MUSIC } from './small-music.mjs';

const index = indexMusic(SMALL_MUSIC);

/** A state 800 × 400 CSS pixels showing `part` × `voice`, and the point in row `row` at time `time`. */
function shown(part, voice) {
  const state = new PlaneState();
  state.resize({ width: 800, height: 400 });
  state.show(planeOf(index, part, voice));
  const at = (time, row) => ({ x: xOfTick(state.view, time), y: yOfRow(state.view, row) + 10 });
  return { state, at };
}

test('a new pair is shown whole from its first row; the same pair keeps its view and its row', () => {
  const { state, at } = shown(1, 7);
  assert.deepEqual([state.view.x.extent, state.view.y.extent], [3840, 2]);
  state.apply({ type: 'range', from: at(1920, 1), to: at(2880, 1) }, 5);
  state.apply({ type: 'pan', dx: -40, dy: 0 }, 6);
  const panned = state.view.x.origin;
  state.show(planeOf(index, 1, 7));
  assert.equal(state.row, 1, 'the same pair: the row kept');
  assert.equal(state.view.x.origin, panned, 'and the view');
  state.show(planeOf(index, 2, 7));
  assert.deepEqual([state.row, state.range, state.focus], [0, null, null], 'another pair starts afresh');
  assert.equal(state.view.x.extent, 4000);
  state.show(null);
  assert.equal(state.view, null);
  assert.equal(state.visibleSeconds, null);
});

test('a range drawn takes its row, said once; timed until it shows; cancelled, it is gone', () => {
  const { state, at } = shown(1, 7);
  const drawn = state.apply({ type: 'range', from: at(1920, 1), to: at(2880, 1) }, 5);
  assert.deepEqual(drawn.events, [['row', { row: 1 }]]);
  assert.deepEqual([drawn.redraw, drawn.rangeDrawn, drawn.grid], [true, true, false]);
  assert.equal(state.range.row, 1);
  const again = state.apply({ type: 'range', from: at(1920, 1), to: at(3000, 1) }, 6);
  assert.deepEqual(again.events, [], 'the row is said only when it changes');
  assert.deepEqual(state.apply({ type: 'cancelRange' }, 7), { events: [], open: null, redraw: true, grid: false, held: undefined, rangeDrawn: false });
  assert.equal(state.range, null);
});

test('a range let go inside its score is asked for; on a composed plane a second tap on the cell soon after opens it', () => {
  const { state, at } = shown(2, 7);
  const first = state.apply({ type: 'commitRange', from: at(1000, 1), to: at(1000, 1) }, 100);
  assert.deepEqual(first.events, [['range', { range: { row: 1, from: 0, to: 0, inside: true } }]]);
  assert.equal(first.open, null);
  assert.deepEqual(state.cell, { row: 1, column: 0 }, 'the cell tapped is the one worked on');
  const second = state.apply({ type: 'commitRange', from: at(1000, 1), to: at(1000, 1) }, 100 + DOUBLE_TAP_MS - 1);
  assert.deepEqual(second.events, [['range', { range: { row: 1, from: 0, to: 0, inside: true } }]], 'it puts the cell back');
  assert.deepEqual(second.open, { row: 1, column: 0 });
  assert.deepEqual(state.open(1, 0), [['open', { part: 1, voice: 4 }]], 'Intro × Veil');
  const late = state.apply({ type: 'commitRange', from: at(1000, 1), to: at(1000, 1) }, 1000);
  const later = state.apply({ type: 'commitRange', from: at(1000, 1), to: at(1000, 1) }, 1000 + DOUBLE_TAP_MS);
  assert.deepEqual([late.open, later.open], [null, null], 'too slow: two taps');
  assert.deepEqual(shown(1, 7).state.open(0, 0), [], 'an atomic part has no cells to open');
});

test('the rulers tapped: the part ruler locates there, the voice ruler takes its row', () => {
  const { state, at } = shown(2, 7);
  assert.deepEqual(state.apply({ type: 'tap', area: 'partRuler', at: at(3000, 0) }, 1).events, [['locate', { seconds: 3 }]]);
  assert.deepEqual(state.apply({ type: 'tap', area: 'voiceRuler', at: at(0, 1) }, 2).events, [['row', { row: 1 }]]);
  assert.equal(state.row, 1);
});

test('held and moved: the overlay follows, and a moved view brings the grid along', () => {
  const { state } = shown(1, 7);
  assert.equal(state.apply({ type: 'held', on: true }, 1).held, true);
  assert.equal(state.held, true);
  const origin = state.view.x.origin;
  const zoomed = state.apply({ type: 'zoom', axis: 'x', factor: 4, focus: { x: 400, y: 0 } }, 2);
  assert.deepEqual([zoomed.redraw, zoomed.grid], [true, true]);
  const panned = state.apply({ type: 'pan', dx: -100, dy: 0 }, 3);
  assert.equal(panned.grid, true);
  assert.ok(state.view.x.origin > origin);
  assert.deepEqual(state.apply({ type: 'unknown' }, 4).events, []);
});

test("the keyboard's cell: focused, its row worked on and a composed plane's cell said; moved, the target's key", () => {
  const { state } = shown(2, 7);
  const focused = state.focusOn(1, 1);
  assert.deepEqual(focused.events, [['row', { row: 1 }], ['cell', { cell: { row: 1, column: 1 } }]]);
  assert.deepEqual(state.focusCell(), { row: 1, start: 2000, end: 4000 });
  const moved = state.moveFocus(gridColumns(state.plane, state.view), 0, 0);
  assert.deepEqual([moved.events, moved.target], [[['row', { row: 0 }]], 0]);
  assert.deepEqual(state.focus, { row: 0, key: 0 });
  const events = shown(1, 7).state;
  assert.deepEqual(events.focusOn(0, 960).events, [], 'an events plane says no cell, and row 0 is worked on already');
});
