// The motion panel's waveforms: the arithmetic they share with Turns, how a plot draws them, and a plot in words.
// Their values are the twin-rule table's (Tests/fixtures/twin-rules/waveforms.json, waveform-twin-rule.test.mjs),
// which the engine's Waveform is held to as well.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  featureValue, nearestWhole, oscillatorCycles, plotDescription, sampleWaveform, stableUnit, turnsFloor, turnsSin, waveformJumps,
  waveformPolyline, wrappedUnit,
} from '../../Sources/WebClient/Web/console/motion/waveform-plot.js';
import { feature } from '../../Sources/WebClient/Web/console/panel-kit/lumi-features.js';

const sine = { kind: 'sine' };
const triangle = { kind: 'triangle' };
const saw = { kind: 'saw' };
const square = { kind: 'square' };

test('floor, nearest whole and the wrapped unit behave as Turns and Double+Clamping say, NaN included', () => {
  assert.equal(turnsFloor(2.5), 2);
  assert.equal(turnsFloor(-2.5), -3);
  assert.equal(turnsFloor(-3), -3);
  assert.equal(turnsFloor(Number.NaN), 0);
  assert.equal(turnsFloor(Infinity), 0);
  assert.equal(turnsFloor(2 ** 60), 2 ** 60);
  assert.equal(nearestWhole(2.5), 3);
  assert.equal(nearestWhole(-2.5), -3);
  assert.equal(nearestWhole(0.49), 0);
  assert.equal(wrappedUnit(1.25), 0.25);
  assert.equal(wrappedUnit(-0.25), 0.75);
  assert.equal(wrappedUnit(Number.NaN), 0);
  assert.equal(wrappedUnit(-1e-20), 0, 'a fraction that rounds to 1 is 0');
});

test("sine is the engine's polynomial, within 1e-7 of the true sine (its values, and every waveform's, are the twin-rule table's)", () => {
  for (let i = -200; i <= 200; i += 1) {
    const turns = i / 37;
    assert.ok(Math.abs(turnsSin(turns) - Math.sin(2 * Math.PI * turns)) < 1e-7, `${turns}`);
    assert.equal(sampleWaveform(sine, turns), turnsSin(turns));
  }
});

test('pulse and square: +1 for the width of each cycle, −1 for the rest; an unknown kind is 0', () => {
  for (const phase of [0, 0.1, 0.3, 0.5, 0.7, 0.99, 1.2, -0.25]) {
    assert.equal(sampleWaveform({ kind: 'pulse', width: 0.5 }, phase), sampleWaveform(square, phase), `${phase}`);
  }
  assert.equal(sampleWaveform({ kind: 'pulse' }, 0.4), 1, 'a pulse that says no width is half wide');
  assert.equal(sampleWaveform({ kind: 'unknown' }, 0.3), 0);
  assert.equal(sampleWaveform(undefined, 0.3), 0);
});

test('sample-and-hold: one level a cycle, the same for the same seed, whether a number, text or a BigInt', () => {
  const held = { kind: 'sample-and-hold', seed: 9 };
  assert.equal(sampleWaveform(held, 3.1), sampleWaveform(held, 3.9));
  assert.notEqual(sampleWaveform(held, 3.1), sampleWaveform(held, 4.1));
  assert.equal(sampleWaveform({ kind: 'sample-and-hold', seed: 9n }, 3.5), sampleWaveform(held, 3.9));
  assert.equal(sampleWaveform({ kind: 'sample-and-hold', seed: '9' }, 3.5), sampleWaveform(held, 3.9));
  assert.notEqual(sampleWaveform({ kind: 'sample-and-hold', seed: 10 }, 3.5), sampleWaveform(held, 3.5));
  assert.equal(stableUnit(0, 0), 0);
});

test('the plot follows the waveform and draws its jumps upright', () => {
  for (const waveform of [sine, triangle, saw, square, { kind: 'pulse', width: 0.3 }, { kind: 'sample-and-hold', seed: 7 }]) {
    for (const phase of [0, 0.1, 0.5, -0.3]) {
      const line = waveformPolyline(waveform, { phase, cycles: 2, samples: 40 });
      assert.equal(line[0], 0);
      assert.equal(line[line.length - 2], 2);
      for (let i = 0; i < line.length; i += 2) {
        const [x, y] = [line[i], line[i + 1]];
        assert.ok(x >= 0 && x <= 2, `${waveform.kind}: x ${x}`);
        if (i + 2 < line.length) assert.ok(line[i + 2] >= x, `${waveform.kind}: x goes forward`);
        const upright = line[i + 2] === x;
        if (!upright) assert.equal(y, sampleWaveform(waveform, phase + x), `${waveform.kind}(${phase} + ${x})`);
      }
    }
  }
  const squareLine = waveformPolyline(square, { phase: 0, cycles: 1, samples: 4 });
  assert.deepEqual(squareLine, [0, 1, 0.25, 1, 0.5, 1, 0.5, -1, 0.75, -1, 1, -1, 1, 1], "the jump at the end too");
  const sawLine = waveformPolyline(saw, { phase: 0.25, cycles: 1, samples: 2 });
  assert.equal(sawLine.length, 10, JSON.stringify(sawLine));
  assert.equal(sawLine[2], 0.25);
  assert.ok(sawLine[3] > 0.999999 && sawLine[5] === -1, 'up to 1 just before the jump, −1 at it');
  assert.deepEqual(waveformJumps({ kind: 'pulse', width: 1 }), []);
  assert.deepEqual(waveformJumps(triangle), []);
});

test('an oscillator counts cycles in seconds at a rate in Hz, in beats at a rate in beats; a feature adds base and offset', () => {
  const hz = { waveform: sine, rate: { hertz: 2 }, phase: 0.1, depth: 0.5, offset: 0.2 };
  assert.equal(oscillatorCycles(hz, { elapsed: 3, beat: 100 }), 6.1);
  const beats = { waveform: triangle, rate: { beats: 4 }, phase: 0, depth: 1, offset: 0 };
  assert.equal(oscillatorCycles(beats, { elapsed: 3, beat: 9 }), 2.25);
  assert.equal(featureValue({ base: 0.5, oscillator: beats }, { elapsed: 0, beat: 1 }), 1.5);
  assert.equal(featureValue({ base: 0.5, oscillator: { ...hz, depth: 0 } }, { elapsed: 1.3 }), 0.7);
  assert.equal(featureValue({ base: 1, oscillator: hz }, { elapsed: 0.075 }), 1.2 + 0.5 * turnsSin(0.25));
});

test('a plot in words: the feature, its waveform, rate, depth and phase — or that the engine sent no oscillator', () => {
  assert.equal(plotDescription(feature('size'), { waveform: { kind: 'sine' }, rate: { hertz: 0.5 }, depth: 0.2, phase: 0 }),
    'Size: Sine at 0.5 Hz, depth 0.2, phase 0');
  assert.equal(plotDescription(feature('hue'), { waveform: { kind: 'sample-and-hold', seed: 3 }, rate: { beats: 0.25 }, depth: -0.125, phase: 0.5 }),
    'Hue: Sample & hold at 1/4 beat, depth −0.13, phase 0.5');
  assert.equal(plotDescription(feature('size'), { waveform: { kind: 'wobble' }, rate: { hertz: 2 }, depth: 1, phase: 0.25 }),
    'Size: unknown waveform at 2 Hz, depth 1, phase 0.25');
  assert.equal(plotDescription(feature('size'), null), 'Size: the engine has sent no oscillator');
});
