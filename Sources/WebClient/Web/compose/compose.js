// The composition lab (/compose): the part and voice trees (music-tree.js), the editing plane of the pair
// they select (editing-plane.js), the transport and the edits. One store of what the engine says — the music
// library (GET /api/music, read again when a `{"type": "music"}` from /live is newer: shared/revision-reader.js) and the transport's status
// (`{"type": "transport"}`) — and one sender for everything that goes out: edits to /api/music, transport
// requests over /live. A range drawn on the plane is shown done at once and then asked of the engine, whose
// answer (or refusal) has the last word.

import './music-tree.js';
import './plane/editing-plane.js';
import '../shared/damaged-records.js';
import './render/render-dialog.js';
import './light-from-sound/light-from-sound-dialog.js';
import { lightFromSoundOffer } from './light-from-sound/light-from-sound-model.js';
import { PartFields } from './part-fields.js';
import { partTiming } from './part-fields-model.js';
import { Compositions } from './compositions.js';
import { ClipboardButtons } from './clipboard-buttons.js';
import './sounds/sound-list.js';
import './voice-actions.js';
import { SoundUploads } from './sounds/upload.js';
import { SoundDrops } from './sounds/sound-drops.js';
import { lightText } from './light-model.js';
import { Sender } from '../shared/sender.js';
import { RevisionReader } from '../shared/revision-reader.js';
import { forgetPairingToken } from '../shared/address.js';
import { editsForRange, indexMusic, planeAfterRange, planeOf } from './plane/plane-model.js';
import {
  formatTime, initialPair, locateRequests, loopRequests, pairFragment, pairFromFragment, playRequest, playsPair, playsPart, transportProblems,
} from './compose-state.js';

// Opened as /compose?token=… under --lan, the page was given the token as a cookie: out of the address.
forgetPairingToken();

const $ = (id) => document.getElementById(id);
const ui = {
  parts: $('parts'), voices: $('voices'), plane: $('plane'), pair: $('pair'), composition: $('composition'),
  play: $('play'), stop: $('stop'), loop: $('loop'), time: $('time'), undo: $('undo'), redo: $('redo'),
  makeUnique: $('make-unique'), connection: $('connection'), message: $('message'), damaged: $('damaged'),
  render: $('render'), renderOpen: $('render-open'), lightFromSound: $('light-from-sound'), lightFromSoundOpen: $('light-from-sound-open'),
  sounds: $('sounds'), voice: $('voice-actions'), pairLight: $('pair-light'),
};

/** What the lab knows: the library as last answered, its index, the selected pair, the transport. */
const store = { music: null, index: null, pair: null, transport: null };
/** The transport's problems last said in the message bar: each is said once, when it first comes. */
let saidProblems = '';

const sender = new Sender({
  onMessage: (message) => hear(message),
  onConnectionChange: (connected) => {
    document.body.dataset.connection = connected ? 'open' : 'closed';
    ui.connection.textContent = connected ? 'Connected' : 'Reconnecting…';
    if (!connected) return;
    musicReader.again();  // what changed while away
    ui.render.connected();  // and how the render it follows stands
  },
  onError: (message) => say(message),
  onProblem: (line) => say(line),
});

ui.damaged.sender = sender;
// A damaged record renamed or deleted here: the library is read again at once (other labs hear `music`).
ui.damaged.addEventListener('damaged-repaired', () => musicReader.again());

function say(line) {
  ui.message.hidden = false;
  ui.message.querySelector('.message-text').textContent = line;
}
ui.message.querySelector('.message-dismiss').addEventListener('click', () => { ui.message.hidden = true; });

function hear(message) {
  if (message.type === 'music') musicReader.told(message.revision);
  else if (message.type === 'transport') {
    store.transport = message;
    showTransport();
  } else if (message.type === 'render') ui.render.hear(message.render);
  else if (message.type === 'library') ui.voice.chordsetsChanged();  // the chordsets the Light dialog lists
}

/** The library read again when a change newer than what is shown is told (or whatever it is: `again()`). */
const musicReader = new RevisionReader(
  () => sender.request('GET', '/api/music', undefined, { doing: 'read the music library' }),
  { held: () => store.music?.revision ?? null, take: (music) => take(music) });

/** The library as the engine answered it: everything shown follows. */
function take(music) {
  if (!music || (store.music && music.revision < store.music.revision)) return;
  store.music = music;
  store.index = indexMusic(music);
  if (!store.pair || !store.index.parts.has(store.pair.part) || !store.index.voices.has(store.pair.voice)) {
    store.pair = initialPair(store.index, store.pair ?? pairFromFragment(window.location.hash));
  }
  ui.parts.music = music;
  ui.voices.music = music;
  ui.sounds.music = music;
  ui.lightFromSound.index = store.index;
  if (Array.isArray(music.damaged)) ui.damaged.show(music.damaged);  // an edit's answer may not list them
  showCompositions();
  showPair();
}

function showCompositions() {
  compositions.show(store.index, store.pair);
}

/** Shows the selected pair: its name, the trees' selection, the plane, the buttons. */
function showPair() {
  const { index, pair } = store;
  const plane = pair ? planeOf(index, pair.part, pair.voice) : null;
  ui.plane.plane = plane;
  const part = pair && index.parts.get(pair.part), voice = pair && index.voices.get(pair.voice);
  if (part && voice) {
    ui.pair.textContent = `${part.name} × ${voice.name}`;
    ui.parts.selectId?.(pair.part);
    ui.voices.selectId?.(pair.voice);
    const fragment = pairFragment(pair);
    if (window.location.hash !== fragment) window.history.replaceState(window.history.state, '', fragment);
  } else {
    ui.pair.textContent = 'No pair selected';
  }
  showVoice();
  partFields.voice = voice ?? null;
  partFields.timing = pair ? partTiming(index, pair.part) : null;
  ui.render.choices = {
    pair, pairName: part && voice ? `${part.name} × ${voice.name}` : null, compositions: index?.compositions ?? [], composition: Number(ui.composition.value) || null,
  };
  showButtons();
  showTransport();
}

function showButtons() {
  const music = store.music;
  ui.undo.disabled = !music?.canUndo;
  ui.redo.disabled = !music?.canRedo;
  const plane = ui.plane.plane;
  const row = plane?.rows[ui.plane.row];
  ui.makeUnique.disabled = !(plane && plane.kind === 'events' && row && row.shared > 1);
  ui.play.disabled = ui.loop.disabled = !store.pair;
  const offer = lightFromSoundOffer(store.index, store.pair);
  ui.lightFromSoundOpen.disabled = Boolean(offer.reason);
  ui.lightFromSoundOpen.title = offer.reason ?? offer.title;
  clipboard.show();
}

function showTransport() {
  const status = store.transport;
  const mine = playsPart(status, store.pair);
  ui.plane.transport = mine ? status : null;
  ui.sounds.transport = status;
  ui.time.textContent = status && status.duration > 0 ? `${formatTime(status.seconds)} / ${formatTime(status.duration)}` : formatTime(0);
  ui.play.setAttribute('aria-pressed', String(Boolean(status?.playing && playsPair(status, store.pair))));
  ui.loop.setAttribute('aria-pressed', String(Boolean(playsPair(status, store.pair) && status.loop)));
  const problems = transportProblems(status);
  ui.time.title = problems.join('\n');
  const told = problems.join('\n');
  if (told && told !== saidProblems) say(problems.join('. '));
  saidProblems = told;
}

/**
 * Sends edits; the answer is the library as it now stands (or the refusal — said, unless `quiet`: the caller
 * says it where it belongs — and the plane as it was).
 */
async function edit(edits, doing, { quiet = false } = {}) {
  const answer = await sender.request('POST', '/api/music/edits', { edits }, { doing, quiet });
  if (answer.ok) take(answer.data);
  else showPair();  // what was shown before the engine refused
  return answer;
}

function send(requests) {
  for (const request of requests) {
    if (!sender.send(request)) {
      say('Could not reach the instrument: the live connection is down');
      return;
    }
  }
}

// ——— the trees ———

for (const tree of [ui.parts, ui.voices]) {
  tree.addEventListener('select', (event) => {
    if (!store.index) return;
    const id = event.detail.id;
    const base = store.pair ?? initialPair(store.index) ?? {};
    store.pair = tree === ui.parts ? { ...base, part: id } : { ...base, voice: id };
    showCompositions();
    showPair();
  });
  tree.addEventListener('edit', async (event) => {
    const answer = await edit(event.detail.edits, event.detail.doing);
    if (answer.ok && event.detail.select) {
      const made = answer.data.results?.at(-1)?.id;
      if (made !== undefined) {
        store.pair = tree === ui.parts ? { ...store.pair, part: made } : { ...store.pair, voice: made };
        showPair();
      }
    }
  });
}

// ——— the part in time, the compositions, the score clipboard, the render (modules of their own) ———

const partFields = new PartFields($('part-fields'), { edit, say });
const compositions = new Compositions({ select: ui.composition }, { edit, say, choose: (pair) => { store.pair = pair; showPair(); } });
const clipboard = new ClipboardButtons($('clipboard'), { edit, say, plane: ui.plane, index: () => store.index });
ui.render.sender = sender;
ui.renderOpen.addEventListener('click', () => ui.render.open());

// ——— light from sound (light-from-sound/): one edit, its refusal said in the dialog ———

ui.lightFromSound.sender = sender;
ui.lightFromSound.edit = (edits, doing) => edit(edits, doing, { quiet: true });
ui.lightFromSoundOpen.addEventListener('click', () => {
  if (!lightFromSoundOffer(store.index, store.pair).reason) ui.lightFromSound.open(store.pair);
});
// New lights made: their voice is selected, so that the plane shows the sound and the lights together.
ui.lightFromSound.addEventListener('choose', (event) => {
  if (!store.pair || !store.index?.voices.has(event.detail.voice)) return;
  store.pair = { ...store.pair, voice: event.detail.voice };
  showCompositions();
  showPair();
});

// ——— sounds and light (sounds/, voice-actions.js, light-menu.js) ———

/** The selected voice: what it plays (under the Voices tree) and its light (in the header). */
function showVoice() {
  const voice = store.pair ? store.index?.voices.get(store.pair.voice) : null;
  ui.voice.show(voice, store.music);
  const light = lightText(voice, ui.voice.chordsets);
  ui.pairLight.textContent = light ? `Light: ${light}` : '';
  ui.pairLight.hidden = !light;
}

const uploads = new SoundUploads({
  sender, take, say, progress: (line) => { ui.sounds.status = line; },
  voiceName: (id) => store.index?.voices.get(id)?.name ?? null,
  chosen: (voice) => {
    if (!store.pair) return ui.voices.selectId(voice);  // no part yet: no pair to show
    store.pair = { ...store.pair, voice };
    showCompositions();
    showPair();
  },
});
const drops = new SoundDrops({ music: () => store.music, drop: (files, parent) => uploads.add(files, { parent, audioOnly: true }) });
drops.onVoiceTree(ui.voices);
drops.onRootArea(ui.plane);
drops.onRootArea(ui.sounds);
ui.sounds.sender = ui.voice.sender = sender;
for (const panel of [ui.sounds, ui.voice]) {
  panel.addEventListener('upload', (event) => uploads.add(event.detail.files, event.detail));
  panel.addEventListener('edit', (event) => edit(event.detail.edits, event.detail.doing));
}
ui.sounds.addEventListener('send', (event) => send(event.detail.requests));
ui.voice.addEventListener('chordsets', showVoice);

// ——— the plane ———

ui.plane.addEventListener('range', async (event) => {
  const plane = ui.plane.plane;
  const asked = editsForRange(plane, event.detail.range);
  if (!asked) return;
  ui.plane.plane = planeAfterRange(plane, event.detail.range);  // shown at once
  await edit(asked.edits, asked.doing);
});
ui.plane.addEventListener('row', () => showButtons());
ui.plane.addEventListener('locate', (event) => send(locateRequests(store.transport, store.pair, event.detail.seconds)));
ui.plane.addEventListener('open', (event) => {
  store.pair = { part: event.detail.part, voice: event.detail.voice };
  showCompositions();
  showPair();
});

// ——— buttons and keys ———

ui.play.addEventListener('click', () => send([playRequest(store.transport, store.pair)].filter(Boolean)));
ui.stop.addEventListener('click', () => send([{ type: 'transport', action: 'stop' }]));
ui.loop.addEventListener('click', () => send(loopRequests(store.transport, store.pair, ui.plane.visibleSeconds)));
ui.undo.addEventListener('click', () => history('undo'));
ui.redo.addEventListener('click', () => history('redo'));
ui.makeUnique.addEventListener('click', async () => {
  const plane = ui.plane.plane;
  const row = plane?.rows[ui.plane.row];
  if (!row || row.shared <= 1) return;
  await edit([{ type: 'makeUnique', part: plane.part, voice: row.voice }], 'make the score unique');
});

async function history(which) {
  const answer = await sender.request('POST', `/api/music/${which}`, undefined, { doing: which });
  if (answer.ok) take(answer.data);
}

document.addEventListener('keydown', (event) => {
  const typing = event.target.closest?.('input, select, textarea, dialog') || event.composedPath().some((node) => node.tagName === 'INPUT' || node.tagName === 'DIALOG');
  if (typing) return;
  const command = event.ctrlKey || event.metaKey;
  if (command && event.key.toLowerCase() === 'z') {
    history(event.shiftKey ? 'redo' : 'undo');
    event.preventDefault();
  } else if (command && event.key.toLowerCase() === 'y') {
    history('redo');
    event.preventDefault();
  } else if (event.key === ' ' && !event.composedPath().some((node) => node.getAttribute?.('role') === 'gridcell' || node.tagName === 'BUTTON')) {
    send([store.transport?.playing && playsPair(store.transport, store.pair) ? { type: 'transport', action: 'stop' } : playRequest(store.transport, store.pair)].filter(Boolean));
    event.preventDefault();
  }
});

window.addEventListener('hashchange', () => {
  const pair = pairFromFragment(window.location.hash);
  if (pair && store.index && (pair.part !== store.pair?.part || pair.voice !== store.pair?.voice)) {
    store.pair = initialPair(store.index, pair);
    showCompositions();
    showPair();
  }
});

// For tests and the curious: what the lab holds.
window.imagerLab = { store, sender, plane: ui.plane };

sender.start();
musicReader.again();
