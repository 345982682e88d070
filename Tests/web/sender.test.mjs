// A page's sender (the console's, the lab's): intents over the live socket, requests to the library's API,
// refusals as one line.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { ApiError, Sender, apiPaths, oneLine, refusalMessage } from '../../Sources/WebClient/Web/shared/sender.js';
import { liveURL } from '../../Sources/WebClient/Web/shared/live.js';

test('the console asks the live socket for no frames; the canvas still asks for them', () => {
  const location = { protocol: 'http:', host: '127.0.0.1:8080' };
  assert.equal(liveURL(location), 'ws://127.0.0.1:8080/live?frames=1');
  assert.equal(liveURL(location, { frames: false }), 'ws://127.0.0.1:8080/live');
  assert.equal(liveURL({ protocol: 'https:', host: 'x' }, { frames: false }), 'wss://x/live');
});

test("a refusal is the API's own line, or words for its status; never a page or a trace", () => {
  assert.equal(refusalMessage(400, '{"error": "a title has at most 200 characters"}'), 'a title has at most 200 characters');
  assert.equal(refusalMessage(409, '{"error": "the library is full\\n  at Library.swift:12"}'), 'the library is full');
  assert.equal(refusalMessage(404, ''), 'not found (404)');
  assert.equal(refusalMessage(500, '<html><body>Traceback…</body></html>'), 'the server failed (500)');
  assert.equal(refusalMessage(418, '{"message": "teapot"}'), 'the server refused it (418)');
  assert.equal(oneLine('\n  first\nsecond'), 'first');
  assert.equal(oneLine('x'.repeat(300)).length, 240);
});

test('addresses name chordsets by id, escaped', () => {
  assert.equal(apiPaths.chordset('a b'), '/api/chordsets/a%20b');
  assert.equal(apiPaths.moveChord('id'), '/api/chordsets/id/chords/move');
  assert.equal(apiPaths.exportFile('id'), '/api/chordsets/id/export');
});

function fakeResponse(status, text, headers = {}) {
  const named = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return { ok: status >= 200 && status < 300, status, text: async () => text, headers: { get: (name) => named.get(name.toLowerCase()) ?? null } };
}

test('a change says the revision its copy came from (If-Match), and the answer says the new one (ETag)', async () => {
  const requests = [];
  let answer = fakeResponse(200, '{"revision": 8, "fixtures": []}', { ETag: '"8"' });
  const sender = new Sender({
    location: { protocol: 'http:', host: 'h' },
    fetchFunction: async (path, init) => { requests.push([path, init]); return answer; },
  });
  assert.deepEqual(await sender.request('PUT', apiPaths.fixtures, { fixtures: [] }, { ifMatch: 7, quiet: true }),
    { ok: true, data: { revision: 8, fixtures: [] }, revision: 8 });
  assert.equal(requests[0][1].headers['If-Match'], '"7"');
  await sender.request('PUT', apiPaths.fixtures, { fixtures: [] }, { quiet: true });
  assert.equal('If-Match' in requests[1][1].headers, false, 'no revision: no condition, taken as before');
  await sender.request('PUT', apiPaths.fixtures, { fixtures: [] }, { ifMatch: null, quiet: true });
  assert.equal('If-Match' in requests[2][1].headers, false);

  answer = fakeResponse(204, '', { ETag: '"12"' });
  assert.deepEqual(await sender.request('DELETE', apiPaths.output('Left'), undefined, { ifMatch: 11 }), { ok: true, data: null, revision: 12 });
  assert.deepEqual(await sender.exchange('DELETE', apiPaths.output('Left')), { data: null, revision: 12 });

  const current = { revision: 9, fixtures: [{ name: 'Par 1' }] };
  answer = fakeResponse(409, JSON.stringify({ error: 'another console changed the patch: it is at revision 9', current }));
  assert.deepEqual(await sender.request('PUT', apiPaths.fixtures, { fixtures: [] }, { ifMatch: 7, quiet: true }), {
    ok: false, status: 409, error: 'another console changed the patch: it is at revision 9',
    body: { error: 'another console changed the patch: it is at revision 9', current },
  });
  await assert.rejects(sender.api('PUT', apiPaths.fixtures, { fixtures: [] }, { ifMatch: 7 }),
    (error) => error instanceof ApiError && error.status === 409 && error.body.current.revision === 9);
});

test('api: JSON in and out; a refusal is an ApiError with one line and the status', async () => {
  const requests = [];
  let answer = fakeResponse(201, '{"chordset": {"id": "x", "number": 3}}');
  const sender = new Sender({
    location: { protocol: 'http:', host: 'h' },
    fetchFunction: async (path, init) => { requests.push([path, init]); if (answer instanceof Error) throw answer; return answer; },
  });
  assert.deepEqual(await sender.api('POST', apiPaths.chordsets, { title: 'Dawn' }), { chordset: { id: 'x', number: 3 } });
  assert.equal(requests[0][1].body, '{"title":"Dawn"}');
  assert.equal(requests[0][1].headers['Content-Type'], 'application/json');

  answer = fakeResponse(409, '{"error": "the library holds 10000 chordsets, its most"}');
  await assert.rejects(sender.api('POST', apiPaths.chordsets, {}), (error) => error instanceof ApiError
    && error.message === 'the library holds 10000 chordsets, its most' && error.status === 409);
  answer = new TypeError('Failed to fetch');
  await assert.rejects(sender.api('GET', apiPaths.chordsets), { message: 'the server cannot be reached', status: 0 });
  answer = fakeResponse(200, 'not json');
  await assert.rejects(sender.api('GET', apiPaths.chordsets), { message: 'the server answered with something that is not JSON' });

  answer = fakeResponse(200, '');
  assert.equal(await sender.api('POST', apiPaths.play('x')), null);
  const bytes = new Uint8Array([123, 125]);
  await sender.api('POST', apiPaths.importFile, undefined, { bytes });
  assert.equal(requests.at(-1)[1].body, bytes, 'an import is sent as it is');
});

test('request: never rejects; a failure is told once, as "Could not …: why", unless quiet', async () => {
  const problems = [];
  let answer = fakeResponse(409, '{"error": "the library is full"}');
  const sender = new Sender({
    location: { protocol: 'http:', host: 'h' },
    fetchFunction: async () => answer,
    onProblem: (line) => problems.push(line),
  });
  assert.deepEqual(await sender.request('POST', apiPaths.chordsets, {}, { doing: 'add a chordset' }),
    { ok: false, status: 409, error: 'the library is full', body: { error: 'the library is full' } });
  assert.deepEqual(problems, ['Could not add a chordset: the library is full']);
  assert.deepEqual(await sender.request('POST', apiPaths.chordsets, {}, { quiet: true }),
    { ok: false, status: 409, error: 'the library is full', body: { error: 'the library is full' } });
  assert.equal(problems.length, 1);
  answer = fakeResponse(500, '<html>Traceback</html>');
  assert.deepEqual(await sender.request('GET', apiPaths.chordsets, undefined, { quiet: true }),
    { ok: false, status: 500, error: 'the server failed (500)', body: null }, 'a body that is not JSON is none');
  answer = fakeResponse(201, '{"chordset": {"id": "y"}}');
  assert.deepEqual(await sender.request('POST', apiPaths.chordsets, {}), { ok: true, data: { chordset: { id: 'y' } }, revision: null });
});

test('intents go over the live connection, and are dropped while it is down', () => {
  const sent = [];
  class FakeConnection {
    constructor(url, handlers) { this.url = url; this.handlers = handlers; this.connected = false; FakeConnection.last = this; }
    send(intent) { if (!this.connected) return false; sent.push(intent); return true; }
  }
  const messages = [];
  const sender = new Sender({ location: { protocol: 'http:', host: 'h:1' }, Connection: FakeConnection, onMessage: (m) => messages.push(m) });
  assert.equal(sender.send({ type: 'erase' }), false, 'not started');
  sender.start();
  assert.equal(FakeConnection.last.url, 'ws://h:1/live');
  assert.equal(sender.send({ type: 'erase' }), false);
  FakeConnection.last.connected = true;
  assert.equal(sender.send({ type: 'padDown', pad: 0, velocity: 1 }), true);
  assert.deepEqual(sent, [{ type: 'padDown', pad: 0, velocity: 1 }]);
  FakeConnection.last.handlers.onMessage({ type: 'library', revision: 2 });
  assert.deepEqual(messages, [{ type: 'library', revision: 2 }]);
});

test('bytes go out as they are, labelled as asked (a sound file), else as JSON as before', async () => {
  const requests = [];
  const sender = new Sender({
    location: { protocol: 'http:', host: 'h' },
    fetchFunction: async (path, init) => { requests.push([path, init]); return fakeResponse(200, '{"voice": 51}'); },
  });
  const file = { name: 'kick.wav', size: 4 };
  assert.deepEqual(await sender.request('POST', '/api/music/sounds?name=kick.wav', undefined, {
    bytes: file, contentType: 'application/octet-stream',
  }), { ok: true, data: { voice: 51 }, revision: null });
  assert.equal(requests[0][1].body, file);
  assert.equal(requests[0][1].headers['Content-Type'], 'application/octet-stream');
  assert.equal(requests[0][1].credentials, 'same-origin');
  await sender.request('POST', apiPaths.importFile, undefined, { bytes: new Uint8Array([1]) });
  assert.equal(requests[1][1].headers['Content-Type'], 'application/json', 'an import is labelled as it always was');
  await sender.api('POST', apiPaths.chordsets, { title: 'x' }, { contentType: 'text/plain' });
  assert.equal(requests[2][1].headers['Content-Type'], 'application/json', 'a JSON body is always JSON');
});
