// The console's store: snapshots replace, changes merge by aspect, older revisions are dropped; the
// library's list and the preferences; fetches coalesced so that the newest answer wins.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { DEFAULT_PANELS } from '../../Sources/WebClient/Web/console/console-layout.js';
import { ConsoleStore, LIVE_NEWS, LatestFetch, onlyLiveNews } from '../../Sources/WebClient/Web/console/console-store.js';

const snapshot = (revision, more = {}) => ({
  type: 'snapshot',
  state: {
    revision, time: 1, selectedChord: 0, tempo: 120, liveLumis: 0, trailPersistence: 0.5, headroom: 1, isRecording: false,
    colors: { hue: { center: 0.72, range: 0.06 }, purity: { center: 0.12, range: 0.1 } },
    pulse: { waveform: { kind: 'triangle' }, rate: { beats: 8 }, purityLag: 0.25 },
    design: { form: { kind: 'ring' } },
    chordset: { id: 'ABC', title: 'Lumia', chords: [] },
    pads: { pads: Array.from({ length: 8 }, () => ({ isDown: false, velocity: 0, downTime: 0 })) },
    ...more,
  },
});

function recordingStore() {
  const store = new ConsoleStore();
  const heard = [];
  store.subscribe((what) => heard.push([...what].sort()));
  return { store, heard };
}

test('a snapshot is the whole state, and says every aspect changed', () => {
  const { store, heard } = recordingStore();
  assert.equal(store.state, null);
  assert.equal(store.revision, -1);
  store.applyMessage(snapshot(4));
  assert.equal(store.state.revision, 4);
  assert.equal(store.state.colors.hue.center, 0.72);
  assert.ok(heard[0].includes('snapshot') && heard[0].includes('colors') && heard[0].includes('pads'));
});

test('a change carries only its aspects: they are merged, the rest is kept', () => {
  const { store, heard } = recordingStore();
  store.applyMessage(snapshot(4));
  const pads = { pads: Array.from({ length: 8 }, (_, i) => ({ isDown: i === 2, velocity: i === 2 ? 0.8 : 0, downTime: 1 })) };
  const what = store.applyMessage({ type: 'changed', aspects: ['pads', 'canvas'], time: 2, pads, liveLumis: 12, trailPersistence: 0.5, headroom: 1 });
  assert.deepEqual([...what].sort(), ['canvas', 'pads']);
  assert.deepEqual(heard.at(-1), ['canvas', 'pads']);
  assert.equal(store.state.pads.pads[2].isDown, true);
  assert.equal(store.state.liveLumis, 12);
  assert.equal(store.state.polyphony, null, 'a canvas change without a polyphony says there is no limit');
  store.applyMessage({ type: 'changed', aspects: ['canvas'], time: 2, liveLumis: 12, polyphony: 64, stolenLumis: 3, trailPersistence: 0.5, headroom: 1 });
  assert.equal(store.state.polyphony, 64);
  assert.equal(store.state.stolenLumis, 3);
  assert.equal(store.state.time, 2);
  assert.equal(store.state.colors.hue.center, 0.72, 'colours untouched');
  assert.equal(store.state.chordset.title, 'Lumia', 'the chordset is not resent with a pad');

  store.applyMessage({
    type: 'changed', aspects: ['colors'], time: 3,
    colors: { hue: { center: 0.4, range: 0.06 }, purity: { center: 0.12, range: 0.1 } },
    pulse: { waveform: { kind: 'sine' }, rate: { hertz: 1 }, purityLag: 0 },
  });
  assert.equal(store.state.colors.hue.center, 0.4);
  assert.equal(store.state.pulse.waveform.kind, 'sine', 'the pulse travels with the colours');
  assert.equal(store.state.liveLumis, 12);
});

test('an aspect named without its fields, or unknown, changes nothing', () => {
  const { store } = recordingStore();
  store.applyMessage(snapshot(1));
  assert.equal(store.applyMessage({ type: 'changed', aspects: ['tempo', 'weather'] }).size, 0);
  assert.equal(store.state.tempo, 120);
});

test('of two states the higher revision is newer: an older change is dropped', () => {
  const { store } = recordingStore();
  store.applyMessage(snapshot(10));
  store.applyMessage({ type: 'changed', aspects: ['tempo'], revision: 12, tempo: 90 });
  assert.equal(store.state.revision, 12);
  const stale = store.applyMessage({ type: 'changed', aspects: ['tempo'], revision: 11, tempo: 60 });
  assert.equal(stale.size, 0);
  assert.equal(store.state.tempo, 90);
  // A change without a revision (as the server sends them today) is the newest on its connection.
  store.applyMessage({ type: 'changed', aspects: ['tempo'], tempo: 100 });
  assert.equal(store.state.tempo, 100);
  assert.equal(store.state.revision, 12);
});

test('a change before any snapshot is dropped; a snapshot replaces the state even with a lower revision', () => {
  const { store } = recordingStore();
  assert.equal(store.applyMessage({ type: 'changed', aspects: ['tempo'], tempo: 90 }).size, 0);
  assert.equal(store.state, null);
  store.applyMessage(snapshot(50, { tempo: 90 }));
  // The server started again (the console reconnected): it counts from 0, and its snapshot is the truth.
  store.applyMessage(snapshot(0, { tempo: 120 }));
  assert.equal(store.state.revision, 0);
  assert.equal(store.state.tempo, 120);
});

test('recording news and the connection', () => {
  const { store, heard } = recordingStore();
  store.applyMessage(snapshot(1, { isRecording: true }));
  assert.equal(store.recording, true);
  store.applyMessage({ type: 'recording', on: false, file: 'x.json' });
  assert.equal(store.recording, false);
  assert.deepEqual(heard.at(-1), ['recording']);
  assert.equal(store.everConnected, false);
  store.setConnected(true);
  store.setConnected(false);
  assert.equal(store.connected, false);
  assert.equal(store.everConnected, true, 'so the console says "reconnecting", not "connecting"');
  assert.equal(store.applyMessage({ type: 'library', revision: 3 }).size, 0, 'library news is for the fetcher');
  assert.equal(store.applyMessage(null).size, 0);
});

test('panels: the preferences say which show; seed 000 before they are read; local ones when they cannot be kept', () => {
  const { store, heard } = recordingStore();
  assert.deepEqual(store.panels, DEFAULT_PANELS);
  store.setPreferences({ panels: { ...DEFAULT_PANELS, form: false }, tempo: 120, outputSize: [1920, 1080], midiMappings: {} });
  assert.equal(store.panels.form, false);
  assert.ok(heard.at(-1).includes('panels'));
  store.setPreferences({ panels: { ...DEFAULT_PANELS, form: false }, tempo: 100, outputSize: [1920, 1080], midiMappings: {} });
  assert.deepEqual(heard.at(-1), ['preferences'], 'the same panels: no layout change');
  store.setLocalPanels({ ...store.panels, chordsetList: true });
  assert.equal(store.panels.chordsetList, true);
  assert.deepEqual(heard.at(-1), ['panels']);
  store.setPreferences({ panels: { color: false } });
  assert.equal(store.panels.chordsetList, false, 'the library is the truth again once it answers');
  assert.equal(store.panels.color, false);
  assert.equal(store.panels.form, true, 'a panel the preferences leave out takes its default');
});

test("the library's list, and the summary of the chordset on the pads", () => {
  const { store, heard } = recordingStore();
  assert.equal(store.currentChordset(), null);
  const list = {
    revision: 3, current: 'def',
    chordsets: [{ id: 'abc', number: 1, title: 'Lumia', chords: [] }, { id: 'DEF', number: 2, title: 'Dawn', chords: [] }],
  };
  store.setLibrary(list);
  assert.deepEqual(heard.at(-1), ['library']);
  assert.equal(store.currentChordset().title, 'Dawn', "the list's current, before the engine says");
  store.applyMessage(snapshot(1));
  assert.equal(store.currentChordset().title, 'Lumia', "the engine's chordset, matched by id whatever its case");
  assert.equal(store.setLibrary({ nonsense: true }).size, 0);
  store.setLibraryProblem('not found (404)');
  assert.equal(store.libraryProblem, 'not found (404)');
  assert.equal(store.library, list, 'the last list is kept');
  store.setLibrary(list);
  assert.equal(store.libraryProblem, null);
});

test('fetches run one at a time; asked meanwhile, one more runs after, and its answer is the last applied', async () => {
  const answers = [];
  const pending = [];
  let calls = 0;
  const fetcher = new LatestFetch(
    () => { calls += 1; return new Promise((resolve) => pending.push(resolve)); },
    (value) => answers.push(value),
  );
  const first = fetcher.request();
  fetcher.request();
  fetcher.request();
  assert.equal(calls, 1);
  pending.shift()('old');
  await Promise.resolve();
  await Promise.resolve();
  assert.equal(calls, 2, 'the requests made meanwhile are one more fetch');
  pending.shift()('new');
  await first;
  assert.deepEqual(answers, ['old', 'new']);
  assert.equal(fetcher.running, null);

  const failures = [];
  const failing = new LatestFetch(() => Promise.reject(new Error('offline')), () => {}, (error) => failures.push(error.message));
  await failing.request();
  assert.deepEqual(failures, ['offline']);
});

test('a design change without lumiCount says the count is back to the chord\'s own', async () => {
  const { ConsoleStore } = await import('../../Sources/WebClient/Web/console/console-store.js');
  const store = new ConsoleStore();
  store.applySnapshot({ revision: 1, design: { form: { kind: 'circle' } }, lumiCount: 4 });
  assert.equal(store.state.lumiCount, 4);
  store.applyChanged({ type: 'changed', aspects: ['design'], revision: 2, design: { form: { kind: 'ring', innerRadius: 0.5 } }, lumiCount: 6 });
  assert.equal(store.state.lumiCount, 6);
  store.applyChanged({ type: 'changed', aspects: ['design'], revision: 3, design: { form: { kind: 'circle' } } });
  assert.equal(store.state.lumiCount, null);
  store.applyChanged({ type: 'changed', aspects: ['tempo'], revision: 4, tempo: 90 });
  assert.equal(store.state.lumiCount, null);
});

test('the sound response comes in the snapshot and in changes of the listening aspect', () => {
  const { store, heard } = recordingStore();
  store.applyMessage(snapshot(1, { soundResponse: { tempoFollows: false, onsetsRelease: false } }));
  assert.ok(heard.at(-1).includes('listening'));
  const what = store.applyMessage({ type: 'changed', aspects: ['listening'], revision: 2, soundResponse: { tempoFollows: true, onsetsRelease: false } });
  assert.deepEqual([...what], ['listening']);
  assert.deepEqual(store.state.soundResponse, { tempoFollows: true, onsetsRelease: false });
  store.applyMessage({ type: 'changed', aspects: ['tempo'], revision: 3, tempo: 90 });
  assert.equal(store.state.soundResponse.tempoFollows, true, 'kept when another aspect changes');
});

test('what is heard and the Link session land in the store, stamped with the moment they came', () => {
  let clock = 100;
  const store = new ConsoleStore({ now: () => clock });
  const told = [];
  store.subscribe((what) => told.push([...what].sort()));
  assert.equal(store.heard, null);
  const what = store.applyMessage({ type: 'heard', level: 0.52, peak: 0.31, bands: [0.9, 0.2, 0.05, 0.01], onset: 0.8, onsets: 12, tempo: 123.1, gated: false });
  assert.deepEqual([...what], ['heard']);
  assert.deepEqual(store.heard, { level: 0.52, peak: 0.31, bands: [0.9, 0.2, 0.05, 0.01], onset: 0.8, onsets: 12, tempo: 123.1, gated: false });
  assert.equal(store.heardAt, 100);
  clock = 130;
  store.applyMessage({ type: 'heard', level: 0.1, peak: 0.1, bands: [0, 0, 0, 0], onset: 0, onsets: 12, tempo: null, gated: true });
  assert.equal(store.heard.level, 0.1, 'the newest replaces the one held');
  assert.equal(store.heardAt, 130);
  assert.equal(store.state, null, 'what is heard is not the engine\'s state: no snapshot needed');

  store.applyMessage({ type: 'link', enabled: true, peers: 1, tempo: 120, beat: 8.25, phase: 0.25, quantum: 4, playing: false });
  assert.deepEqual(store.link, { enabled: true, peers: 1, tempo: 120, beat: 8.25, phase: 0.25, quantum: 4, playing: false, problem: null });
  assert.equal(store.linkAt, 130);
  assert.deepEqual(told.at(-1), ['link']);

  // The socket closed: what that connection said is forgotten, and said to have changed.
  store.setConnected(true);
  const closed = store.setConnected(false);
  assert.deepEqual([...closed].sort(), ['connection', 'heard', 'link']);
  assert.equal(store.heard, null);
  assert.equal(store.link, null);
  assert.equal(store.heardAt, null);
});

test('live news alone redraws nothing in a panel that shows none of it', () => {
  assert.deepEqual(LIVE_NEWS, ['heard', 'link', 'fixtures', 'fixturePatch', 'outputs', 'canvases']);
  assert.equal(onlyLiveNews(new Set(['heard'])), true);
  assert.equal(onlyLiveNews(new Set(['fixtures'])), true);
  assert.equal(onlyLiveNews(new Set(['fixturePatch', 'canvases'])), true);
  assert.equal(onlyLiveNews(new Set(['heard', 'link'])), true);
  assert.equal(onlyLiveNews(new Set(['heard', 'tempo'])), false);
  assert.equal(onlyLiveNews(new Set()), false);
  const store = new ConsoleStore();
  assert.equal(store.applyMessage({ type: 'heard', level: 'loud' }).size, 1, 'read defensively, still news');
  assert.equal(store.heard.level, 0);
  const told = [];
  store.subscribe((what) => told.push([...what]));
  assert.deepEqual([...store.applyMessage({ type: 'fixtures', master: 1, blackout: true })], ['fixtures']);
  assert.deepEqual(told, [['fixtures']], "the fixtures' controls changed: told");
  assert.deepEqual(store.fixtureControls, { master: 1, blackout: true, allowStrobe: false, firing: [], aiming: null, test: null },
    'and kept: no need to read the patch again');
});
