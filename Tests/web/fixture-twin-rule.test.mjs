// The fixture patch's numbers (Tests/fixtures/twin-rules/fixture-patch.json), which the server's Fixture is held
// to as well (Tests/FixturesTests/FixtureTwinRuleTests.swift): the console's form offers the same kinds with the
// same channels, and takes each number in the same range.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { DEFAULT_GAMMA, FIXTURE_KINDS, LIMITS } from '../../Sources/WebClient/Web/console/fixtures/fixtures-model.js';

const table = JSON.parse(readFileSync(new URL('../fixtures/twin-rules/fixture-patch.json', import.meta.url), 'utf8'));

test('the form offers the kinds the server patches, each with its channels', () => {
  assert.deepEqual(Object.fromEntries(FIXTURE_KINDS.map((entry) => [entry.kind, entry.channels])), table.kinds);
});

test('the form takes each number in the range the server takes', () => {
  assert.deepEqual(Object.fromEntries(Object.entries(LIMITS).map(([key, range]) => [key, [...range]])), table.limits);
  assert.equal(DEFAULT_GAMMA, table.defaultGamma);
});
