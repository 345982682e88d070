// The DMX monitor's model: the frames sent last read, a change marked for a moment and then not, a universe in
// words, and the frames asked for at most ten times a second, one request at a time, only while the panel shows
// — on a clock and timers the test holds itself.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  CHANGED_MILLISECONDS, CHANNELS, FramePoll, MonitorFrames, POLL_MILLISECONDS, nothingSentText, readFrames, universeText,
} from '../../Sources/WebClient/Web/console/fixtures/dmx-monitor-model.js';

const levels = (...set) => {
  const all = new Array(CHANNELS).fill(0);
  for (const [address, value] of set) all[address - 1] = value;
  return all;
};

test('the frames read: 512 levels a universe, in order; what is not a level is 0', () => {
  const frames = readFrames({ universes: [{ universe: 2, levels: [1, 2] }, { universe: 1, levels: [300, -1, 7.5, 'x', 9] }, { levels: [] }] });
  assert.deepEqual(frames.map(({ universe }) => universe), [1, 2]);
  assert.equal(frames[0].levels.length, 512);
  assert.deepEqual(frames[0].levels.slice(0, 6), [0, 0, 0, 0, 9, 0]);
  assert.equal(readFrames({ error: 'no' }), null);
});

test('a change stays marked for a moment; the first frame marks nothing; a universe no longer sent is forgotten', () => {
  const frames = new MonitorFrames();
  frames.take([{ universe: 1, levels: levels([5, 7], [7, 255]) }], 0);
  assert.equal(frames.changed(1, 5, 0), false, 'the first frame: nothing to compare with');
  assert.deepEqual(frames.counts(1, 0), { lit: 2, changed: 0 });
  frames.take([{ universe: 1, levels: levels([5, 7], [7, 255], [6, 3]) }, { universe: 2, levels: levels() }], 100);
  assert.equal(frames.changed(1, 6, 100), true);
  assert.equal(frames.changed(1, 5, 100), false);
  assert.deepEqual(frames.counts(1, 100), { lit: 3, changed: 1 });
  frames.take([{ universe: 1, levels: levels([5, 7], [7, 255], [6, 3]) }, { universe: 2, levels: levels() }], 200);
  assert.equal(frames.changed(1, 6, 200), true, 'still marked the next frame, unchanged');
  assert.equal(frames.changed(1, 6, 100 + CHANGED_MILLISECONDS), false, 'and no longer once the moment is past');
  assert.deepEqual(frames.numbers, [1, 2]);
  assert.equal(frames.levels(1)[6], 255);
  frames.take([{ universe: 2, levels: levels() }], 300);
  assert.deepEqual(frames.numbers, [2]);
  assert.equal(frames.levels(1), null);
  assert.equal(universeText(1, { lit: 3, changed: 1 }), 'Universe 1: 3 channels above 0, 1 changing.');
  assert.equal(universeText(2, { lit: 1, changed: 0 }), 'Universe 2: 1 channel above 0.');
  assert.match(nothingSentText(false), /^No universe is sent/);
});

/** A clock and timers the test moves: `advance(ms)` fires what falls due. */
function manualClock() {
  let now = 0, serial = 0;
  const waiting = new Map();
  return {
    now: () => now,
    schedule: (fn, ms) => { serial += 1; waiting.set(serial, { fn, at: now + ms }); return serial; },
    cancel: (handle) => waiting.delete(handle),
    get pending() { return [...waiting.values()].map(({ at }) => at); },
    advance(ms) {
      now += ms;
      for (const [handle, { fn, at }] of [...waiting]) if (at <= now) { waiting.delete(handle); fn(); }
    },
  };
}

const settled = async () => { for (let i = 0; i < 5; i += 1) await Promise.resolve(); };

test('the frames are asked for while the panel shows: one at a time, at most one every 100 ms, and not once hidden', async () => {
  const clock = manualClock(), asked = [], taken = [];
  let answer = null;
  const poll = new FramePoll(() => new Promise((resolve) => { asked.push(clock.now()); answer = resolve; }), (a) => taken.push(a), clock);
  poll.running = true;
  assert.deepEqual(asked, [0], 'at once');
  clock.advance(300);
  assert.deepEqual(asked, [0], 'never two at a time: the first is not answered yet');
  answer('a');
  await settled();
  assert.deepEqual(taken, ['a']);
  assert.deepEqual(clock.pending, [300], 'a slow answer: the next at once');
  clock.advance(0);
  answer('b');
  await settled();
  assert.deepEqual(clock.pending, [300 + POLL_MILLISECONDS], 'a quick answer: the next 100 ms after the one before began');
  clock.advance(POLL_MILLISECONDS);
  assert.deepEqual(asked, [0, 300, 400]);
  poll.running = false;
  answer('c');
  await settled();
  assert.deepEqual(taken, ['a', 'b'], 'hidden meanwhile: its answer is not shown');
  assert.deepEqual(clock.pending, [], 'and nothing more is asked');
  poll.running = true;
  assert.deepEqual(asked, [0, 300, 400, 400], 'shown again: asked at once');
});

test('a request that fails is handed over as a refusal, and the asking goes on', async () => {
  const clock = manualClock(), taken = [];
  const poll = new FramePoll(() => Promise.reject(new Error('gone')), (a) => taken.push(a), clock);
  poll.running = true;
  await settled();
  assert.deepEqual(taken, [{ ok: false, error: 'gone' }]);
  assert.equal(clock.pending.length, 1);
  poll.running = false;
});
