// MIDI's "Fire NAME" targets: learnt for each fixture the patch has that the stage never drives, a note held fires it
// (note on → fire on, note off → on false), a mapping to a fixture gone from the patch plays nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  describeFireTarget, fireIntents, fireTarget, fireTargets, fireableFixtures, firedFixture,
} from '../../Sources/WebClient/Web/console/midi/midi-fire.js';
import { describeTarget, intentsForMessage, targetKind } from '../../Sources/WebClient/Web/console/midi/midi-targets.js';
import { MidiLearn, accepts } from '../../Sources/WebClient/Web/console/midi/midi-learn.js';
import { MidiInput } from '../../Sources/WebClient/Web/console/midi/midi-input.js';

const profiled = (name, type) => ({ name, profile: { manufacturer: 'Generic', model: `Generic ${type}`, mode: 'Normal', type } });
const PATCH = {
  fixtures: [
    { name: 'Par 1', kind: 'rgb' },
    profiled('Smoke', 'Smoke'),
    profiled('SlimPAR 56', 'Color Changer'),
    profiled('Haze', 'Hazer'),
    profiled('Beam', 'Laser'),
    profiled('Flash', 'Strobe'),
  ],
};
const noteOn = (note, velocity = 100, channel = 1) => ({ type: 'noteOn', channel, note, velocity });
const noteOff = (note, channel = 1) => ({ type: 'noteOff', channel, note, velocity: 0 });
const cc = (controller, value, channel = 1) => ({ type: 'controlChange', channel, controller, value });

test('the fixtures to fire are those the stage never drives, in the patch\'s order; none before the patch is known', () => {
  assert.deepEqual(fireableFixtures(PATCH), ['Smoke', 'Haze', 'Beam', 'Flash']);
  assert.deepEqual(fireTargets(PATCH), ['fire:Smoke', 'fire:Haze', 'fire:Beam', 'fire:Flash']);
  assert.deepEqual(fireableFixtures(null), []);
  assert.deepEqual(fireableFixtures({ fixtures: 'no' }), []);
  assert.equal(firedFixture(fireTarget('Smoke: left')), 'Smoke: left', 'a name with a colon is kept whole');
  assert.equal(firedFixture('fire:'), null);
  assert.equal(firedFixture('blackout'), null);
  assert.equal(firedFixture(undefined), null);
});

test('a fire target is played by notes, learnt by a note on, and said with why it plays nothing', () => {
  assert.equal(targetKind('fire:Smoke'), 'fire');
  assert.equal(targetKind('fire:'), null);
  assert.equal(accepts('fire:Smoke', noteOn(60)), true);
  assert.equal(accepts('fire:Smoke', noteOff(60)), false);
  assert.equal(accepts('fire:Smoke', cc(1, 3)), false);
  assert.equal(describeTarget('fire:Smoke'), 'Fire Smoke');
  assert.equal(describeTarget('fire:Smoke', ['Smoke']), 'Fire Smoke');
  assert.equal(describeTarget('fire:Smoke', []), 'Fire Smoke (not in the patch: plays nothing)');
  assert.equal(describeFireTarget('fire:Smoke', null), 'Fire Smoke (the patch is not known yet)');
});

test('a note held fires the fixture, let go it rests; a fixture not in the patch and a control change send nothing', () => {
  const fireable = fireableFixtures(PATCH);
  const mappings = { 'note:1:60': 'fire:Smoke', 'note:2:61': 'fire:Gone', 'cc:1:7': 'fire:Haze', 'note:1:62': 'blackout' };
  assert.deepEqual(intentsForMessage(noteOn(60), mappings, {}, null, fireable), [{ type: 'fixtures', fire: 'Smoke', on: true }]);
  assert.deepEqual(intentsForMessage(noteOff(60), mappings, {}, null, fireable), [{ type: 'fixtures', fire: 'Smoke', on: false }]);
  assert.deepEqual(intentsForMessage(noteOn(61, 100, 2), mappings, {}, null, fireable), [], 'a fixture gone from the patch');
  assert.deepEqual(intentsForMessage(noteOff(61, 2), mappings, {}, null, fireable), []);
  assert.deepEqual(intentsForMessage(cc(7, 127), mappings, {}, null, fireable), [], 'a control change fires nothing');
  assert.deepEqual(intentsForMessage(noteOn(60), mappings, {}), [], 'no patch known: nothing fired');
  assert.deepEqual(intentsForMessage(noteOn(62), mappings, {}, null, fireable), [{ type: 'fixtures', toggleBlackout: true }]);
  assert.deepEqual(fireIntents(noteOn(60), 'fire:SlimPAR 56', fireable), [], 'the stage drives it: not fired');
});

test('learning a fire binds the note on, and its note off plays nothing; the next note off plays again', () => {
  const learn = new MidiLearn({});
  learn.arm('fire:Smoke');
  assert.equal(learn.takesRelease(noteOff(60)), false, 'nothing learnt yet');
  const bound = learn.handle(noteOn(60));
  assert.deepEqual(bound, { source: 'note:1:60', target: 'fire:Smoke', mappings: { 'note:1:60': 'fire:Smoke' } });
  assert.equal(learn.takesRelease(noteOff(61)), false, 'another note\'s release is not the one learnt');
  const again = new MidiLearn({});
  again.arm('fire:Smoke');
  again.handle(noteOn(60));
  assert.equal(again.takesRelease(noteOff(60)), true);
  assert.equal(again.takesRelease(noteOff(60)), false, 'taken once');
});

test('MidiInput fires the fixtures its store\'s patch has to fire, and as the patch changes', () => {
  const sent = [];
  const store = { state: {}, fixturePatch: PATCH };
  const input = new MidiInput({ store, sender: { send: (intent) => { sent.push(intent); return true; }, api: async () => ({}) } });
  input.setMappings({ 'note:1:60': 'fire:Smoke', 'note:1:61': 'fire:Haze' });
  input.receive([0x90, 60, 100]);
  input.receive([0x90, 61, 100]);
  input.receive([0x80, 60, 0]);
  store.fixturePatch = { fixtures: [profiled('Smoke', 'Smoke')] };
  input.receive([0x90, 61, 0]);  // Haze gone from the patch: its note off plays nothing
  input.receive([0x90, 60, 90]);
  assert.deepEqual(sent, [
    { type: 'fixtures', fire: 'Smoke', on: true },
    { type: 'fixtures', fire: 'Haze', on: true },
    { type: 'fixtures', fire: 'Smoke', on: false },
    { type: 'fixtures', fire: 'Smoke', on: true },
  ]);
});
