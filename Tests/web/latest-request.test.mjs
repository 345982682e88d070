// One request in flight at most, the last value always sent: driven by promises the test settles itself.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { LatestRequest } from '../../Sources/WebClient/Web/canvas/latest-request.js';

/** A send whose requests the test answers: `sent` lists the values, `answer(i)` / `fail(i)` settle one. */
function manualSend() {
  const sent = [], settle = [];
  const send = (value) => new Promise((resolve, reject) => {
    sent.push(value);
    settle.push({ resolve, reject });
  });
  return { send, sent, answer: (i, answer) => settle[i].resolve(answer), fail: (i, error) => settle[i].reject(error) };
}

/** Lets every settled promise's callbacks run (a few turns of the microtask queue, no timer). */
async function settled() {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

test('while a request is in flight only the newest value waits, and it goes when the answer comes', async () => {
  const { send, sent, answer } = manualSend(), answers = [];
  let idle = 0;
  const requests = new LatestRequest(send, { onAnswer: (a, v) => answers.push([a, v]), onIdle: () => { idle += 1; } });
  requests.offer(1);
  requests.offer(2);
  requests.offer(3);
  assert.deepEqual(sent, [1]);
  assert.ok(requests.busy);
  answer(0, 'one');
  await settled();
  assert.deepEqual(sent, [1, 3], 'the last value offered, not the one between');
  assert.equal(idle, 0);
  answer(1, 'three');
  await settled();
  assert.deepEqual(answers, [['one', 1], ['three', 3]]);
  assert.equal(idle, 1);
  assert.ok(!requests.busy);
});

test('a failure is reported and the next value still goes', async () => {
  const { send, sent, fail, answer } = manualSend(), errors = [];
  const requests = new LatestRequest(send, { onError: (error, value) => errors.push([error.message, value]) });
  requests.offer('a');
  requests.offer('b');
  fail(0, new Error('refused'));
  await settled();
  assert.deepEqual(errors, [['refused', 'a']]);
  assert.deepEqual(sent, ['a', 'b']);
  answer(1);
  await settled();
  assert.ok(!requests.busy);
});
