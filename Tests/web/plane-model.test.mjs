// The editing plane's model: what a pair shows (events or cells), shared scores, and the edits a range asks for.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  editsForRange, indexMusic, planeAfterRange, planeOf, planeTimeOfSeconds, secondsOfPlaneTime, tickLabel, voiceKind,
} from '../../Sources/WebClient/Web/compose/plane/plane-model.js';
import { SMALL_MUSIC } from './small-music.mjs';

const answer = SMALL_MUSIC;

test('an atomic part with a composed voice shows a row per sub-voice, each its own score, sorted, marked shared', () => {
  const plane = planeOf(indexMusic(answer), 1, 7);
  assert.equal(plane.kind, 'events');
  assert.equal(plane.extent, 3840);
  assert.deepEqual(plane.rows.map((row) => [row.name, row.kind, row.editable, row.shared]), [['Kick', 'sound', true, 2], ['Veil', 'light', true, 2]]);
  assert.deepEqual(plane.rows[0].events.map((event) => event.start), [0, 960]);
  // An atomic voice is its own one row.
  assert.deepEqual(planeOf(indexMusic(answer), 1, 3).rows.map((row) => [row.name, row.place]), [['Kick', null]]);
  assert.equal(planeOf(indexMusic(answer), 99, 3), null);
});

test('a composed part shows its children as columns in milliseconds, cells playing unless muted, with miniatures', () => {
  const plane = planeOf(indexMusic(answer), 2, 7);
  assert.equal(plane.kind, 'cells');
  assert.deepEqual(plane.columns.map((column) => [column.place, column.start, column.end]), [[5, 0, 2000], [6, 2000, 4000]]);
  assert.deepEqual(plane.rows.map((row) => row.cells.map((cell) => cell.playing)), [[true, true], [true, false]]);
  // Intro at 120 bpm: tick 960 is half a second in.
  assert.deepEqual(plane.rows[0].cells[0].preview, [{ start: 0, length: 125, gain: 0.5, lane: 0 }, { start: 500, length: 250, gain: 1, lane: 0 }]);
});

test('a range on an events plane asks for one editing range; shown at once as the engine will rule it', () => {
  const plane = planeOf(indexMusic(answer), 1, 7);
  const create = { row: 0, start: 1920, end: 2880, inside: true };
  assert.deepEqual(editsForRange(plane, create), {
    edits: [{ type: 'editingRange', part: 1, voice: 3, start: 1920, end: 2880, gain: 1 }], doing: 'make the event',
  });
  assert.deepEqual(planeAfterRange(plane, create).rows[0].events.map((event) => event.start), [0, 960, 1920]);
  const remove = { row: 0, start: 0, end: 1200, inside: true };
  assert.equal(editsForRange(plane, remove).doing, 'delete the events');
  assert.deepEqual(planeAfterRange(plane, remove).rows[0].events, []);
  assert.equal(editsForRange(plane, { ...create, inside: false }), null);
  assert.equal(editsForRange(plane, { ...create, row: 5 }), null);
});

test('a range over cells mutes them when any plays, else lets them all play', () => {
  const plane = planeOf(indexMusic(answer), 2, 7);
  assert.deepEqual(editsForRange(plane, { row: 1, from: 0, to: 1, inside: true }).edits, [
    { type: 'setCell', part: 2, voice: 7, column: 5, row: 11, playing: false },
  ]);
  const muted = planeAfterRange(plane, { row: 1, from: 1, to: 0, inside: true });
  assert.deepEqual(muted.rows[1].cells.map((cell) => cell.playing), [false, false]);
  assert.deepEqual(editsForRange(muted, { row: 1, from: 1, to: 1, inside: true }).edits, [
    { type: 'setCell', part: 2, voice: 7, column: 6, row: 11, playing: true },
  ]);
});

test('seconds and the plane time axis, and positions for people', () => {
  const atomic = planeOf(indexMusic(answer), 1, 3), composed = planeOf(indexMusic(answer), 2, 7);
  assert.equal(planeTimeOfSeconds(atomic, 1), 1920);
  assert.equal(secondsOfPlaneTime(atomic, 1920), 1);
  assert.equal(planeTimeOfSeconds(composed, 1.5), 1500);
  assert.equal(tickLabel(4 * 960 + 2 * 960 + 480, 240), 'bar 2, beat 3, 3/4');
  assert.equal(tickLabel(960, 960), 'bar 1, beat 2');
  assert.equal(voiceKind({ children: [], sound: 1 }), 'sound');
  assert.equal(voiceKind({ children: [] }), 'silent');
  assert.equal(indexMusic(answer).canUndo, true);
});
