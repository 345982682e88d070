// <music-tree kind="part|voice">: one of the composition lab's two trees, the music library's parts ("Parts")
// or voices ("Voices"), shown like file folders (seed 003 §2.8). A node under several parents shows under
// each, and each of its rows opens on its own (tree-rows.js says how rows are keyed and laid out).
//
// - `kind` (attribute and property): 'part' or 'voice'.
// - `music` (property): GET /api/music's answer. Setting it redraws, keeping what is open and the selection
//   — or, when the selected row is gone, its nearest row above that still exists.
// - `selectedKey` (property): the selected row's key ("4/7"; a root's key is its id), or null. Setting it
//   opens the rows above it. `selectedId` (read only) is the node it shows; `selectId(id)` selects a row of it.
// - `select` event, `detail: { id, key }`: the user selected another row (a click, Enter or Space).
// - `edit` event, `detail: { edits, doing, select? }`: what the user asked, for POST /api/music/edits; the
//   element never calls the server. `doing` says it in words ("rename the part"); `select` (`{ key, id }`)
//   is the row to select once the edits are applied. A new node is a root: its row's key is its id.
//
// Keys: Up/Down, Home/End, Right (open, then to the first child), Left (close, then to the parent),
// Enter/Space select, Alt+Up/Alt+Down move the row among its siblings. A row is dragged by its grip (mouse,
// pen or touch) onto a sibling's place (tree-drag.js).
//
// What is open and selected, and the rows, buttons and edits that follow, are the tree's state (tree-state.js);
// the element draws it and hands it the user's hand and keys.

import { h } from '../shared/dom.js';
import { adoptStyleSheet, loadStyleSheet } from '../shared/style-sheets.js';
import {
  beatsText, childQuestion, newNodeQuestion, questionForm, renameQuestion, splitQuestion,
} from './music-tree-questions.js';
import { RowDrag } from './tree-drag.js';
import { treeKeyAction } from './tree-rows.js';
import { TreeState } from './tree-state.js';

/** The trees' look (the lab's shared controls, then music-tree.css): read once, adopted by each tree's shadow root. */
const CONTROLS_STYLE = await loadStyleSheet(new URL('../shared/shadow-controls.css', import.meta.url));
const TREE_STYLE = await loadStyleSheet(new URL('./music-tree.css', import.meta.url));

/** The part or voice hierarchy of the music library as a tree the composer selects in, edits and reorders. */
class MusicTree extends HTMLElement {
  static observedAttributes = ['kind'];

  #state = new TreeState();
  /** key → { row, element } for the rows on screen. */
  #shown = new Map();
  #drag = null;
  #buttons = {};
  #toolbar = h('div', { className: 'toolbar' });
  #tree = h('div', {
    role: 'tree',
    onclick: (event) => this.#clicked(event),
    ondblclick: (event) => this.#doubleClicked(event),
    onkeydown: (event) => this.#keyDown(event),
    onfocusin: (event) => this.#focused(event),
  });
  #empty = h('p', { className: 'empty', hidden: true });
  #scroller = h('div', { className: 'scroller' }, this.#tree, this.#empty);
  #dialog = h('dialog', {});

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    adoptStyleSheet(root, CONTROLS_STYLE);
    adoptStyleSheet(root, TREE_STYLE);
    root.append(this.#toolbar, this.#scroller, this.#dialog);
    this.#applyKind();
  }

  attributeChangedCallback(name, old, value) {
    if (old === value) return;
    this.#state.reset(this.kind);
    this.#applyKind();
  }

  get kind() { return this.getAttribute('kind') === 'voice' ? 'voice' : 'part'; }
  set kind(kind) { this.setAttribute('kind', kind); }

  get music() { return this.#state.music; }
  set music(music) {
    this.#state.music = music ?? null;
    this.#render();
  }

  get selectedKey() { return this.#state.selectedKey; }
  set selectedKey(key) {
    this.#state.reveal(key);
    this.#render();
  }

  get selectedId() { return this.#state.selectedRow?.id ?? null; }

  /** Selects a row of node `id` (the one selected, if it shows it; else the nearest the roots), or nothing. */
  selectId(id) {
    if (this.selectedId === id) return;
    this.selectedKey = this.#state.keyOfNode(id);
    this.shadowRoot.querySelector('[role="treeitem"][aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }

  get #treeKind() { return this.#state.treeKind; }

  #applyKind() {
    this.#state.kind = this.kind;
    const { tree, noun } = this.#treeKind;
    this.#tree.setAttribute('aria-label', tree);
    const button = (label, onclick) => h('button', { type: 'button', onclick }, label);
    this.#buttons = {
      add: button(`New ${noun}`, () => this.#askNew()),
      rename: button('Rename', () => this.#askRename()),
      split: button('Split', () => this.#askSplit()),
      addChild: button('Add child', () => this.#askChild()),
      remove: button('Remove from parent', () => this.#removeFromParent()),
    };
    this.#toolbar.replaceChildren(...Object.values(this.#buttons));
    this.#render();
  }

  // Drawing.

  /**
   * Lays the rows out again. A row that shows what it showed keeps its element (and a drag by it goes on), so
   * news from the library — another console's edit, this one's answer — moves nothing under the performer's hand.
   */
  #render() {
    const state = this.#state;
    state.layout();
    const { noun } = this.#treeKind;
    const hadFocus = this.shadowRoot.activeElement?.getAttribute('role') === 'treeitem';
    const before = this.#shown;
    this.#shown = new Map(state.rows.map((row) => [row.key, this.#shownRow(row, before.get(row.key))]));
    if (this.#drag && this.#shown.get(this.#drag.row.key)?.row !== this.#drag.row) this.#drag.finish(false);
    const elements = [...this.#shown.values()].map(({ element }) => element);
    const children = this.#tree.children;
    if (elements.length !== children.length || elements.some((element, index) => children[index] !== element)) {
      this.#tree.replaceChildren(...elements);
    }
    for (const { row, element } of this.#shown.values()) {
      element.setAttribute('aria-selected', String(row.key === state.selectedKey));
      element.tabIndex = row.key === state.focusKey ? 0 : -1;
    }
    if (hadFocus && this.shadowRoot.activeElement?.dataset?.key !== state.focusKey) this.#shown.get(state.focusKey)?.element.focus();
    this.#empty.hidden = !state.music || state.rows.length > 0;
    this.#empty.textContent = `No ${noun}s yet: add one with “New ${noun}”.`;
    for (const [name, can] of Object.entries(state.actions)) this.#buttons[name].disabled = !can;
  }

  /** Row `row` as shown: `kept` (its key's entry before) when it shows the same, else a new element. */
  #shownRow(row, kept) {
    const node = this.#state.hierarchy.nodes.get(row.id);
    const detail = row.composed ? '' : this.#atomicDetail(node);
    const signature = JSON.stringify([row, detail]);
    return kept?.signature === signature ? kept : { row, signature, element: this.#rowElement(row, detail) };
  }

  /** A row's element (its selection and tab stop are set by `#render`). */
  #rowElement(row, detail) {
    const places = row.uses > 1 ? `in ${row.uses} places` : '';
    const description = [detail, places].filter(Boolean).join(', ');
    return h('div', {
      role: 'treeitem',
      className: 'row',
      'data-key': row.key,
      'aria-label': row.name,
      'aria-description': description || undefined,
      'aria-level': row.depth + 1,
      'aria-setsize': row.setSize,
      'aria-posinset': row.index + 1,
      'aria-expanded': row.composed ? String(row.expanded) : undefined,
      style: `--depth: ${row.depth}`,
    },
    h('span', { className: 'twisty', 'aria-hidden': 'true' }, row.composed ? (row.expanded ? '▾' : '▸') : ''),
    h('span', { className: 'name' }, row.name),
    places ? h('span', { className: 'badge', 'aria-hidden': 'true', title: places }, `×${row.uses}`) : null,
    detail ? h('span', { className: 'detail', 'aria-hidden': 'true' }, detail) : null,
    row.parent === null ? null : h('span', {
      className: 'grip', 'aria-hidden': 'true', title: 'Drag to reorder',
      onpointerdown: (event) => this.#startDrag(event, row),
      onclick: (event) => event.stopPropagation(),
    }, '⠿'));
  }

  /** What an atomic node plays: a part's length, a voice's sound, light or silence. */
  #atomicDetail(node) {
    if (this.kind === 'part') return beatsText(node.length);
    if (node.sound !== undefined && node.sound !== null) return 'sound';
    if (node.chordset !== undefined && node.chordset !== null) return 'light';
    return 'silent';
  }

  // The user's hand and keys.

  #clicked(event) {
    const key = rowKeyOf(event.target);
    if (key === null) return;
    if (event.target.closest('.twisty')) this.#toggle(key);
    else this.#select(key);
  }

  #doubleClicked(event) {
    const key = rowKeyOf(event.target);
    if (key !== null && !event.target.closest('.twisty, .grip')) this.#toggle(key);
  }

  #keyDown(event) {
    const action = treeKeyAction(this.#state.rows, this.#state.focusKey, event);
    if (!action) return;
    event.preventDefault();
    if (action.focus) this.#shown.get(action.focus)?.element.focus();
    else if (action.expand) this.#setExpanded(action.expand, true);
    else if (action.collapse) this.#setExpanded(action.collapse, false);
    else if (action.select) this.#select(action.select);
    else if (action.move) this.#move(this.#shown.get(action.move.key).row, action.move.index);
  }

  /** Roving tabindex: the focused row is the one Tab comes back to. */
  #focused(event) {
    const key = rowKeyOf(event.target);
    if (key === null || key === this.#state.focusKey) return;
    this.#shown.get(this.#state.focusKey)?.element.setAttribute('tabindex', '-1');
    this.#shown.get(key)?.element.setAttribute('tabindex', '0');
    this.#state.focusKey = key;
  }

  #toggle(key) {
    if (this.#shown.get(key)?.row.composed) this.#setExpanded(key, !this.#state.expanded.has(key));
  }

  #setExpanded(key, open) {
    this.#state.setExpanded(key, open);
    this.#render();
  }

  #select(key) {
    const changed = this.#state.select(key);
    this.#render();
    if (changed) this.dispatchEvent(new CustomEvent('select', { detail: { id: this.selectedId, key } }));
  }

  // Edits: each is an `edit` event for the page to send.

  #edit(edits, doing, select) {
    this.dispatchEvent(new CustomEvent('edit', { detail: select ? { edits, doing, select } : { edits, doing } }));
  }

  /** What a dialog's answer hands its edits to (music-tree-questions.js). */
  #edits = (edits, doing) => this.#edit(edits, doing);

  #move(row, index) {
    const { edits, doing } = this.#state.moveEdit(row, index);
    this.#edit(edits, doing);
  }

  #askNew() {
    this.#ask(newNodeQuestion(this.#treeKind, { tempo: this.#state.selectedRow?.node.tempo, edit: this.#edits }));
  }

  #askRename() {
    const selected = this.#state.selectedRow;
    if (selected) this.#ask(renameQuestion(this.#treeKind, { selected, edit: this.#edits }));
  }

  #askSplit() {
    const selected = this.#state.selectedRow;
    if (!selected) return;
    this.#ask(splitQuestion(this.#treeKind, { selected, expand: () => this.#state.expanded.add(selected.key), edit: this.#edits }));
  }

  #askChild() {
    const selected = this.#state.selectedRow;
    if (!selected) return;
    const candidates = this.#state.candidates(selected.id);
    this.#ask(childQuestion(this.#treeKind, { selected, candidates, expand: () => this.#state.expanded.add(selected.key), edit: this.#edits }));
  }

  #removeFromParent() {
    const remove = this.#state.removeEdit();
    if (remove) this.#edit(remove.edits, remove.doing, remove.select);
  }

  /** Opens the dialog with a question (music-tree-questions.js); it closes when answered or cancelled. */
  #ask(question) {
    const { form, headingId } = questionForm(question, () => this.#dialog.close());
    this.#dialog.setAttribute('aria-labelledby', headingId);
    this.#dialog.replaceChildren(form);
    this.#dialog.showModal();
    const [first] = question.fields;
    first.input.focus();
    if (first.input.type === 'text') first.input.select();
  }

  // Dragging a row by its grip among its siblings (tree-drag.js).

  #startDrag(event, row) {
    if (event.button > 0 || this.#drag) return;
    event.preventDefault();
    this.#drag = new RowDrag(event, row, {
      scroller: this.#scroller,
      root: this.shadowRoot,
      rowElement: (key) => this.#shown.get(key)?.element,
      rowOf: (key) => this.#shown.get(key)?.row,
      move: (dragged, index) => this.#move(dragged, index),
      ended: () => { this.#drag = null; },
    });
  }
}

/** The key of the row an element lies in, or null. */
function rowKeyOf(element) {
  return element?.closest?.('[role="treeitem"]')?.dataset.key ?? null;
}

if (!customElements.get('music-tree')) customElements.define('music-tree', MusicTree);
