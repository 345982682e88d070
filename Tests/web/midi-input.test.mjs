// MIDI played into the instrument: control changes sent at most once a frame, and two knobs of one feature
// turned together both counting although each resends the feature's whole setting.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { MidiInput } from '../../Sources/WebClient/Web/console/midi/midi-input.js';
import { pendingSettings } from '../../Sources/WebClient/Web/console/panel-kit/lumi-features.js';

const oscillator = { waveform: { kind: 'sine' }, rate: { hertz: 0.5 }, phase: 0, depth: 0.1, offset: 0 };
const frame = () => new Promise((resolve) => { setTimeout(resolve, 40); });

function midi(state) {
  const sent = [];
  const input = new MidiInput({ store: { state }, sender: { send: (intent) => { sent.push(intent); return true; }, api: async () => ({}) } });
  input.setMappings({ 'cc:1:4': 'feature.size.base', 'cc:1:5': 'feature.size.depth', 'cc:1:6': 'hue.center' });
  return { input, sent };
}

test("two knobs of one feature turned in one frame send one intent with both, the store's state not yet changed", async () => {
  pendingSettings.clear();
  const state = { design: { features: { size: { base: 0.3, oscillator } } } };
  const { input, sent } = midi(state);
  input.receive([0xB0, 4, 127]);  // size base → 2
  input.receive([0xB0, 5, 127]);  // size depth → 1
  input.receive([0xB0, 4, 0]);    // size base → 0
  input.receive([0xB0, 6, 127]);  // hue centre → 1
  await frame();
  assert.deepEqual(sent, [
    { type: 'feature', feature: 'size', setting: { base: 0, oscillator: { ...oscillator, depth: 1 } } },
    { type: 'ribbonCenter', ribbon: 'hue', value: 1 },
  ]);
  // A frame later, the engine not having answered yet, the depth knob still keeps the base sent.
  input.receive([0xB0, 5, 0]);
  await frame();
  assert.deepEqual(sent.at(-1), { type: 'feature', feature: 'size', setting: { base: 0, oscillator: { ...oscillator, depth: 0 } } });
  pendingSettings.clear();
});

test('two knobs of the pulse turned in one frame send one pulse with both', async () => {
  pendingSettings.clear();
  const pulse = { waveform: { kind: 'triangle' }, rate: { beats: 8 }, purityLag: 0.25 };
  const sent = [];
  const input = new MidiInput({ store: { state: { pulse, tempo: 120 } }, sender: { send: (intent) => { sent.push(intent); return true; }, api: async () => ({}) } });
  input.setMappings({ 'cc:1:1': 'pulse.depth', 'cc:1:2': 'pulse.lag' });
  input.receive([0xB0, 1, 0]);    // depth → 0
  input.receive([0xB0, 2, 127]);  // lag → 1
  await frame();
  assert.deepEqual(sent, [{ type: 'pulse', pulse: { ...pulse, purityLag: 1, depth: 0 } }]);
  pendingSettings.clear();
});
