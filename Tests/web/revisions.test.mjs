// Two consoles editing one rig: the revision as ETag and If-Match, news that crossed dropped by revision, a
// stale copy's refusal read, and a console's own writes — a drag's, one after another — never refusing each
// other, while another console's change in between is refused. The server here is a few lines that keep the
// contract (docs/fixtures.md, "Two consoles at once"): a revision up by one at every change, a change taken
// only on the current revision, 409 with `current` otherwise.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  OwnRevisions, conflictText, formatETag, isOlder, parseETag, readConflict, readRevision,
} from '../../Sources/WebClient/Web/shared/revisions.js';
import { LatestWrite } from '../../Sources/WebClient/Web/console/panel-kit/latest-write.js';

test('a revision as ETag and If-Match: quoted decimal, read back; anything else is none', () => {
  assert.equal(formatETag(12), '"12"');
  assert.equal(formatETag(0), '"0"');
  for (const none of [null, undefined, -1, 1.5, '12', NaN]) assert.equal(formatETag(none), null, String(none));
  assert.equal(parseETag('"12"'), 12);
  assert.equal(parseETag(' W/"7" '), 7, 'a weak one says its revision too');
  for (const junk of [null, '', '12', '"a"', '"1", "2"', '"-1"', `"${'9'.repeat(20)}"`]) assert.equal(parseETag(junk), null, String(junk));
  assert.equal(readRevision(3), 3);
  assert.equal(readRevision(-3), null);
  assert.equal(readRevision('3'), null);
});

test('news older than the copy held is dropped; the same revision, or an unknown one, is not older', () => {
  assert.equal(isOlder(4, 5), true);
  assert.equal(isOlder(5, 5), false, "a rename's live message comes with the revision its answer said");
  assert.equal(isOlder(6, 5), false);
  assert.equal(isOlder(null, 5), false, 'a server that says no revision');
  assert.equal(isOlder(0, null), false, 'nothing held yet');
});

test("a stale copy's refusal is read with the copy as it now is; other refusals are not one", () => {
  const current = { revision: 9, fixtures: [] };
  assert.deepEqual(readConflict({ ok: false, status: 409, error: 'another console changed the patch', body: { error: '…', current } }),
    { error: 'another console changed the patch', current });
  assert.equal(readConflict({ ok: false, status: 409, error: 'the library is full', body: { error: 'the library is full' } }), null);
  assert.equal(readConflict({ ok: false, status: 400, error: 'overlap', body: { error: 'overlap', current } }), null);
  assert.equal(readConflict({ ok: true, data: current }), null);
  assert.equal(readConflict(undefined), null);
  assert.equal(readConflict({ ok: false, status: 409, error: 'the outputs were not changed', body: { current: null } }), null,
    'no current (the server could not read it): an ordinary refusal, and the panel reads again');
  assert.equal(conflictText({ error: 'the fixture patch was not changed: it was changed elsewhere meanwhile. ' }),
    'The fixture patch was not changed: it was changed elsewhere meanwhile');
  assert.equal(conflictText({}), 'Another console changed it meanwhile');
});

test("this console's own writes are followed: a change made on a copy they moved on is sent on their last revision", () => {
  const own = new OwnRevisions(4);
  assert.equal(own.follow(3), 3);
  own.wrote(3, 4);
  own.wrote(4, 5);
  assert.equal(own.follow(3), 5);
  assert.equal(own.follow(4), 5);
  assert.equal(own.follow(6), 6, 'not followed past another console\'s change');
  assert.equal(own.follow(null), null, 'no revision known: none sent');
  own.wrote(5, 5);
  own.wrote(null, 6);
  assert.equal(own.follow(3), 5, 'nothing that is not a step forward is kept');
  for (let revision = 5; revision < 12; revision += 1) own.wrote(revision, revision + 1);
  assert.equal(own.follow(8), 12);
  assert.equal(own.follow(3), 3, 'at most `limit` kept: the oldest forgotten');
  own.clear();
  assert.equal(own.follow(8), 8);
});

/** A server keeping the contract for one thing edited: `put(value, ifMatch)` answers as Sender.request does. */
function contractServer(value) {
  const server = {
    revision: 0,
    value,
    body() { return { revision: server.revision, value: server.value }; },
    put(next, ifMatch) {
      if (ifMatch !== null && ifMatch !== server.revision) {
        const error = `another console changed it: it is at revision ${server.revision}`;
        return { ok: false, status: 409, error, body: { error, current: server.body() } };
      }
      server.revision += 1;
      server.value = next;
      return { ok: true, data: server.body(), revision: server.revision };
    },
  };
  return server;
}

/** A console's writes as a panel makes them: LatestWrite over OwnRevisions.send, answers the test settles. */
function consoleWrites(server) {
  const own = new OwnRevisions();
  const waiting = [];
  const sent = [];
  const writes = new LatestWrite(
    ({ value, base }) => own.send(base, (ifMatch) => new Promise((resolve) => {
      sent.push({ value, ifMatch });
      waiting.push(() => resolve(server.put(value, ifMatch)));
    })),
    { stopsAfter: (answer) => readConflict(answer) !== null },
  );
  return { own, writes, sent, answerNext: () => waiting.shift()() };
}

const settled = () => new Promise((resolve) => { setImmediate(resolve); });

test("a drag's rapid writes, one in flight and the newest waiting, never refuse each other", async () => {
  const server = contractServer('Par 1 at 0.1');
  const { writes, sent, answerNext } = consoleWrites(server);
  const base = server.revision;  // the copy the drag began on
  const runs = [];
  for (const x of [0.2, 0.3, 0.4, 0.5]) runs.push(writes.push({ value: `Par 1 at ${x}`, base }));
  answerNext();
  await settled();
  writes.push({ value: 'Par 1 at 0.6', base });
  answerNext();
  await settled();
  answerNext();
  const answers = await Promise.all(runs);
  assert.ok(answers.every((answer) => answer.ok), JSON.stringify(answers));
  assert.deepEqual(sent.map(({ value, ifMatch }) => [value, ifMatch]), [
    ['Par 1 at 0.2', 0], ['Par 1 at 0.5', 1], ['Par 1 at 0.6', 2],
  ], 'each write carries the revision the answer before it made');
  assert.equal(server.value, 'Par 1 at 0.6');
  assert.equal(server.revision, 3);

  // The drag goes on after the run: the next write, made on the same copy, is followed too.
  const later = writes.push({ value: 'Par 1 at 0.7', base });
  answerNext();
  assert.equal((await later).ok, true);
  assert.equal(sent.at(-1).ifMatch, 3);
});

test("another console's change in between is refused with the copy as it now is; the change waiting is dropped", async () => {
  const server = contractServer('Par 1 at 0.1');
  const one = consoleWrites(server);
  const other = consoleWrites(server);
  const run = one.writes.push({ value: 'Par 1 at 0.2', base: 0 });
  one.writes.push({ value: 'Par 1 at 0.3', base: 0 });
  // The other console's write reaches the server first.
  const theirs = other.writes.push({ value: 'Par 1 renamed Wash', base: 0 });
  other.answerNext();
  assert.equal((await theirs).ok, true);
  one.answerNext();
  const answer = await run;
  const conflict = readConflict(answer);
  assert.deepEqual(conflict.current, { revision: 1, value: 'Par 1 renamed Wash' });
  assert.deepEqual(one.sent.map(({ ifMatch }) => ifMatch), [0], 'the one waiting was made on the stale copy too: not sent');
  assert.equal(server.value, 'Par 1 renamed Wash', 'nothing of theirs lost');

  // Save again: made on `current`, it carries its revision and is taken.
  const again = one.writes.push({ value: 'Wash at 0.3', base: conflict.current.revision });
  one.answerNext();
  assert.equal((await again).ok, true);
  assert.equal(one.sent.at(-1).ifMatch, 1);
  assert.equal(server.revision, 2);
});

test('a form opened before this console\'s own drop is not refused by it; opened before another\'s, it is', async () => {
  const server = contractServer('patch A');
  const one = consoleWrites(server);
  const other = consoleWrites(server);
  const formBase = server.revision;  // the form opens on revision 0
  const drop = one.writes.push({ value: 'patch A, Par 1 moved', base: formBase });
  one.answerNext();
  await drop;
  const save = one.writes.push({ value: 'patch A, Par 1 moved, Par 2 edited', base: formBase });
  one.answerNext();
  assert.equal((await save).ok, true, 'its own drop moved the revision on: followed');

  const secondForm = server.revision;
  const theirs = other.writes.push({ value: 'their patch', base: secondForm });
  other.answerNext();
  await theirs;
  const stale = one.writes.push({ value: 'mine', base: secondForm });
  one.answerNext();
  assert.equal(readConflict(await stale)?.current.value, 'their patch');
});
