// Numbers as a person reads them.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { formatNumber } from '../../Sources/WebClient/Web/shared/numbers.js';

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
