// A panel's status line (console/panel-kit/status-line.js): what an answer says on it — nothing when taken, a stale
// copy's refusal, or the server's reason — and the error mark only with a text.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { StatusLine, answerText } from '../../Sources/WebClient/Web/console/panel-kit/status-line.js';

const fakeElement = () => {
  const classes = new Set();
  return {
    textContent: '',
    classList: { toggle: (name, on) => (on ? classes.add(name) : classes.delete(name)), contains: (name) => classes.has(name) },
  };
};

const stale = { ok: false, status: 409, error: 'another console changed the outputs meanwhile.', body: { current: { revision: 4, outputs: [] } } };

test('an answer in words: taken says nothing, a stale copy its refusal, anything else the verb and the reason', () => {
  assert.equal(answerText({ ok: true, data: {} }), '');
  assert.equal(answerText(stale), 'Another console changed the outputs meanwhile.');
  assert.equal(answerText({ ok: false, status: 400, error: 'no such output', body: null }), 'Not changed: no such output');
  assert.equal(answerText({ ok: false, status: 404, error: 'gone', body: null }, 'Not deleted'), 'Not deleted: gone');
  assert.equal(answerText(null), 'Not changed: the server did not answer');
  assert.equal(answerText({ ok: false, status: 409, error: 'stale', body: null }), 'Not changed: stale', 'a 409 without the copy as it now is');
});

test('the line: marked an error only with a text; an answer said, its stale copy returned', () => {
  const line = new StatusLine(fakeElement());
  line.say('The outputs cannot be read: offline', true);
  assert.equal(line.element.classList.contains('is-error'), true);
  assert.equal(line.says('The outputs cannot be read'), true);
  assert.equal(line.says('The outputs cannot be read', { errorOnly: true }), true);
  line.say('', true);
  assert.equal(line.element.classList.contains('is-error'), false, 'nothing said is no error');
  line.say('The outputs cannot be read');
  assert.equal(line.says('The outputs cannot be read', { errorOnly: true }), false);
  assert.deepEqual(line.sayAnswer(stale), { error: stale.error, current: stale.body.current });
  assert.equal(line.element.textContent, 'Another console changed the outputs meanwhile.');
  assert.equal(line.element.classList.contains('is-error'), true);
  assert.equal(line.sayAnswer({ ok: true }), null);
  assert.equal(line.element.textContent, '');
  assert.equal(line.element.classList.contains('is-error'), false);
});
