// Light from sound's kept cues (Tests/fixtures/twin-rules/light-from-sound.json), which the engine's rule is held
// to as well (Tests/CompositionTests/LightFromSoundTwinRuleTests.swift): the lab's preview keeps the same cues
// and makes the same events of them.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { cueEvents } from '../../Sources/WebClient/Web/compose/light-from-sound/light-from-sound-model.js';

const table = JSON.parse(readFileSync(new URL('../fixtures/twin-rules/light-from-sound.json', import.meta.url), 'utf8'));

test('the table is read', () => {
  assert.ok(table.cases.length >= 10);
});

for (const item of table.cases) {
  test(`light from sound: ${item.case}`, () => {
    const { sensitivity, tempo, ticks } = item;
    assert.deepEqual(cueEvents(item.cues, { sensitivity, tempo, ticks }).map(({ start, length, gain }) => [start, length, gain]), item.events);
  });
}
