// A network target's rule (Tests/fixtures/twin-rules/osc-targets.json), which the server's NetworkTarget is held to
// as well (Tests/UserTextTests/OSCTargetTwinRuleTests.swift): the same targets kept as the same text, the same
// refused in the same words.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { normaliseTarget, readTarget } from '../../Sources/WebClient/Web/console/preferences/osc-out-model.js';

const table = JSON.parse(readFileSync(new URL('../fixtures/twin-rules/osc-targets.json', import.meta.url), 'utf8'));

test('the table is read', () => {
  assert.ok(table.cases.length >= 30);
});

for (const item of table.cases) {
  test(`network target: ${item.case}`, () => {
    if (item.refused) {
      assert.deepEqual(readTarget(item.text), { error: item.refused });
      assert.equal(normaliseTarget(item.text), null, 'sent as typed, for the server to refuse');
    } else {
      assert.deepEqual(readTarget(item.text), { target: item.kept });
      assert.equal(normaliseTarget(item.kept), item.kept, 'kept as it is written');
    }
  });
}
