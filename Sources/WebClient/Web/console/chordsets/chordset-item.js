// One chordset in the chordset list (panel-chordset-list.js): its number — the grip a drag reorders it by —
// and its title, a button that plays it (a double click, or "Rename", edits it in place: Enter or leaving the
// field keeps it, Escape cancels); "playing" beside the current one; "Move up" and "Move down"; its eight
// chords' thumbnails (one picture the server draws in the background, each showing its eighth of it, and its
// chord's colour until it comes; one tab stop, arrows among them, Alt+arrows move a chord); and Rename,
// Duplicate, Export and Delete. Every request is the list's: the item's controls call it.

import { element } from '../panel-kit/console-panel.js';
import { startChordDrag, startChordsetDrag } from './chordset-list-drag.js';
import { apiPaths } from '../../shared/sender.js';

/** The chords a chordset holds. */
export const CHORDS = 8;

/** A chordset's elements, made once and filled from its summary each time the list is drawn. */
export class ChordsetItem {
  /** The item of chordset `id`; `list` is the chordset list, which does what its controls ask. */
  constructor(list, id) {
    Object.assign(this, { id, summary: null, editing: false });
    this.grip = element('span', { class: 'item-grip', title: 'Drag to reorder', 'aria-hidden': 'true' });
    this.titleButton = element('button', { type: 'button', class: 'item-title' });
    this.titleButton.addEventListener('click', () => list.play(this));
    this.titleButton.addEventListener('dblclick', () => this.startRename());
    this.editor = this.buildEditor(list);
    this.playing = element('span', { class: 'item-playing', hidden: true }, 'playing');
    this.up = element('button', { type: 'button', class: 'icon-button', 'aria-label': 'Move up', title: 'Move up', onclick: () => list.moveBy(this, -1, 'up') }, '↑');
    this.down = element('button', { type: 'button', class: 'icon-button', 'aria-label': 'Move down', title: 'Move down', onclick: () => list.moveBy(this, 1, 'down') }, '↓');
    this.thumbs = Array.from({ length: CHORDS }, (_, chord) => this.buildThumb(list, chord));
    this.chordList = element('div', { class: 'chord-thumbs', role: 'group' }, this.thumbs);
    this.rename = element('button', { type: 'button', class: 'list-button small', onclick: () => this.startRename() }, 'Rename');
    this.duplicate = element('button', { type: 'button', class: 'list-button small', onclick: () => list.duplicate(this) }, 'Duplicate');
    this.exportLink = element('a', { class: 'list-button small', download: '' }, 'Export');
    this.remove = element('button', { type: 'button', class: 'list-button small danger', onclick: () => list.remove(this) }, 'Delete');
    this.li = element('li', { class: 'chordset-item', dataset: { id } },
      element('div', { class: 'item-head' }, this.grip, this.titleButton, this.editor, this.playing, this.up, this.down),
      this.chordList,
      element('div', { class: 'item-actions' }, this.rename, this.duplicate, this.exportLink, this.remove));
    this.grip.addEventListener('pointerdown', (event) => startChordsetDrag(list, this, event));
  }

  /** The title's field: Enter or leaving it keeps what is typed (the list renames), Escape cancels. */
  buildEditor(list) {
    const editor = element('input', { type: 'text', class: 'item-editor', hidden: true, maxlength: '200', enterkeyhint: 'done' });
    editor.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        list.commitRename(this);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        this.stopRename(true);
      }
    });
    editor.addEventListener('blur', () => { if (this.editing) list.commitRename(this); });
    return editor;
  }

  /** Chord `chord`'s thumbnail: one tab stop a chordset, arrows move among them (a roving tabindex), a drag moves the chord. */
  buildThumb(list, chord) {
    const img = element('img', {
      class: 'chord-thumb', tabindex: chord === 0 ? '0' : '-1', draggable: 'false', width: '64', height: '36', loading: 'lazy',
      'aria-keyshortcuts': 'Alt+ArrowLeft Alt+ArrowRight', title: 'Drag, or Alt+Left / Alt+Right, to move this chord',
    });
    img.addEventListener('keydown', (event) => list.thumbKey(this, chord, event));
    img.addEventListener('focus', () => {
      for (const other of this.thumbs) other.tabIndex = other === img ? 0 : -1;
    });
    img.addEventListener('pointerdown', (event) => startChordDrag(list, this, chord, event));
    return img;
  }

  /**
   * Shows `summary`, the chordset at `index` of `count`, playing when `isCurrent`; its thumbnails' picture is
   * asked for only while the list is `shown`.
   */
  fill(summary, index, count, isCurrent, shown) {
    this.summary = summary;
    this.index = index;
    this.grip.textContent = String(summary.number);
    this.titleButton.textContent = summary.title;
    this.titleButton.setAttribute('aria-label', `Play ${summary.title}`);
    this.titleButton.title = `Chordset ${summary.number}: tap to play it, double-click to rename it`;
    if (!this.editing) this.editor.value = summary.title;
    this.editor.setAttribute('aria-label', `Title of chordset ${summary.number}`);
    this.chordList.setAttribute('aria-label', `Chords of ${summary.title}`);
    this.playing.hidden = !isCurrent;
    if (isCurrent) this.li.setAttribute('aria-current', 'true');
    else this.li.removeAttribute('aria-current');
    this.up.disabled = index === 0;
    this.down.disabled = index === count - 1;
    this.exportLink.href = apiPaths.exportFile(summary.id);
    this.exportLink.setAttribute('aria-label', 'Export');
    this.fillThumbs(summary, shown);
  }

  /** The eight share one picture, drawn by the server in the background (each shows its eighth of it); until the list names it, each shows its chord's colour. */
  fillThumbs(summary, shown) {
    const sheet = shown ? summary.thumbnails ?? '' : this.thumbs[0].getAttribute('src') ?? '';
    this.thumbs.forEach((img, chord) => {
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

  /** The title in its field, selected, for the performer to type. */
  startRename() {
    if (this.editing) return;
    this.editing = true;
    this.editor.value = this.summary?.title ?? '';
    this.titleButton.hidden = true;
    this.editor.hidden = false;
    this.editor.focus();
    this.editor.select();
  }

  /** The title shown again (the focus back on it when `refocus`). */
  stopRename(refocus) {
    this.editing = false;
    this.editor.hidden = true;
    this.titleButton.hidden = false;
    this.editor.value = this.summary?.title ?? '';
    if (refocus) this.titleButton.focus();
  }
}
