// <ip-chordset-list>: the performer's library of chordsets (seed 002's chordset list), through the
// library's HTTP API (docs/library-api.md). What it shows is the list the library last gave; every change
// is a request, and the list is fetched again after it (and whenever another console changes the library).
//
// - "Add chordset" adds one at the end and opens its title for editing.
// - Each chordset shows its number (from 1), its title and its eight chords' thumbnails (one picture the
//   server draws in the background; each chord's colour until it comes). Tapping the title
//   plays it (it becomes the current chordset, on the pads). "Rename" (or a double click on the title)
//   edits the title in place: Enter or leaving the field keeps it, Escape cancels.
// - Reordering chordsets: drag the number (the grip) up or down, or "Move up" / "Move down".
//   Reordering chords: drag a thumbnail onto another place, or focus it and press Alt+Left / Alt+Right
//   (dragging: chordset-list-drag.js).
// - "Duplicate" adds a copy at the end; "Export" downloads the chordset file; "Delete" removes it and
//   offers "Undo" for as long as the library keeps it (`undoSeconds`).
// - "Import" reads a chordset file and adds what it holds — or says plainly why the library refused it.
// - Chordsets the library holds but cannot read are listed above, to rename or delete (damaged-records.js).

import { ConsolePanel, element } from '../console-panel.js';
import { startChordDrag, startChordsetDrag } from './chordset-list-drag.js';
import { apiPaths } from '../../shared/sender.js';
import '../../shared/damaged-records.js';

const CHORDS = 8;

class ChordsetList extends ConsolePanel {
  build() {
    /** id → the item's elements and its summary. */
    this.items = new Map();
    this.renameWhenListed = null;
    this.focusAfterRender = null;
    this.drag = null;
    this.undo = null;

    this.fileInput = element('input', {
      type: 'file', accept: '.json,application/json', hidden: true, 'aria-label': 'Chordset file to import',
      onchange: () => this.importChosenFile(),
    });
    const add = element('button', { type: 'button', class: 'list-button primary', onclick: () => this.add() }, '+ Add chordset');
    add.setAttribute('aria-label', 'Add chordset');
    const importButton = element('button', { type: 'button', class: 'list-button', onclick: () => this.fileInput.click() }, 'Import');

    this.undoText = element('span', {});
    this.undoButton = element('button', { type: 'button', class: 'list-button', onclick: () => this.restore() }, 'Undo');
    this.undoCountdown = element('span', { class: 'undo-countdown', 'aria-hidden': 'true' });
    this.undoBar = element('div', { class: 'undo-bar', role: 'status', hidden: true },
      this.undoText, this.undoButton, this.undoCountdown);
    this.notice = element('p', { class: 'list-notice', role: 'status' });
    this.alert = element('p', { class: 'list-alert', role: 'alert' });
    this.empty = element('p', { class: 'list-empty' }, 'Reading the library…');
    this.list = element('ul', { class: 'chordset-items', role: 'list', 'aria-label': 'Chordsets' });
    this.damaged = Object.assign(element('ip-damaged-records', { scope: 'chordsets', level: '3' }), { sender: this.sender });

    this.append(element('div', { class: 'list-layout' },
      element('header', { class: 'list-header' }, element('h2', {}, 'Chordsets'), add, importButton, this.fileInput),
      this.undoBar, this.alert, this.notice,
      element('div', { class: 'list-scroller' }, this.damaged, this.empty, this.list)));
  }

  update(what) {
    if (what.has('library') || what.has('snapshot') || what.has('chordset')) this.render();
  }

  /** Thumbnails are asked for only while the list shows. */
  shownChanged(shown) {
    if (shown) this.render();
  }

  // Drawing the list.

  render() {
    const library = this.store?.library;
    if (!library) {
      this.empty.hidden = false;
      this.empty.textContent = this.store?.libraryProblem ? `The library cannot be read: ${this.store.libraryProblem}` : 'Reading the library…';
      return;
    }
    this.damaged.show(library.damaged ?? []);
    this.empty.hidden = library.chordsets.length > 0;
    this.empty.textContent = 'No chordsets yet: add one, or import a file.';
    const current = this.store.currentChordset()?.id ?? library.current;
    const listed = new Set(library.chordsets.map((summary) => summary.id));
    for (const [id, item] of this.items) {
      if (listed.has(id)) continue;
      item.li.remove();
      this.items.delete(id);
    }
    library.chordsets.forEach((summary, index) => {
      let item = this.items.get(summary.id);
      if (!item) {
        item = this.createItem(summary.id);
        this.items.set(summary.id, item);
      }
      this.fillItem(item, summary, index, library.chordsets.length, summary.id === current);
      const there = this.list.children[index] ?? null;
      if (there !== item.li) {
        const focused = item.li.contains(document.activeElement) ? document.activeElement : null;
        this.list.insertBefore(item.li, there);
        focused?.focus({ preventScroll: true });
      }
    });
    if (this.renameWhenListed && this.items.has(this.renameWhenListed)) {
      const item = this.items.get(this.renameWhenListed);
      this.renameWhenListed = null;
      item.li.scrollIntoView({ block: 'nearest' });
      this.startRename(item);
    }
    if (this.focusAfterRender && this.items.has(this.focusAfterRender.id)) {
      const { id, chord, control } = this.focusAfterRender;
      const item = this.items.get(id);
      this.focusAfterRender = null;
      let target = chord !== undefined ? item?.thumbs[chord] : item?.[control];
      // A chordset moved to an end cannot move further that way: the focus goes to the other button.
      if (target?.disabled) target = item[control === 'up' ? 'down' : 'up'];
      if (target && !target.disabled) target.focus({ preventScroll: false });
    }
  }

  createItem(id) {
    const item = { id, summary: null, editing: false };
    item.grip = element('span', { class: 'item-grip', title: 'Drag to reorder', 'aria-hidden': 'true' });
    item.titleButton = element('button', { type: 'button', class: 'item-title' });
    item.titleButton.addEventListener('click', () => this.play(item));
    item.titleButton.addEventListener('dblclick', () => this.startRename(item));
    item.editor = element('input', { type: 'text', class: 'item-editor', hidden: true, maxlength: '200', enterkeyhint: 'done' });
    item.editor.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        this.commitRename(item);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        this.stopRename(item, true);
      }
    });
    item.editor.addEventListener('blur', () => { if (item.editing) this.commitRename(item); });
    item.playing = element('span', { class: 'item-playing', hidden: true }, 'playing');
    item.up = element('button', { type: 'button', class: 'icon-button', 'aria-label': 'Move up', title: 'Move up', onclick: () => this.moveBy(item, -1, 'up') }, '↑');
    item.down = element('button', { type: 'button', class: 'icon-button', 'aria-label': 'Move down', title: 'Move down', onclick: () => this.moveBy(item, 1, 'down') }, '↓');

    item.thumbs = Array.from({ length: CHORDS }, (_, chord) => {
      // One tab stop per chordset: arrows move among its thumbnails (a roving tabindex).
      const img = element('img', {
        class: 'chord-thumb', tabindex: chord === 0 ? '0' : '-1', draggable: 'false', width: '64', height: '36', loading: 'lazy',
        'aria-keyshortcuts': 'Alt+ArrowLeft Alt+ArrowRight', title: 'Drag, or Alt+Left / Alt+Right, to move this chord',
      });
      img.addEventListener('keydown', (event) => this.thumbKey(item, chord, event));
      img.addEventListener('focus', () => {
        for (const other of item.thumbs) other.tabIndex = other === img ? 0 : -1;
      });
      img.addEventListener('pointerdown', (event) => startChordDrag(this, item, chord, event));
      return img;
    });
    item.chordList = element('div', { class: 'chord-thumbs', role: 'group' }, item.thumbs);

    item.rename = element('button', { type: 'button', class: 'list-button small', onclick: () => this.startRename(item) }, 'Rename');
    item.duplicate = element('button', { type: 'button', class: 'list-button small', onclick: () => this.duplicate(item) }, 'Duplicate');
    item.exportLink = element('a', { class: 'list-button small', download: '' }, 'Export');
    item.remove = element('button', { type: 'button', class: 'list-button small danger', onclick: () => this.remove(item) }, 'Delete');

    item.li = element('li', { class: 'chordset-item', dataset: { id } },
      element('div', { class: 'item-head' }, item.grip, item.titleButton, item.editor, item.playing, item.up, item.down),
      item.chordList,
      element('div', { class: 'item-actions' }, item.rename, item.duplicate, item.exportLink, item.remove));
    item.grip.addEventListener('pointerdown', (event) => startChordsetDrag(this, item, event));
    return item;
  }

  fillItem(item, summary, index, count, isCurrent) {
    item.summary = summary;
    item.index = index;
    item.grip.textContent = String(summary.number);
    item.titleButton.textContent = summary.title;
    item.titleButton.setAttribute('aria-label', `Play ${summary.title}`);
    item.titleButton.title = `Chordset ${summary.number}: tap to play it, double-click to rename it`;
    if (!item.editing) item.editor.value = summary.title;
    item.editor.setAttribute('aria-label', `Title of chordset ${summary.number}`);
    item.chordList.setAttribute('aria-label', `Chords of ${summary.title}`);
    item.playing.hidden = !isCurrent;
    if (isCurrent) item.li.setAttribute('aria-current', 'true');
    else item.li.removeAttribute('aria-current');
    item.up.disabled = index === 0;
    item.down.disabled = index === count - 1;
    item.exportLink.href = apiPaths.exportFile(summary.id);
    item.exportLink.setAttribute('aria-label', 'Export');
    // The eight share one picture, drawn by the server in the background (each shows its eighth of it);
    // until the list names it, each shows its chord's colour.
    const sheet = this.shown ? summary.thumbnails ?? '' : item.thumbs[0].getAttribute('src') ?? '';
    item.thumbs.forEach((img, chord) => {
      const entry = summary.chords?.[chord];
      if (img.getAttribute('src') !== sheet) {
        if (sheet) img.setAttribute('src', sheet);
        else img.removeAttribute('src');
      }
      img.alt = `Chord ${chord + 1} of ${summary.title}`;
      img.style.setProperty('--chord-color', entry?.color ?? 'transparent');
      img.style.setProperty('--sheet-chord', String(chord));
    });
  }

  // Requests. After each change the list is fetched again (the server also tells every console).

  async add() {
    const answer = await this.request('POST', apiPaths.chordsets, {}, { doing: 'add a chordset' });
    if (!answer.ok) return;
    this.renameWhenListed = answer.data?.chordset?.id ?? null;
    this.refreshLibrary();
  }

  async play(item) {
    if (item.editing || this.drag?.moved) return;
    await this.request('POST', apiPaths.play(item.id), undefined, { doing: `play “${item.summary.title}”` });
  }

  startRename(item) {
    if (item.editing) return;
    item.editing = true;
    item.editor.value = item.summary?.title ?? '';
    item.titleButton.hidden = true;
    item.editor.hidden = false;
    item.editor.focus();
    item.editor.select();
  }

  stopRename(item, refocus) {
    item.editing = false;
    item.editor.hidden = true;
    item.titleButton.hidden = false;
    item.editor.value = item.summary?.title ?? '';
    if (refocus) item.titleButton.focus();
  }

  async commitRename(item) {
    if (!item.editing || item.saving) return;
    const title = item.editor.value.trim();
    if (title === '' || title === item.summary?.title) {
      this.stopRename(item, document.activeElement === item.editor);
      return;
    }
    item.saving = true;
    const refocus = document.activeElement === item.editor;
    const answer = await this.request('PATCH', apiPaths.chordset(item.id), { title }, { doing: 'rename the chordset' });
    item.saving = false;
    if (!answer.ok) {
      // Still editing, with what was typed: the performer may correct it or press Escape.
      if (refocus) item.editor.focus();
      return;
    }
    if (answer.data?.chordset) item.summary = { ...item.summary, ...answer.data.chordset };
    item.titleButton.textContent = item.summary.title;
    this.stopRename(item, refocus);
    this.refreshLibrary();
  }

  async moveBy(item, offset, control) {
    const number = item.summary.number + offset;
    const count = this.store?.library?.chordsets?.length ?? 0;
    if (number < 1 || number > count) return;
    await this.moveTo(item, number, control);
  }

  async moveTo(item, number, control) {
    const answer = await this.request('PATCH', apiPaths.chordset(item.id), { number }, { doing: 'move the chordset' });
    if (!answer.ok) return;
    if (control) this.focusAfterRender = { id: item.id, control };
    this.refreshLibrary();
  }

  async moveChord(item, from, to) {
    if (from === to || to < 0 || to >= CHORDS) return;
    const answer = await this.request('POST', apiPaths.moveChord(item.id), { from: from + 1, to: to + 1 }, { doing: 'move the chord' });
    if (!answer.ok) return;
    this.focusAfterRender = item.thumbs.includes(document.activeElement) ? { id: item.id, chord: to } : null;
    this.refreshLibrary();
  }

  async duplicate(item) {
    const answer = await this.request('POST', apiPaths.duplicate(item.id), undefined, { doing: 'duplicate the chordset' });
    if (!answer.ok) return;
    this.say(`Duplicated as “${answer.data?.chordset?.title ?? 'a copy'}”, at the end of the list.`);
    this.refreshLibrary();
  }

  async remove(item) {
    const title = item.summary.title;
    const answer = await this.request('DELETE', apiPaths.chordset(item.id), undefined, { doing: `delete “${title}”` });
    if (!answer.ok) return;
    const seconds = Number.isFinite(answer.data?.undoSeconds) ? answer.data.undoSeconds : 60;
    const hadFocus = item.li.contains(document.activeElement);
    this.offerUndo(answer.data?.deleted ?? item.id, title, seconds);
    // The focus was on what is gone: it goes to Undo.
    if (hadFocus) this.undoButton.focus();
    this.refreshLibrary();
  }

  offerUndo(id, title, seconds) {
    clearInterval(this.undo?.timer);
    const until = Date.now() + seconds * 1000;
    this.undo = { id, title, until };
    this.undoText.textContent = `Deleted “${title}”.`;
    this.undoBar.hidden = false;
    const tick = () => {
      const left = Math.ceil((until - Date.now()) / 1000);
      if (left <= 0) return this.closeUndo();
      this.undoCountdown.textContent = `${left} s`;
      return undefined;
    };
    tick();
    this.undo.timer = setInterval(tick, 1000);
  }

  closeUndo() {
    clearInterval(this.undo?.timer);
    this.undo = null;
    this.undoBar.hidden = true;
  }

  async restore() {
    if (!this.undo) return;
    const { id, title } = this.undo;
    const answer = await this.request('POST', apiPaths.restore(id), undefined, { doing: `restore “${title}”` });
    if (!answer.ok) return;
    if (document.activeElement === this.undoButton) this.focusAfterRender = { id, control: 'titleButton' };
    this.closeUndo();
    this.say(`“${title}” is back.`);
    this.refreshLibrary();
  }

  async importChosenFile() {
    const file = this.fileInput.files?.[0];
    this.fileInput.value = '';
    if (!file) return;
    this.alert.textContent = '';
    let bytes;
    try {
      bytes = await file.arrayBuffer();
    } catch {
      this.alert.textContent = `“${file.name}” could not be read.`;
      return;
    }
    const answer = await this.request('POST', apiPaths.importFile, undefined, { bytes, quiet: true });
    if (!answer.ok) {
      this.alert.textContent = `“${file.name}” was not imported: ${answer.error}`;
      return;
    }
    const imported = answer.data?.imported ?? [];
    this.say(imported.length === 0 ? `“${file.name}” held no chordsets.`
      : `Imported ${imported.length === 1 ? '1 chordset' : `${imported.length} chordsets`}: ${imported.map((summary) => `“${summary.title}”`).join(', ')}.`);
    this.refreshLibrary();
  }

  say(text) {
    this.alert.textContent = '';
    this.notice.textContent = text;
  }

  refreshLibrary() {
    this.dispatchEvent(new CustomEvent('ip-refresh-library', { bubbles: true, composed: true }));
  }

  // Keys on a thumbnail: arrows move between them, Alt+arrows move the chord.

  thumbKey(item, chord, event) {
    const offset = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -4, ArrowDown: 4 }[event.key];
    if (offset === undefined || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const to = chord + (event.altKey ? Math.sign(offset) : offset);
    if (to < 0 || to >= CHORDS) return;
    if (event.altKey) this.moveChord(item, chord, to);
    else item.thumbs[to].focus();
  }
}

if (!customElements.get('ip-chordset-list')) customElements.define('ip-chordset-list', ChordsetList);

export { ChordsetList };
