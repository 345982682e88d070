import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
  CHORD_POLYPHONY_RANGE, POLYPHONY_RANGE, chordPolyphonyFromText, polyphonyFromText,
} from '../../Sources/WebClient/Web/console/preferences/polyphony-model.js';

test('the ranges are the engine’s', () => {
  assert.deepEqual(POLYPHONY_RANGE, [1, 4096]);
  assert.deepEqual(CHORD_POLYPHONY_RANGE, [1, 16]);
});

test('a polyphony typed is a whole number of lumis within the range', () => {
  assert.equal(polyphonyFromText('256'), 256);
  assert.equal(polyphonyFromText(' 1 '), 1);
  assert.equal(polyphonyFromText('4096'), 4096);
  for (const text of ['', '0', '4097', '2.5', '-3', '1e3', 'abc', '99999999999999999999', null, undefined]) {
    assert.equal(polyphonyFromText(text), undefined, String(text));
  }
});

test('a chord’s polyphony typed: blank is no limit of its own, else 1 to 16 releases', () => {
  assert.equal(chordPolyphonyFromText(''), null);
  assert.equal(chordPolyphonyFromText('   '), null);
  assert.equal(chordPolyphonyFromText(undefined), null);
  assert.equal(chordPolyphonyFromText('1'), 1);
  assert.equal(chordPolyphonyFromText('16'), 16);
  for (const text of ['0', '17', '2.5', '-1', 'none', '0x4']) {
    assert.equal(chordPolyphonyFromText(text), undefined, text);
  }
});
