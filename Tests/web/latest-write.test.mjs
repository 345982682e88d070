// The panels' latest writes (console/panel-kit/latest-write.js): one at a time, only the newest of those waiting
// sent, and a stale copy's refusal ending the run.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { LatestWrite } from '../../Sources/WebClient/Web/console/panel-kit/latest-write.js';

test('writes: one at a time, only the newest of those waiting sent', async () => {
  const written = [];
  const pending = [];
  const writes = new LatestWrite((value) => new Promise((resolve) => { written.push(value); pending.push(() => resolve(`answer ${value}`)); }));
  const first = writes.push(1);
  assert.ok(writes.busy);
  const second = writes.push(2);
  const third = writes.push(3);
  assert.deepEqual(written, [1], 'the others wait');
  pending.shift()();
  await new Promise((resolve) => { setImmediate(resolve); });
  assert.deepEqual(written, [1, 3], '2 was replaced by 3 while it waited');
  pending.shift()();
  assert.deepEqual(await Promise.all([first, second, third]), ['answer 3', 'answer 3', 'answer 3']);
  assert.equal(writes.busy, false);
  const again = writes.push(4);
  pending.shift()();
  assert.equal(await again, 'answer 4');
});

test('a write refused for a stale copy drops the one waiting: it was made on that copy too', async () => {
  const written = [];
  const pending = [];
  const writes = new LatestWrite(
    (value) => new Promise((resolve) => { written.push(value); pending.push(resolve); }),
    { stopsAfter: (answer) => answer === 'stale' },
  );
  const first = writes.push(1);
  writes.push(2);
  pending.shift()('stale');
  assert.equal(await first, 'stale');
  assert.deepEqual(written, [1], '2 is not sent');
  assert.equal(writes.busy, false);
  const next = writes.push(3);
  pending.shift()('taken');
  assert.equal(await next, 'taken', 'the next change goes as ever');
});
