// <sound-list>: the composition lab's "Sounds" — a panel under the trees, opened and closed by its heading —
// listing the music library's sounds (sounds-model.js says what of each): its name, its length ("0:02.0"),
// a waveform miniature, the voices that play it, "Preview", and "Delete" for a sound no voice plays (asked
// again in place: "Delete for good"). "Add sound" opens a file chooser; the page sends the files
// (upload.js). Styled by sound-list.css in its shadow root.
//
// - `music` (property): GET /api/music's answer; setting it redraws, keeping each item and the focus.
// - `transport` (property): the transport's status; "Preview" is pressed while it previews that sound.
// - `sender` (property): the page's Sender, for the waveforms (GET /api/music/sounds/ID/waveform, once per id).
// - `status` (property): a line on how the files sent go (a live status).
// - `expanded` (property): whether the list shows (the heading's button toggles it).
// - Events: `upload` `{ files, parent: null }` (files chosen with "Add sound"), `edit` `{ edits, doing }`
//   (a sound deleted), `send` `{ requests }` (Preview: for the live connection).

import { h, uid } from '../../shared/dom.js';
import { adoptStyleSheet, loadStyleSheet } from '../../shared/style-sheets.js';
import {
  AUDIO_ACCEPT, deleteSoundEdit, previewRequest, previewing, soundPaths, soundRows, usersText, waveformPath, waveformWidth,
} from './sounds-model.js';

const CONTROLS_STYLE = await loadStyleSheet(new URL('../../shared/shadow-controls.css', import.meta.url));
const LIST_STYLE = await loadStyleSheet(new URL('./sound-list.css', import.meta.url));
const SVG = 'http://www.w3.org/2000/svg';

/** Sound id → the promise of its waveform's peaks (null when it could not be read). A sound's waveform never changes. */
const waveforms = new Map();

class SoundList extends HTMLElement {
  #music = null;
  #transport = null;
  #expanded = false;
  /** id → the item's elements and its row. */
  #items = new Map();
  #bodyId = uid('sounds-body');
  #toggle = h('button', {
    type: 'button', className: 'toggle', 'aria-expanded': 'false', 'aria-controls': this.#bodyId,
    onclick: () => { this.expanded = !this.#expanded; },
  }, h('span', { className: 'twisty', 'aria-hidden': 'true' }, '▸'), 'Sounds');
  #count = h('span', { className: 'count', 'aria-hidden': 'true' });
  #file = h('input', {
    type: 'file', multiple: true, accept: AUDIO_ACCEPT, hidden: true, tabindex: '-1', 'aria-label': 'Sound files to add',
    onchange: () => this.#chosen(),
  });
  #add = h('button', { type: 'button', className: 'add', onclick: () => this.#file.click() }, 'Add sound');
  #status = h('p', { className: 'status', role: 'status' });
  #empty = h('p', { className: 'empty' }, 'No sounds yet: “Add sound”, or drop sound files on the voices or the plane.');
  #list = h('ul', { className: 'items', role: 'list' });
  #body = h('div', { className: 'body', id: this.#bodyId, hidden: true }, this.#empty, this.#list);

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    adoptStyleSheet(root, CONTROLS_STYLE);
    adoptStyleSheet(root, LIST_STYLE);
    root.append(h('section', { className: 'sounds', 'aria-label': 'Sounds' },
      h('div', { className: 'head' }, h('h2', {}, this.#toggle, this.#count), this.#add, this.#file),
      this.#status, this.#body));
  }

  get music() { return this.#music; }
  set music(music) {
    this.#music = music ?? null;
    this.#render();
  }

  get transport() { return this.#transport; }
  set transport(status) {
    this.#transport = status ?? null;
    for (const item of this.#items.values()) item.preview.setAttribute('aria-pressed', String(previewing(this.#transport, item.id)));
  }

  get status() { return this.#status.textContent; }
  set status(line) { this.#status.textContent = line ?? ''; }

  get expanded() { return this.#expanded; }
  set expanded(open) {
    this.#expanded = Boolean(open);
    this.toggleAttribute('expanded', this.#expanded);
    this.#toggle.setAttribute('aria-expanded', String(this.#expanded));
    this.#toggle.firstChild.textContent = this.#expanded ? '▾' : '▸';
    this.#body.hidden = !this.#expanded;
    this.#render();
  }

  #chosen() {
    const files = Array.from(this.#file.files ?? []);
    this.#file.value = '';
    if (files.length > 0) this.dispatchEvent(new CustomEvent('upload', { detail: { files, parent: null } }));
  }

  // Drawing: each item kept while its sound is listed, so that what has the focus keeps it.

  #render() {
    const rows = this.#music ? soundRows(this.#music) : [];
    this.#count.textContent = this.#music ? String(rows.length) : '';
    this.#empty.hidden = !this.#music || rows.length > 0;
    const listed = new Set(rows.map((row) => row.id));
    const order = [...this.#list.children];
    const active = this.shadowRoot.activeElement;
    const lost = order.find((li) => li.contains(active) && !listed.has(Number(li.dataset.sound)));
    const heir = lost && [...order.slice(order.indexOf(lost) + 1), ...order.slice(0, order.indexOf(lost)).reverse()]
      .find((li) => listed.has(Number(li.dataset.sound)));
    for (const [id, item] of this.#items) {
      if (listed.has(id)) continue;
      item.li.remove();
      this.#items.delete(id);
    }
    rows.forEach((row, index) => {
      let item = this.#items.get(row.id);
      if (!item) {
        item = this.#createItem(row.id);
        this.#items.set(row.id, item);
      }
      this.#fillItem(item, row);
      const there = this.#list.children[index] ?? null;
      if (there !== item.li) {
        const focused = item.li.contains(active) ? active : null;
        this.#list.insertBefore(item.li, there);
        focused?.focus({ preventScroll: true });
      }
    });
    if (lost) (heir ? this.#items.get(Number(heir.dataset.sound))?.preview : this.#add).focus();
  }

  #createItem(id) {
    const nameId = uid('sound-name');
    const item = { id, row: null, drawn: false };
    item.name = h('bdi', { className: 'name', id: nameId });
    item.length = h('span', { className: 'length' });
    item.path = document.createElementNS(SVG, 'path');
    item.wave = document.createElementNS(SVG, 'svg');
    item.wave.setAttribute('class', 'wave');
    item.wave.setAttribute('aria-hidden', 'true');
    item.wave.setAttribute('preserveAspectRatio', 'none');
    item.wave.setAttribute('viewBox', '0 0 1 2');
    item.path.setAttribute('d', waveformPath([]));
    item.wave.append(item.path);
    item.users = h('p', { className: 'users' });
    item.preview = h('button', {
      type: 'button', 'aria-pressed': 'false', 'aria-describedby': nameId, onclick: () => this.#preview(item),
    }, 'Preview');
    item.remove = h('button', { type: 'button', className: 'danger', 'aria-describedby': nameId, onclick: () => this.#ask(item, true) }, 'Delete');
    item.actions = h('div', { className: 'actions' }, item.preview, item.remove);
    item.confirm = h('button', { type: 'button', className: 'danger', onclick: () => this.#delete(item) }, 'Delete for good');
    item.question = h('div', { className: 'question', role: 'group', 'aria-label': 'Delete this sound?', hidden: true },
      h('span', {}, 'Delete it for good?'), item.confirm, h('button', { type: 'button', onclick: () => this.#ask(item, false) }, 'Cancel'));
    item.li = h('li', { className: 'sound' },
      item.name, item.length, item.wave, item.users, item.actions, item.question);
    item.li.dataset.sound = String(id);
    item.li.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || item.question.hidden) return;
      event.preventDefault();
      event.stopPropagation();
      this.#ask(item, false);
    });
    return item;
  }

  #fillItem(item, row) {
    item.row = row;
    item.name.textContent = row.name;
    item.length.textContent = row.length;
    item.length.title = row.seconds === null ? 'Its length is not known' : `${row.seconds.toFixed(3)} seconds`;
    item.users.textContent = row.voices.length > 0 ? `Played by ${usersText(row.voices)}` : usersText(row.voices);
    item.users.title = item.users.textContent;
    item.preview.setAttribute('aria-pressed', String(previewing(this.#transport, row.id)));
    item.remove.hidden = !row.deletable;
    if (!row.deletable && !item.question.hidden) this.#ask(item, false, item.li.contains(this.shadowRoot.activeElement));
    if (this.#expanded && !item.drawn) this.#drawWaveform(item);
  }

  /** Draws the sound's waveform miniature, read once per id (a failure is tried again at the next drawing). */
  async #drawWaveform(item) {
    if (!this.sender) return;
    item.drawn = true;
    if (!waveforms.has(item.id)) {
      waveforms.set(item.id, this.sender.request('GET', soundPaths.waveform(item.id), undefined, { quiet: true })
        .then((answer) => (answer.ok && Array.isArray(answer.data?.peaks) ? answer.data.peaks : null)));
    }
    const peaks = await waveforms.get(item.id);
    if (peaks === null) {
      waveforms.delete(item.id);
      item.drawn = false;
      item.wave.classList.add('missing');
      return;
    }
    item.wave.classList.remove('missing');
    item.wave.setAttribute('viewBox', `0 0 ${waveformWidth(peaks)} 2`);
    item.path.setAttribute('d', waveformPath(peaks));
  }

  #preview(item) {
    this.dispatchEvent(new CustomEvent('send', { detail: { requests: [previewRequest(this.#transport, item.id)] } }));
  }

  /** Opens (or closes) the question "Delete it for good?" in the item, in place of its buttons; `refocus`: the focus follows. */
  #ask(item, open, refocus = true) {
    item.question.hidden = !open;
    item.actions.hidden = open;
    if (refocus) (open ? item.confirm : item.remove.hidden ? item.preview : item.remove).focus();
  }

  #delete(item) {
    this.#ask(item, false, false);
    item.preview.focus();
    this.dispatchEvent(new CustomEvent('edit', {
      detail: { edits: [deleteSoundEdit(item.id)], doing: `delete the sound “${item.row?.name ?? item.id}”` },
    }));
  }
}

if (!customElements.get('sound-list')) customElements.define('sound-list', SoundList);

export { SoundList };
