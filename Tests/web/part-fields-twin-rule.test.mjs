// A part's length and tempo (Tests/fixtures/twin-rules/part-fields.json), which the server's setLength and
// setTempo are held to as well (Tests/CompositionTests/PartFieldsTwinRuleTests.swift): the same values kept,
// the same refused in the same words — by the rule, and by the lab's fields, which ask it (and say them as a
// sentence begins).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { capitalized } from '../../Sources/WebClient/Web/shared/text-rule.js';
import {
  checkedTempo, lengthRequest, tempoRequest, ticksOfBeats,
} from '../../Sources/WebClient/Web/compose/part-fields-model.js';

const table = JSON.parse(readFileSync(new URL('../fixtures/twin-rules/part-fields.json', import.meta.url), 'utf8'));

/** Part 1 of the table: A, 4 beats at 120 beats per minute (or composed, its length its parts'). */
const timing = (composed) => ({ part: 1, name: 'A', atomic: !composed, beats: composed ? null : 4, tempo: 120, seconds: null });

test('the table is read', () => {
  assert.ok(table.cases.length >= 30);
});

for (const item of table.cases) {
  test(`part fields rule: ${item.case}`, () => {
    const { type, beats, bpm } = item.edit;
    const asked = type === 'setLength' ? item.edit.beats : item.edit.bpm;
    if (!item.composed) {
      const answer = type === 'setLength' ? ticksOfBeats(beats) : checkedTempo(bpm);
      if (item.refused) assert.deepEqual(answer, { error: item.refused });
      else assert.deepEqual(answer, type === 'setLength' ? { ticks: item.kept } : { tempo: item.kept });
    }
    if (typeof asked !== 'number') return;  // no number: the field says so in words of its own
    // Typed into the field, the number asks for the edit, or is refused in the same words.
    const field = type === 'setLength' ? lengthRequest(timing(item.composed), String(asked)) : tempoRequest(timing(item.composed), String(asked));
    if (item.refused) assert.equal(field.reason, capitalized(item.refused), 'the same words, as a sentence begins');
    else assert.ok(field.unchanged || field.edit[type === 'setLength' ? 'beats' : 'bpm'] === asked, JSON.stringify(field));
  });
}
