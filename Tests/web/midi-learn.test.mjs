// MIDI learn and what mapped messages play: the mappings preference, and the intents sent.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  MAX_MAPPINGS, MidiLearn, accepts, bindSource, forgetSource, sanitizeMappings, sourcesFor,
} from '../../Sources/WebClient/Web/console/midi/midi-learn.js';
import {
  CONTROLS, PAD_TARGETS, describeTarget, intentsForMessage, scaleControl, targetKind,
} from '../../Sources/WebClient/Web/console/midi/midi-targets.js';
import { FEATURES } from '../../Sources/WebClient/Web/console/panel-kit/lumi-features.js';

const noteOn = (note, velocity = 100, channel = 1) => ({ type: 'noteOn', channel, note, velocity });
const noteOff = (note, channel = 1) => ({ type: 'noteOff', channel, note, velocity: 0 });
const cc = (controller, value, channel = 1) => ({ type: 'controlChange', channel, controller, value });

const sizeOscillator = { waveform: { kind: 'sine' }, rate: { hertz: 0.5 }, phase: 0, depth: 0.1, offset: 0 };
const state = { design: { features: { size: { base: 0.3, oscillator: sizeOscillator } } } };

test('targets: eight pads, three buttons, the colour ribbons, tempo and every feature’s base and depth', () => {
  assert.deepEqual(PAD_TARGETS, ['pad:1', 'pad:2', 'pad:3', 'pad:4', 'pad:5', 'pad:6', 'pad:7', 'pad:8']);
  assert.equal(targetKind('pad:1'), 'pad');
  assert.equal(targetKind('pad:8'), 'pad');
  assert.equal(targetKind('pad:9'), null);
  assert.equal(targetKind('pad:0'), null);
  assert.equal(targetKind('tapTempo'), 'button');
  for (const name of ['hue.center', 'purity.center', 'hue.range', 'purity.range', 'tempo', 'feature.size.base']) {
    assert.equal(targetKind(name), 'control', name);
  }
  for (const f of FEATURES) {
    assert.equal(targetKind(`feature.${f.name}.base`), 'control');
    assert.equal(targetKind(`feature.${f.name}.depth`), 'control');
  }
  assert.equal(targetKind('toString'), null, 'not fooled by the prototype');
  assert.equal(targetKind(undefined), null);
  assert.equal(describeTarget('pad:3'), 'Pad 3');
  assert.equal(describeTarget('hue.center'), 'Hue centre');
  assert.equal(describeTarget('feature.strokeWidth.depth'), 'Stroke width depth');
  for (const name of Object.keys(CONTROLS)) assert.ok(name.length <= 200);
});

test('learning a pad takes the next note on, not a control change or a note off', () => {
  const learn = new MidiLearn();
  assert.equal(learn.handle(noteOn(60)), null, 'nothing is armed');
  learn.arm('pad:3');
  assert.equal(learn.armed, 'pad:3');
  assert.equal(learn.handle(cc(7, 10)), null);
  assert.equal(learn.handle(noteOff(60)), null);
  assert.deepEqual(learn.handle(noteOn(62, 90, 10)), { source: 'note:10:62', target: 'pad:3', mappings: { 'note:10:62': 'pad:3' } });
  assert.equal(learn.armed, null, 'disarmed once bound');
  assert.equal(learn.handle(noteOn(64)), null);
  assert.deepEqual(learn.mappings, { 'note:10:62': 'pad:3' });
});

test('learning a control takes the next control change; a button the next note on', () => {
  const learn = new MidiLearn();
  learn.arm('hue.center');
  assert.equal(learn.handle(noteOn(60)), null);
  assert.equal(learn.handle(cc(74, 0, 2)).source, 'cc:2:74');
  learn.arm('tapTempo');
  assert.equal(learn.handle(cc(1, 5)), null);
  assert.equal(learn.handle(noteOn(36)).target, 'tapTempo');
  assert.deepEqual(learn.mappings, { 'cc:2:74': 'hue.center', 'note:1:36': 'tapTempo' });
  assert.equal(accepts('nothing', noteOn(1)), false);
  assert.throws(() => learn.arm('pad:9'), /no MIDI target/);
  learn.arm('tempo');
  learn.cancel();
  assert.equal(learn.armed, null);
  assert.equal(learn.handle(cc(3, 3)), null);
});

test('a source learnt again leaves its old target; a target may have several sources', () => {
  const learn = new MidiLearn({ 'note:1:60': 'pad:1', 'note:1:61': 'pad:2' });
  learn.arm('pad:2');
  learn.handle(noteOn(60));
  assert.deepEqual(learn.mappings, { 'note:1:60': 'pad:2', 'note:1:61': 'pad:2' });
  assert.deepEqual(sourcesFor(learn.mappings, 'pad:2'), ['note:1:60', 'note:1:61']);
  assert.deepEqual(sourcesFor(learn.mappings, 'pad:1'), []);
  assert.deepEqual(forgetSource(learn.mappings, 'note:1:60'), { 'note:1:61': 'pad:2' });
});

test('at most 512 mappings, keys of at most 64 characters, targets of at most 200', () => {
  let mappings = {};
  for (let i = 0; i < MAX_MAPPINGS; i += 1) mappings = bindSource(mappings, `cc:${1 + (i % 16)}:${Math.floor(i / 16)}`, 'tempo');
  assert.equal(Object.keys(mappings).length, 512);
  assert.throws(() => bindSource(mappings, 'note:1:1', 'pad:1'), /at most 512/);
  assert.equal(bindSource(mappings, 'cc:1:0', 'hue.center')['cc:1:0'], 'hue.center', 'rebinding a source is not a new mapping');
  const learn = new MidiLearn(mappings);
  learn.arm('pad:1');
  assert.throws(() => learn.handle(noteOn(1)), /at most 512/);
  assert.equal(learn.armed, 'pad:1', 'still armed: forget one and play again');
  assert.throws(() => bindSource({}, 'pad:1', 'pad:1'), /cannot map/);
  assert.throws(() => bindSource({}, 'note:1:1', 'x'.repeat(201)), /cannot map/);
  assert.throws(() => bindSource({}, 'note:1:1', ''), /cannot map/);
});

test('mappings from the preferences are kept as far as they can be', () => {
  assert.deepEqual(sanitizeMappings(null), {});
  assert.deepEqual(sanitizeMappings([1, 2]), {});
  assert.deepEqual(sanitizeMappings('x'), {});
  assert.deepEqual(sanitizeMappings({ 'note:1:60': 'pad:1', 'bogus': 'pad:2', 'cc:1:1': 7, 'cc:1:2': 'x'.repeat(201), 'cc:1:3': 'someday.control' }),
    { 'note:1:60': 'pad:1', 'cc:1:3': 'someday.control' }, 'a target this console does not know is kept');
  const many = Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`cc:${1 + (i % 16)}:${Math.floor(i / 16)}`, 'tempo']));
  assert.equal(Object.keys(sanitizeMappings(many)).length, 512);
});

test('mapped notes play pads (0-based, velocity/127) and buttons; control changes play controls', () => {
  const mappings = {
    'note:1:60': 'pad:1', 'note:1:67': 'pad:8', 'note:2:36': 'tapTempo', 'note:2:37': 'erase', 'note:2:38': 'fade',
    'cc:1:1': 'hue.center', 'cc:1:2': 'purity.range', 'cc:1:3': 'tempo', 'cc:1:4': 'feature.size.base',
    'cc:1:5': 'feature.size.depth', 'cc:1:6': 'feature.hue.base', 'cc:1:7': 'pad:2', 'note:1:70': 'hue.range',
    'cc:1:8': 'someday.control', 'cc:1:9': 'trailPersistence', 'cc:1:10': 'headroom', 'cc:1:11': 'polyphony',
    'note:2:39': 'blackout', 'cc:1:12': 'fixtures.master',
  };
  assert.deepEqual(intentsForMessage(noteOn(60, 127), mappings, state), [{ type: 'padDown', pad: 0, velocity: 1 }]);
  assert.deepEqual(intentsForMessage(noteOn(67, 1), mappings, state), [{ type: 'padDown', pad: 7, velocity: 1 / 127 }]);
  assert.deepEqual(intentsForMessage(noteOff(67), mappings, state), [{ type: 'padUp', pad: 7 }]);
  assert.deepEqual(intentsForMessage(noteOn(36, 50, 2), mappings, state), [{ type: 'tapTempo' }]);
  assert.deepEqual(intentsForMessage(noteOff(36, 2), mappings, state), []);
  assert.deepEqual(intentsForMessage(noteOn(37, 50, 2), mappings, state), [{ type: 'erase' }]);
  assert.deepEqual(intentsForMessage(noteOn(38, 50, 2), mappings, state), [{ type: 'fade', seconds: 2 }]);
  assert.deepEqual(intentsForMessage(cc(1, 127), mappings, state), [{ type: 'ribbonCenter', ribbon: 'hue', value: 1 }]);
  assert.deepEqual(intentsForMessage(cc(2, 0), mappings, state), [{ type: 'ribbonRange', ribbon: 'purity', value: 0 }]);
  assert.deepEqual(intentsForMessage(cc(3, 0), mappings, state), [{ type: 'tempo', bpm: 20 }]);
  assert.deepEqual(intentsForMessage(cc(3, 127), mappings, state), [{ type: 'tempo', bpm: 300 }]);
  assert.deepEqual(intentsForMessage(cc(3, 64), mappings, state), [{ type: 'tempo', bpm: 161.1 }]);
  assert.deepEqual(intentsForMessage(cc(4, 127), mappings, state),
    [{ type: 'feature', feature: 'size', setting: { base: 2, oscillator: sizeOscillator } }], 'the oscillator is sent as it is');
  assert.deepEqual(intentsForMessage(cc(5, 127), mappings, state),
    [{ type: 'feature', feature: 'size', setting: { base: 0.3, oscillator: { ...sizeOscillator, depth: 1 } } }]);
  assert.deepEqual(intentsForMessage(cc(6, 10), mappings, state), [], 'the engine said nothing of the hue: nothing to resend');
  assert.deepEqual(intentsForMessage(cc(7, 127), mappings, state), [], 'a control change does not play a pad');
  assert.deepEqual(intentsForMessage(noteOn(70), mappings, state), [], 'a note does not move a control');
  assert.deepEqual(intentsForMessage(cc(8, 3), mappings, state), [], 'an unknown target plays nothing');
  assert.deepEqual(intentsForMessage(cc(9, 127), mappings, state), [{ type: 'trailPersistence', value: 1 }]);
  assert.deepEqual(intentsForMessage(cc(10, 0), mappings, state), [{ type: 'headroom', value: 0 }]);
  assert.deepEqual(intentsForMessage(cc(11, 0), mappings, state), [{ type: 'polyphony', count: 1 }]);
  assert.deepEqual(intentsForMessage(cc(11, 127), mappings, state), [{ type: 'polyphony', count: 4096 }]);
  assert.ok(Number.isInteger(intentsForMessage(cc(11, 64), mappings, state)[0].count), 'a polyphony is a whole number');
  assert.deepEqual(intentsForMessage(noteOn(39, 90, 2), mappings, state), [{ type: 'fixtures', toggleBlackout: true }]);
  assert.deepEqual(intentsForMessage(noteOff(39, 2), mappings, state), [], 'Blackout toggles on the note alone');
  assert.deepEqual(intentsForMessage(cc(12, 127), mappings, state), [{ type: 'fixtures', master: 1 }]);
  assert.deepEqual(intentsForMessage(cc(12, 64), mappings, state), [{ type: 'fixtures', master: 0.5 }]);
  assert.deepEqual(intentsForMessage(cc(99, 3), mappings, state), [], 'an unmapped source');
  assert.deepEqual(intentsForMessage(cc(1, 3), null, state), []);
  assert.deepEqual(intentsForMessage({ type: 'controlChange', channel: 1, controller: 1, value: 5 }, { 'cc:1:1': 'constructor' }, state), []);
});

test('a control change scales 0…127 onto the range, rounded when asked', () => {
  assert.equal(scaleControl(0, [-0.9, 0.9]), -0.9);
  assert.equal(scaleControl(127, [-0.9, 0.9]), 0.9);
  assert.equal(scaleControl(200, [0, 1]), 1);
  assert.equal(scaleControl(64, [20, 300], 1), 161.1);
  assert.equal(scaleControl(1, [20, 300], 0), 22);
});
