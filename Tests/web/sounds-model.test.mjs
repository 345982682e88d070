// The composition lab's sounds as plain values: the list's rows, the files taken, names, lengths, the
// upload's address, refusals, Preview, a drop's parent and the waveform miniature.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  AUDIO_ACCEPT, carriesFiles, deleteSoundEdit, extensionOf, isAudioFile, lengthText, previewRequest, previewing, quotedFileName,
  refusalLine, sortFiles, soundPaths, soundRows, soundSeconds, usersText, voiceNameOf, voiceOfRowKey, waveformPath, waveformWidth,
} from '../../Sources/WebClient/Web/compose/sounds/sounds-model.js';

// A library as GET /api/music answers it: two sounds played, one played by none, one record without an id.
const music = {
  revision: 7,
  rootVoices: [26],
  library: {
    sounds: [
      { id: 13, name: 'kick', sampleRate: 48000, channelCount: 1, frameCount: 96000 },
      { id: 15, name: 'hat', sampleRate: 44100, channelCount: 2, frameCount: 22050 },
      { id: 40, name: 'Bell 10', sampleRate: 48000, channelCount: 2, frameCount: 480000 },
      { name: 'no id', sampleRate: 48000, frameCount: 1 },
    ],
    voices: [
      { id: 14, name: 'Kick', sound: 13, children: [] },
      { id: 16, name: 'Hat', sound: 15, children: [] },
      { id: 17, name: 'Another kick', sound: 13, children: [] },
      { id: 21, name: 'Veil', sound: null, chordset: 'c0ffee', chord: 0, children: [] },
      { id: 23, name: 'Rhythm', children: [{ place: 28, node: 14 }, { place: 29, node: 16 }] },
      { id: 26, name: 'Band', children: [{ place: 34, node: 23 }, { place: 36, node: 21 }] },
    ],
  },
};

test('each sound is a row by name: its length, the voices that play it, and whether it may be deleted', () => {
  assert.deepEqual(soundRows(music), [
    { id: 40, name: 'Bell 10', seconds: 10, length: '0:10.0', voices: [], deletable: true },
    { id: 15, name: 'hat', seconds: 0.5, length: '0:00.5', voices: ['Hat'], deletable: false },
    { id: 13, name: 'kick', seconds: 2, length: '0:02.0', voices: ['Another kick', 'Kick'], deletable: false },
  ]);
  assert.equal(usersText(['Another kick', 'Kick']), 'Another kick, Kick');
  assert.equal(usersText([]), 'No voice plays it');
});

test('a library without sounds, or an answer that is not one, lists nothing', () => {
  for (const answer of [null, undefined, {}, { library: {} }, { library: { sounds: 'x', voices: 7 } }, { library: { sounds: [null, 3, 'a'] } }]) {
    assert.deepEqual(soundRows(answer), []);
  }
});

test('odd records: no name, a repeated id, a voice playing a sound the library lacks', () => {
  const rows = soundRows({
    library: {
      sounds: [{ id: 3, name: '  ', sampleRate: 0, frameCount: 10 }, { id: 3, name: 'again' }, { id: -1, name: 'negative' }, { id: 2.5 }],
      voices: [{ id: 9, sound: 3 }, { id: 10, name: 'Lost', sound: 99 }],
    },
  });
  assert.deepEqual(rows, [{ id: 3, name: 'Sound 3', seconds: null, length: '—', voices: ['Voice 9'], deletable: false }]);
});

test("a sound's length is its frames over its rate, read to a tenth; unknown lengths are a dash", () => {
  assert.equal(soundSeconds({ frameCount: 96000, sampleRate: 48000 }), 2);
  assert.equal(soundSeconds({ frameCount: 10 }), null);
  assert.equal(soundSeconds({ frameCount: -1, sampleRate: 48000 }), null);
  assert.equal(soundSeconds({ frameCount: '96000', sampleRate: '48000' }), 2);
  assert.equal(soundSeconds({ frameCount: Number.MAX_VALUE, sampleRate: Number.MIN_VALUE }), null);
  assert.equal(lengthText(2), '0:02.0');
  assert.equal(lengthText(0), '0:00.0');
  assert.equal(lengthText(59.96), '1:00.0', 'a rounding up carries into the minutes');
  assert.equal(lengthText(1800), '30:00.0');
  assert.equal(lengthText(3725.04), '1:02:05.0');
  assert.equal(lengthText(1e12), '> 99 h');
  for (const odd of [null, undefined, NaN, -1, Infinity]) assert.equal(lengthText(odd), '—');
});

test('audio is known by its type or by the end of its name; other files are set apart, in order', () => {
  assert.equal(isAudioFile({ name: 'kick.WAV', type: '' }), true);
  assert.equal(isAudioFile({ name: 'take', type: 'audio/x-aiff' }), true);
  assert.equal(isAudioFile({ name: 'loop.oga' }), true);
  assert.equal(isAudioFile({ name: 'notes.txt', type: 'text/plain' }), false);
  assert.equal(isAudioFile({ name: '.wav', type: '' }), false, 'a name that is only an extension has none');
  assert.equal(isAudioFile({ name: 'wav', type: '' }), false);
  assert.equal(isAudioFile(null), false);
  assert.equal(isAudioFile({ name: 42, type: 7 }), false);
  const files = [{ name: 'a.flac' }, { name: 'b.pdf' }, null, { name: 'c.mp3' }, { name: 'd' }];
  assert.deepEqual(sortFiles(files), { audio: [files[0], files[3]], other: [files[1], files[4]] });
  assert.deepEqual(sortFiles(undefined), { audio: [], other: [] });
  assert.equal(extensionOf('a.b.AIFF'), 'aiff');
  assert.equal(extensionOf('trailing.'), '');
  for (const extension of ['.wav', '.flac', '.aif', '.aiff', '.ogg', '.oga', '.mp3']) assert.ok(AUDIO_ACCEPT.includes(extension));
});

test('only drags that carry files are the sounds\'; the tree\'s own reordering carries none', () => {
  assert.equal(carriesFiles(['Files']), true);
  assert.equal(carriesFiles(['text/plain', 'Files']), true);
  assert.equal(carriesFiles(['text/plain']), false);
  assert.equal(carriesFiles(undefined), false);
  assert.equal(carriesFiles(new Set(['Files'])), true);
});

test('a file becomes a voice named after it without its extension', () => {
  assert.equal(voiceNameOf('kick.wav'), 'kick');
  assert.equal(voiceNameOf('  Big room.take 2.flac '), 'Big room.take 2');
  assert.equal(voiceNameOf('no extension'), 'no extension');
  assert.equal(voiceNameOf('.wav'), '.wav');
  assert.equal(voiceNameOf('kick.'), 'kick');
  assert.equal(voiceNameOf('  .wav'), '.wav');
  assert.equal(voiceNameOf(' .wav'), '.wav');
  assert.equal(voiceNameOf(''), 'Sound');
  assert.equal(voiceNameOf('   '), 'Sound');
  assert.equal(voiceNameOf(null), 'Sound');
  assert.equal([...voiceNameOf(`${'ü'.repeat(300)}.wav`)].length, 200);
  assert.equal(voiceNameOf('🎵'.repeat(201)).length, 400, 'cut by characters, not UTF-16 units');
});

test('the upload address escapes the name; a parent or a voice to replace only when it is an id', () => {
  assert.equal(soundPaths.upload({ name: 'kick.wav' }), '/api/music/sounds?name=kick.wav');
  assert.equal(soundPaths.upload({ name: 'a b&c=d#e?.wav', parent: 26 }), '/api/music/sounds?name=a%20b%26c%3Dd%23e%3F.wav&parent=26');
  assert.equal(soundPaths.upload({ name: 'x.wav', replace: 14 }), '/api/music/sounds?name=x.wav&replace=14');
  assert.equal(soundPaths.upload({ name: 'x.wav', parent: 26, replace: 14 }), '/api/music/sounds?name=x.wav&replace=14');
  for (const odd of [0, -3, 1.5, '26', NaN, 2 ** 60, null]) {
    assert.equal(soundPaths.upload({ name: 'x', parent: odd, replace: odd }), '/api/music/sounds?name=x');
  }
  assert.equal(soundPaths.upload({}), '/api/music/sounds?name=');
  assert.equal(soundPaths.upload(), '/api/music/sounds?name=');
  assert.equal(soundPaths.waveform(13), '/api/music/sounds/13/waveform');
  assert.equal(soundPaths.waveform('1/2'), '/api/music/sounds/1%2F2/waveform');
});

test("a refusal is one line naming the file, in the server's words", () => {
  assert.equal(refusalLine('kick.wav', 'it is not a file the library reads'), '“kick.wav” was not added: it is not a file the library reads');
  assert.equal(refusalLine('notes.txt', null), '“notes.txt” is not a sound file (WAV, FLAC, AIFF, Ogg or MP3): left out');
  assert.equal(refusalLine('x.wav', 'too long\n  at Audio.swift:3', { replacing: 'Kick' }), '“x.wav” did not replace the sound of “Kick”: too long');
  assert.equal(refusalLine('', ''), '“the file” was not added: the server refused it');
  assert.equal(quotedFileName('two\nlines\t.wav'), '“two lines .wav”');
  assert.equal(quotedFileName('x'.repeat(500)), `“${'x'.repeat(79)}…”`);
  assert.ok(refusalLine('y'.repeat(500), 'z'.repeat(500)).length <= 240);
});

test('Preview previews a sound, and stops it when the transport previews that one', () => {
  const status = { playing: true, sound: 13, composition: 'kick' };
  assert.equal(previewing(status, 13), true);
  assert.equal(previewing({ ...status, playing: false }, 13), false);
  assert.equal(previewing(status, 15), false);
  assert.equal(previewing({ playing: true, part: 4, voice: 26 }, 13), false);
  assert.equal(previewing({ playing: true, sound: null }, null), false);
  assert.equal(previewing(null, 13), false);
  assert.deepEqual(previewRequest(status, 13), { type: 'transport', action: 'stop' });
  assert.deepEqual(previewRequest(status, 15), { type: 'transport', action: 'preview', sound: 15 });
  assert.deepEqual(previewRequest(undefined, 15), { type: 'transport', action: 'preview', sound: 15 });
  assert.deepEqual(deleteSoundEdit(40), { type: 'deleteSound', sound: 40 });
});

test("a drop on a row of the Voices tree adds under that row's voice; a key that leads nowhere, a root", () => {
  assert.equal(voiceOfRowKey(music, '26'), 26);
  assert.equal(voiceOfRowKey(music, '26/34/28'), 14);
  assert.equal(voiceOfRowKey(music, '26/36'), 21);
  assert.equal(voiceOfRowKey(music, '26/99'), null);
  assert.equal(voiceOfRowKey(music, '23'), null, 'not a root');
  assert.equal(voiceOfRowKey(music, ''), null);
  assert.equal(voiceOfRowKey(music, null), null);
  assert.equal(voiceOfRowKey(null, '26'), null);
  assert.equal(voiceOfRowKey({ rootVoices: 'x', library: { voices: [null, { name: 'no id' }] } }, '26'), null);
});

test('the waveform miniature is the peaks mirrored about the middle, as steps, held to 0…1', () => {
  assert.equal(waveformPath([0.5, 1]), 'M0,0.5H1L1,0H2L2,2H1L1,1.5H0Z');
  assert.equal(waveformWidth([0.5, 1]), 2);
  assert.equal(waveformPath([2, -1, NaN, 'x', null]), 'M0,0H1L1,1H2L2,1H3L3,1H4L4,1H5L5,1H4L4,1H3L3,1H2L2,1H1L1,2H0Z');
  assert.equal(waveformPath([]), 'M0,1H1');
  assert.equal(waveformPath(undefined), 'M0,1H1');
  assert.equal(waveformPath({ length: 3 }), 'M0,1H1');
  assert.equal(waveformWidth([]), 1);
  const many = Array.from({ length: 5000 }, (_, index) => (index === 4999 ? 1 : 0.25));
  assert.equal(waveformWidth(many), 1024, 'a hostile length is folded');
  assert.ok(waveformPath(many).includes('1023,0H1024'), 'and keeps its loudest');
  assert.equal(waveformWidth(Array(128).fill(0.1)), 128);
});
