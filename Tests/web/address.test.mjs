// The pairing token taken out of the page's address, everything else kept; every page does it as it starts.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { addressWithoutToken, forgetPairingToken } from '../../Sources/WebClient/Web/shared/address.js';

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

/** A page's location and history as far as forgetPairingToken reads and writes them. */
function page(href) {
  const url = new URL(href);
  const replaced = [];
  return {
    location: { href: url.href, search: url.search },
    history: { state: { kept: true }, replaceState: (...call) => replaced.push(call) },
    replaced,
  };
}

test('a page opened with the token replaces its history entry with the address without it', () => {
  const opened = page('http://192.168.1.5:8080/compose?token=0123abcd&quality=full#7-3');
  assert.equal(forgetPairingToken(opened), '?token=0123abcd&quality=full', 'the query it was opened with');
  assert.deepEqual(opened.replaced, [[{ kept: true }, '', 'http://192.168.1.5:8080/compose?quality=full#7-3']]);
});

test('a page opened without a token leaves its history alone', () => {
  const opened = page('http://127.0.0.1:8080/?quality=0.5');
  assert.equal(forgetPairingToken(opened), '?quality=0.5');
  assert.deepEqual(opened.replaced, []);
});
