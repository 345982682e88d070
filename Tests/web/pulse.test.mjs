// The colour panel's pulse controls: the pulse intent for one control changed.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { PendingSettings } from '../../Sources/WebClient/Web/console/panel-kit/lumi-features.js';
import { DEFAULT_PULSE, changePulse, pulseControls, pulseIntent } from '../../Sources/WebClient/Web/console/color/pulse.js';

const LOW = Object.freeze({ source: 'low', amount: 0.5, attack: 0.01, release: 0.2 });

test('a pulse as the controls show it', () => {
  assert.deepEqual(pulseControls(DEFAULT_PULSE), { waveform: 'triangle', unit: 'beats', rate: 8, purityLag: 0.25, depth: 1, follow: null });
  assert.deepEqual(pulseControls({ waveform: { kind: 'sine' }, rate: { hertz: 0.5 }, purityLag: 0 }),
    { waveform: 'sine', unit: 'hertz', rate: 0.5, purityLag: 0, depth: 1, follow: null });
  assert.deepEqual(pulseControls(null), { waveform: 'triangle', unit: 'beats', rate: 8, purityLag: 0.25, depth: 1, follow: null });
  assert.equal(pulseControls({ ...DEFAULT_PULSE, depth: 0.3 }).depth, 0.3);
  assert.equal(pulseControls({ ...DEFAULT_PULSE, follow: LOW }).follow, LOW);
});

test('what the pulse follows is kept through any other change, and set or removed only when given', () => {
  const following = { ...DEFAULT_PULSE, follow: LOW };
  assert.deepEqual(pulseIntent(following, { depth: 0.5 }).pulse,
    { waveform: { kind: 'triangle' }, rate: { beats: 8 }, purityLag: 0.25, depth: 0.5, follow: LOW });
  assert.deepEqual(pulseIntent(following, { unit: 'hertz' }, 120).pulse.follow, LOW);
  assert.deepEqual(pulseIntent(following, { waveform: 'sine' }).pulse.follow, LOW);
  const removed = pulseIntent(following, { follow: null }).pulse;
  assert.equal(Object.hasOwn(removed, 'follow'), false, 'following nothing: the key left out, as the engine leaves it');
  assert.deepEqual(removed, { ...DEFAULT_PULSE, depth: 1 });
  const onset = { ...LOW, source: 'onset' };
  assert.deepEqual(pulseIntent(DEFAULT_PULSE, { follow: onset }).pulse, { ...DEFAULT_PULSE, depth: 1, follow: onset });
  assert.equal(Object.hasOwn(pulseIntent(DEFAULT_PULSE, { depth: 0.5 }).pulse, 'follow'), false);
});

test('one control changed, the others kept', () => {
  assert.deepEqual(pulseIntent({ ...DEFAULT_PULSE, depth: 0.4 }, { rate: 2 }).pulse.depth, 0.4);
  assert.deepEqual(pulseIntent(DEFAULT_PULSE, { depth: '0.5' }),
    { type: 'pulse', pulse: { waveform: { kind: 'triangle' }, rate: { beats: 8 }, purityLag: 0.25, depth: 0.5 } });
  assert.deepEqual(pulseIntent(DEFAULT_PULSE, { rate: 4 }),
    { type: 'pulse', pulse: { waveform: { kind: 'triangle' }, rate: { beats: 4 }, purityLag: 0.25, depth: 1 } });
  assert.deepEqual(pulseIntent(DEFAULT_PULSE, { waveform: 'sine' }),
    { type: 'pulse', pulse: { waveform: { kind: 'sine' }, rate: { beats: 8 }, purityLag: 0.25, depth: 1 } });
  assert.deepEqual(pulseIntent(DEFAULT_PULSE, { purityLag: '-0.5' }),
    { type: 'pulse', pulse: { waveform: { kind: 'triangle' }, rate: { beats: 8 }, purityLag: -0.5, depth: 1 } });
});

test('waveforms that need a width or a seed keep theirs, or take 0.5 and 1', () => {
  assert.deepEqual(pulseIntent(DEFAULT_PULSE, { waveform: 'pulse' }).pulse.waveform, { kind: 'pulse', width: 0.5 });
  assert.deepEqual(pulseIntent({ ...DEFAULT_PULSE, waveform: { kind: 'pulse', width: 0.2 } }, { rate: 2 }).pulse.waveform, { kind: 'pulse', width: 0.2 });
  assert.deepEqual(pulseIntent(DEFAULT_PULSE, { waveform: 'sample-and-hold' }).pulse.waveform, { kind: 'sample-and-hold', seed: 1 });
  assert.equal(pulseIntent(DEFAULT_PULSE, { waveform: 'noise' }), null);
});

test("a change of unit keeps the pulse's speed at the tempo; values are kept to the engine's limits", () => {
  // 8 beats per cycle at 120 BPM: a cycle every 4 s, 0.25 Hz.
  assert.deepEqual(pulseIntent(DEFAULT_PULSE, { unit: 'hertz' }, 120).pulse.rate, { hertz: 0.25 });
  assert.deepEqual(pulseIntent({ ...DEFAULT_PULSE, rate: { hertz: 1 } }, { unit: 'beats' }, 90).pulse.rate, { beats: 1.5 });
  assert.deepEqual(pulseIntent({ ...DEFAULT_PULSE, rate: { hertz: 0 } }, { unit: 'beats' }).pulse.rate, { beats: 8 });
  assert.deepEqual(pulseIntent(DEFAULT_PULSE, { rate: 5000 }).pulse.rate, { beats: 1024 });
  assert.deepEqual(pulseIntent(DEFAULT_PULSE, { unit: 'hertz', rate: 500 }).pulse.rate, { hertz: 100 });
  assert.equal(pulseIntent(DEFAULT_PULSE, { purityLag: 3 }).pulse.purityLag, 1);
  assert.equal(pulseIntent(DEFAULT_PULSE, { rate: 'fast' }), null);
  assert.equal(pulseIntent(DEFAULT_PULSE, { depth: 2 }).pulse.depth, 1);
  assert.equal(pulseIntent(DEFAULT_PULSE, { depth: -1 }).pulse.depth, 0);
  assert.equal(pulseIntent(DEFAULT_PULSE, { depth: 'deep' }), null);
});

test('a change is built on the pulse last sent until the engine says it back, as the engine says it', () => {
  const pending = new PendingSettings({ now: () => 0 });
  const state = { pulse: DEFAULT_PULSE, tempo: 120 };
  assert.equal(changePulse(state, { depth: 0.5 }, pending).pulse.depth, 0.5);
  // The engine has not answered: a second control builds on the first.
  assert.deepEqual(changePulse(state, { purityLag: -0.5 }, pending).pulse, { ...DEFAULT_PULSE, purityLag: -0.5, depth: 0.5 });
  // A change given as a function of the controls (MIDI's rate, in the pulse's own unit).
  assert.deepEqual(changePulse(state, ({ unit, rate }) => ({ rate: unit === 'beats' ? rate * 2 : rate }), pending).pulse.rate, { beats: 16 });
  // The engine writes no depth of 1: its answer without one is the pulse sent, and its word counts again.
  changePulse(state, { depth: 1 }, pending);
  const answered = { ...DEFAULT_PULSE, rate: { beats: 16 }, purityLag: -0.5 };
  assert.equal(pending.base('pulse', answered), answered);
  assert.equal(changePulse({ pulse: { ...answered, purityLag: 0 } }, { depth: 0.2 }, pending).pulse.purityLag, 0, 'another console moved it since');
  assert.equal(changePulse(state, { rate: 'fast' }, pending), null);
  assert.deepEqual(changePulse({}, { depth: 0 }, null).pulse, { ...DEFAULT_PULSE, depth: 0 }, 'no pulse from the engine yet: its default');
});

test('a pulse following the sound, said back by the engine with its follower, ends the wait', () => {
  const pending = new PendingSettings({ now: () => 0 });
  const state = { pulse: DEFAULT_PULSE, tempo: 120 };
  changePulse(state, { follow: LOW }, pending);
  // Not answered yet: a depth moved meanwhile keeps the follower.
  assert.deepEqual(changePulse(state, { depth: 0.5 }, pending).pulse.follow, LOW);
  const answered = { ...DEFAULT_PULSE, depth: 0.5, follow: { release: 0.2, attack: 0.01, amount: 0.5, source: 'low' } };
  assert.equal(pending.base('pulse', answered), answered, 'the same pulse, its keys in another order');
});
