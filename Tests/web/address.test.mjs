// The pairing token taken out of the page's address, everything else kept.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { addressWithoutToken } from '../../Sources/WebClient/Web/address.js';

test('the token goes from the address; the other parameters and the fragment stay as written', () => {
  assert.equal(addressWithoutToken('http://192.168.1.5:8080/canvas?token=0123abcd'), 'http://192.168.1.5:8080/canvas');
  assert.equal(addressWithoutToken('http://studio.local:8080/canvas?x=a%20b&token=0123&y=1#here'),
    'http://studio.local:8080/canvas?x=a%20b&y=1#here');
  assert.equal(addressWithoutToken('http://h:8080/canvas?token=1&debug'), 'http://h:8080/canvas?debug');
  assert.equal(addressWithoutToken('http://h:8080/canvas?token=1&token=2'), 'http://h:8080/canvas', 'every copy goes');
  assert.equal(addressWithoutToken('http://h:8080/canvas?tok%65n=1&tokens=2'), 'http://h:8080/canvas?tokens=2',
    'names are compared decoded, and whole');
  assert.equal(addressWithoutToken('http://h:8080/canvas?token'), 'http://h:8080/canvas');
});

test('an address without a token is left alone', () => {
  assert.equal(addressWithoutToken('http://127.0.0.1:8080/canvas'), null);
  assert.equal(addressWithoutToken('http://127.0.0.1:8080/canvas?'), null);
  assert.equal(addressWithoutToken('http://127.0.0.1:8080/canvas?x=1#token=2'), null);
});
