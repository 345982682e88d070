// OSC out as the Preferences panel edits it: targets read by the server's rule and written as it keeps them,
// the PATCH bodies (the whole list), and what /status says of each target followed.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  STATUS_PATH, STATUS_REFRESH_MILLISECONDS, addition, followerRows, followerText, keptTargets, normaliseTarget,
  parseFollowers, removal,
} from '../../Sources/WebClient/Web/console/preferences/osc-out-model.js';

test('the kept targets are the preferences’ oscOut, read defensively', () => {
  assert.deepEqual(keptTargets({ oscOut: ['127.0.0.1:9000', '[::1]:9001'] }), ['127.0.0.1:9000', '[::1]:9001']);
  assert.deepEqual(keptTargets({ oscOut: ['a:1', 3, null, '', 'b:2'] }), ['a:1', 'b:2']);
  assert.deepEqual(keptTargets({ oscOut: 'a:1' }), []);
  assert.deepEqual(keptTargets({ panels: {} }), [], 'an older library: none');
  assert.deepEqual(keptTargets(null), []);
});

test('a target is read as the server reads it and written as the server keeps it (its cases: the twin-rule table)', () => {
  assert.equal(normaliseTarget('  localhost:09000 '), 'localhost:9000');
  assert.equal(normaliseTarget('::1:9000'), '[::1]:9000');
  for (const text of ['nowhere', '127.0.0.1:0', undefined, null]) assert.equal(normaliseTarget(text), null, String(text));
});

test('adding PATCHes the whole list with the target as kept; what cannot be read goes as typed, for the server to refuse', () => {
  assert.deepEqual(addition(['a:1'], ' 127.0.0.1:09000 '), { target: '127.0.0.1:9000', body: { oscOut: ['a:1', '127.0.0.1:9000'] } });
  assert.deepEqual(addition([], '[::1]:9000'), { target: '[::1]:9000', body: { oscOut: ['[::1]:9000'] } });
  assert.deepEqual(addition(['a:1'], ' nowhere '), { target: 'nowhere', body: { oscOut: ['a:1', 'nowhere'] } },
    'the server says why it is not a target');
  const full = Array.from({ length: 16 }, (_, at) => `h:${at + 1}`);
  assert.deepEqual(addition(full, 'h:99').body.oscOut.length, 17, 'the server says how many it keeps');
  assert.deepEqual(addition(undefined, 'h:1'), { target: 'h:1', body: { oscOut: ['h:1'] } });
});

test('nothing typed, or a target already kept, is said here and nothing is sent', () => {
  assert.match(addition(['a:1'], '').problem, /host:port/);
  assert.match(addition(['a:1'], '   ').problem, /host:port/);
  assert.equal(addition(['127.0.0.1:9000'], '127.0.0.1:09000').problem, 'OSC already goes to 127.0.0.1:9000.');
  assert.equal(addition(['[::1]:9000'], '::1:9000').body, undefined);
});

test('removing PATCHes the list without the target at that place', () => {
  assert.deepEqual(removal(['a:1', 'b:2', 'c:3'], 1), { oscOut: ['a:1', 'c:3'] });
  assert.deepEqual(removal(['a:1', 'a:1'], 1), { oscOut: ['a:1'] }, 'one of two alike');
  assert.deepEqual(removal(['a:1'], 0), { oscOut: [] });
  assert.equal(removal(['a:1'], 1), null);
  assert.equal(removal(['a:1'], -1), null);
  assert.equal(removal(['a:1'], '0'), null);
  assert.equal(removal([], 0), null);
});

test('the status’s followers are read defensively', () => {
  assert.deepEqual(parseFollowers({ oscOut: [{ address: 'a:1', sent: 12 }, { address: 'b:2', sent: 0, problem: ' no such host ' }] }),
    [{ address: 'a:1', sent: 12, problem: null }, { address: 'b:2', sent: 0, problem: 'no such host' }]);
  assert.deepEqual(parseFollowers({ oscOut: [{ address: 'a:1', sent: -3, problem: '' }, { sent: 1 }, null, 'a:1'] }),
    [{ address: 'a:1', sent: 0, problem: null }]);
  assert.deepEqual(parseFollowers({ oscOut: [] }), []);
  assert.equal(parseFollowers({ clients: 1 }), null, 'a status that says nothing of them');
  assert.equal(parseFollowers(null), null);
  assert.equal(STATUS_PATH, '/status');
  assert.equal(STATUS_REFRESH_MILLISECONDS, 5000);
});

test('the rows: the kept targets with what was sent to each, then the command line’s', () => {
  const followers = [
    { address: 'cli:1', sent: 5, problem: null },
    { address: 'a:1', sent: 7, problem: null },
    { address: 'b:2', sent: 0, problem: 'no such host' },
  ];
  assert.deepEqual(followerRows(['a:1', 'b:2'], followers), [
    { address: 'a:1', kept: true, index: 0, follower: followers[1] },
    { address: 'b:2', kept: true, index: 1, follower: followers[2] },
    { address: 'cli:1', kept: false, index: -1, follower: followers[0] },
  ]);
  assert.deepEqual(followerRows(['a:1'], null), [{ address: 'a:1', kept: true, index: 0, follower: null }], 'before the status has said');
  assert.deepEqual(followerRows(['new:1'], []), [{ address: 'new:1', kept: true, index: 0, follower: null }], 'not followed yet');
  const both = [{ address: 'a:1', sent: 3, problem: null }, { address: 'a:1', sent: 1, problem: null }];
  assert.deepEqual(followerRows(['a:1'], both), [
    { address: 'a:1', kept: true, index: 0, follower: both[1] },
    { address: 'a:1', kept: false, index: -1, follower: both[0] },
  ], 'named on the command line and kept: the kept one is the later');
  assert.deepEqual(followerRows([], []), []);
});

test('what a row says of its target', () => {
  assert.equal(followerText(null), '');
  assert.equal(followerText({ address: 'a:1', sent: 0, problem: null }), '0 messages sent');
  assert.equal(followerText({ address: 'a:1', sent: 1, problem: null }), '1 message sent');
  assert.equal(followerText({ address: 'a:1', sent: 1234, problem: null }), '1234 messages sent');
  assert.equal(followerText({ address: 'a:1', sent: 3, problem: 'no such host' }), 'not sent: no such host');
});
