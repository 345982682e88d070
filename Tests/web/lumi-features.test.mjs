// The lumi's features and motions as the panels offer them: within the engine's ranges, rates on a
// logarithmic slider, a rate in the other unit and the engine's tempo, and names for people.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import {
  BEATS_RANGE, FEATURES, HERTZ_RANGE, LUMI_COUNT_RANGE, LUMI_COUNT_SLIDER_MAX, PENDING_MILLISECONDS, PendingSettings,
  RATE_STEPS, changeFeature, designSetting, engineTempo, featureIntent, formatRate, lumiCountIntent, lumiCountSliderMax,
  rateFromStep, rateInOtherUnit, rateParts, selectedChord, shownLumiCount, stepFromRate,
} from '../../Sources/WebClient/Web/console/panel-kit/lumi-features.js';
import { EDGES, MOTION_KINDS, defaultMotion, motionIntent } from '../../Sources/WebClient/Web/console/motion/motion-kinds.js';

// The motions' kinds, sliders and starting values are the twin-rule table's, which the engine's Motion is held to
// too (each slider's ends kept by Motion.validate).
const table = JSON.parse(readFileSync(new URL('../fixtures/twin-rules/form-and-motion.json', import.meta.url), 'utf8'));

test('the twelve features of LumiFeature.allCases, each slider within the range the engine keeps', () => {
  assert.deepEqual(FEATURES.map((f) => f.name), ['position', 'size', 'rotation', 'hue', 'saturation', 'brightness', 'opacity',
    'morph', 'strokeWidth', 'speed', 'direction', 'trail']);
  for (const f of FEATURES) {
    assert.ok(f.base[0] >= f.range[0] && f.base[1] <= f.range[1], f.name);
    assert.ok(f.defaultBase >= f.range[0] && f.defaultBase <= f.range[1], f.name);
    assert.ok(f.depth[0] >= -1000 && f.depth[1] <= 1000 && f.depth[1] > 0, f.name);
  }
});

test('a feature intent carries the whole setting, as the engine has it', () => {
  const oscillator = { waveform: { kind: 'pulse', width: 0.3 }, rate: { beats: 2 }, phase: 0.1, depth: 0.2, offset: 0.05 };
  const state = { design: { features: { hue: { base: 0.4, oscillator } } } };
  assert.deepEqual(designSetting(state, 'hue'), { base: 0.4, oscillator });
  assert.equal(designSetting(state, 'size'), null);
  assert.equal(designSetting({}, 'hue'), null);
  assert.deepEqual(featureIntent('hue', { base: 0.5, oscillator, extra: 1 }),
    { type: 'feature', feature: 'hue', setting: { base: 0.5, oscillator } });
});

test('the rate slider: 0 Hz, then 0.01 to 100 Hz by hundredths of a decade; 1/64 to 1024 beats by tenths of an octave', () => {
  assert.equal(rateFromStep('hertz', 0), 0);
  assert.equal(rateFromStep('hertz', 1), 0.0102);
  assert.equal(rateFromStep('hertz', 200), 1);
  assert.equal(rateFromStep('hertz', RATE_STEPS.hertz), 100);
  assert.equal(rateFromStep('hertz', 9999), 100);
  assert.equal(rateFromStep('beats', 0), 1 / 64);
  assert.equal(rateFromStep('beats', 60), 1);
  assert.equal(rateFromStep('beats', 90), 8);
  assert.equal(rateFromStep('beats', RATE_STEPS.beats), 1024);
  for (let i = 0; i <= RATE_STEPS.hertz; i += 1) {
    const hz = rateFromStep('hertz', i);
    assert.ok(hz >= HERTZ_RANGE[0] && hz <= HERTZ_RANGE[1]);
    assert.equal(stepFromRate('hertz', hz), i, `hertz step ${i}`);
  }
  for (let i = 0; i <= RATE_STEPS.beats; i += 1) {
    const beats = rateFromStep('beats', i);
    assert.ok(beats >= BEATS_RANGE[0] && beats <= BEATS_RANGE[1], `${beats}`);
    assert.equal(stepFromRate('beats', beats), i, `beats step ${i}`);
  }
  assert.equal(stepFromRate('hertz', 0.001), 1, 'below the slider: its first step');
  assert.equal(stepFromRate('beats', 3), 76);
});

test('a rate in the other unit keeps its speed at the tempo, on the slider\'s steps', () => {
  assert.deepEqual(rateInOtherUnit({ hertz: 0.5 }, 120), { beats: 4 }, 'two beats a second, half a cycle: four beats a cycle');
  assert.deepEqual(rateInOtherUnit({ beats: 4 }, 120), { hertz: 0.501 }, 'back again, on the nearest step of the hertz slider');
  assert.deepEqual(rateInOtherUnit({ beats: 1 }, 90), { hertz: 1.51 });
  assert.deepEqual(rateInOtherUnit({ hertz: 0 }, 120), { beats: 4 }, 'a still oscillator: four beats a cycle');
  assert.deepEqual(rateInOtherUnit(undefined, 120), { beats: 4 });
  assert.deepEqual(rateInOtherUnit({ hertz: 100 }, 20), { beats: 1 / 64 }, 'kept within the beats the engine takes');
  assert.deepEqual(rateInOtherUnit({ beats: 1024 }, 300), { hertz: rateFromStep('hertz', 1) }, 'and within the hertz the slider offers');
});

test("the engine's tempo: a number, or beats per minute, or 120 where it says none", () => {
  assert.equal(engineTempo({ tempo: 93 }), 93);
  assert.equal(engineTempo({ tempo: { beatsPerMinute: 141 } }), 141);
  assert.equal(engineTempo({ tempo: 'fast' }), 120);
  assert.equal(engineTempo(null), 120);
});

test('rates for a person', () => {
  assert.deepEqual(rateParts({ hertz: 2 }), { unit: 'hertz', value: 2 });
  assert.deepEqual(rateParts({ beats: 0.25 }), { unit: 'beats', value: 0.25 });
  assert.deepEqual(rateParts(undefined), { unit: 'hertz', value: 0 });
  assert.equal(formatRate({ hertz: 0.5 }), '0.5 Hz');
  assert.equal(formatRate({ hertz: 0.0102 }), '0.01 Hz');
  assert.equal(formatRate({ beats: 1 }), '1 beat');
  assert.equal(formatRate({ beats: 8 }), '8 beats');
  assert.equal(formatRate({ beats: 0.25 }), '1/4 beat');
  assert.equal(formatRate({ beats: 1 / 64 }), '1/64 beat');
});

test('motions: the five a performer chooses, follow only shown; defaults within the sliders', () => {
  assert.deepEqual(MOTION_KINDS.map((m) => m.kind), table.motions.map((motion) => motion.kind));
  assert.deepEqual(EDGES.map(([edge]) => edge), table.edges);
  const drift = table.motions.find((motion) => motion.kind === 'drift');
  assert.deepEqual(defaultMotion('drift'), Object.fromEntries([['kind', 'drift'], ...drift.params.map((p) => [p.name, p.default])]));
  assert.deepEqual(defaultMotion('lissajous', { kind: 'lissajous', width: 0.5, height: 0.1, xRate: 1, yRate: 2, phase: 0 }),
    { kind: 'lissajous', width: 0.5, height: 0.1, xRate: 1, yRate: 2, phase: 0 });
  assert.deepEqual(defaultMotion('still'), { kind: 'still' });
  assert.equal(defaultMotion('follow'), null);
  assert.equal(defaultMotion('teleport'), null);
  assert.deepEqual(motionIntent({ kind: 'still' }, 'wrap'), { type: 'motion', motion: { kind: 'still' }, edges: 'wrap' });
  for (const motion of MOTION_KINDS) {
    for (const p of motion.params) assert.ok(p.default >= p.min && p.default <= p.max, `${motion.kind}.${p.name}`);
  }
});

test("Count shows the engine's lumiCount, else as many lumis as the selected chord holds", () => {
  const chords = [{ position: 0, lumis: [{}, {}, {}] }, { position: 1, lumis: [{}] }, { position: 2, lumis: [] }];
  const state = { selectedChord: 1, chordset: { chords } };
  assert.equal(selectedChord(state), chords[1]);
  assert.deepEqual(shownLumiCount(state), { count: 1, fromChord: true });
  assert.deepEqual(shownLumiCount({ ...state, selectedChord: 0 }), { count: 3, fromChord: true });
  assert.deepEqual(shownLumiCount({ ...state, selectedChord: 2 }), { count: 0, fromChord: true });
  // null (or absent) means "as many as the chord had"; a number is the performer's.
  assert.deepEqual(shownLumiCount({ ...state, lumiCount: null }), { count: 1, fromChord: true });
  assert.deepEqual(shownLumiCount({ ...state, lumiCount: 4 }), { count: 4, fromChord: false });
  assert.deepEqual(shownLumiCount({ lumiCount: 7 }), { count: 7, fromChord: false });
  // Chords found by their position, whatever their order; nothing shown when the engine has said nothing.
  assert.equal(selectedChord({ selectedChord: 0, chordset: { chords: [chords[1], chords[0]] } }), chords[0]);
  assert.equal(shownLumiCount({}), null);
  assert.equal(shownLumiCount(null), null);
  assert.equal(shownLumiCount({ selectedChord: 5, chordset: { chords } }), null);
  assert.equal(shownLumiCount({ selectedChord: 1.5, chordset: { chords } }), null);
});

test('the Count slider runs 1 to 16, further when the engine says more (up to 64); its intents are whole and in range', () => {
  assert.deepEqual(LUMI_COUNT_RANGE, [1, 64]);
  assert.equal(LUMI_COUNT_SLIDER_MAX, 16);
  assert.equal(lumiCountSliderMax(3), 16);
  assert.equal(lumiCountSliderMax(undefined), 16);
  assert.equal(lumiCountSliderMax(20), 20);
  assert.equal(lumiCountSliderMax(300), 64);
  assert.deepEqual(lumiCountIntent(4), { type: 'lumiCount', count: 4 });
  assert.deepEqual(lumiCountIntent(3.6), { type: 'lumiCount', count: 4 });
  assert.deepEqual(lumiCountIntent(0), { type: 'lumiCount', count: 1 });
  assert.deepEqual(lumiCountIntent(99), { type: 'lumiCount', count: 64 });
  assert.deepEqual(lumiCountIntent(Number.NaN), { type: 'lumiCount', count: 1 });
});

const osc = (depth, hertz = 0.5) => ({ waveform: { kind: 'sine' }, rate: { hertz }, phase: 0, depth, offset: 0 });

test('two controls of one feature moved before the engine answers both count: each change builds on the last sent', () => {
  let clock = 0;
  const pending = new PendingSettings({ now: () => clock });
  const state = { design: { features: { size: { base: 0.5, oscillator: osc(0.1) } } } };
  // The base slider, then the depth slider, while the store still holds the engine's old setting.
  const first = changeFeature(state, 'size', (s) => ({ ...s, base: 0.6 }), pending);
  assert.deepEqual(first.setting, { base: 0.6, oscillator: osc(0.1) });
  const second = changeFeature(state, 'size', (s) => ({ ...s, oscillator: { ...s.oscillator, depth: 0.3 } }), pending);
  assert.deepEqual(second.setting, { base: 0.6, oscillator: osc(0.3) }, 'the depth keeps the base just sent');
  // The engine has said the first back, not yet the second: still built on the second.
  const echoed = { design: { features: { size: { base: 0.6, oscillator: osc(0.1) } } } };
  assert.deepEqual(changeFeature(echoed, 'size', (s) => s, pending).setting, { base: 0.6, oscillator: osc(0.3) });
  // Said back (whatever the order of its keys): the engine's is used again. Other features are not touched.
  const said = { design: { features: { size: { oscillator: { offset: 0, depth: 0.3, phase: 0, rate: { hertz: 0.5 }, waveform: { kind: 'sine' } }, base: 0.6 } } } };
  assert.equal(pending.base('feature:size', said.design.features.size), said.design.features.size);
  assert.equal(pending.entries.size, 0);
  assert.equal(changeFeature(state, 'hue', (s) => s, pending), null, 'no setting, no intent');
});

test('a setting sent and never said back (refused, or changed elsewhere) gives way to the engine after a while', () => {
  let clock = 0;
  const pending = new PendingSettings({ now: () => clock });
  const engine = { base: 0.5, oscillator: osc(0.1) };
  pending.record('feature:size', { base: 9, oscillator: osc(0.1) });
  clock = PENDING_MILLISECONDS - 1;
  assert.equal(pending.base('feature:size', engine).base, 9);
  clock = PENDING_MILLISECONDS + 1;
  assert.equal(pending.base('feature:size', engine), engine);
  // Nothing to build on when the engine has no setting at all; without a record, the engine's as it is.
  pending.record('form', { kind: 'circle' });
  assert.equal(pending.base('form', null), null);
  assert.deepEqual(changeFeature({ design: { features: { size: engine } } }, 'size', (s) => ({ ...s, base: 1 }), null).setting,
    { base: 1, oscillator: osc(0.1) });
});
