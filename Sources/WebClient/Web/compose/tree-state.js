// What one of the lab's trees (music-tree.js) shows of the music library, as a value: the tree's nodes and
// roots from GET /api/music's answer, which rows are open, the row selected and the keyboard's row (its tab
// stop) — and what follows from them: the rows laid out (tree-rows.js), which of the tree's buttons can act,
// and the edits that move a row or take it out of its parent. The first answer opens the roots; a selected
// row that is gone gives way to its nearest row above that still exists. No DOM here.

import { ancestorKeys, childCandidates, closestKey, keyOfNode, parentKey, resolveKey, treeRows } from './tree-rows.js';

/** What differs between the two trees: the tree's name, the word for a node, where the answer keeps them, the edits. */
export const TREE_KINDS = Object.freeze({
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
});

/** A tree's state: change it, then `layout()` before reading its rows. */
export class TreeState {
  constructor(kind = 'part') {
    this.music = null;
    this.reset(kind);
    /** This tree's nodes (a Map id → record) and roots, from `music`. */
    this.hierarchy = { nodes: new Map(), roots: [] };
    this.rows = [];
  }

  /** The tree of `kind` ('part' or 'voice'), nothing open and nothing selected. */
  reset(kind) {
    this.kind = kind === 'voice' ? 'voice' : 'part';
    this.expanded = new Set();
    this.rootsOpened = false;
    this.selectedKey = null;
    this.focusKey = null;
  }

  /** What differs for this tree's kind (TREE_KINDS). */
  get treeKind() { return TREE_KINDS[this.kind]; }

  /**
   * The rows laid out from the library as it is: the roots opened the first time it comes, the selection on
   * its row or the nearest above that still exists, the keyboard's row on one shown (else the first).
   */
  layout() {
    const { records, roots } = this.treeKind;
    const hierarchy = {
      nodes: new Map((this.music?.library?.[records] ?? []).map((record) => [record.id, record])),
      roots: this.music?.[roots] ?? [],
    };
    this.hierarchy = hierarchy;
    if (this.music) {
      if (!this.rootsOpened) for (const root of hierarchy.roots) this.expanded.add(String(root));
      this.rootsOpened = true;
      this.selectedKey = closestKey(this.selectedKey, (key) => resolveKey(hierarchy, key) !== null);
    }
    this.rows = treeRows({ ...hierarchy, expanded: this.expanded });
    const visible = new Set(this.rows.map((row) => row.key));
    this.focusKey = closestKey(this.focusKey ?? this.selectedKey, (key) => visible.has(key)) ?? this.rows[0]?.key ?? null;
  }

  /** Selects the row of `key` (null: none), opening the rows above it; the keyboard goes there too. */
  reveal(key) {
    this.selectedKey = key === null || key === undefined ? null : String(key);
    if (this.selectedKey !== null) for (const above of ancestorKeys(this.selectedKey)) this.expanded.add(above);
    this.focusKey = this.selectedKey;
  }

  /** Selects the row of `key`, where the keyboard is; whether that changed the selection. */
  select(key) {
    const changed = key !== this.selectedKey;
    this.selectedKey = key;
    this.focusKey = key;
    return changed;
  }

  /** Opens or closes the row of `key`; the keyboard goes there. */
  setExpanded(key, open) {
    if (open) this.expanded.add(key);
    else this.expanded.delete(key);
    this.focusKey = key;
  }

  /** The key of a row of node `id` (the shortest path to it), or null. */
  keyOfNode(id) {
    return keyOfNode(this.hierarchy, id);
  }

  /** The selected row's `{ key, id, parent, place, node }`, or null. */
  get selectedRow() {
    if (this.selectedKey === null) return null;
    const found = resolveKey(this.hierarchy, this.selectedKey);
    return found && { ...found, key: this.selectedKey, node: this.hierarchy.nodes.get(found.id) };
  }

  /** The nodes that may become children of node `parent`. */
  candidates(parent) {
    return childCandidates({ nodes: this.hierarchy.nodes, parent, kind: this.kind });
  }

  /** Which buttons can act now: `{ add, rename, split, addChild, remove }`, each true or false. */
  get actions() {
    const selected = this.selectedRow;
    const composed = selected !== null && (this.hierarchy.nodes.get(selected.id)?.children?.length ?? 0) > 0;
    return {
      add: Boolean(this.music),
      rename: selected !== null,
      split: selected !== null && !composed,
      addChild: selected !== null && this.candidates(selected.id).length > 0,
      remove: selected !== null && selected.parent !== null,
    };
  }

  /** The edit that moves `row` to `index` among its siblings: `{ edits, doing }`. */
  moveEdit(row, index) {
    const { noun, types } = this.treeKind;
    return { edits: [{ type: types.moveChild, parent: row.parent, place: row.place, index }], doing: `move the ${noun}` };
  }

  /** The edit that takes the selected row out of its parent, and the parent's row to select then: `{ edits, doing, select }`; null for a root or none. */
  removeEdit() {
    const selected = this.selectedRow;
    if (!selected || selected.parent === null) return null;
    const { noun, types } = this.treeKind;
    return {
      edits: [{ type: types.removeChild, parent: selected.parent, place: selected.place }],
      doing: `take the ${noun} out of its parent`,
      select: { key: parentKey(selected.key), id: selected.parent },
    };
  }
}
