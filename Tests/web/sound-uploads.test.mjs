// Sound files sent in turn (sounds/upload.js), with a Sender whose fetch is a test's: each file's request,
// the library taken and the voice chosen after each answer, a refusal said naming its file, the next going on.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { Sender } from '../../Sources/WebClient/Web/shared/sender.js';
import { SoundUploads, summary } from '../../Sources/WebClient/Web/compose/sounds/upload.js';

const file = (name, type = '') => ({ name, type, size: 4 });
const response = (status, body) => ({ ok: status >= 200 && status < 300, status, text: async () => JSON.stringify(body) });

/** An uploader over a fake server: `answers` by file name (a status and a body), everything it did kept. */
function harness(answers) {
  const seen = { requests: [], taken: [], chosen: [], said: [], progress: [] };
  let revision = 1;
  const sender = new Sender({
    location: { protocol: 'http:', host: 'h' },
    fetchFunction: async (path, init) => {
      seen.requests.push({ path, init });
      await new Promise((resolve) => setTimeout(resolve, 1));
      const name = new URL(path, 'http://h').searchParams.get('name');
      const [status, body] = answers[name] ?? [200, {}];
      revision += 1;
      return response(status, status < 300 ? { revision, library: {}, ...body } : body);
    },
  });
  const uploads = new SoundUploads({
    sender,
    take: (music) => seen.taken.push(music.revision),
    chosen: (voice) => seen.chosen.push(voice),
    say: (line) => seen.said.push(line),
    progress: (line) => seen.progress.push(line),
    voiceName: (id) => (id === 14 ? 'Kick' : null),
  });
  return { uploads, seen };
}

test('each file is sent in turn, raw, as octet-stream; after each answer the library is taken and its voice chosen', async () => {
  const { uploads, seen } = harness({ 'a.wav': [200, { sound: 50, voice: 51 }], 'b c.flac': [200, { sound: 52, voice: 53 }] });
  const files = [file('a.wav', 'audio/wav'), file('b c.flac')];
  const result = await uploads.add(files, { parent: 26 });
  assert.deepEqual(seen.requests.map(({ path }) => path), [
    '/api/music/sounds?name=a.wav&parent=26', '/api/music/sounds?name=b%20c.flac&parent=26',
  ]);
  assert.equal(seen.requests[0].init.body, files[0], 'the File itself is the body');
  assert.equal(seen.requests[0].init.headers['Content-Type'], 'application/octet-stream');
  assert.equal(seen.requests[0].init.method, 'POST');
  assert.equal(seen.requests[0].init.credentials, 'same-origin');
  assert.deepEqual(seen.taken, [2, 3]);
  assert.deepEqual(seen.chosen, [51, 53]);
  assert.deepEqual(seen.said, []);
  assert.deepEqual(seen.progress, ['Adding “a.wav” (1 of 2)…', 'Adding “b c.flac” (2 of 2)…', 'Added 2 sounds.']);
  assert.deepEqual(result.added.map(({ sound, voice }) => [sound, voice]), [[50, 51], [52, 53]]);
});

test('a refused file is said in one line naming it, and the next file goes on', async () => {
  const { uploads, seen } = harness({
    'bad.wav': [415, { error: 'it is not audio that Image Performer reads' }], 'good.wav': [200, { sound: 60, voice: 61 }],
  });
  const result = await uploads.add([file('bad.wav'), file('good.wav')]);
  assert.deepEqual(seen.said, ['“bad.wav” was not added: it is not audio that Image Performer reads']);
  assert.deepEqual(seen.chosen, [61]);
  assert.equal(seen.requests.length, 2);
  assert.equal(result.refused.length, 1);
  assert.equal(seen.progress.at(-1), 'Added “good”; not taken: “bad.wav”.');
});

test('a drop leaves out, and says, the files that are not audio; a chooser sends what was chosen', async () => {
  const dropped = harness({});
  await dropped.uploads.add([file('notes.txt', 'text/plain'), file('kick.wav')], { audioOnly: true });
  assert.deepEqual(dropped.seen.requests.map(({ path }) => path), ['/api/music/sounds?name=kick.wav']);
  assert.deepEqual(dropped.seen.said, ['“notes.txt” is not a sound file (WAV, FLAC, AIFF, Ogg or MP3): left out']);

  const chosen = harness({});
  await chosen.uploads.add([file('take-without-extension')]);
  assert.deepEqual(chosen.seen.requests.map(({ path }) => path), ['/api/music/sounds?name=take-without-extension']);
});

test("replacing sends one file for the voice; a refusal names the voice; an answer without a voice chooses none", async () => {
  const { uploads, seen } = harness({ 'new.wav': [400, { error: 'it lasts more than 30 minutes' }], 'ok.wav': [200, { sound: 70 }] });
  await uploads.add([file('new.wav'), file('ignored.wav')], { replace: 14 });
  assert.deepEqual(seen.requests.map(({ path }) => path), ['/api/music/sounds?name=new.wav&replace=14']);
  assert.deepEqual(seen.said, ['“new.wav” did not replace the sound of “Kick”: it lasts more than 30 minutes']);
  assert.equal(seen.progress.at(-1), 'The sound was not replaced.');
  await uploads.add([file('ok.wav')], { replace: 14 });
  assert.deepEqual(seen.chosen, []);
  assert.equal(seen.progress.at(-1), 'The sound is now “ok.wav”.');
});

test('batches run one after the other, never interleaved', async () => {
  const { uploads, seen } = harness({});
  await Promise.all([uploads.add([file('1.wav'), file('2.wav')]), uploads.add([file('3.wav')])]);
  assert.deepEqual(seen.requests.map(({ path }) => new URL(path, 'http://h').searchParams.get('name')), ['1.wav', '2.wav', '3.wav']);
});

test('nothing to send says nothing; a server out of reach is said for each file', async () => {
  const empty = harness({});
  assert.deepEqual(await empty.uploads.add(undefined), { added: [], refused: [], skipped: [] });
  assert.deepEqual(empty.seen.progress, ['']);
  const uploads = new SoundUploads({
    sender: new Sender({ location: { protocol: 'http:', host: 'h' }, fetchFunction: async () => { throw new TypeError('offline'); } }),
    say: (line) => said.push(line),
  });
  const said = [];
  await uploads.add([file('a.wav'), file('b.wav')]);
  assert.deepEqual(said, ['“a.wav” was not added: the server cannot be reached', '“b.wav” was not added: the server cannot be reached']);
});

test('the summary names at most three files not taken', () => {
  const files = ['a', 'b', 'c', 'd', 'e'].map((name) => ({ file: file(`${name}.wav`), error: 'no' }));
  assert.equal(summary({ added: [], refused: files, skipped: [] }), 'No sound added; not taken: “a.wav”, “b.wav”, “c.wav”, 2 more.');
  assert.equal(summary({ added: [{ file: file('.wav') }], refused: [], skipped: [] }), 'Added “.wav”.');
  assert.equal(summary({ added: [], refused: [], skipped: [] }), '');
});
