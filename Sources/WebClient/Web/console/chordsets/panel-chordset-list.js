// <ip-chordset-list>: the performer's library of chordsets (seed 002's chordset list), through the
// library's HTTP API (docs/library-api.md). What it shows is the list the library last gave; every change
// is a request, and the list is fetched again after it (and whenever another console changes the library).
//
// - "Add chordset" adds one at the end and opens its title for editing.
// - Each chordset (chordset-item.js) shows its number (from 1), its title and its eight chords' thumbnails.
//   Tapping the title plays it (it becomes the current chordset, on the pads). "Rename" (or a double click on
//   the title) edits the title in place.
// - Reordering chordsets: drag the number (the grip) up or down, or "Move up" / "Move down".
//   Reordering chords: drag a thumbnail onto another place, or focus it and press Alt+Left / Alt+Right
//   (dragging: chordset-list-drag.js).
// - "Duplicate" adds a copy at the end; "Export" downloads the chordset file; "Delete" removes it and
//   offers "Undo" for as long as the library keeps it (undo-bar.js).
// - "Import" reads a chordset file and adds what it holds — or says plainly why the library refused it.
// - Chordsets the library holds but cannot read are listed above, to rename or delete (damaged-records.js).

import { ConsolePanel, element } from '../panel-kit/console-panel.js';
import { CHORDS, ChordsetItem } from './chordset-item.js';
import { UndoBar } from './undo-bar.js';
import { apiPaths } from '../../shared/sender.js';
import '../../shared/damaged-records.js';

/** The chordset list: the library's chordsets and every change of them (the file's header says what it holds). */
class ChordsetList extends ConsolePanel {
  build() {
    /** id → the item's elements and its summary. */
    this.items = new Map();
    this.renameWhenListed = null;
    this.focusAfterRender = null;
    this.drag = null;

    this.fileInput = element('input', {
      type: 'file', accept: '.json,application/json', hidden: true, 'aria-label': 'Chordset file to import',
      onchange: () => this.importChosenFile(),
    });
    const add = element('button', { type: 'button', class: 'list-button primary', onclick: () => this.add() }, '+ Add chordset');
    add.setAttribute('aria-label', 'Add chordset');
    const importButton = element('button', { type: 'button', class: 'list-button', onclick: () => this.fileInput.click() }, 'Import');

    this.undo = new UndoBar({ onUndo: () => this.restore() });
    this.notice = element('p', { class: 'list-notice', role: 'status' });
    this.alert = element('p', { class: 'list-alert', role: 'alert' });
    this.empty = element('p', { class: 'list-empty' }, 'Reading the library…');
    this.list = element('ul', { class: 'chordset-items', role: 'list', 'aria-label': 'Chordsets' });
    this.damaged = Object.assign(element('ip-damaged-records', { scope: 'chordsets', level: '3' }), { sender: this.sender });

    this.append(element('div', { class: 'list-layout' },
      element('header', { class: 'list-header' }, element('h2', {}, 'Chordsets'), add, importButton, this.fileInput),
      this.undo.element, this.alert, this.notice,
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
        item = new ChordsetItem(this, summary.id);
        this.items.set(summary.id, item);
      }
      item.fill(summary, index, library.chordsets.length, summary.id === current, this.shown);
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
      item.startRename();
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

  async commitRename(item) {
    if (!item.editing || item.saving) return;
    const title = item.editor.value.trim();
    if (title === '' || title === item.summary?.title) {
      item.stopRename(document.activeElement === item.editor);
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
    item.stopRename(refocus);
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
    this.undo.offer(answer.data?.deleted ?? item.id, title, seconds);
    // The focus was on what is gone: it goes to Undo.
    if (hadFocus) this.undo.button.focus();
    this.refreshLibrary();
  }

  async restore() {
    if (!this.undo.offered) return;
    const { id, title } = this.undo.offered;
    const answer = await this.request('POST', apiPaths.restore(id), undefined, { doing: `restore “${title}”` });
    if (!answer.ok) return;
    if (document.activeElement === this.undo.button) this.focusAfterRender = { id, control: 'titleButton' };
    this.undo.close();
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
