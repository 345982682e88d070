// A video render's size and frame rate (Tests/fixtures/twin-rules/render-request.json), which the server's
// POST /api/renders is held to as well (Tests/ServerTests/RenderRequestTwinRuleTests.swift): the same videos
// kept, the same refused in the same words — by the rule, and by the Render dialog, which asks it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { capitalized } from '../../Sources/WebClient/Web/shared/text-rule.js';
import { checkedVideo, renderRequest } from '../../Sources/WebClient/Web/compose/render/render-model.js';

const table = JSON.parse(readFileSync(new URL('../fixtures/twin-rules/render-request.json', import.meta.url), 'utf8'));

test('the table is read', () => {
  assert.ok(table.cases.length >= 25);
});

for (const item of table.cases) {
  test(`render request rule: ${item.case}`, () => {
    const { width, height, fps } = item.body;
    const answer = checkedVideo({ width, height, fps });
    assert.deepEqual(answer, item.refused ? { error: item.refused } : { video: item.kept });
    // Typed into the dialog's fields (a custom size), the same numbers are asked for or refused in the same words.
    if ([width, height, fps].some((value) => typeof value === 'string')) return;  // text: a field holds it as a number
    const typed = (value) => (value === undefined ? undefined : String(value));
    const asked = renderRequest(
      { what: 'composition', composition: '1', format: 'mp4', size: 'custom', width: typed(width), height: typed(height), fps: typed(fps) },
      [{ id: 1, name: 'A' }],
    );
    if (item.refused) assert.equal(asked.reason, capitalized(item.refused), 'the same words, as a sentence begins');
    else assert.deepEqual(asked.body, { composition: 1, format: 'mp4', ...item.kept });
  });
}
