// The waveforms' values (Tests/fixtures/twin-rules/waveforms.json), which the engine's Waveform is held to as well
// (Tests/InstrumentTests/WaveformTwinRuleTests.swift): each waveform, sample-and-hold's seeds among them, gives the
// same value at the same phase, to the last bit — so a plot shows what the lumis do.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { WAVEFORM_KINDS, sampleWaveform } from '../../Sources/WebClient/Web/console/motion/waveform-plot.js';

// A seed above 2^53 is read as text (JSON.parse would round it): the plot takes a seed as text or a BigInt.
const text = readFileSync(new URL('../fixtures/twin-rules/waveforms.json', import.meta.url), 'utf8');
const table = JSON.parse(text.replace(/"seed":\s*(\d{16,})/g, '"seed": "$1"'));

test('the table is read, every waveform in it', () => {
  assert.ok(table.waveforms.length >= 12);
  assert.deepEqual(new Set(table.waveforms.map((item) => item.waveform.kind)), new Set(WAVEFORM_KINDS));
});

for (const item of table.waveforms) {
  test(`waveform: ${item.case}`, () => {
    for (const [phase, value] of item.samples) {
      const sampled = sampleWaveform(item.waveform, phase);
      assert.ok(sampled === value, `at phase ${phase}: ${sampled}, where the table says ${value}`);
    }
  });
}
