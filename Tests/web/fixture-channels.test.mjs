// A fixture's channels in the Fixtures panel: the server's names and roles kept by fixture (and carried across a
// live message while a fixture is laid out as it was), each channel's place and live value, what the patch holds
// it at, the fixtures the stage never drives and their firing — and the form holding a profiled fixture and its
// holds to the server's rule, in the server's words.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  carriedChannels, channelList, channelRows, fireBody, isNeverDriven, isProfiled, kindText, readChannels, readHold,
  withHold,
} from '../../Sources/WebClient/Web/console/fixtures/fixture-channels.js';
import {
  checkedFixture, channelCount, fixtureFromFields, footprint, formFields, modelName, newFixtureFields, nextAddress, suggestedAddress,
} from '../../Sources/WebClient/Web/console/fixtures/fixture-fields.js';

const NAMES = ['Red', 'Green', 'Blue', 'Color Macros', 'Strobe', 'Mode', 'Dimmer'];
const ROLES = ['red', 'green', 'blue', 'held', 'shutter (open)', 'held', 'dimmer'];
const SLIM = Object.freeze({
  manufacturer: 'Chauvet', model: 'SlimPAR 56', mode: '7-Ch', type: 'Color Changer', heads: [], channels: NAMES.map((name) => ({ name })),
});
const PAR = Object.freeze({ name: 'Par 1', universe: 1, address: 1, profile: SLIM, point: { x: 0.5, y: 0.5 }, gamma: 2.2, level: 1 });
const SMOKE = Object.freeze({
  name: 'Smoke', universe: 1, address: 8, profile: { ...SLIM, model: 'Generic Smoke', type: 'Smoke', mode: 'Normal', channels: [{ name: 'Pump' }, { name: 'Fan' }] },
  point: { x: 0.2, y: 0.5 }, gamma: 2.2, level: 1,
});
const WASH = Object.freeze({ name: 'Wash', universe: 1, address: 10, kind: 'rgbw', point: { x: 0.5, y: 0.5 }, gamma: 2.2, level: 1 });
const ANSWER = Object.freeze({
  fixtures: [PAR, WASH], channels: [NAMES.map((name, at) => ({ name, role: ROLES[at] })), ['Red', 'Green', 'Blue', 'White'].map((name) => ({ name, role: name.toLowerCase() }))],
});

test('the channels an answer says, kept by fixture, and carried while a fixture is laid out as it was', () => {
  const channels = readChannels(ANSWER);
  assert.deepEqual(channelList(PAR, channels).map(({ role }) => role), ROLES);
  assert.equal(readChannels({ fixtures: [PAR] }), null, 'a live message says none');
  const carried = carriedChannels(channels, [PAR, { ...WASH, kind: 'rgbwd' }]);
  assert.deepEqual(Object.keys(carried), ['Par 1'], 'the wash is laid out otherwise now: its channels are no longer known');
  assert.deepEqual(carriedChannels(channels, [{ ...PAR, profile: { ...SLIM, manufacturer: 'CHAUVET', mode: '7-ch' } }])['Par 1'], channels['Par 1'],
    'the server names a profile whatever its case');
  assert.equal(carriedChannels(channels, [{ ...PAR, profile: { ...SLIM, mode: '3-Ch' } }])['Par 1'], undefined, 'another mode');
  // Before the server says the roles: the names the mode lists, roles unknown; a kind's: nothing known.
  assert.deepEqual(channelList(PAR, {}).slice(0, 2), [{ name: 'Red', role: '' }, { name: 'Green', role: '' }]);
  assert.equal(channelList(WASH, {}), null);
});

test('the selected fixture\'s channels: where each is, its live value, and what the patch holds it at', () => {
  const levels = new Array(512).fill(0);
  levels.splice(0, 7, 12, 34, 56, 0, 7, 3, 255);
  const rows = channelRows({ ...PAR, hold: { Mode: 3 } }, readChannels(ANSWER), (universe) => (universe === 1 ? levels : null));
  assert.deepEqual(rows[4], { name: 'Strobe', role: 'shutter (open)', address: 5, at: '1.5', value: 7, hold: null });
  assert.deepEqual(rows[5], { name: 'Mode', role: 'held', address: 6, at: '1.6', value: 3, hold: 3 });
  assert.equal(rows[6].value, 255);
  assert.deepEqual(channelRows({ ...PAR, universe: 2 }, readChannels(ANSWER)).map(({ value }) => value), new Array(7).fill(null),
    'no frame of its universe yet');
});

test('a channel held, and let go; what is typed read', () => {
  const held = withHold(PAR, 'Mode', 0);
  assert.deepEqual(held.hold, { Mode: 0 });
  assert.deepEqual(withHold(held, 'Strobe', 9).hold, { Mode: 0, Strobe: 9 });
  assert.equal('hold' in withHold(held, 'Mode', null), false, 'the last hold let go: no hold left');
  assert.equal('hold' in PAR, false, 'the fixture given is left as it was');
  assert.deepEqual(readHold(' 12 '), { value: 12 });
  assert.deepEqual(readHold(''), { value: null });
  assert.deepEqual(readHold('-0'), { value: 0 });
  assert.match(readHold('1.5').error, /whole number from 0 to 255/);
  assert.match(readHold('full').error, /“full” is not/);
});

test('smoke, hazers, lasers and strobes rest until fired; a fixture in words', () => {
  assert.equal(isNeverDriven(SMOKE), true);
  assert.equal(isNeverDriven(PAR), false);
  assert.equal(isNeverDriven(WASH), false, 'a generic kind is always the stage\'s');
  assert.equal(isProfiled(WASH), false);
  assert.deepEqual(fireBody('Smoke', true), { fire: 'Smoke', on: true });
  assert.deepEqual(fireBody('Smoke', false), { fire: 'Smoke', on: false }, 'one fixture let go, the others as they are');
  assert.equal(kindText(PAR), 'Chauvet SlimPAR 56, 7-Ch');
  assert.equal(kindText(WASH), 'rgbw');
});

test('a profile\'s channel count lays it out; the next free address after the last channel taken', () => {
  assert.equal(channelCount(PAR), 7);
  assert.equal(channelCount({ ...PAR, profile: { manufacturer: 'Chauvet', model: 'SlimPAR 56', mode: '7-Ch' } }), 3,
    'a mode only named (not yet laid out): the kind\'s default');
  assert.deepEqual(footprint(PAR), [{ universe: 1, first: 1, last: 7 }]);
  assert.equal(nextAddress([PAR, SMOKE]), 10);
  assert.deepEqual(suggestedAddress([PAR, SMOKE], 1, 7), { universe: 1, address: 10 });
  const full = { ...WASH, address: 1, kind: 'rgb', strip: { from: { x: 0, y: 0 }, to: { x: 1, y: 0 }, pixels: 168 } };
  delete full.point;
  assert.deepEqual(footprint(full), [{ universe: 1, first: 1, last: 504 }]);
  assert.deepEqual(suggestedAddress([full], 1, 7), { universe: 1, address: 505 }, '505…511 fits');
  assert.deepEqual(suggestedAddress([full], 1, 9), { universe: 2, address: 1 }, 'too long for what is left: the next universe');
  assert.equal(modelName([PAR], 'SlimPAR 56'), 'SlimPAR 56');
  assert.equal(modelName([{ ...PAR, name: 'SlimPAR 56' }, { ...PAR, name: 'SlimPAR 56 2' }], 'SlimPAR 56'), 'SlimPAR 56 3');
});

test('the form: a profiled fixture as fields and back, its holds kept; a mode changed is named for the server to lay out', () => {
  const held = { ...PAR, hold: { Mode: 0 } };
  assert.deepEqual(fixtureFromFields(formFields(held)), { fixture: held });
  const fields = formFields(held);
  assert.equal(fields.kind, 'profile');
  assert.equal(fields.mode, '7-Ch');
  const other = fixtureFromFields({ ...fields, mode: '3-Ch', hold: {} }).fixture;
  assert.deepEqual(other.profile, { manufacturer: 'Chauvet', model: 'SlimPAR 56', mode: '3-Ch' });
  assert.equal('kind' in other, false);
  const picked = fixtureFromFields({ ...newFixtureFields([]), kind: 'profile', profile: { manufacturer: 'Chauvet', model: 'SlimPAR 56' }, mode: '7-Ch' });
  assert.deepEqual(picked.fixture.profile, { manufacturer: 'Chauvet', model: 'SlimPAR 56', mode: '7-Ch' });
  assert.deepEqual(fixtureFromFields({ ...fields, profile: null }).field, 'find', 'no profile picked');
  assert.deepEqual(fixtureFromFields({ ...fields, mode: '' }).field, 'mode');
});

test('holds held to the server\'s rule, in its words; a mode only named is the server\'s to check', () => {
  const said = (fixture) => checkedFixture(fixture).error;
  assert.equal(said({ ...PAR, hold: { Mode: 256 } }), 'fixture “Par 1”: a channel is held at 0 to 255; 256 is not');
  assert.equal(said({ ...PAR, hold: { Zoom: 1, Mode: 1 } }), 'fixture “Par 1”: its mode “7-Ch” has no channel “Zoom” to hold');
  assert.equal(said({ ...PAR, hold: { Zoom: 1, Apex: 300 } }), 'fixture “Par 1”: its mode “7-Ch” has no channel “Apex” to hold',
    'the first in the server\'s order');
  assert.equal(said({ ...WASH, hold: { Red: 1 } }), 'fixture “Wash”: only a fixture with a profile holds channels by name');
  assert.ok(checkedFixture({ ...PAR, hold: { Mode: 255, Strobe: 0 } }).fixture);
  assert.ok(checkedFixture({ ...PAR, profile: { manufacturer: 'Chauvet', model: 'SlimPAR 56', mode: '7-Ch' }, hold: { Zoom: 1 } }).fixture,
    'not yet laid out: the server says whether it has the channel');
  assert.equal(said({ ...PAR, point: { x: 2, y: 0 }, hold: { Mode: 999 } }), 'fixture “Par 1”\'s point is on the stage: x and y 0 to 1, not 2.0, 0.0',
    'the place before the holds, as the server checks them');
});
