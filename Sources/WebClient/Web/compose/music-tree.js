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
// pen or touch) onto a sibling's place.

import { DRAG_THRESHOLD, isDrag } from '../shared/drag.js';
import { h } from '../shared/dom.js';
import { adoptStyleSheet, loadStyleSheet } from '../shared/style-sheets.js';
import {
  beatsText, childQuestion, newNodeQuestion, questionForm, renameQuestion, splitQuestion,
} from './music-tree-questions.js';
import {
  ancestorKeys, childCandidates, closestKey, dropIndex, keyOfNode, parentKey, resolveKey, treeKeyAction, treeRows,
} from './tree-rows.js';

/** The trees' look (the lab's shared controls, then music-tree.css): read once, adopted by each tree's shadow root. */
const CONTROLS_STYLE = await loadStyleSheet(new URL('../shared/shadow-controls.css', import.meta.url));
const TREE_STYLE = await loadStyleSheet(new URL('./music-tree.css', import.meta.url));

/** How near the tree's top or bottom edge a dragged row scrolls it, and by how much each move, in pixels. */
const DRAG_SCROLL_MARGIN = 28;
const DRAG_SCROLL_STEP = 14;

/** What differs between the two trees: the tree's name, the word for a node, where the answer keeps them, the edits. */
const TREE_KINDS = {
  part: {
    tree: 'Parts', noun: 'part', records: 'parts', roots: 'rootParts',
    types: {
      add: 'addPart', rename: 'renamePart', addChild: 'addPartChild', removeChild: 'removePartChild',
      moveChild: 'movePartChild', split: 'splitPart',
    },
  },
  voice: {
    tree: 'Voices', noun: 'voice', records: 'voices', roots: 'rootVoices',
    types: {
      add: 'addVoice', rename: 'renameVoice', addChild: 'addVoiceChild', removeChild: 'removeVoiceChild',
      moveChild: 'moveVoiceChild', split: 'splitVoice',
    },
  },
};

/** The part or voice hierarchy of the music library as a tree the composer selects in, edits and reorders. */
class MusicTree extends HTMLElement {
  static observedAttributes = ['kind'];

  #music = null;
  #expanded = new Set();
  #rootsOpened = false;
  #selectedKey = null;
  #focusKey = null;
  /** This tree's nodes (a Map id → record) and roots, from `music`. */
  #hierarchy = { nodes: new Map(), roots: [] };
  #rows = [];
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
    this.#expanded.clear();
    this.#rootsOpened = false;
    this.#selectedKey = null;
    this.#focusKey = null;
    this.#applyKind();
  }

  get kind() { return this.getAttribute('kind') === 'voice' ? 'voice' : 'part'; }
  set kind(kind) { this.setAttribute('kind', kind); }

  get music() { return this.#music; }
  set music(music) {
    this.#music = music ?? null;
    this.#render();
  }

  get selectedKey() { return this.#selectedKey; }
  set selectedKey(key) {
    this.#selectedKey = key === null || key === undefined ? null : String(key);
    if (this.#selectedKey !== null) for (const above of ancestorKeys(this.#selectedKey)) this.#expanded.add(above);
    this.#focusKey = this.#selectedKey;
    this.#render();
  }

  get selectedId() { return this.#selectedRow()?.id ?? null; }

  /** Selects a row of node `id` (the one selected, if it shows it; else the nearest the roots), or nothing. */
  selectId(id) {
    if (this.selectedId === id) return;
    this.selectedKey = this.#hierarchy ? keyOfNode(this.#hierarchy, id) : null;
    this.shadowRoot.querySelector('[role="treeitem"][aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }

  get #treeKind() { return TREE_KINDS[this.kind]; }

  #applyKind() {
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

  #render() {
    this.#drag?.finish(false);
    const { records, roots, noun } = this.#treeKind;
    const hierarchy = {
      nodes: new Map((this.#music?.library?.[records] ?? []).map((record) => [record.id, record])),
      roots: this.#music?.[roots] ?? [],
    };
    this.#hierarchy = hierarchy;
    if (this.#music) {
      if (!this.#rootsOpened) for (const root of hierarchy.roots) this.#expanded.add(String(root));
      this.#rootsOpened = true;
      this.#selectedKey = closestKey(this.#selectedKey, (key) => resolveKey(hierarchy, key) !== null);
    }
    this.#rows = treeRows({ ...hierarchy, expanded: this.#expanded });
    const visible = new Set(this.#rows.map((row) => row.key));
    this.#focusKey = closestKey(this.#focusKey ?? this.#selectedKey, (key) => visible.has(key)) ?? this.#rows[0]?.key ?? null;

    const hadFocus = this.shadowRoot.activeElement?.getAttribute('role') === 'treeitem';
    this.#shown = new Map(this.#rows.map((row) => [row.key, { row, element: this.#rowElement(row) }]));
    this.#tree.replaceChildren(...[...this.#shown.values()].map(({ element }) => element));
    if (hadFocus) this.#shown.get(this.#focusKey)?.element.focus();
    this.#empty.hidden = !this.#music || this.#rows.length > 0;
    this.#empty.textContent = `No ${noun}s yet: add one with “New ${noun}”.`;
    this.#updateButtons();
  }

  #rowElement(row) {
    const node = this.#hierarchy.nodes.get(row.id);
    const detail = row.composed ? '' : this.#atomicDetail(node);
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
      'aria-selected': String(row.key === this.#selectedKey),
      'aria-expanded': row.composed ? String(row.expanded) : undefined,
      tabindex: row.key === this.#focusKey ? '0' : '-1',
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

  #updateButtons() {
    const selected = this.#selectedRow();
    const composed = selected !== null && (this.#hierarchy.nodes.get(selected.id)?.children?.length ?? 0) > 0;
    this.#buttons.add.disabled = !this.#music;
    this.#buttons.rename.disabled = selected === null;
    this.#buttons.split.disabled = selected === null || composed;
    this.#buttons.addChild.disabled = selected === null || this.#candidates(selected.id).length === 0;
    this.#buttons.remove.disabled = selected === null || selected.parent === null;
  }

  /** The selected row's `{ key, id, parent, place, node }`, or null. */
  #selectedRow() {
    if (this.#selectedKey === null) return null;
    const found = resolveKey(this.#hierarchy, this.#selectedKey);
    return found && { ...found, key: this.#selectedKey, node: this.#hierarchy.nodes.get(found.id) };
  }

  #candidates(parent) {
    return childCandidates({ nodes: this.#hierarchy.nodes, parent, kind: this.kind });
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
    const action = treeKeyAction(this.#rows, this.#focusKey, event);
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
    if (key === null || key === this.#focusKey) return;
    this.#shown.get(this.#focusKey)?.element.setAttribute('tabindex', '-1');
    this.#shown.get(key)?.element.setAttribute('tabindex', '0');
    this.#focusKey = key;
  }

  #toggle(key) {
    if (this.#shown.get(key)?.row.composed) this.#setExpanded(key, !this.#expanded.has(key));
  }

  #setExpanded(key, open) {
    if (open) this.#expanded.add(key);
    else this.#expanded.delete(key);
    this.#focusKey = key;
    this.#render();
  }

  #select(key) {
    const changed = key !== this.#selectedKey;
    this.#selectedKey = key;
    this.#focusKey = key;
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
    const { noun, types } = this.#treeKind;
    this.#edit([{ type: types.moveChild, parent: row.parent, place: row.place, index }], `move the ${noun}`);
  }

  #askNew() {
    this.#ask(newNodeQuestion(this.#treeKind, { tempo: this.#selectedRow()?.node.tempo, edit: this.#edits }));
  }

  #askRename() {
    const selected = this.#selectedRow();
    if (selected) this.#ask(renameQuestion(this.#treeKind, { selected, edit: this.#edits }));
  }

  #askSplit() {
    const selected = this.#selectedRow();
    if (!selected) return;
    this.#ask(splitQuestion(this.#treeKind, { selected, expand: () => this.#expanded.add(selected.key), edit: this.#edits }));
  }

  #askChild() {
    const selected = this.#selectedRow();
    if (!selected) return;
    const candidates = this.#candidates(selected.id);
    this.#ask(childQuestion(this.#treeKind, { selected, candidates, expand: () => this.#expanded.add(selected.key), edit: this.#edits }));
  }

  #removeFromParent() {
    const selected = this.#selectedRow();
    if (!selected || selected.parent === null) return;
    const { noun, types } = this.#treeKind;
    this.#edit(
      [{ type: types.removeChild, parent: selected.parent, place: selected.place }],
      `take the ${noun} out of its parent`,
      { key: parentKey(selected.key), id: selected.parent },
    );
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

  // Dragging a row by its grip among its siblings.

  #startDrag(event, row) {
    if (event.button > 0 || this.#drag) return;
    event.preventDefault();
    const grip = event.currentTarget;
    grip.setPointerCapture(event.pointerId);
    const drag = { row, pointerId: event.pointerId, start: { x: event.clientX, y: event.clientY }, moved: false, index: null, mark: null };
    const move = (moveEvent) => { if (moveEvent.pointerId === drag.pointerId) this.#dragTo(drag, moveEvent); };
    const end = (endEvent) => { if (endEvent.pointerId === drag.pointerId) drag.finish(endEvent.type === 'pointerup'); };
    drag.finish = (dropped) => {
      grip.removeEventListener('pointermove', move);
      grip.removeEventListener('pointerup', end);
      grip.removeEventListener('pointercancel', end);
      this.#drag = null;
      this.#markDrop(drag, null);
      this.#shown.get(row.key)?.element.classList.remove('dragging');
      if (dropped && drag.index !== null) this.#move(row, drag.index);
    };
    grip.addEventListener('pointermove', move);
    grip.addEventListener('pointerup', end);
    grip.addEventListener('pointercancel', end);
    this.#drag = drag;
  }

  #dragTo(drag, event) {
    const point = { x: event.clientX, y: event.clientY };
    if (!drag.moved && !isDrag(drag.start, point, DRAG_THRESHOLD)) return;
    if (!drag.moved) this.#shown.get(drag.row.key)?.element.classList.add('dragging');
    drag.moved = true;
    const edge = this.#scroller.getBoundingClientRect();
    if (point.y < edge.top + DRAG_SCROLL_MARGIN) this.#scroller.scrollTop -= DRAG_SCROLL_STEP;
    else if (point.y > edge.bottom - DRAG_SCROLL_MARGIN) this.#scroller.scrollTop += DRAG_SCROLL_STEP;

    const element = this.shadowRoot.elementFromPoint(point.x, point.y)?.closest('[role="treeitem"]') ?? null;
    const target = element ? this.#shown.get(element.dataset.key)?.row : undefined;
    const box = element?.getBoundingClientRect();
    const side = box && point.y >= box.top + box.height / 2 ? 'after' : 'before';
    drag.index = dropIndex(drag.row, target, side);
    this.#markDrop(drag, drag.index === null ? null : { element, side });
  }

  /** Shows the drop line at `mark` (`{ element, side }`), or nowhere. */
  #markDrop(drag, mark) {
    drag.mark?.element.classList.remove('drop-before', 'drop-after');
    mark?.element.classList.add(`drop-${mark.side}`);
    drag.mark = mark;
  }
}

/** The key of the row an element lies in, or null. */
function rowKeyOf(element) {
  return element?.closest?.('[role="treeitem"]')?.dataset.key ?? null;
}

if (!customElements.get('music-tree')) customElements.define('music-tree', MusicTree);
