// What is heard, as the listening panel shows it: `heard` messages read defensively, the five meters, the
// onset lamp's flashes counted, silence once nothing more comes, the meters' accessible values told at most
// four times a second, and the `soundResponse` intent built on what was last sent.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  ARIA_MILLISECONDS, HEARD_STALE_MILLISECONDS, METERS, QUIET_RESPONSE, Throttle, isCurrent, meterText, meterValue, onsetSince,
  onsetGapFromMilliseconds, parseHeard, soundResponse, soundResponseIntent, tempoText,
} from '../../Sources/WebClient/Web/console/listening/listening-model.js';
import { PendingSettings } from '../../Sources/WebClient/Web/console/panel-kit/lumi-features.js';

const message = (more = {}) => ({
  type: 'heard', level: 0.52, peak: 0.31, bands: [0.9, 0.2, 0.05, 0.01], onset: 0.8, onsets: 12, tempo: 123.1, gated: false, ...more,
});

test('a heard message is read as the protocol says it', () => {
  assert.deepEqual(parseHeard(message()), {
    level: 0.52, peak: 0.31, bands: [0.9, 0.2, 0.05, 0.01], onset: 0.8, onsets: 12, tempo: 123.1, gated: false,
  });
  assert.equal(parseHeard(message({ tempo: null })).tempo, null, 'no tempo estimate yet');
  assert.equal(parseHeard(message({ gated: true })).gated, true);
  // A server that says what it listens to in every message: its problem is read too.
  assert.equal(parseHeard(message({ source: 'default input', hearing: true, problem: null })).problem, null);
  assert.equal(parseHeard(message({ problem: ' no sound has come for a second ' })).problem, 'no sound has come for a second');
  assert.equal(Object.hasOwn(parseHeard(message()), 'problem'), false, 'not said: not there');
});

test('a heard message is read defensively: shares kept within 0…1, four bands, nonsense as nothing', () => {
  const odd = parseHeard({ type: 'heard', level: 2, peak: -1, bands: [0.5, 'x', Number.NaN], onset: Infinity, onsets: -3, tempo: 0 });
  assert.deepEqual(odd, { level: 1, peak: 0, bands: [0.5, 0, 0, 0], onset: 0, onsets: null, tempo: null, gated: false });
  assert.deepEqual(parseHeard({ type: 'heard' }).bands, [0, 0, 0, 0]);
  assert.equal(parseHeard({ type: 'heard', onsets: 2.5 }).onsets, null);
  assert.equal(parseHeard({ type: 'link' }), null);
  assert.equal(parseHeard(null), null);
  assert.equal(parseHeard('heard'), null);
});

test('five meters: the level and the four bands, named for people', () => {
  assert.deepEqual(METERS.map((meter) => meter.label), ['Level', 'Low', 'Low-mid', 'High-mid', 'High']);
  const heard = parseHeard(message());
  assert.deepEqual(METERS.map((meter) => meterValue(heard, meter)), [0.52, 0.9, 0.2, 0.05, 0.01]);
  assert.deepEqual(METERS.map((meter) => meterValue(null, meter)), [0, 0, 0, 0, 0], 'nothing heard: silence');
  assert.equal(meterText(0.523), '52%');
  assert.equal(meterText(0.1, true), '10%, below the gate');
  assert.equal(meterText(Number.NaN), '0%');
  assert.equal(tempoText(123.14), '123.1 BPM');
  assert.equal(tempoText(null), '—');
});

test('what was heard shows for a while after the last message, then it is silence', () => {
  assert.equal(isCurrent(1000, 1000), true);
  assert.equal(isCurrent(1000, 1000 + HEARD_STALE_MILLISECONDS), true);
  assert.equal(isCurrent(1000, 1001 + HEARD_STALE_MILLISECONDS), false);
  assert.equal(isCurrent(null, 1000), false, 'never heard');
});

test('the onset lamp flashes once for every count that went up, whichever messages a frame drew', () => {
  const heard = (onsets, onset = 0) => parseHeard(message({ onsets, onset }));
  assert.equal(onsetSince(null, heard(12, 0.8)), true, 'the first message with an onset');
  assert.equal(onsetSince(null, heard(12, 0)), false);
  assert.equal(onsetSince(12, heard(12, 0)), false, 'no new onset');
  assert.equal(onsetSince(12, heard(14, 0)), true, 'two onsets in messages a frame skipped: still one flash');
  assert.equal(onsetSince(14, heard(0, 0)), false, 'the server counted from 0 again, silently');
  assert.equal(onsetSince(14, heard(1, 0.6)), true, 'counted from 0 again, with an onset');
  assert.equal(onsetSince(3, parseHeard(message({ onsets: undefined, onset: 0.5 }))), true, 'no count: the onset itself');
  assert.equal(onsetSince(3, null), false);
});

test('accessible values are told at most once every 250 ms', () => {
  const throttle = new Throttle();
  assert.equal(ARIA_MILLISECONDS, 250);
  assert.equal(throttle.ready(0), true);
  assert.equal(throttle.ready(30), false);
  assert.equal(throttle.ready(249), false);
  assert.equal(throttle.ready(250), true);
  assert.equal(throttle.ready(260), false);
});

test('the sound response: the engine’s, or none said; an intent keeps the other box', () => {
  assert.equal(soundResponse({}), null);
  assert.deepEqual(soundResponse({ soundResponse: { tempoFollows: true } }), { tempoFollows: true, onsetsRelease: false });
  const state = { soundResponse: { tempoFollows: true, onsetsRelease: false } };
  assert.deepEqual(soundResponseIntent(state, { onsetsRelease: true }, null),
    { type: 'soundResponse', response: { tempoFollows: true, onsetsRelease: true } });
  assert.deepEqual(soundResponseIntent({}, { tempoFollows: true }, null).response, { ...QUIET_RESPONSE, tempoFollows: true },
    'before the engine has said: from neither');
});

test('both boxes ticked before the engine answers both count', () => {
  let clock = 0;
  const pending = new PendingSettings({ now: () => clock });
  const state = { soundResponse: { tempoFollows: false, onsetsRelease: false } };
  soundResponseIntent(state, { tempoFollows: true }, pending);
  assert.deepEqual(soundResponseIntent(state, { onsetsRelease: true }, pending).response, { tempoFollows: true, onsetsRelease: true });
  clock = 5000;
  assert.deepEqual(soundResponseIntent(state, { onsetsRelease: false }, pending).response, { tempoFollows: false, onsetsRelease: false },
    'never said back: the engine’s again after a while');
});

test('the gap between onset releases: read from the engine in seconds, typed in milliseconds, sent only when changed', () => {
  assert.deepEqual(soundResponse({ soundResponse: { tempoFollows: false, onsetsRelease: true, onsetGap: 0.1 } }),
    { tempoFollows: false, onsetsRelease: true, onsetGap: 0.1 });
  assert.equal('onsetGap' in soundResponse({ soundResponse: { onsetGap: 'soon' } }), false, 'a gap that is not a number is not read');
  assert.equal(onsetGapFromMilliseconds('250'), 0.25);
  assert.equal(onsetGapFromMilliseconds(' 0 '), 0);
  assert.equal(onsetGapFromMilliseconds('2000'), 2);
  for (const text of ['', '2001', '-10', 'soon', 'NaN', 'Infinity']) assert.equal(onsetGapFromMilliseconds(text), null, text);
  const state = { soundResponse: { tempoFollows: false, onsetsRelease: true, onsetGap: 0.1 } };
  assert.deepEqual(soundResponseIntent(state, { onsetGap: 0.25 }, null).response, { tempoFollows: false, onsetsRelease: true, onsetGap: 0.25 });
  assert.equal('onsetGap' in soundResponseIntent(state, { tempoFollows: true }, null).response, false,
    'a box ticked leaves the gap to the engine');
});
