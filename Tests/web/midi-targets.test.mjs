// Every slider of the console as a MIDI target: a control change's 0…127 as the intent the slider's panel
// would send (the same builders: pulse.js, form-kinds.js, motion-kinds.js, lumi-features.js), learnt like any.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  CONTROLS, CONTROL_GROUPS, controlsIn, describeTarget, intentsForMessage, settingKey, targetKind,
} from '../../Sources/WebClient/Web/console/midi/midi-targets.js';
import { MidiLearn } from '../../Sources/WebClient/Web/console/midi/midi-learn.js';
import { FEATURES, PendingSettings, rateAtShare } from '../../Sources/WebClient/Web/console/panel-kit/lumi-features.js';
import { FORM_KINDS, PRISM_COVER, formParamName } from '../../Sources/WebClient/Web/console/form/form-kinds.js';
import { MOTION_KINDS, motionParamName } from '../../Sources/WebClient/Web/console/motion/motion-kinds.js';
import { ribbonKeyChange } from '../../Sources/WebClient/Web/console/color/ribbon.js';

const cc = (controller, value, channel = 1) => ({ type: 'controlChange', channel, controller, value });
const noteOn = (note, channel = 1) => ({ type: 'noteOn', channel, note, velocity: 100 });

const sine = { waveform: { kind: 'sine' }, rate: { hertz: 0.5 }, phase: 0, depth: 0.1, offset: 0 };
const pulseWave = { waveform: { kind: 'pulse', width: 0.5 }, rate: { beats: 4 }, phase: 0.25, depth: 0.2, offset: 0 };
const prism = { kind: 'prism', ...PRISM_COVER };
const orbit = { kind: 'orbit', radius: 0.15, rate: 0.2 };
const state = {
  tempo: 120,
  pulse: { waveform: { kind: 'triangle' }, rate: { beats: 8 }, purityLag: 0.25 },
  design: { form: prism, motion: orbit, edges: 'wrap', features: { size: { base: 0.3, oscillator: sine }, hue: { base: 0.5, oscillator: pulseWave } } },
};

/** The intents one control change on `target` sends from `from` (no pending settings). */
function play(target, value, from = state) {
  return intentsForMessage(cc(1, value), { 'cc:1:1': target }, from);
}

test('every slider a performer sees is a control target, named as its slider', () => {
  const expected = [
    ['hue.center', 'Hue centre'], ['purity.range', 'Purity range'],
    ['pulse.rate', 'Pulse rate'], ['pulse.depth', 'Pulse depth'], ['pulse.lag', 'Pulse lag'],
    ['feature.size.base', 'Size'], ['feature.morph.base', 'Morph'], ['feature.strokeWidth.base', 'Stroke width'], ['lumiCount', 'Count'],
    ['form.prism.lightFraction', 'Light'], ['form.prism.prismFraction', 'Prism'], ['form.prism.dispersionSize', 'Dispersion'],
    ['form.prism.rainbowSize', 'Rainbow'], ['form.star.innerRadius', 'Star inner radius'],
    ['feature.speed.base', 'Speed'], ['motion.drift.direction', 'Drift direction'], ['motion.follow.speed', 'Follow pace'],
    ['feature.hue.rate', 'Hue rate'], ['feature.hue.depth', 'Hue depth'], ['feature.hue.phase', 'Hue phase'],
    ['feature.hue.width', 'Hue pulse width'],
  ];
  for (const [target, label] of expected) {
    assert.equal(targetKind(target), 'control', target);
    assert.equal(describeTarget(target), label, target);
  }
  for (const entry of FORM_KINDS) {
    for (const param of entry.params) assert.equal(describeTarget(`form.${entry.kind}.${param.name}`), formParamName(entry, param));
  }
  for (const entry of MOTION_KINDS) {
    for (const param of entry.params) assert.equal(describeTarget(`motion.${entry.kind}.${param.name}`), motionParamName(entry, param));
  }
  for (const f of FEATURES) {
    for (const part of ['base', 'depth', 'rate', 'phase', 'width']) assert.equal(targetKind(`feature.${f.name}.${part}`), 'control');
  }
  const labels = Object.values(CONTROLS).map((control) => control.label);
  assert.equal(new Set(labels).size, labels.length, 'no two targets share a name (each has its own Learn button)');
});

test('controls are listed by the panel their slider is on', () => {
  const groups = CONTROL_GROUPS.map(({ group }) => group);
  assert.deepEqual(groups, ['color', 'form', 'motion', 'feature', 'fixtures']);
  for (const [name, control] of Object.entries(CONTROLS)) assert.ok(groups.includes(control.group), name);
  assert.deepEqual(groups.flatMap(controlsIn).sort(), Object.keys(CONTROLS).sort(), 'each control in one group');
  for (const name of ['pulse.rate', 'pulse.depth', 'pulse.lag', 'hue.center', 'tempo']) assert.ok(controlsIn('color').includes(name), name);
  for (const name of ['feature.size.base', 'feature.morph.base', 'feature.strokeWidth.base', 'lumiCount', 'form.prism.rainbowSize']) {
    assert.ok(controlsIn('form').includes(name), name);
  }
  for (const name of ['feature.speed.base', 'motion.orbit.radius']) assert.ok(controlsIn('motion').includes(name), name);
  for (const name of ['feature.size.depth', 'feature.hue.rate', 'feature.trail.base']) assert.ok(controlsIn('feature').includes(name), name);
  assert.deepEqual(controlsIn('fixtures'), ['fixtures.master'], "the Fixtures panel's master");
});

test('the pulse: depth and lag across their ranges, the rest of the pulse kept', () => {
  const kept = { waveform: { kind: 'triangle' }, rate: { beats: 8 }, purityLag: 0.25, depth: 1 };
  assert.deepEqual(play('pulse.depth', 0), [{ type: 'pulse', pulse: { ...kept, depth: 0 } }]);
  assert.deepEqual(play('pulse.depth', 127), [{ type: 'pulse', pulse: kept }]);
  assert.deepEqual(play('pulse.lag', 0), [{ type: 'pulse', pulse: { ...kept, purityLag: -1 } }]);
  assert.deepEqual(play('pulse.lag', 127), [{ type: 'pulse', pulse: { ...kept, purityLag: 1 } }]);
  assert.equal(play('pulse.depth', 0, {})[0].pulse.rate.beats, 8, "before the engine's pulse: its default");
});

test("the pulse's rate travels its unit's range on the rate slider's logarithmic steps", () => {
  const rate = (value, from = state) => play('pulse.rate', value, from)[0].pulse.rate;
  assert.deepEqual(rate(0), { beats: 1 / 64 });
  assert.deepEqual(rate(127), { beats: 1024 });
  assert.deepEqual(rate(64), { beats: rateAtShare('beats', 64 / 127) });
  assert.equal(rateAtShare('beats', 64 / 127), 4.29);
  const inHertz = { ...state, pulse: { ...state.pulse, rate: { hertz: 2 } } };
  assert.deepEqual(rate(0, inHertz), { hertz: 0 });
  assert.deepEqual(rate(127, inHertz), { hertz: 100 });
  assert.equal(rateAtShare('hertz', 0.5), 1);
});

test('the form: Count, and a form parameter while the design has that kind', () => {
  assert.deepEqual(play('lumiCount', 0), [{ type: 'lumiCount', count: 1 }]);
  assert.deepEqual(play('lumiCount', 127), [{ type: 'lumiCount', count: 16 }]);
  assert.deepEqual(play('lumiCount', 64), [{ type: 'lumiCount', count: 9 }]);
  assert.deepEqual(play('form.prism.lightFraction', 127), [{ type: 'form', form: { ...prism, lightFraction: 1 } }]);
  assert.deepEqual(play('form.prism.rainbowSize', 0), [{ type: 'form', form: { ...prism, rainbowSize: 0 } }]);
  assert.deepEqual(play('form.polygon.sides', 127), [], 'a prism has no sides: nothing sent');
  const polygon = { ...state, design: { ...state.design, form: { kind: 'polygon', sides: 6 } } };
  assert.deepEqual(play('form.polygon.sides', 0, polygon), [{ type: 'form', form: { kind: 'polygon', sides: 3 } }]);
  assert.deepEqual(play('form.polygon.sides', 127, polygon), [{ type: 'form', form: { kind: 'polygon', sides: 64 } }]);
  assert.deepEqual(play('form.polygon.sides', 64, polygon)[0].form.sides, 34, 'a whole number');
  assert.deepEqual(play('form.prism.lightFraction', 5, {}), [], 'no design yet');
});

test('the motion: a parameter while the design has that kind, its edges kept', () => {
  assert.deepEqual(play('motion.orbit.radius', 127), [{ type: 'motion', motion: { ...orbit, radius: 1 }, edges: 'wrap' }]);
  assert.deepEqual(play('motion.orbit.rate', 0), [{ type: 'motion', motion: { ...orbit, rate: -2 }, edges: 'wrap' }]);
  assert.deepEqual(play('motion.drift.direction', 64), [], 'an orbit has no direction: nothing sent');
  assert.deepEqual(play('feature.speed.base', 127), [], 'the engine said nothing of the speed: nothing to resend');
});

test("a feature's oscillator: rate in its own unit, phase, and a pulse's width", () => {
  const oscillatorOf = (intents) => intents[0].setting.oscillator;
  assert.deepEqual(oscillatorOf(play('feature.size.rate', 127)), { ...sine, rate: { hertz: 100 } });
  assert.deepEqual(oscillatorOf(play('feature.size.rate', 0)), { ...sine, rate: { hertz: 0 } });
  assert.deepEqual(oscillatorOf(play('feature.hue.rate', 127)), { ...pulseWave, rate: { beats: 1024 } });
  assert.deepEqual(play('feature.size.phase', 127), [{ type: 'feature', feature: 'size', setting: { base: 0.3, oscillator: { ...sine, phase: 1 } } }]);
  assert.deepEqual(oscillatorOf(play('feature.hue.width', 0)), { ...pulseWave, waveform: { kind: 'pulse', width: 0 } });
  assert.deepEqual(play('feature.size.width', 64), [], 'a sine has no width: nothing sent');
  assert.deepEqual(play('feature.hue.depth', 127)[0].setting, { base: 0.5, oscillator: { ...pulseWave, depth: 0.5 } });
});

test('two knobs of one setting build on each other while the engine has not answered', () => {
  const pending = new PendingSettings();
  const mappings = { 'cc:1:1': 'pulse.depth', 'cc:1:2': 'pulse.lag', 'cc:1:3': 'form.prism.lightFraction', 'cc:1:4': 'form.prism.rainbowSize',
    'cc:1:5': 'motion.orbit.radius', 'cc:1:6': 'motion.orbit.rate', 'cc:1:7': 'feature.hue.phase', 'cc:1:8': 'feature.hue.width' };
  const last = (controller, value) => intentsForMessage(cc(controller, value), mappings, state, pending)[0];
  last(1, 0);
  assert.deepEqual(last(2, 127).pulse, { waveform: { kind: 'triangle' }, rate: { beats: 8 }, purityLag: 1, depth: 0 });
  last(3, 0);
  assert.deepEqual(last(4, 127).form, { ...prism, lightFraction: 0, rainbowSize: 1 });
  last(5, 0);
  assert.deepEqual(last(6, 127).motion, { kind: 'orbit', radius: 0, rate: 2 });
  last(7, 0);
  assert.deepEqual(last(8, 127).setting.oscillator, { ...pulseWave, phase: 0, waveform: { kind: 'pulse', width: 1 } });
});

test('a knob on a ribbon centre is recorded as sent: a key pressed right after moves on from it', () => {
  const pending = new PendingSettings({ now: () => 0 });
  const knob = intentsForMessage(cc(1, 127), { 'cc:1:1': 'hue.center' }, state, pending)[0];
  assert.deepEqual(knob, { type: 'ribbonCenter', ribbon: 'hue', value: 1 });
  // The engine still says 0.3: the key builds on the knob's 1, not on it.
  assert.equal(ribbonKeyChange('hue', { center: 0.3, range: 0 }, { key: 'ArrowLeft' }, pending).value, 0.99);
  // A range knob records nothing; without a record the intent is the same.
  intentsForMessage(cc(1, 0), { 'cc:1:1': 'hue.range' }, state, pending);
  assert.deepEqual(play('hue.center', 0), [{ type: 'ribbonCenter', ribbon: 'hue', value: 0 }]);
});

test('what a waiting intent replaces: the whole setting it carries, else its own target', () => {
  assert.equal(settingKey({ type: 'feature', feature: 'size' }, 'feature.size.rate'), 'feature:size');
  assert.equal(settingKey({ type: 'pulse' }, 'pulse.lag'), 'pulse');
  assert.equal(settingKey({ type: 'form' }, 'form.prism.rainbowSize'), 'form');
  assert.equal(settingKey({ type: 'motion' }, 'motion.orbit.rate'), 'motion');
  assert.equal(settingKey({ type: 'ribbonCenter' }, 'hue.center'), 'hue.center');
});

test('learning any slider: the next control change binds it, and then plays it', () => {
  const learn = new MidiLearn();
  for (const [target, controller] of [['form.prism.rainbowSize', 20], ['pulse.lag', 21], ['motion.orbit.radius', 22], ['feature.hue.phase', 23], ['lumiCount', 24]]) {
    learn.arm(target);
    assert.equal(learn.handle(noteOn(60)), null, 'a note does not bind a slider');
    assert.deepEqual(learn.handle(cc(controller, 3, 2)).target, target);
    assert.equal(learn.armed, null);
  }
  assert.deepEqual(learn.mappings, {
    'cc:2:20': 'form.prism.rainbowSize', 'cc:2:21': 'pulse.lag', 'cc:2:22': 'motion.orbit.radius', 'cc:2:23': 'feature.hue.phase',
    'cc:2:24': 'lumiCount',
  });
  const played = (controller, value) => intentsForMessage(cc(controller, value, 2), learn.mappings, state);
  assert.deepEqual(played(20, 127), [{ type: 'form', form: { ...prism, rainbowSize: 1 } }]);
  assert.equal(played(21, 0)[0].pulse.purityLag, -1);
  assert.equal(played(22, 0)[0].motion.radius, 0);
  assert.equal(played(23, 127)[0].setting.oscillator.phase, 1);
  assert.deepEqual(played(24, 127), [{ type: 'lumiCount', count: 16 }]);
  assert.deepEqual(intentsForMessage(noteOn(60, 2), learn.mappings, state), [], 'nothing bound to the note');
});

test('each feature but speed has a follow amount target: 0 to its depth, only while it follows a sound', () => {
  const follow = { source: 'level', amount: 0.1, attack: 0.01, release: 0.2 };
  const withFollow = { ...state, design: { ...state.design, features: { ...state.design.features, size: { base: 0.3, oscillator: { ...sine, follow } } } } };
  for (const f of FEATURES) {
    assert.equal(targetKind(`feature.${f.name}.followAmount`), f.name === 'speed' ? null : 'control', f.name);
  }
  assert.equal(describeTarget('feature.size.followAmount'), 'Size follow amount');
  assert.deepEqual(CONTROLS['feature.size.followAmount'].range, [0, 1]);
  assert.ok(controlsIn('feature').includes('feature.hue.followAmount'));
  assert.deepEqual(play('feature.size.followAmount', 127, withFollow),
    [{ type: 'feature', feature: 'size', setting: { base: 0.3, oscillator: { ...sine, follow: { ...follow, amount: 1 } } } }]);
  assert.deepEqual(play('feature.size.followAmount', 127), [], 'following nothing: nothing sent');
  const learn = new MidiLearn();
  learn.arm('feature.size.followAmount');
  assert.equal(learn.handle(cc(20, 64)).mappings['cc:1:20'], 'feature.size.followAmount', 'learnt like any control');
});

test("the pulse's follow amount: a colour control, 0…1 on a knob, only while the pulse follows a sound", () => {
  const follow = { source: 'low', amount: 0.5, attack: 0.01, release: 0.2 };
  const following = { ...state, pulse: { ...state.pulse, follow } };
  assert.equal(targetKind('pulse.followAmount'), 'control');
  assert.equal(describeTarget('pulse.followAmount'), 'Pulse follow amount');
  assert.deepEqual(CONTROLS['pulse.followAmount'].range, [0, 1]);
  assert.ok(controlsIn('color').includes('pulse.followAmount'));
  const kept = { waveform: { kind: 'triangle' }, rate: { beats: 8 }, purityLag: 0.25, depth: 1 };
  assert.deepEqual(play('pulse.followAmount', 127, following), [{ type: 'pulse', pulse: { ...kept, follow: { ...follow, amount: 1 } } }]);
  assert.deepEqual(play('pulse.followAmount', 0, following)[0].pulse.follow, { ...follow, amount: 0 });
  assert.deepEqual(play('pulse.followAmount', 127), [], 'following nothing: nothing sent');
  // The pulse's other knobs keep what it follows.
  assert.deepEqual(play('pulse.depth', 0, following)[0].pulse.follow, follow);
  assert.deepEqual(play('pulse.rate', 127, following)[0].pulse.follow, follow);
  // Played with another of the pulse's knobs before the engine answers: both count.
  const pending = new PendingSettings();
  const mappings = { 'cc:1:1': 'pulse.followAmount', 'cc:1:2': 'pulse.lag' };
  intentsForMessage(cc(1, 0), mappings, following, pending);
  assert.deepEqual(intentsForMessage(cc(2, 127), mappings, following, pending)[0].pulse, { ...kept, purityLag: 1, follow: { ...follow, amount: 0 } });
  const learn = new MidiLearn();
  learn.arm('pulse.followAmount');
  assert.equal(learn.handle(cc(21, 64)).mappings['cc:1:21'], 'pulse.followAmount', 'learnt like any control');
});
