// The Fixtures panel's finder: the search's and the profile's addresses, their answers read, a profile and a mode
// in words, the generic kinds known among the picks, and the search sent as the performer types — after a pause,
// the latest text's answer alone shown — driven by timers and promises the test holds itself.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  PROFILE_PAGE, SearchAsTyped, foundText, genericKind, modeText, profileDetails, profileName, profilePath, profilesPath, readProfile,
  readProfileList,
} from '../../Sources/WebClient/Web/console/fixtures/profile-search.js';

const SLIM = { manufacturer: 'Chauvet', model: 'SlimPAR 56', type: 'Color Changer', modes: [{ name: '7-Ch', channels: 7, heads: 0 }, { name: '3-Ch', channels: 3, heads: 0 }] };

test('the addresses: a search a page at a time, and one profile whole', () => {
  assert.equal(profilesPath(' slim par '), `/api/fixture-profiles?search=slim%20par&limit=${PROFILE_PAGE}`, 'a space as %20: the server reads no pluses');
  assert.equal(profilesPath('x', { type: 'Moving Head', offset: 30, limit: 5 }), '/api/fixture-profiles?search=x&type=Moving%20Head&offset=30&limit=5');
  assert.equal(profilesPath('a&b=c'), `/api/fixture-profiles?search=a%26b%3Dc&limit=${PROFILE_PAGE}`);
  assert.equal(profilePath('Chauvet', 'SlimPAR 56'), '/api/fixture-profiles/Chauvet/SlimPAR%2056');
  assert.equal(profilePath('A/B', 'Bar Två'), '/api/fixture-profiles/A%2FB/Bar%20Tv%C3%A5');
});

test('a search\'s answer and a profile whole read; what is not one is null', () => {
  const list = readProfileList({ profiles: [SLIM, { model: 'no maker' }], total: 36, offset: 0, problems: 0 });
  assert.deepEqual(list, { profiles: [SLIM], total: 36 });
  assert.equal(readProfileList({ error: 'no' }), null);
  const whole = readProfile({
    manufacturer: 'Chauvet', model: 'SlimPAR 56', type: 'Color Changer', panDegrees: 0, tiltDegrees: 0, drivenFromTheStage: true,
    modes: [{ name: '7-Ch', heads: [], channels: [{ name: 'Red', role: 'red', preset: 'IntensityRed', capabilities: [] }, { role: 'x' }] }, 'junk'],
  });
  assert.deepEqual(whole, {
    manufacturer: 'Chauvet', model: 'SlimPAR 56', type: 'Color Changer', drivenFromTheStage: true,
    modes: [{ name: '7-Ch', heads: 0, channels: [{ name: 'Red', role: 'red' }] }],
  });
  assert.equal(readProfile({ manufacturer: 'A', model: 'B', drivenFromTheStage: false, modes: [] }).drivenFromTheStage, false);
  assert.equal(readProfile({ manufacturer: 'A' }), null);
});

test('a profile and a mode in words; the generic kinds among the picks', () => {
  assert.equal(profileName(SLIM), 'Chauvet SlimPAR 56');
  assert.equal(profileDetails(SLIM), 'Color Changer, 2 modes');
  assert.equal(modeText(SLIM.modes[0]), '7-Ch: 7 channels');
  assert.equal(modeText({ name: '13-Channel', channels: new Array(13).fill({}), heads: 3 }), '13-Channel: 13 channels, 3 heads');
  assert.equal(modeText({ name: 'Amount', channels: 1, heads: 1 }), 'Amount: 1 channel, 1 head');
  const generic = (model, name, channels) => ({ manufacturer: 'Generic', model, type: 'Color Changer', modes: [{ name, channels, heads: 0 }] });
  assert.equal(genericKind(generic('RGBW + dimmer', 'rgbwd', 5), 'rgbwd'), 'rgbwd', 'as the search lists it');
  const whole = { ...generic('RGB', 'rgb', 0), modes: [{ name: 'rgb', heads: 0, channels: ['Red', 'Green', 'Blue'].map((name) => ({ name, role: '' })) }] };
  assert.equal(genericKind(whole, 'rgb'), 'rgb', 'as the profile whole says it');
  assert.equal(genericKind(generic('Generic RGB', 'RGB', 3), 'RGB'), null, 'QLC+\'s own generic RGB is a profile');
  assert.equal(genericKind(generic('LED bar', 'rgb', 12), 'rgb'), null, 'a mode named as a kind, of other channels, is a profile');
  assert.equal(genericKind({ ...generic('Two', 'rgb', 3), modes: [{ name: 'rgb', channels: 3 }, { name: 'rgbw', channels: 4 }] }, 'rgb'), null);
  assert.equal(genericKind({ manufacturer: 'Generic', model: 'RGB' }, 'rgb'), null, 'no modes said');
  assert.equal(genericKind(SLIM, '7-Ch'), null);
  assert.equal(foundText({ profiles: [SLIM], total: 1 }, 'slimpar 56'), '1 found.');
  assert.equal(foundText({ profiles: new Array(30).fill(SLIM), total: 36 }, 'slim'), '36 found: the first 30 shown; type more to narrow them.');
  assert.equal(foundText({ profiles: [], total: 0 }, 'zz'), 'No fixture\'s make or model holds “zz”.');
});

/** Timers the test runs by hand: `run()` fires every one due, in order. */
function manualTimers() {
  const waiting = new Map();
  let serial = 0;
  return {
    schedule: (fn, ms) => { serial += 1; waiting.set(serial, { fn, ms }); return serial; },
    cancel: (handle) => waiting.delete(handle),
    get count() { return waiting.size; },
    run() { const due = [...waiting.values()]; waiting.clear(); for (const { fn } of due) fn(); },
  };
}

const settled = async () => { for (let i = 0; i < 5; i += 1) await Promise.resolve(); };

test('the search goes after a pause in the typing, and only the latest text\'s answer is shown', async () => {
  const timers = manualTimers(), sent = [], shown = [], answers = {};
  const search = (text) => new Promise((resolve) => { sent.push(text); answers[text] = resolve; });
  const finder = new SearchAsTyped(search, (text, answer) => shown.push([text, answer]), timers);
  finder.typed('s');
  finder.typed('sl');
  finder.typed('sli');
  assert.equal(timers.count, 1, 'each key puts the search off again');
  timers.run();
  assert.deepEqual(sent, ['sli']);
  finder.typed('slim');
  timers.run();
  assert.deepEqual(sent, ['sli', 'slim']);
  answers.slim('the answer to slim');
  answers.sli('a late answer to sli');
  await settled();
  assert.deepEqual(shown, [['slim', 'the answer to slim']], 'the older answer, come later, is dropped');
  finder.typed('  ');
  assert.deepEqual(shown.at(-1), ['', null], 'nothing typed: nothing sent, the list emptied at once');
  assert.equal(timers.count, 0);
  finder.typed('par');
  finder.stop();
  assert.equal(timers.count, 0, 'stopped: nothing goes');
});

test('a search that fails is heard as a refusal, not thrown', async () => {
  const timers = manualTimers(), shown = [];
  const finder = new SearchAsTyped(() => Promise.reject(new Error('offline')), (text, answer) => shown.push([text, answer]), timers);
  finder.typed('slim');
  timers.run();
  await settled();
  assert.deepEqual(shown, [['slim', { ok: false, error: 'offline' }]]);
});
