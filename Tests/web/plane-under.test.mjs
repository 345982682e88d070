// The editing plane's read-only rows: on an atomic part, a composed voice's row shows what plays under it —
// the events of every atomic voice below it, in ticks, a lane per voice — within the look's limits, whatever
// the library holds; a range drawn there is refused, and the grid says the row is read only.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { editsForRange, eventsUnder, indexMusic, planeOf } from '../../Sources/WebClient/Web/compose/plane/plane-model.js';
import { planeRange } from '../../Sources/WebClient/Web/compose/plane/editing-range.js';
import { gridKeyAction, underDescription } from '../../Sources/WebClient/Web/compose/plane/plane-grid.js';
import { makeView } from '../../Sources/WebClient/Web/compose/plane/plane-view.js';

const event = (start, length, gain = 1) => ({ start, length, gain, offset: 0, continues: false });

/**
 * What "Light from sound…" makes, as GET /api/music answers it: Verse (atomic, 8 beats at 123) and the voice
 * "song with lights" holding the song (a sound) and Lights (Beats and Onsets, two lights).
 */
function library({ voices = [], scores = [], pairs = [] } = {}) {
  return {
    library: {
      parts: [{ id: 1, name: 'Verse', length: 7680, tempo: 123, children: [] }],
      voices: [
        { id: 2, name: 'Song', sound: 9, children: [] },
        { id: 3, name: 'Beats', chordset: 'c', chord: 0, children: [] },
        { id: 4, name: 'Onsets', chordset: 'c', chord: 1, children: [] },
        { id: 5, name: 'Lights', children: [{ node: 3, place: 6 }, { node: 4, place: 7 }] },
        { id: 8, name: 'song with lights', children: [{ node: 2, place: 9 }, { node: 5, place: 10 }] },
        ...voices,
      ],
      scores: [
        { id: 20, events: [event(0, 7680)] },
        { id: 21, events: [event(1920, 240), event(0, 240), event(960, 240)] },
        { id: 22, events: [event(960, 60, 0.8), event(480, 120, 0.4)] },
        ...scores,
      ],
      pairs: [{ part: 1, voice: 2, score: 20 }, { part: 1, voice: 3, score: 21 }, { part: 1, voice: 4, score: 22 }, ...pairs],
      mutedCells: [], sounds: [], compositions: [],
    },
    durations: { 1: 7680 / 960 * 60 / 123 },
    rootParts: [1], rootVoices: [8],
  };
}

test('a composed row on an atomic part shows what its voices play, in ticks, merged in order, a lane per voice', () => {
  const plane = planeOf(indexMusic(library()), 1, 8);
  assert.equal(plane.kind, 'events');
  const lights = plane.rows[1];
  assert.deepEqual([lights.name, lights.kind, lights.editable, lights.score, lights.shared, lights.cut], ['Lights', 'composed', false, null, 1, false]);
  assert.deepEqual(lights.lanes, [{ voice: 3, name: 'Beats', kind: 'light' }, { voice: 4, name: 'Onsets', kind: 'light' }]);
  // Ticks as the scores hold them (123 bpm would not survive milliseconds and back), gains kept.
  assert.deepEqual(lights.events, [
    { start: 0, length: 240, gain: 1, lane: 0 },
    { start: 480, length: 120, gain: 0.4, lane: 1 },
    { start: 960, length: 60, gain: 0.8, lane: 1 },
    { start: 960, length: 240, gain: 1, lane: 0 },
    { start: 1920, length: 240, gain: 1, lane: 0 },
  ]);
});

test('an atomic row beside it is unchanged: its own score, editable', () => {
  const plane = planeOf(indexMusic(library()), 1, 8);
  assert.deepEqual(plane.rows[0], {
    voice: 2, place: 9, name: 'Song', kind: 'sound', editable: true, score: 20, shared: 1, events: [event(0, 7680)],
  });
  assert.deepEqual(planeOf(indexMusic(library()), 1, 3).rows.map((row) => [row.name, row.editable, row.events.length]), [['Beats', true, 3]]);
});

test('a huge score is cut at the look\'s limit, sorted, and said to be cut', () => {
  const dense = Array.from({ length: 5000 }, (_, index) => event((4999 - index) * 1, 1));
  const plane = planeOf(indexMusic(library({
    voices: [{ id: 30, name: 'Dense', chordset: 'c', chord: 2, children: [] }, { id: 31, name: 'Many', children: [{ node: 30, place: 1 }] },
      { id: 32, name: 'Outer', children: [{ node: 31, place: 2 }] }],
    scores: [{ id: 33, events: dense }], pairs: [{ part: 1, voice: 30, score: 33 }],
  })), 1, 32);
  const many = plane.rows[0];
  assert.equal(many.events.length, 2000);
  assert.equal(many.cut, true);
  assert.ok(many.events.every((one, index) => index === 0 || many.events[index - 1].start <= one.start));
});

test('a deep chain, a tree sharing one voice many times over, and a cycle end at the limits without throwing', () => {
  // 40 composed voices, one inside the next, a light at the bottom: the look stops before it.
  const chain = Array.from({ length: 40 }, (_, index) => ({ id: 100 + index, name: `C${index}`, children: [{ node: index === 39 ? 3 : 101 + index, place: 1 }] }));
  const deep = planeOf(indexMusic(library({ voices: chain })), 1, 100).rows[0];
  assert.deepEqual([deep.events.length, deep.cut], [0, true]);
  // Twelve levels of ten of the same voice: 10¹² paths, cut at the visits' limit.
  const wide = Array.from({ length: 12 }, (_, level) => ({
    id: 200 + level, name: `W${level}`, children: Array.from({ length: 10 }, (_, place) => ({ node: level === 11 ? 300 : 201 + level, place })),
  }));
  const silent = { id: 300, name: 'Quiet', chordset: 'c', chord: 3, children: [] };
  const started = Date.now();
  const tree = planeOf(indexMusic(library({ voices: [...wide, silent] })), 1, 200);
  assert.ok(Date.now() - started < 2000, 'the look ends soon');
  assert.deepEqual(tree.rows.length, 10);
  assert.ok(tree.rows.every((row) => row.editable === false && row.events.length === 0 && row.cut));
  // A → B → A …, with Beats beside: what the look met is shown, and no more than its limits.
  const cycle = [{ id: 400, name: 'A', children: [{ node: 401, place: 1 }] }, { id: 401, name: 'B', children: [{ node: 400, place: 2 }, { node: 3, place: 3 }] }];
  const looped = planeOf(indexMusic(library({ voices: cycle })), 1, 400).rows[0];
  assert.equal(looped.name, 'B');
  assert.equal(looped.cut, true);
  assert.deepEqual(looped.lanes, [{ voice: 3, name: 'Beats', kind: 'light' }]);
  assert.ok(looped.events.length > 0 && looped.events.length <= 2000);
});

test('a missing voice under a composed row is passed over; a missing part or voice has no plane', () => {
  const ghosts = [{ id: 500, name: 'Half', children: [{ node: 999, place: 1 }, { node: 4, place: 2 }] },
    { id: 501, name: 'Gone', children: [{ node: 998, place: 1 }] },
    { id: 502, name: 'Holder', children: [{ node: 500, place: 3 }, { node: 501, place: 4 }, { node: 997, place: 5 }] }];
  const plane = planeOf(indexMusic(library({ voices: ghosts })), 1, 502);
  assert.deepEqual(plane.rows.map((row) => [row.name, row.events.map((one) => one.start), row.cut]), [['Half', [480, 960], false], ['Gone', [], false]]);
  assert.equal(planeOf(indexMusic(library()), 99, 8), null);
  assert.deepEqual(eventsUnder(indexMusic(library()), 1, 999, 'tick'), { events: [], lanes: [], cut: false });
});

test('a range on a composed row is refused, shown so, and the grid reads the row as read only', () => {
  const plane = planeOf(indexMusic(library()), 1, 8);
  const view = makeView({ width: 800, height: 200, ticks: plane.extent, rows: plane.rows.length });
  assert.equal(planeRange(plane, view, { x: 10, y: 50 }, { x: 200, y: 50 }).inside, true, 'the song\'s row takes it');
  const refused = planeRange(plane, view, { x: 10, y: 150 }, { x: 200, y: 150 });
  assert.deepEqual([refused.row, refused.inside], [1, false]);
  const keyed = gridKeyAction(plane, [{ key: 0, start: 0, end: 960 }], 1, 0, { key: 'Enter', shiftKey: false });
  assert.equal(editsForRange(plane, keyed.range), null, 'Enter draws nothing there either');
  assert.equal(underDescription(plane.rows[1]), 'read only: 5 events of 2 voices play under it');
  assert.equal(underDescription({ events: [{ start: 0, length: 1 }], lanes: [{}], cut: false }), 'read only: 1 event of 1 voice plays under it');
  assert.equal(underDescription({ events: [], lanes: [], cut: false }), 'read only: 0 events of 0 voices play under it');
  assert.equal(underDescription({ events: Array(2000).fill({ start: 0, length: 1 }), lanes: [{}], cut: true }), 'read only: 2000 or more events play under it');
  assert.equal(underDescription({ events: [], lanes: [], cut: true }), 'read only: too much lies under it to show');
});
