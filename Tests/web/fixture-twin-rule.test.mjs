// The fixture patch's numbers (Tests/fixtures/twin-rules/fixture-patch.json), which the server's Fixture is held
// to as well (Tests/FixturesTests/FixtureTwinRuleTests.swift): the console's form offers the same kinds with the
// same channels, takes each number in the same range, holds a channel or refuses it in the same words; the
// console fires by hand the types the stage never drives; an aim follows the same chords at the same slew; a
// generic kind is picked from the profiles the server lists under the same make.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { CHORDS, DEFAULT_SLEW } from '../../Sources/WebClient/Web/console/fixtures/aim-model.js';
import { HOLD_RANGE, NEVER_DRIVEN, isNeverDriven } from '../../Sources/WebClient/Web/console/fixtures/fixture-channels.js';
import { checkedFixture } from '../../Sources/WebClient/Web/console/fixtures/fixture-fields.js';
import { DEFAULT_GAMMA, FIXTURE_KINDS, LIMITS } from '../../Sources/WebClient/Web/console/fixtures/fixtures-model.js';
import { GENERIC_MANUFACTURER, genericKind } from '../../Sources/WebClient/Web/console/fixtures/profile-search.js';

const table = JSON.parse(readFileSync(new URL('../fixtures/twin-rules/fixture-patch.json', import.meta.url), 'utf8'));

test('the form offers the kinds the server patches, each with its channels', () => {
  assert.deepEqual(Object.fromEntries(FIXTURE_KINDS.map((entry) => [entry.kind, entry.channels])), table.kinds);
});

test('the form takes each number in the range the server takes', () => {
  assert.deepEqual(Object.fromEntries(Object.entries(LIMITS).map(([key, range]) => [key, [...range]])), table.limits);
  assert.equal(DEFAULT_GAMMA, table.defaultGamma);
});

test('the types the stage never drives are the ones the console fires by hand', () => {
  assert.deepEqual([...NEVER_DRIVEN], table.neverDriven);
  const { fixture } = table.hold;
  for (const type of table.neverDriven) assert.equal(isNeverDriven({ ...fixture, profile: { ...fixture.profile, type } }), true, type);
  assert.equal(isNeverDriven({ ...fixture, profile: { ...fixture.profile, type: 'Color Changer' } }), false);
});

test('a channel held: kept, or refused in the server\'s words', () => {
  assert.deepEqual([...HOLD_RANGE], table.hold.range);
  for (const item of table.hold.cases) {
    const checked = checkedFixture({ ...table.hold.fixture, hold: item.hold });
    if (item.refused) assert.equal(checked.error, item.refused, item.case);
    else assert.deepEqual(checked.fixture?.hold, item.hold, `${item.case}: ${checked.error}`);
  }
});

test('an aim follows the chords the server takes, at the slew it has unless it says one', () => {
  assert.deepEqual([...CHORDS], table.aim.chords);
  assert.equal(DEFAULT_SLEW, table.aim.defaultSlew);
});

test('a generic kind is the profile the server lists of that make, its one mode named as the kind', () => {
  assert.equal(GENERIC_MANUFACTURER, table.genericManufacturer);
  for (const [kind, channels] of Object.entries(table.kinds)) {
    const listed = { manufacturer: table.genericManufacturer, model: kind, type: '', modes: [{ name: kind, channels, heads: 0 }] };
    assert.equal(genericKind(listed, kind), kind);
  }
});
