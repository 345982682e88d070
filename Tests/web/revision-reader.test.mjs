// Reading the music library again when a change is told: one read at a time, none when what is held is as new,
// and never deaf after a read that found nothing to do (the lab once stopped reading for good when its own
// edit's answer came before the change told of it).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { RevisionReader } from '../../Sources/WebClient/Web/shared/revision-reader.js';

/** A page holding revision `held`, whose reads the test answers one by one (`answer(revision)`, `fail()`). */
function page(held = null) {
  const state = { held, reads: 0, pending: [] };
  const reader = new RevisionReader(
    () => new Promise((resolve) => { state.reads += 1; state.pending.push(resolve); }),
    { held: () => state.held, take: (data) => { state.held = Math.max(state.held ?? 0, data.revision); } });
  const settle = (answer) => state.pending.shift()(answer);
  return {
    state, reader,
    answer: async (revision) => { settle({ ok: true, data: { revision } }); await turns(); },
    fail: async () => { settle({ ok: false }); await turns(); },
  };
}

/** Lets the promises settled run their callbacks (a few turns of the microtask queue, no timer). */
async function turns() {
  for (let i = 0; i < 6; i += 1) await Promise.resolve();
}

test('a change told that is no newer than what is held is not read, and the next newer one is', async () => {
  const lab = page(3);  // its own edit's answer (revision 3) came before the change told of it
  await lab.reader.told(3);
  assert.equal(lab.state.reads, 0);
  lab.reader.told(4);  // another lab's undo
  await turns();
  assert.equal(lab.state.reads, 1);
  await lab.answer(4);
  assert.equal(lab.state.held, 4);
  assert.equal(lab.reader.reading, null);
});

test('changes told during a read are read once after it, up to the newest', async () => {
  const lab = page(1);
  lab.reader.told(2);
  await turns();
  lab.reader.told(3);
  lab.reader.told(4);
  await lab.answer(2);
  assert.equal(lab.state.reads, 2);
  await lab.answer(4);
  assert.equal(lab.state.reads, 2);
  assert.equal(lab.state.held, 4);
});

test('reading again whatever is held, also while a read is under way, reads once more after it', async () => {
  const lab = page(5);
  lab.reader.again();
  await turns();
  assert.equal(lab.state.reads, 1);
  lab.reader.again();  // the connection came back during the read
  await lab.answer(5);
  assert.equal(lab.state.reads, 2);
  await lab.answer(5);
  assert.equal(lab.state.reads, 2);
  assert.equal(lab.reader.reading, null);
});

test('a read that fails stops; the next change told reads again', async () => {
  const lab = page(null);
  lab.reader.told(1);
  await turns();
  await lab.fail();
  assert.equal(lab.reader.reading, null);
  lab.reader.told(2);
  await turns();
  assert.equal(lab.state.reads, 2);
  await lab.answer(2);
  assert.equal(lab.state.held, 2);
});

test('a reader that throws at once does not leave the page deaf', async () => {
  let calls = 0;
  const reader = new RevisionReader(() => { calls += 1; throw new Error('no network'); }, { held: () => null, take: () => {} });
  await assert.rejects(reader.told(1));
  assert.equal(reader.reading, null);
  await assert.rejects(reader.told(2));
  assert.equal(calls, 2);
});
