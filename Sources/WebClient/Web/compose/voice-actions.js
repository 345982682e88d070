// <voice-actions>: under the Voices tree, what the selected voice plays — its sound, its light, or silence —
// and what the tree's own actions leave out: "Replace sound" (an atomic voice: a file chooser; the page
// sends the file, upload.js) and "Light" (an atomic voice that plays no sound: the "Light" dialog,
// light-menu.js). Styled by voice-actions.css in its shadow root.
//
// - `show(voice, music)`: the selected voice's record and GET /api/music's answer (for its sound's name).
// - `sender` (property): the page's Sender, for the chordsets the Light dialog lists. `chordsets` (read
//   only): as last read; `chordsetsChanged()`: the chordset library changed (`{"type": "library"}`).
// - Events: `upload` `{ files, replace }` (the file chosen to replace the voice's sound), `edit` `{ edits,
//   doing }` (a light chosen), `chordsets` (the chordsets' titles changed: the page's header may say more).

import './light-menu.js';
import { h } from '../shared/dom.js';
import { adoptStyleSheet, loadStyleSheet } from '../shared/style-sheets.js';
import { canLight, canReplaceSound, isAtomic, lightText, playsSound } from './light-model.js';
import { AUDIO_ACCEPT, lengthText, soundSeconds } from './sounds/sounds-model.js';

const CONTROLS_STYLE = await loadStyleSheet(new URL('../shared/shadow-controls.css', import.meta.url));
const ACTIONS_STYLE = await loadStyleSheet(new URL('./voice-actions.css', import.meta.url));

class VoiceActions extends HTMLElement {
  #voice = null;
  #music = null;
  #name = h('bdi', { className: 'name' });
  #plays = h('span', {});
  #file = h('input', {
    type: 'file', accept: AUDIO_ACCEPT, hidden: true, tabindex: '-1', 'aria-label': 'Sound file for the voice',
    onchange: () => this.#chosen(),
  });
  #replace = h('button', { type: 'button', disabled: true, onclick: () => this.#file.click() }, 'Replace sound');
  #light = h('button', {
    type: 'button', disabled: true, 'aria-haspopup': 'dialog', onclick: () => this.#menu.open(this.#voice),
  }, 'Light');
  #menu = h('light-menu', {});

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    adoptStyleSheet(root, CONTROLS_STYLE);
    adoptStyleSheet(root, ACTIONS_STYLE);
    root.append(h('div', { className: 'bar', role: 'group', 'aria-label': 'Selected voice' },
      h('p', { className: 'plays' }, this.#name, this.#plays), this.#replace, this.#light, this.#file), this.#menu);
    this.#menu.addEventListener('edit', (event) => this.dispatchEvent(new CustomEvent('edit', { detail: event.detail })));
    this.#menu.addEventListener('chordsets', () => {
      this.#render();
      this.dispatchEvent(new CustomEvent('chordsets'));
    });
  }

  get sender() { return this.#menu.sender; }
  set sender(sender) {
    this.#menu.sender = sender;
    this.#menu.load();
  }

  get chordsets() { return this.#menu.chordsets; }

  chordsetsChanged() { this.#menu.changed(); }

  /** Shows what `voice` plays and which of the actions it takes. */
  show(voice, music) {
    this.#voice = voice ?? null;
    this.#music = music ?? null;
    this.#render();
  }

  #render() {
    const voice = this.#voice;
    this.#name.textContent = voice?.name ?? '';
    this.#plays.textContent = voice ? playsText(voice, this.#music, this.chordsets) : 'No voice selected';
    this.#replace.disabled = !canReplaceSound(voice);
    this.#replace.title = voice && !isAtomic(voice) ? 'A voice of voices plays no sound of its own' : '';
    this.#light.disabled = !canLight(voice);
    this.#light.title = playsSound(voice) ? 'A voice that plays a sound has no light'
      : voice && !isAtomic(voice) ? 'A voice of voices has no light of its own' : '';
  }

  #chosen() {
    const [file] = Array.from(this.#file.files ?? []);
    this.#file.value = '';
    if (file && this.#voice) this.dispatchEvent(new CustomEvent('upload', { detail: { files: [file], replace: this.#voice.id } }));
  }
}

/** What a voice plays, after its name: "plays “kick” (0:02.0)", "lights Lumia, chord 3", "is silent", "plays 3 voices". */
function playsText(voice, music, chordsets) {
  if (!isAtomic(voice)) return ` plays ${voice.children.length} ${voice.children.length === 1 ? 'voice' : 'voices'}`;
  if (playsSound(voice)) {
    const sound = (music?.library?.sounds ?? []).find((one) => one?.id === voice.sound);
    return sound ? ` plays “${sound.name}” (${lengthText(soundSeconds(sound))})` : ' plays a sound';
  }
  const light = lightText(voice, chordsets);
  return light ? ` lights ${light}` : ' is silent';
}

if (!customElements.get('voice-actions')) customElements.define('voice-actions', VoiceActions);

export { VoiceActions };
