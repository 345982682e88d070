// A copy several consoles edit, as one console edits it (console/panel-kit/edited-copy.js): the value edited here
// and the revision it was made on, its writes one at a time — each on the revision the one before it made, what
// was taken kept before the next goes — a stale copy's refusal ending the run, and the other changes followed
// through the same revisions.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { EditedCopy } from '../../Sources/WebClient/Web/console/panel-kit/edited-copy.js';

/** A server that keeps the contract: a revision up by one a change, taken only on the current one, 409 with `current` else. */
function contractServer() {
  const server = {
    value: 'first',
    revision: 0,
    change(value, ifMatch) {
      if (ifMatch !== server.revision) {
        return { ok: false, status: 409, error: 'another console changed it meanwhile', body: { current: { value: server.value, revision: server.revision } } };
      }
      server.value = value;
      server.revision += 1;
      return { ok: true, data: { value, revision: server.revision }, revision: server.revision };
    },
  };
  return server;
}

/** An edited copy over `server`, its writes answered when the test says. */
function consoleCopy(server) {
  const waiting = [];
  const sent = [];
  const taken = [];
  const copy = new EditedCopy({
    write: (value, ifMatch) => new Promise((resolve) => {
      sent.push({ value, ifMatch });
      waiting.push(() => resolve(server.change(value, ifMatch)));
    }),
    taken: (answer, value) => taken.push({ value, revision: answer.revision, sentSoFar: sent.length }),
  });
  return { copy, sent, taken, answerNext: () => waiting.shift()() };
}

const settled = () => new Promise((resolve) => { setImmediate(resolve); });

test('the value edited here is shown on the revision it was first edited from, until it is dropped', () => {
  const copy = new EditedCopy({ write: async () => ({ ok: true }) });
  assert.equal(copy.edited, null);
  assert.equal(copy.base(4), 4, 'nothing edited: the stored revision');
  copy.edit('moved', 4);
  copy.edit('moved further', 5);
  assert.equal(copy.edited, 'moved further');
  assert.equal(copy.base(6), 4, 'the revision the first edit was made on');
  copy.drop();
  assert.equal(copy.edited, null);
  assert.equal(copy.base(6), 6);
  copy.edit('again', 6);
  assert.equal(copy.base(7), 6, 'a new edit starts from the revision it is made on');
});

test("a drag's writes: one at a time, the newest waiting, each on the revision the one before made; what was taken kept before the next goes", async () => {
  const server = contractServer();
  const { copy, sent, taken, answerNext } = consoleCopy(server);
  const runs = ['a', 'b', 'c'].map((value) => copy.push(value, 0));
  assert.equal(copy.busy, true);
  answerNext();
  await settled();
  answerNext();
  const answers = await Promise.all(runs);
  assert.ok(answers.every((answer) => answer.ok && answer.revision === 2), JSON.stringify(answers));
  assert.deepEqual(sent, [{ value: 'a', ifMatch: 0 }, { value: 'c', ifMatch: 1 }], 'b was replaced by c while it waited');
  assert.deepEqual(taken, [{ value: 'a', revision: 1, sentSoFar: 1 }, { value: 'c', revision: 2, sentSoFar: 2 }]);
  assert.equal(copy.busy, false);
});

test("another console's change in between: refused with the copy as it now is, the value waiting dropped, nothing kept", async () => {
  const server = contractServer();
  const { copy, sent, taken, answerNext } = consoleCopy(server);
  server.change('theirs', 0);
  const run = copy.push('mine', 0);
  copy.push('mine, further', 0);
  answerNext();
  const answer = await run;
  assert.equal(answer.status, 409);
  assert.deepEqual(answer.body.current, { value: 'theirs', revision: 1 });
  assert.equal(sent.length, 1, 'the value waiting was made on the stale copy too');
  assert.deepEqual(taken, []);
  assert.equal(copy.busy, false);
});

test('a change besides the writes is sent on the revision the writes moved its copy to; forgotten on a new connection', async () => {
  const server = contractServer();
  const { copy, answerNext } = consoleCopy(server);
  const run = copy.push('dragged', 0);
  answerNext();
  await run;
  const asked = [];
  const answer = await copy.send(0, (ifMatch) => {
    asked.push(ifMatch);
    return server.change('renamed', ifMatch);
  });
  assert.equal(answer.ok, true, 'a form opened before the drop is not refused for it');
  assert.deepEqual(asked, [1]);
  copy.forget();
  await copy.send(0, (ifMatch) => {
    asked.push(ifMatch);
    return { ok: false, status: 409, error: 'stale', body: null };
  });
  assert.deepEqual(asked, [1, 0], 'a server started again counts from its own start');
});
