// Polyphony as typed in the Preferences panel: whole numbers read, what is none refused in the panel's own words.
// The ranges, and the words of a count out of range, are the twin-rule table's (polyphony-twin-rule.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
  CHORD_POLYPHONY_RANGE, POLYPHONY_RANGE, readChordPolyphony, readPolyphony,
} from '../../Sources/WebClient/Web/console/preferences/polyphony-model.js';

const [FEWEST, MOST] = POLYPHONY_RANGE;
const [CHORD_FEWEST, CHORD_MOST] = CHORD_POLYPHONY_RANGE;
const polyphonyFromText = (text) => readPolyphony(text).count;
const chordPolyphonyFromText = (text) => readChordPolyphony(text).count;

test('a polyphony typed is a whole number of lumis within the range', () => {
  assert.equal(polyphonyFromText('256'), 256);
  assert.equal(polyphonyFromText(` ${FEWEST} `), FEWEST);
  assert.equal(polyphonyFromText(String(MOST)), MOST);
  for (const text of ['', '0', String(MOST + 1), '2.5', '-3', '1e3', 'abc', '99999999999999999999', null, undefined]) {
    assert.equal(polyphonyFromText(text), undefined, String(text));
  }
});

test('what is no whole number is refused in the panel\'s words; one out of range in the engine\'s', () => {
  const own = `polyphony is a whole number of lumis, ${FEWEST} to ${MOST}`;
  for (const text of ['', '2.5', '1e3', 'abc', '99999999999999999999', '+4', null]) assert.deepEqual(readPolyphony(text), { error: own }, String(text));
  assert.deepEqual(readPolyphony('-0'), { error: `polyphony is ${FEWEST} to ${MOST} lumis, not 0` });
  assert.deepEqual(readPolyphony(' 007 '), { count: 7 });
});

test('a chord’s polyphony typed: blank is no limit of its own, else a whole number of releases in its range', () => {
  assert.equal(chordPolyphonyFromText(''), null);
  assert.equal(chordPolyphonyFromText('   '), null);
  assert.equal(chordPolyphonyFromText(undefined), null);
  assert.equal(chordPolyphonyFromText(String(CHORD_FEWEST)), CHORD_FEWEST);
  assert.equal(chordPolyphonyFromText(String(CHORD_MOST)), CHORD_MOST);
  for (const text of ['0', String(CHORD_MOST + 1), '2.5', '-1', 'none', '0x4']) {
    assert.equal(chordPolyphonyFromText(text), undefined, text);
  }
  const own = `a chord's polyphony is a whole number of releases, ${CHORD_FEWEST} to ${CHORD_MOST}, or blank for no limit`;
  for (const text of ['2.5', 'none', '0x4']) assert.deepEqual(readChordPolyphony(text), { error: own }, text);
});
