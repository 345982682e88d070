// Every received frame reaches the trail layer in order; a backlog that overflows gives up the oldest
// frames' stamps but keeps their fades and clears.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { decodeFrame } from '../../Sources/WebClient/Web/shared/frames.js';
import { STAMP_BACKLOG, TrailBacklog, combineSteps, hasTrailStamps } from '../../Sources/WebClient/Web/view/trail-backlog.js';
import { encodeFrame } from './frame-bytes.mjs';

const LUMI = { tx: 0.5, ty: 0.5, sx: 800, sy: 800, rotation: 0, rgba: [255, 0, 0, 255], form: 0, stroke: 0, layer: 3, blend: 0 };
const STAMP = { ...LUMI, layer: 2, blend: 1 };

/** A decoded frame at `time` seconds, persistence 128/255, with a trail stamp when `stamped`. */
function frame(time, { stamped = true, erasures = 0, persistence = 128 } = {}) {
  return decodeFrame(encodeFrame({ frame: Math.round(time * 60), time, erasures, persistence, instances: stamped ? [LUMI, STAMP] : [LUMI] }));
}

test('a frame has trail stamps when one of its instances is on layer 2', () => {
  assert.equal(hasTrailStamps(frame(0).instances), true);
  assert.equal(hasTrailStamps(frame(0, { stamped: false }).instances), false);
  assert.equal(hasTrailStamps(decodeFrame(encodeFrame({ instances: [] })).instances), false);
});

test('steps taken in a row: a clear wins, fades multiply', () => {
  assert.deepEqual(combineSteps({ clear: true }, { fade: 128 }), { clear: true });
  assert.deepEqual(combineSteps({ fade: 128 }, { clear: true }), { clear: true });
  assert.deepEqual(combineSteps({ fade: 128 }, { fade: 128 }), { fade: 64 });
  assert.deepEqual(combineSteps({}, { fade: 200 }), { fade: 200 });
  assert.deepEqual(combineSteps({}, {}), {});
});

test('every frame received between two animation frames waits, in order, with its own step and stamps', () => {
  const backlog = new TrailBacklog();
  const frames = [frame(0), frame(1 / 60), frame(2 / 60, { stamped: false }), frame(3 / 60)];
  frames.forEach((f, i) => backlog.push(f, `bytes ${i}`));
  assert.equal(backlog.frames.length, 4, 'the waiting frames can be looked at without taking them');
  const taken = backlog.take();
  assert.deepEqual(taken.map((entry) => entry.frame), frames);
  assert.deepEqual(taken.map((entry) => entry.data), ['bytes 0', 'bytes 1', 'bytes 2', 'bytes 3']);
  assert.deepEqual(taken.map((entry) => entry.stamps), [true, true, false, true]);
  const quad = (2 * 0.52 * (800 / 8192)) ** 2;  // a filled form's quad, 800/8192 of a canvas height
  assert.ok(Math.abs(taken[0].areas.trails - quad) < 1e-12 && Math.abs(taken[0].areas.lumis - quad) < 1e-12, 'what the quads cover');
  assert.equal(taken[2].areas.trails, 0);
  assert.deepEqual(taken[0].step, { clear: true }, 'the first frame starts a clear layer');
  const sixtieth = Math.round(Math.pow(128 / 255, 1 / 60) * 256);
  for (const entry of taken.slice(1)) assert.deepEqual(entry.step, { fade: sixtieth });
  assert.equal(backlog.size, 0);
  assert.equal(backlog.stampsGivenUp, 0);
  backlog.push(frame(4 / 60));
  assert.deepEqual(backlog.take()[0].step, { fade: sixtieth }, 'the clock runs on across animation frames');
});

test('an erase between animation frames clears the layer before the stamps after it', () => {
  const backlog = new TrailBacklog();
  backlog.push(frame(0));
  backlog.take();
  backlog.push(frame(0.1));
  backlog.push(frame(0.2, { erasures: 1 }));
  backlog.push(frame(0.3, { erasures: 1 }));
  assert.deepEqual(backlog.take().map((entry) => entry.step),
    [{ fade: Math.round(Math.pow(128 / 255, 0.1) * 256) }, { clear: true }, { fade: Math.round(Math.pow(128 / 255, 0.1) * 256) }]);
});

test('a full backlog gives up the oldest stamps but keeps their fades and clears', () => {
  const backlog = new TrailBacklog(3);
  backlog.push(frame(0));
  backlog.take();
  // Ten frames, a tenth of a second apart, before the next animation frame; an erase at the second.
  for (let i = 1; i <= 10; i += 1) backlog.push(frame(i / 10, { erasures: i >= 2 ? 1 : 0 }));
  assert.equal(backlog.size, 3);
  const taken = backlog.take();
  assert.deepEqual(taken.map((entry) => entry.frame.time).map((t) => Math.round(t * 10)), [8, 9, 10], 'the newest wait');
  assert.deepEqual(taken[0].step, { clear: true }, 'the erase of a frame given up still clears');
  assert.equal(backlog.stampsGivenUp, 7);

  // Without an erase, the frames given up fade the layer for the time they covered.
  for (let i = 11; i <= 15; i += 1) backlog.push(frame(i / 10, { erasures: 1 }));
  const [first] = backlog.take();
  const tenth = Math.round(Math.pow(128 / 255, 0.1) * 256);
  assert.deepEqual(first.step, { fade: Math.round((tenth * tenth * tenth) / 256 ** 2) });
  assert.equal(backlog.stampsGivenUp, 9);
});

test('the backlog never holds more than its bound, however many frames arrive (a hidden tab)', () => {
  const backlog = new TrailBacklog();
  for (let i = 0; i < 10_000; i += 1) backlog.push(frame(i / 60, { stamped: i % 2 === 0 }));
  assert.equal(backlog.size, STAMP_BACKLOG);
  assert.equal(backlog.stampsGivenUp, 5_000 - STAMP_BACKLOG / 2);
});
