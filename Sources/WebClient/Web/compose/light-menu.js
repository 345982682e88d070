// <light-menu>: the "Light" dialog of the composition lab — which chord of which chordset an atomic voice
// that plays no sound lights (light-model.js says what it offers). It lists the library's chordsets (GET
// /api/chordsets), each with its eight chords as buttons named "Chord 3 of Lumia", showing the chord's
// thumbnail from the chordset's sheet (each chord its eighth of it) or, until the sheet is drawn, the
// chord's colour; "No light" silences the voice. Styled by light-menu.css in its shadow root.
//
// - `open(voice)`: shows the menu for a voice record (GET /api/music's), its light pressed.
// - `sender` (property): the page's Sender; `load()` reads the chordsets again, `changed()` soon (the
//   chordset library changed: `{"type": "library"}` on /live). `chordsets` (read only): as last read.
// - Events: `edit` `{ edits, doing }` (the setLight edit chosen), `chordsets` (their titles changed).
// - Keys: one tab stop for all the chords; arrows move among them (Up/Down: the chordset above or below),
//   Home/End to a chordset's first or last; Escape closes.

import { h, uid } from '../shared/dom.js';
import { adoptStyleSheet, loadStyleSheet } from '../shared/style-sheets.js';
import {
  CHORDS, chordKeyMove, chordLabel, chordsetsOf, lightEdit, lightOf, lightText, playsChord, titlesKey,
} from './light-model.js';

const CONTROLS_STYLE = await loadStyleSheet(new URL('../shared/shadow-controls.css', import.meta.url));
const MENU_STYLE = await loadStyleSheet(new URL('./light-menu.css', import.meta.url));

/** How long after the chordset library changes its list is read again, in ms (changes come in bursts). */
const RELOAD_DELAY_MS = 400;

class LightMenu extends HTMLElement {
  #chordsets = null;
  #voice = null;
  #problem = null;
  #loading = null;
  #timer = null;
  /** The chord buttons, by chordset row then chord; the one Tab comes to. */
  #buttons = [];
  #focus = { row: 0, chord: 0 };
  /** Whether the focus still goes to the voice's light once the chordsets are read (just opened). */
  #placeFocus = false;
  #title = h('h2', { id: uid('light-title') });
  #now = h('p', { className: 'note' });
  #none = h('button', { type: 'button', className: 'none', 'aria-pressed': 'false', onclick: () => this.#choose(null, null) }, 'No light');
  #status = h('p', { className: 'status', role: 'status' });
  #list = h('ul', { className: 'chordsets', role: 'list', onkeydown: (event) => this.#key(event) });
  #dialog = h('dialog', { 'aria-label': 'Light', 'aria-describedby': this.#title.id },
    this.#title, this.#now, this.#none, this.#status, this.#list,
    h('div', { className: 'buttons' }, h('button', { type: 'button', onclick: () => this.#dialog.close() }, 'Close')));

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    adoptStyleSheet(root, CONTROLS_STYLE);
    adoptStyleSheet(root, MENU_STYLE);
    root.append(this.#dialog);
  }

  get chordsets() { return this.#chordsets; }

  /** Shows the menu for `voice` (a voice record), and reads the chordsets again. */
  open(voice) {
    if (!voice) return;
    this.#voice = voice;
    this.#placeFocus = true;
    if (!this.#dialog.open) this.#dialog.showModal();
    this.#render();
    this.load();
  }

  /** The chordset library changed: its list is read again shortly. */
  changed() {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.load(), RELOAD_DELAY_MS);
  }

  /** Reads the chordsets (GET /api/chordsets); a `chordsets` event follows when their titles changed. */
  async load() {
    if (!this.sender) return;
    if (this.#loading) return this.#loading;
    this.#loading = (async () => {
      const answer = await this.sender.request('GET', '/api/chordsets', undefined, { quiet: true });
      this.#loading = null;
      if (!answer.ok) {
        this.#problem = answer.error;
        if (this.#dialog.open) this.#render();
        return;
      }
      const before = this.#chordsets === null ? null : titlesKey(this.#chordsets);
      this.#problem = null;
      this.#chordsets = chordsetsOf(answer.data);
      if (this.#dialog.open) this.#render();
      if (titlesKey(this.#chordsets) !== before) this.dispatchEvent(new CustomEvent('chordsets'));
    })();
    return this.#loading;
  }

  #render() {
    const voice = this.#voice;
    const hadFocus = this.#buttons.flat().includes(this.shadowRoot.activeElement);
    this.#title.textContent = `Light for “${voice?.name ?? ''}”`;
    this.#now.textContent = `Now: ${lightText(voice, this.#chordsets) ?? 'no light'}.`;
    this.#none.setAttribute('aria-pressed', String(lightOf(voice) === null));
    const chordsets = this.#chordsets ?? [];
    this.#status.textContent = this.#problem !== null ? `The chordsets cannot be read: ${this.#problem}`
      : this.#chordsets === null ? 'Reading the chordsets…'
        : chordsets.length === 0 ? 'The library holds no chordsets: add one in the console.' : '';
    this.#buttons = [];
    this.#list.replaceChildren(...chordsets.map((chordset, row) => {
      const headingId = uid('light-chordset');
      const buttons = Array.from({ length: CHORDS }, (_, chord) => this.#chordButton(chordset, row, chord));
      this.#buttons.push(buttons);
      return h('li', { className: 'chordset' },
        h('h3', { id: headingId }, chordset.title),
        h('div', { className: 'chords', role: 'group', 'aria-labelledby': headingId }, buttons));
    }));
    // Just opened: the focus goes to the voice's light (once the chords are listed); later, it stays where it was.
    const light = lightOf(voice);
    const row = chordsets.findIndex((chordset) => chordset.id === light?.chordset);
    const onLight = this.#placeFocus && row >= 0 && light.chord !== null;
    this.#focus = onLight ? { row, chord: light.chord } : clampFocus(this.#focus, this.#buttons.length);
    this.#rove();
    if (this.#placeFocus) {
      this.#focusChosen();
      if (this.#buttons.length > 0 || light === null) this.#placeFocus = false;
    } else if (hadFocus) {
      this.#buttons[this.#focus.row]?.[this.#focus.chord]?.focus();
    }
  }

  #chordButton(chordset, row, chord) {
    const color = chordset.colors[chord];
    const button = h('button', {
      type: 'button', className: 'chord', 'aria-label': chordLabel(chordset.title, chord),
      'aria-pressed': String(playsChord(this.#voice, chordset.id, chord)), tabindex: '-1',
      onclick: () => this.#choose(chordset.id, chord),
      onfocus: () => { this.#focus = { row, chord }; this.#rove(); },
    },
    chordset.thumbnails ? h('img', { src: chordset.thumbnails, alt: '', draggable: 'false', loading: 'lazy' }) : null,
    h('span', { className: 'number', 'aria-hidden': 'true' }, String(chord + 1)));
    button.style.setProperty('--sheet-chord', String(chord));
    if (color) button.style.setProperty('--chord-color', color);
    return button;
  }

  /** One tab stop among the chords: the one last focused (or chosen). */
  #rove() {
    this.#buttons.forEach((buttons, row) => buttons.forEach((button, chord) => {
      button.tabIndex = row === this.#focus.row && chord === this.#focus.chord ? 0 : -1;
    }));
  }

  #focusChosen() {
    const light = lightOf(this.#voice);
    const chosen = light === null ? this.#none : this.#buttons[this.#focus.row]?.[this.#focus.chord];
    (chosen ?? this.#none).focus();
  }

  #key(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const to = chordKeyMove(event.key, this.#focus, this.#buttons.length);
    if (!to) return;
    event.preventDefault();
    this.#focus = to;
    this.#rove();
    this.#buttons[to.row]?.[to.chord]?.focus();
  }

  #choose(chordset, chord) {
    const edit = lightEdit(this.#voice?.id, chordset, chord);
    if (!edit) return;
    this.#dialog.close();
    const light = lightOf(this.#voice);
    if (light === null ? chordset === null : light.chordset === chordset && light.chord === chord) return;  // as it is
    const doing = chordset === null ? `silence the light of “${this.#voice.name}”` : `set the light of “${this.#voice.name}”`;
    this.dispatchEvent(new CustomEvent('edit', { detail: { edits: [edit], doing } }));
  }
}

function clampFocus(focus, rows) {
  return { row: Math.min(focus.row, Math.max(0, rows - 1)), chord: focus.chord };
}

if (!customElements.get('light-menu')) customElements.define('light-menu', LightMenu);

export { LightMenu };
