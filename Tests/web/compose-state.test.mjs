// The composition lab's page rules: the pair it opens on, what Play, Loop and a ruler tap ask of the transport.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  formatTime, initialPair, locateRequests, loopRequests, pairFragment, pairFromFragment, playRequest, playsPart, transportProblems,
} from '../../Sources/WebClient/Web/compose/compose-state.js';

const index = {
  parts: new Map([[1, {}], [4, {}]]), voices: new Map([[3, {}], [26, {}]]),
  compositions: [{ id: 9, name: 'Demo', part: 4, voice: 26 }], rootParts: [4], rootVoices: [26],
};
const pair = { part: 4, voice: 26 };
const loaded = (more) => ({ composition: 'Demo', part: 4, voice: 26, playing: false, seconds: 3, duration: 20, parts: [], ...more });

test('the lab opens on the pair in its address, else the first composition, else the first roots', () => {
  assert.deepEqual(initialPair(index, { part: 1, voice: 3 }), { part: 1, voice: 3 });
  assert.deepEqual(initialPair(index, { part: 77, voice: 3 }), pair);
  assert.deepEqual(initialPair({ ...index, compositions: [] }), pair);
  assert.equal(initialPair({ parts: new Map(), voices: new Map(), compositions: [], rootParts: [], rootVoices: [] }), null);
  assert.deepEqual(pairFromFragment(pairFragment(pair)), pair);
  assert.equal(pairFromFragment('#part=-1&voice=2'), null);
  assert.equal(pairFromFragment('#part=x'), null);
});

test('Play plays on what is loaded and stopped before its end, else the selected pair from its start', () => {
  assert.deepEqual(playRequest(loaded(), pair), { type: 'transport', action: 'play' });
  assert.deepEqual(playRequest(loaded({ seconds: 20 }), pair), { type: 'transport', action: 'play', part: 4, voice: 26 });
  assert.deepEqual(playRequest(loaded({ voice: 3 }), pair), { type: 'transport', action: 'play', part: 4, voice: 26 });
  assert.deepEqual(playRequest(null, pair), { type: 'transport', action: 'play', part: 4, voice: 26 });
  assert.equal(playRequest(loaded(), null), null);
  assert.ok(playsPart(loaded({ voice: 3 }), pair));
});

test('Loop loops what the plane shows, playing the pair first if need be, and stops looping when on', () => {
  assert.deepEqual(loopRequests(loaded(), pair, { from: -1, to: 8 }), [{ type: 'transport', action: 'loop', from: 0, to: 8 }]);
  assert.deepEqual(loopRequests(null, pair, { from: 2, to: 4 }), [
    { type: 'transport', action: 'play', part: 4, voice: 26 }, { type: 'transport', action: 'loop', from: 2, to: 4 },
  ]);
  assert.deepEqual(loopRequests(loaded({ loop: [2, 4] }), pair, { from: 0, to: 8 }), [{ type: 'transport', action: 'loop' }]);
  assert.deepEqual(locateRequests(loaded(), pair, 5), [{ type: 'transport', action: 'locate', seconds: 5 }]);
  assert.equal(locateRequests(loaded(), pair, Number.NaN).length, 0);
});

test('the playhead reads minutes, seconds and tenths', () => {
  assert.equal(formatTime(65.34), '1:05.3');
  assert.equal(formatTime(0), '0:00.0');
  assert.equal(formatTime(Number.NaN), '0:00.0');
});

test('the transport says what is not heard and what is not lit, a line each, and nothing when all is played', () => {
  assert.deepEqual(transportProblems(null), []);
  assert.deepEqual(transportProblems({ playing: true }), []);
  assert.deepEqual(transportProblems({ soundProblem: 'no sound device', lightProblem: 'chord 2 of chordset X is not in the library' }),
    ['Not heard: no sound device', 'Not lit: chord 2 of chordset X is not in the library']);
  assert.deepEqual(transportProblems({ lightProblem: 'chordset Y cannot be read' }), ['Not lit: chordset Y cannot be read']);
});
