// The output rule's cases (Tests/fixtures/twin-rules/outputs.json), which the server's StageOutput.checked is
// held to as well (Tests/StageOutputsTests/OutputTwinRuleTests.swift): both sides keep and refuse the same
// outputs, word for word.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { validateOutput } from '../../Sources/WebClient/Web/shared/outputs.js';

const table = JSON.parse(readFileSync(new URL('../fixtures/twin-rules/outputs.json', import.meta.url), 'utf8'));

test('the table is read', () => {
  assert.ok(table.cases.length >= 30);
});

for (const item of table.cases) {
  test(`output rule: ${item.case}`, () => {
    const answer = validateOutput(item.output);
    if (item.kept) assert.equal(answer.error, undefined, `kept by the server, refused here: ${answer.error}`);
    else assert.equal(answer.error, item.refused);
  });
}
