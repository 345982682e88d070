// The colour panel's pulse controls: the pulse intent for one control changed.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { DEFAULT_PULSE, pulseControls, pulseIntent } from '../../Sources/WebClient/Web/pulse.js';

test('a pulse as the controls show it', () => {
  assert.deepEqual(pulseControls(DEFAULT_PULSE), { waveform: 'triangle', unit: 'beats', rate: 8, purityLag: 0.25 });
  assert.deepEqual(pulseControls({ waveform: { kind: 'sine' }, rate: { hertz: 0.5 }, purityLag: 0 }),
    { waveform: 'sine', unit: 'hertz', rate: 0.5, purityLag: 0 });
  assert.deepEqual(pulseControls(null), { waveform: 'triangle', unit: 'beats', rate: 8, purityLag: 0.25 });
});

test('one control changed, the others kept', () => {
  assert.deepEqual(pulseIntent(DEFAULT_PULSE, { rate: 4 }),
    { type: 'pulse', pulse: { waveform: { kind: 'triangle' }, rate: { beats: 4 }, purityLag: 0.25 } });
  assert.deepEqual(pulseIntent(DEFAULT_PULSE, { waveform: 'sine' }),
    { type: 'pulse', pulse: { waveform: { kind: 'sine' }, rate: { beats: 8 }, purityLag: 0.25 } });
  assert.deepEqual(pulseIntent(DEFAULT_PULSE, { purityLag: '-0.5' }),
    { type: 'pulse', pulse: { waveform: { kind: 'triangle' }, rate: { beats: 8 }, purityLag: -0.5 } });
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
});
