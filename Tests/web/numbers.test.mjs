// Numbers as a person reads them.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { formatNumber, refusalNumber } from '../../Sources/WebClient/Web/shared/numbers.js';

test('a number for a person: at most the digits asked, no trailing zeros, a real minus sign', () => {
  assert.equal(formatNumber(0.5), '0.5');
  assert.equal(formatNumber(1.005, 3), '1.005');
  assert.equal(formatNumber(2.499), '2.5');
  assert.equal(formatNumber(3), '3');
  assert.equal(formatNumber(-0.5), '−0.5');
  assert.equal(formatNumber(-0.0001), '0');
  assert.equal(formatNumber(Number.NaN), '—');
  assert.equal(formatNumber(Infinity), '—');
  assert.equal(formatNumber(undefined), '—');
});

test('a number as the server\'s refusals write it: Swift\'s description of a Double (as imager serve said each)', () => {
  const said = [
    [4, '4.0'], [4.5, '4.5'], [3.3, '3.3'], [1.2, '1.2'], [-0.0001, '-0.0001'], [0.0001, '0.0001'], [1e-5, '1e-05'],
    [-1.5e-7, '-1.5e-07'], [1e15, '1000000000000000.0'], [2 ** 53, '9007199254740992.0'], [1e16, '1e+16'],
    [2 ** 54, '1.8014398509481984e+16'], [1e300, '1e+300'], [0, '0.0'], [-0, '-0.0'],
  ];
  for (const [x, words] of said) assert.equal(refusalNumber(x), words, String(x));
});

