// The text rule of every name (Tests/fixtures/twin-rules/text.json), which the server's UserText is held to as
// well (Tests/UserTextTests/TextTwinRuleTests.swift): the same names kept as the same text, the same refused
// in the same words.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { checkedText } from '../../Sources/WebClient/Web/shared/text-rule.js';

const table = JSON.parse(readFileSync(new URL('../fixtures/twin-rules/text.json', import.meta.url), 'utf8'));

test('the table is read', () => {
  assert.ok(table.cases.length >= 15);
});

for (const item of table.cases) {
  test(`text rule: ${item.case}`, () => {
    const answer = checkedText(item.text, 'X', { maximumLength: item.maximumLength });
    if (item.refused) assert.deepEqual(answer, { error: item.refused });
    else assert.deepEqual(answer, { text: item.kept });
  });
}
