// The Fixtures panel's model: the server's answer read (docs/fixtures.md, "Over HTTP"), a fixture in words,
// the patch changed a fixture at a time and sent whole, the test bodies, the blackout's key — and the form's
// fields read into the fixture the server takes, or what is wrong with them.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  DEFAULT_CONTROLS, addressText, indexNamed, isBlackoutKey, keptPatch, masterText, outputText, parseControls, parsePatch,
  parsePatchMessage, patchBody, placeKindOf, placeText, shownPatch, testBody, testText, withFixture, withoutFixture,
} from '../../Sources/WebClient/Web/console/fixtures/fixtures-model.js';
import { ConsoleStore } from '../../Sources/WebClient/Web/console/console-store.js';
import {
  fixtureFromFields, footprint, formFields, freeName, newFixtureFields, nextAddress,
} from '../../Sources/WebClient/Web/console/fixtures/fixture-fields.js';

const PAR = Object.freeze({ name: 'Par 1', universe: 1, address: 1, kind: 'rgb', point: { x: 0.25, y: 0.5 }, gamma: 2.2, level: 1 });
const STRIP = Object.freeze({
  name: 'Strip', universe: 1, address: 4, kind: 'rgb', strip: { from: { x: 0.1, y: 0.9 }, to: { x: 0.9, y: 0.9 }, pixels: 60 },
  gamma: 2.2, level: 1,
});
const WASH = Object.freeze({ name: 'Wash', universe: 2, address: 10, kind: 'rgbw', area: { height: 0.4, width: 0.3, x: 0.1, y: 0.2 }, gamma: 1, level: 0.5 });

test('the answer of /api/fixtures is read whole, and what is not a patch is null', () => {
  const answer = {
    revision: 12, fixtures: [PAR, STRIP, 'junk'], universes: [1], master: 0.8, blackout: true, test: { mode: 'identify', fixture: 'Par 1' },
    targets: ['artnet:127.0.0.1:6454'], rate: 40, problems: ['fixture row 3 cannot be read'],
  };
  assert.deepEqual(parsePatch(answer), {
    revision: 12, fixtures: [PAR, STRIP], universes: [1], master: 0.8, blackout: true, allowStrobe: false, firing: [], aiming: null,
    test: { mode: 'identify', fixture: 'Par 1' }, targets: ['artnet:127.0.0.1:6454'], rate: 40, problems: ['fixture row 3 cannot be read'],
  });
  // `test` is absent when none runs; what the server leaves out takes its default (no revision: null).
  assert.deepEqual(parsePatch({ fixtures: [] }), {
    revision: null, fixtures: [], universes: [], master: 1, blackout: false, allowStrobe: false, firing: [], aiming: null, test: null, targets: [],
    rate: null, problems: [],
  });
  // Strobing allowed, the fixtures fired, and each fixture's channels when the answer says them.
  const rig = parsePatch({
    fixtures: [PAR, 'junk'], allowStrobe: true, firing: ['Smoke', 3], channels: [[{ name: 'Red', role: 'red' }, { role: 'x' }], []],
  });
  assert.equal(rig.allowStrobe, true);
  assert.deepEqual(rig.firing, ['Smoke']);
  assert.deepEqual(rig.channels, { 'Par 1': { layout: 'kind rgb', channels: [{ name: 'Red', role: 'red' }] } });
  assert.equal(parsePatch({ fixtures: [], revision: -1 }).revision, null);
  assert.equal(parsePatch({ fixtures: [], revision: '3' }).revision, null);
  assert.deepEqual(parsePatch({ fixtures: [], test: { mode: 'white' }, master: 7 }).test, { mode: 'white', fixture: null });
  assert.equal(parsePatch({ fixtures: [], master: 7 }).master, 1);
  for (const junk of [null, [], 'patch', { fixtures: 'no' }, { error: 'no' }]) assert.equal(parsePatch(junk), null, JSON.stringify(junk));
});

test('a fixture in words: universe.address, and its place', () => {
  assert.equal(addressText(STRIP), '1.4');
  assert.deepEqual([PAR, WASH, STRIP].map(placeKindOf), ['point', 'area', 'strip']);
  assert.equal(placeKindOf({ name: 'nowhere' }), null);
  assert.equal(placeText(PAR), 'point 0.25, 0.50');
  assert.equal(placeText(WASH), 'area 0.10, 0.20, 0.30 × 0.40');
  assert.equal(placeText(STRIP), 'strip of 60, 0.10, 0.90 → 0.90, 0.90');
  assert.equal(masterText(0.805), '81%');
});

test('the patch changed a fixture at a time, and sent whole', () => {
  const patch = [PAR, STRIP];
  assert.deepEqual(withFixture(patch, WASH), [PAR, STRIP, WASH]);
  assert.deepEqual(withFixture(patch, WASH, 0), [WASH, STRIP]);
  assert.deepEqual(withoutFixture(patch, 0), [STRIP]);
  assert.deepEqual(patch, [PAR, STRIP], 'the list given is left as it was');
  assert.deepEqual(patchBody(patch), { fixtures: [PAR, STRIP] });
});

test('the tests: a mode for every fixture or for the one selected; off for none', () => {
  assert.deepEqual(testBody('white'), { mode: 'white' });
  assert.deepEqual(testBody('identify', 'Par 1'), { mode: 'identify', fixture: 'Par 1' });
  assert.deepEqual(testBody('off', 'Par 1'), { mode: 'off' });
  assert.equal(testText(null), 'No test: the fixtures show the stage.');
  assert.equal(testText({ mode: 'white', fixture: null }), 'Testing: White, every fixture.');
  assert.equal(testText({ mode: 'identify', fixture: 'Par 1' }), 'Testing: Identify, “Par 1” (the others show the stage).');
});

test('where DMX goes, as the server says it', () => {
  assert.equal(outputText(null), '');
  const patch = parsePatch({ fixtures: [], targets: ['artnet:10.0.0.5:6454', 'sacn:multicast'], rate: 40 });
  assert.equal(outputText(patch), 'Sent to artnet:10.0.0.5:6454, sacn:multicast at 40 frames a second.');
  assert.match(outputText(parsePatch({ fixtures: [], targets: [], rate: 40 })), /^Sent nowhere: start imager serve with --dmx/);
  assert.equal(outputText({ fixtures: [], targets: null, rate: null }), '', 'the live message alone does not say where DMX goes');
});

test('the live patch and controls read; a patch kept by revision, an older one dropped', () => {
  const message = { type: 'fixturePatch', revision: 4, fixtures: [PAR, 7], universes: [1, 'x'], problems: ['row 2', 3] };
  assert.deepEqual(parsePatchMessage(message), { revision: 4, fixtures: [PAR], universes: [1], problems: ['row 2'] });
  assert.equal(parsePatchMessage({ ...message, type: 'fixtures' }), null);
  assert.equal(parsePatchMessage({ type: 'fixturePatch', revision: 4 }), null);
  assert.deepEqual(parseControls({ type: 'fixtures', master: 1.5, blackout: true, test: { mode: 'white' } }),
    { master: 1, blackout: true, allowStrobe: false, firing: [], aiming: null, test: { mode: 'white', fixture: null } });
  assert.deepEqual(parseControls({ type: 'fixtures', master: 1, blackout: false, allowStrobe: true, firing: ['Smoke'] }),
    { master: 1, blackout: false, allowStrobe: true, firing: ['Smoke'], aiming: null, test: null });
  assert.deepEqual(parseControls({ type: 'fixtures', master: 1, blackout: false, aiming: { fixture: 'Spot', pan: 270, tilt: 90.5 } }).aiming,
    { fixture: 'Spot', pan: 270, tilt: 90.5 }, 'a head aimed by hand');
  assert.equal(parseControls({ type: 'fixtures', master: 1, blackout: false, aiming: { fixture: 'Spot', pan: 'left', tilt: 1 } }).aiming, null);
  assert.equal(parseControls({ type: 'fixtures', toggleBlackout: true }), null, 'an intent, not the controls');

  const red = [{ name: 'Red', role: 'red' }, { name: 'Green', role: 'green' }, { name: 'Blue', role: 'blue' }];
  const answered = keptPatch(null, parsePatch({ revision: 4, fixtures: [PAR], channels: [red], targets: ['artnet:x'], rate: 40 }));
  const parChannels = { 'Par 1': { layout: 'kind rgb', channels: red } };
  assert.deepEqual(answered, { revision: 4, fixtures: [PAR], universes: [], problems: [], targets: ['artnet:x'], rate: 40, channels: parChannels });
  const live = keptPatch(answered, parsePatchMessage({ ...message, revision: 5, fixtures: [PAR, STRIP] }));
  assert.deepEqual(live, {
    revision: 5, fixtures: [PAR, STRIP], universes: [1], problems: ['row 2'], targets: ['artnet:x'], rate: 40, channels: parChannels,
  }, 'the live message keeps where DMX goes, and the channels of the fixtures laid out as they were');
  assert.deepEqual(keptPatch(live, parsePatchMessage({ ...message, revision: 6, fixtures: [{ ...PAR, kind: 'rgbw' }] })).channels, {},
    'a fixture laid out otherwise: its channels are no longer known');
  assert.equal(keptPatch(live, parsePatch({ revision: 4, fixtures: [] })), null, 'an answer older than the live message: dropped');
  assert.equal(keptPatch(live, parsePatch({ revision: 5, fixtures: [PAR, STRIP] })).revision, 5, 'the same revision is taken');
  assert.equal(keptPatch(live, parsePatchMessage({ ...message, revision: 0 }), { anyRevision: true }).revision, 0,
    'a new connection: a server started again counts from its own start');
  assert.equal(keptPatch(live, parsePatch({ fixtures: [] })).revision, 5, 'a server that says no revision: the one held stays');
  assert.equal(keptPatch(live, null), null);

  assert.equal(shownPatch(null, DEFAULT_CONTROLS), null);
  assert.deepEqual(shownPatch(live, null), { ...live, ...DEFAULT_CONTROLS });
  assert.equal(shownPatch(live, { master: 0.5, blackout: true, test: null }).master, 0.5);
});

test('the console\'s store keeps the patch from the live socket and the answers, by revision', () => {
  const store = new ConsoleStore();
  const told = [];
  store.subscribe((what) => told.push([...what].sort()));
  const patchMessage = (revision, fixtures) => ({ type: 'fixturePatch', revision, fixtures, universes: [1], problems: [] });
  store.setConnected(true);
  assert.deepEqual([...store.applyMessage(patchMessage(7, [PAR]))], ['fixturePatch']);
  assert.equal(store.fixturePatch.revision, 7);
  assert.equal(store.fixturePatch.targets, null, 'not said by the message');
  assert.deepEqual([...store.setFixturePatch({ revision: 8, fixtures: [PAR, STRIP], master: 0.5, blackout: false, targets: [], rate: 40 })].sort(),
    ['fixturePatch', 'fixtures']);
  assert.deepEqual(store.fixtureControls, { master: 0.5, blackout: false, allowStrobe: false, firing: [], aiming: null, test: null });
  assert.equal(store.fixturePatch.rate, 40);
  assert.equal(store.applyMessage(patchMessage(7, [])).size, 0, 'a message older than the answer it crossed: dropped');
  assert.deepEqual(store.setFixturePatch({ revision: 6, fixtures: [], master: 0.2 }), new Set(['fixtures']), 'an older answer: its patch dropped');
  assert.deepEqual(store.fixturePatch.fixtures, [PAR, STRIP]);
  store.applyMessage(patchMessage(9, [STRIP]));
  assert.deepEqual(store.fixturePatch.fixtures, [STRIP]);
  // A server started again counts from its own start: the first message of the new connection is taken
  // whatever its revision.
  store.setConnected(false);
  assert.equal(store.fixturePatch.revision, 9, 'kept while the socket is closed');
  store.setConnected(true);
  store.applyMessage(patchMessage(0, [WASH]));
  assert.equal(store.fixturePatch.revision, 0);
  assert.equal(store.applyMessage(patchMessage(-1, [])).size, 1, 'no revision said: taken');
  assert.ok(told.some((what) => what.includes('fixturePatch')));
});

test('a fixture the form edits is found by the name it was opened on', () => {
  assert.equal(indexNamed([PAR, STRIP], 'Strip'), 1);
  assert.equal(indexNamed([STRIP, WASH, PAR], 'Par 1'), 2, 'another console added some before it');
  assert.equal(indexNamed([STRIP], 'Par 1'), null, 'gone meanwhile: Save adds it again');
  assert.equal(indexNamed([PAR], null), null, 'a new fixture');
});

test('B toggles the blackout: not with a modifier, not a held key repeating', () => {
  assert.ok(isBlackoutKey({ key: 'b', code: 'KeyB' }));
  assert.ok(isBlackoutKey({ key: 'B', code: 'KeyB', shiftKey: true }));
  assert.ok(isBlackoutKey({ key: 'и', code: 'KeyB' }), 'by position, whatever the layout');
  for (const event of [{ key: 'b', ctrlKey: true }, { key: 'b', metaKey: true }, { key: 'b', altKey: true }, { key: 'b', repeat: true }, { key: 'f', code: 'KeyF' }, { key: '1', code: 'Digit1' }]) {
    assert.equal(isBlackoutKey(event), false, JSON.stringify(event));
  }
});

test('the form: a fixture as fields and back, the same fixture', () => {
  for (const fixture of [PAR, STRIP, WASH]) {
    const read = fixtureFromFields(formFields(fixture));
    assert.deepEqual(read, { fixture: { ...fixture } }, fixture.name);
  }
  const fields = formFields(STRIP);
  assert.equal(fields.place, 'strip');
  assert.equal(fields.pixels, '60');
  assert.equal(fields.x, '0.5', 'the other places keep their defaults');
});

test('the form: what is wrong, with the field to fix — what cannot be read in its own words, the rule in the server\'s', () => {
  const par = formFields(PAR);
  const wrong = (change, others = []) => fixtureFromFields({ ...par, ...change }, others);
  assert.deepEqual(wrong({ name: '  ' }), { error: "A fixture's name cannot be empty.", field: 'name' });
  assert.deepEqual(wrong({ name: 'Par\u0000' }), { error: "A fixture's name cannot hold a NUL character (U+0000); type it again without it.", field: 'name' });
  assert.deepEqual(wrong({}, [STRIP, { ...STRIP, name: 'Par 1' }]), { error: 'Two fixtures are called “Par 1”: a name is one fixture\'s.', field: 'name' });
  assert.deepEqual(wrong({ name: ' Par 1\u3000' }, [{ ...STRIP, name: 'Par 1' }]).field, 'name', 'the name as the text rule keeps it');
  assert.deepEqual(wrong({ universe: '0' }), { error: 'Fixture “Par 1”: a universe is 1 to 63999; 0 is not.', field: 'universe' });
  assert.deepEqual(wrong({ address: '2.5' }), { error: 'Address is a whole number from 1 to 512; 2.5 is not.', field: 'address' });
  assert.deepEqual(wrong({ address: '' }), { error: 'Address is a whole number from 1 to 512.', field: 'address' });
  assert.deepEqual(wrong({ gamma: '4' }), { error: 'Fixture “Par 1”: a gamma is 1 to 3; 4.0 is not.', field: 'gamma' }, 'a number as Swift writes it');
  assert.deepEqual(wrong({ level: '-0.00001' }), { error: 'Fixture “Par 1”: a level is 0 to 1; -1e-05 is not.', field: 'level' });
  assert.deepEqual(wrong({ gamma: '-0' }).error, 'Fixture “Par 1”: a gamma is 1 to 3; 0.0 is not.', 'what JSON sends of -0, and so what the server says');
  assert.deepEqual(wrong({ x: '1.2' }), { error: 'Fixture “Par 1”\'s point is on the stage: x and y 0 to 1, not 1.2, 0.5.', field: 'x' });
  assert.deepEqual(wrong({ y: '-1' }).field, 'y');
  assert.deepEqual(wrong({ kind: 'laser' }).field, 'kind');
  assert.deepEqual(wrong({ place: 'cloud' }).field, 'place');
  assert.deepEqual(wrong({ place: 'strip', pixels: '0' }), { error: 'Fixture “Par 1”: a strip has 1 to 2048 pixels; 0 is not.', field: 'pixels' });
  assert.deepEqual(wrong({ place: 'strip', pixels: '2049' }).field, 'pixels');
  assert.deepEqual(wrong({ place: 'strip', toY: '1.5' }).field, 'toY');
  const offStage = 'Fixture “Par 1”\'s area has a width and a height above 0 and stays on the stage (x + width and y + height at most 1).';
  assert.deepEqual(wrong({ place: 'area', x: '0.9', width: '0.2' }), { error: offStage, field: 'width' });
  assert.deepEqual(wrong({ place: 'area', x: '0.9', width: '0.10000000001' }), { error: offStage, field: 'width' }, 'no rounding taken, as the server takes none');
  assert.deepEqual(wrong({ place: 'area', height: '0' }).field, 'height');
  assert.equal(wrong({ address: ' 7 ', x: '0,5' }).fixture.address, 7, 'spaces and a decimal comma are read');
  // Overlaps are the server's to judge: the form sends them and says its refusal.
  assert.ok(fixtureFromFields({ ...par, name: 'Clash', address: '2' }, [PAR]).fixture);
});

test('a new fixture: named and addressed after the others, an rgb point in the middle', () => {
  assert.deepEqual(footprint(PAR), [{ universe: 1, first: 1, last: 3 }]);
  assert.deepEqual(footprint(STRIP), [{ universe: 1, first: 4, last: 183 }]);
  // 200 rgb lights from channel 4: 169 fit in universe 1 (to 510), the rest from channel 1 of universe 2.
  assert.deepEqual(footprint({ ...STRIP, strip: { ...STRIP.strip, pixels: 200 } }), [{ universe: 1, first: 4, last: 510 }, { universe: 2, first: 1, last: 93 }]);
  assert.equal(nextAddress([PAR, STRIP]), 184);
  assert.equal(nextAddress([PAR, STRIP], 2), 1);
  assert.equal(freeName([PAR, { ...PAR, name: 'Fixture 3' }]), 'Fixture 4');
  const fields = newFixtureFields([PAR, STRIP]);
  assert.deepEqual({ name: fields.name, kind: fields.kind, universe: fields.universe, address: fields.address, place: fields.place },
    { name: 'Fixture 3', kind: 'rgb', universe: '1', address: '184', place: 'point' });
  assert.deepEqual(fixtureFromFields(fields, [PAR, STRIP]).fixture.point, { x: 0.5, y: 0.5 });
});
