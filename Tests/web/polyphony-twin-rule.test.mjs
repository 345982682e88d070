// Polyphony's rule (Tests/fixtures/twin-rules/polyphony.json), which the engine's Intent.validate is held to as well
// (Tests/InstrumentTests/PolyphonyTwinRuleTests.swift): the same ranges, the same counts kept, the same refused in
// the same words.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import {
  CHORD_POLYPHONY_RANGE, POLYPHONY_RANGE, readChordPolyphony, readPolyphony,
} from '../../Sources/WebClient/Web/console/preferences/polyphony-model.js';

const table = JSON.parse(readFileSync(new URL('../fixtures/twin-rules/polyphony.json', import.meta.url), 'utf8'));

test('the performance\'s polyphony: kept and refused as the engine keeps and refuses it, in its words', () => {
  assert.deepEqual([...POLYPHONY_RANGE], table.polyphony.range);
  for (const count of table.polyphony.kept) assert.deepEqual(readPolyphony(String(count)), { count }, String(count));
  for (const { count, refused } of table.polyphony.refused) assert.deepEqual(readPolyphony(String(count)), { error: refused }, String(count));
});

test('a chord\'s polyphony: kept (blank for none of its own) and refused as the engine keeps and refuses it, in its words', () => {
  assert.deepEqual([...CHORD_POLYPHONY_RANGE], table.chordPolyphony.range);
  for (const count of table.chordPolyphony.kept) {
    assert.deepEqual(readChordPolyphony(count === null ? '' : String(count)), { count }, String(count));
  }
  for (const { count, refused } of table.chordPolyphony.refused) {
    assert.deepEqual(readChordPolyphony(String(count)), { error: refused }, String(count));
  }
});
