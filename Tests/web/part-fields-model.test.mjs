// Parts in time: what the "Length" and "Tempo" fields show of a part, and which edit a typed value asks for —
// or why it is refused without asking (no number, out of range, a composed part's length). The lengths and
// tempi the engine keeps are held to a table of cases: part-fields-twin-rule.test.mjs.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { capitalized } from '../../Sources/WebClient/Web/shared/text-rule.js';
import { indexMusic } from '../../Sources/WebClient/Web/compose/plane/plane-model.js';
import {
  LENGTH_RANGE, LENGTH_REFUSAL, TEMPO_RANGE, TEMPO_REFUSAL, lengthRequest, numberText, partTiming, tempoFromSoundRequest,
  tempoRequest,
} from '../../Sources/WebClient/Web/compose/part-fields-model.js';

/** Intro: 4 beats at 120; Bridge: 2.5 beats at 90; Song: Intro, Bridge, Intro (a composed part). */
const index = indexMusic({
  library: {
    parts: [
      { id: 1, name: 'Intro', length: 3840, tempo: 120, children: [] },
      { id: 2, name: 'Bridge', length: 2400, tempo: 90, children: [] },
      { id: 3, name: 'Song', length: 960, tempo: 100, children: [{ node: 1, place: 7 }, { node: 2, place: 8 }, { node: 1, place: 9 }] },
      // A library no engine would answer: a part under itself, a child that is not there, no length.
      { id: 4, name: 'Loop', length: 960, tempo: 120, children: [{ node: 4, place: 10 }] },
      { id: 5, name: 'Holes', length: 960, tempo: 120, children: [{ node: 99, place: 11 }] },
      { id: 6, name: 'Odd', length: 'long', tempo: Number.NaN, children: [] },
    ],
    voices: [],
  },
  durations: { 1: 2, 2: 1.6666, 3: 5.6666 },
});

test('a part in time: an atomic part its length in beats and tempo, a composed part its parts’ beats added up', () => {
  assert.deepEqual(partTiming(index, 1), { part: 1, name: 'Intro', atomic: true, beats: 4, tempo: 120, seconds: 2 });
  assert.deepEqual(partTiming(index, 2), { part: 2, name: 'Bridge', atomic: true, beats: 2.5, tempo: 90, seconds: 1.6666 });
  const song = partTiming(index, 3);
  assert.equal(song.atomic, false);
  assert.equal(song.beats, 10.5, 'Intro + Bridge + Intro, each counted in its own beats');
  assert.equal(song.seconds, 5.6666);
  assert.equal(partTiming(index, 99), null, 'not in the library');
  assert.equal(partTiming(null, 1), null);
});

test('what a hostile library says of a part is shown as nothing, never as a wrong number or a hang', () => {
  assert.equal(partTiming(index, 4).beats, null, 'a part under itself adds up to nothing');
  assert.equal(partTiming(index, 5).beats, null, 'a child not in the library');
  assert.deepEqual(partTiming(index, 6), { part: 6, name: 'Odd', atomic: true, beats: null, tempo: null, seconds: null });
  // Deep and wide: each part is the one before twice over (2^n leaves if walked naively).
  const parts = [{ id: 100, name: 'P0', length: 960, tempo: 120, children: [] }];
  for (let n = 1; n <= 80; n += 1) {
    parts.push({ id: 100 + n, name: `P${n}`, length: 960, tempo: 120, children: [{ node: 99 + n, place: 1000 + 2 * n }, { node: 99 + n, place: 1001 + 2 * n }] });
  }
  const deep = indexMusic({ library: { parts, voices: [] } });
  assert.equal(partTiming(deep, 110).beats, 1024, 'each part worked out once');
  assert.equal(partTiming(deep, 164).beats, 2 ** 64);
  assert.equal(partTiming(deep, 180).beats, null, 'deeper than the lab looks');
});

test('numbers as the fields show them: at most three decimals, nothing for no number', () => {
  assert.equal(numberText(4), '4');
  assert.equal(numberText(2.5), '2.5');
  assert.equal(numberText(1 / 3), '0.333');
  assert.equal(numberText(null), '');
  assert.equal(numberText(Number.NaN), '');
  assert.equal(numberText(Number.POSITIVE_INFINITY), '');
});

test('a length typed asks for setLength in beats, and only when it changed', () => {
  const intro = partTiming(index, 1);
  assert.deepEqual(lengthRequest(intro, '8'), { edit: { type: 'setLength', part: 1, beats: 8 }, doing: 'make Intro 8 beats long' });
  assert.deepEqual(lengthRequest(intro, ' 2,5 '), { edit: { type: 'setLength', part: 1, beats: 2.5 }, doing: 'make Intro 2.5 beats long' });
  assert.deepEqual(lengthRequest(intro, '4'), { unchanged: true });
  assert.deepEqual(lengthRequest(intro, '4.0000001'), { unchanged: true }, 'the same number of ticks');
  assert.deepEqual(lengthRequest(intro, '10000').edit, { type: 'setLength', part: 1, beats: 10_000 });
  assert.deepEqual(lengthRequest(intro, '1e1').edit, { type: 'setLength', part: 1, beats: 10 });
});

test('a length no part can have is refused in the page, with a reason', () => {
  const intro = partTiming(index, 1);
  for (const text of ['', '   ', 'NaN', 'Infinity', '-Infinity', 'abc', '4 beats', '0x10', '1e999', '0', '-3', '0.0001', '10000.5', '1e300', undefined, null]) {
    const asked = lengthRequest(intro, text);
    assert.equal(typeof asked.reason, 'string', `“${text}” is refused`);
    assert.ok(asked.reason.length > 0 && !asked.reason.includes('\n'), 'in one line');
    assert.equal(asked.edit, undefined);
  }
  assert.equal(lengthRequest(intro, '-3').reason, capitalized(LENGTH_REFUSAL), "the engine's words, as a sentence begins");
  assert.equal(lengthRequest(intro, '10001').reason, capitalized(LENGTH_REFUSAL));
  assert.equal(lengthRequest(intro, 'abc').reason, 'A length is a number, not “abc”', 'no number: the field’s own words');
  assert.match(lengthRequest(partTiming(index, 3), '8').reason, /Song is composed/, 'a composed part lasts as long as its parts');
  assert.match(lengthRequest(null, '8').reason, /Select a part/);
  assert.ok(LENGTH_RANGE.min > 0 && LENGTH_RANGE.max === 10_000);
});

test('a tempo typed asks for setTempo within 20…400 beats per minute', () => {
  const song = partTiming(index, 3);
  assert.deepEqual(tempoRequest(song, '140'), { edit: { type: 'setTempo', part: 3, bpm: 140 }, doing: 'set Song\'s tempo to 140' });
  assert.deepEqual(tempoRequest(song, '100'), { unchanged: true });
  assert.deepEqual(tempoRequest(song, '20').edit.bpm, 20);
  assert.deepEqual(tempoRequest(song, '400').edit.bpm, 400);
  assert.deepEqual(tempoRequest(song, '97.5').edit.bpm, 97.5);
  for (const text of ['', 'NaN', 'Infinity', '19.99', '400.01', '-120', '0', '1e9', '1e999']) {
    assert.equal(typeof tempoRequest(song, text).reason, 'string', `“${text}” is refused`);
  }
  assert.equal(tempoRequest(song, '1000').reason, capitalized(TEMPO_REFUSAL), "the engine's words, as a sentence begins");
  // A part whose tempo the library did not give: any tempo in range is a change.
  assert.deepEqual(tempoRequest(partTiming(index, 6), '120').edit, { type: 'setTempo', part: 6, bpm: 120 });
  assert.deepEqual([TEMPO_RANGE.min, TEMPO_RANGE.max], [20, 400]);
});

test('"Tempo from sound" asks tempoFromSound of an atomic part with the selected voice, aligned to a bar', () => {
  const clicks = { id: 26, name: 'Clicks' };
  assert.deepEqual(tempoFromSoundRequest(partTiming(index, 1), clicks), {
    edit: { type: 'tempoFromSound', part: 1, sound: 26, align: true }, doing: "set Intro's tempo from Clicks",
  });
  assert.match(tempoFromSoundRequest(partTiming(index, 3), clicks).reason, /Song is composed/);
  assert.match(tempoFromSoundRequest(null, clicks).reason, /Select a part and a voice/);
  assert.match(tempoFromSoundRequest(partTiming(index, 1), null).reason, /Select a part and a voice/);
  assert.match(tempoFromSoundRequest(partTiming(index, 1), { id: 'x' }).reason, /Select/);
});
