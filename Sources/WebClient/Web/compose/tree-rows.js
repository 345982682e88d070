// The composition lab's two trees, "Parts" and "Voices" (seed 003 §2.8), as plain values: which rows a tree
// shows, where the keyboard goes, where a dragged row lands, and the small arithmetic of the trees' edits.
// A node may come under several parents, and a part several times under one, so a row is a path: its key is
// the root's id and then the place ids down to it ("4/7"), and each path expands on its own. No DOM here.

import { capitalized, checkedText } from '../shared/text-rule.js';

/** The deepest a row may lie (a root is at depth 0): a malformed library cannot make a tree without end. */
export const MAX_DEPTH = 64;

/** The grid a part is split on: a quarter of a beat, in ticks (960 to a beat). */
const SPLIT_GRID = 240;

/** The longest a name may be, in characters (the library's rule). */
const MAX_NAME_LENGTH = 200;

const SEPARATOR = '/';

/** How many places hold each node: more than one means the node is shared (or repeated). */
function useCounts(nodes) {
  const counts = new Map();
  for (const node of nodes.values()) {
    for (const child of node.children ?? []) counts.set(child.node, (counts.get(child.node) ?? 0) + 1);
  }
  return counts;
}

/**
 * The rows a tree shows, in order: each root, and under every expanded row its children. `nodes` is a Map
 * id → record (`{ id, name, children: [{ node, place }] }`), `roots` the root ids in order, `expanded` a Set
 * of row keys. A row is `{ key, id, name, depth, composed, expanded, parent, place, index, setSize, uses }`:
 * `parent` and `place` are null for a root, `index` and `setSize` count the row's siblings, `uses` how many
 * places hold the node. Ids the library does not hold are skipped, and nothing lies deeper than MAX_DEPTH.
 */
export function treeRows({ nodes, roots, expanded = new Set() }) {
  const rows = [];
  const uses = useCounts(nodes);
  const visit = (node, { key, depth, parent, place, index, setSize }) => {
    const children = knownChildren(nodes, node);
    const open = children.length > 0 && depth < MAX_DEPTH && expanded.has(key);
    rows.push({
      key, id: node.id, name: node.name, depth, composed: children.length > 0, expanded: open, parent, place, index,
      setSize, uses: uses.get(node.id) ?? 0,
    });
    if (!open) return;
    children.forEach((child, childIndex) => visit(nodes.get(child.node), {
      key: `${key}${SEPARATOR}${child.place}`, depth: depth + 1, parent: node.id, place: child.place, index: childIndex,
      setSize: children.length,
    }));
  };
  const knownRoots = roots.filter((id) => nodes.has(id));
  knownRoots.forEach((id, index) => visit(nodes.get(id), {
    key: String(id), depth: 0, parent: null, place: null, index, setSize: knownRoots.length,
  }));
  return rows;
}

function knownChildren(nodes, node) {
  return (node.children ?? []).filter((child) => nodes.has(child.node));
}

/** The key of the row above `key` ("4/7" → "4"), or null for a root. */
export function parentKey(key) {
  const cut = key.lastIndexOf(SEPARATOR);
  return cut === -1 ? null : key.slice(0, cut);
}

/** The keys of the rows above `key`, the root first. */
export function ancestorKeys(key) {
  const keys = [];
  for (let above = parentKey(key); above !== null; above = parentKey(above)) keys.unshift(above);
  return keys;
}

/** `key` itself when `exists(key)`, else the nearest of its ancestors that exists, else null. */
export function closestKey(key, exists) {
  for (let candidate = key; candidate !== null; candidate = parentKey(candidate)) {
    if (exists(candidate)) return candidate;
  }
  return null;
}

/**
 * Where a row key leads in the library: `{ id, parent, place }` (parent and place null for a root), or null
 * when the path no longer exists — a place was taken out, or a node is no longer a root.
 */
export function resolveKey({ nodes, roots }, key) {
  const [first, ...places] = String(key).split(SEPARATOR);
  let id = roots.find((root) => String(root) === first);
  if (id === undefined || !nodes.has(id)) return null;
  let parent = null;
  let place = null;
  for (const segment of places) {
    const child = knownChildren(nodes, nodes.get(id)).find((candidate) => String(candidate.place) === segment);
    if (!child) return null;
    [parent, place, id] = [id, child.place, child.node];
  }
  return { id, parent, place };
}

/**
 * The key of the first row, breadth first from the roots, that shows node `id` (the shortest path to it), or
 * null when no path of at most MAX_DEPTH levels reaches it.
 */
export function keyOfNode({ nodes, roots }, id) {
  let level = roots.filter((root) => nodes.has(root)).map((root) => ({ id: root, key: String(root) }));
  const seen = new Set();
  for (let depth = 0; depth <= MAX_DEPTH && level.length > 0; depth += 1) {
    const next = [];
    for (const row of level) {
      if (row.id === id) return row.key;
      if (seen.has(row.id)) continue;  // its children were reached by a shorter path
      seen.add(row.id);
      for (const child of knownChildren(nodes, nodes.get(row.id))) next.push({ id: child.node, key: `${row.key}${SEPARATOR}${child.place}` });
    }
    level = next;
  }
  return null;
}

/**
 * What a key pressed on the tree's focused row does: `{ focus: key }` (move the focus; the same key when it
 * cannot move), `{ expand: key }`, `{ collapse: key }`, `{ select: key }`, `{ move: { key, index } }` (Alt+Up
 * and Alt+Down: the row's new index among its siblings), or null when the tree leaves the key to the browser.
 */
export function treeKeyAction(rows, focusedKey, { key: pressed, altKey = false, ctrlKey = false, metaKey = false }) {
  if (ctrlKey || metaKey || rows.length === 0) return null;
  const at = Math.max(0, rows.findIndex((row) => row.key === focusedKey));
  const row = rows[at];
  const stay = { focus: row.key };
  if (altKey) {
    if (pressed !== 'ArrowUp' && pressed !== 'ArrowDown') return null;
    const index = row.index + (pressed === 'ArrowUp' ? -1 : 1);
    return row.parent !== null && index >= 0 && index < row.setSize ? { move: { key: row.key, index } } : stay;
  }
  switch (pressed) {
    case 'ArrowDown': return { focus: rows[Math.min(at + 1, rows.length - 1)].key };
    case 'ArrowUp': return { focus: rows[Math.max(at - 1, 0)].key };
    case 'Home': return { focus: rows[0].key };
    case 'End': return { focus: rows[rows.length - 1].key };
    case 'ArrowRight':
      if (row.expanded) return { focus: rows[at + 1].key };
      return row.composed ? { expand: row.key } : stay;
    case 'ArrowLeft':
      if (row.expanded) return { collapse: row.key };
      return row.parent !== null ? { focus: parentKey(row.key) } : stay;
    case 'Enter':
    case ' ':
      return { select: row.key };
    default:
      return null;
  }
}

/**
 * Where a row dragged onto another lands: the index among its parent's children to move it to (counted
 * after taking it out, as the library's move edits count), dropping it `side` 'before' or 'after' the
 * `target` row. Null when the drop is not among the same parent's children (a row is reordered only under
 * its parent, on the same path; a root is not reordered) or when it would not move.
 */
export function dropIndex(dragged, target, side) {
  if (!dragged || !target || dragged.parent === null || parentKey(dragged.key) !== parentKey(target.key)) return null;
  const slot = target.index + (side === 'after' ? 1 : 0);
  const index = slot > dragged.index ? slot - 1 : slot;
  return index === dragged.index ? null : index;
}

/**
 * The cuts that split a part `length` ticks long into `pieces` equal pieces on the SPLIT_GRID, ascending;
 * cuts that round onto each other or onto the part's ends are dropped, so a short part may give fewer
 * pieces — or none at all (an empty list).
 */
export function equalCuts(length, pieces) {
  const cuts = new Set();
  for (let piece = 1; piece < pieces; piece += 1) {
    const cut = Math.round((length * piece) / pieces / SPLIT_GRID) * SPLIT_GRID;
    if (cut > 0 && cut < length) cuts.add(cut);
  }
  return [...cuts];
}

/** A name as the library takes it: `{ name }` trimmed, or `{ error }` saying what is wrong with it. */
export function checkedName(text, what = 'a name') {
  const checked = checkedText(text, what, { maximumLength: MAX_NAME_LENGTH });
  return checked.error ? { error: `${capitalized(checked.error)}.` } : { name: checked.text };
}

/** `id` and every node it lies below, however deep. */
function selfAndAncestors(nodes, id) {
  const parentsOf = new Map();
  for (const node of nodes.values()) {
    for (const child of node.children ?? []) parentsOf.set(child.node, [...(parentsOf.get(child.node) ?? []), node.id]);
  }
  const found = new Set([id]);
  const waiting = [id];
  while (waiting.length > 0) {
    for (const parent of parentsOf.get(waiting.pop()) ?? []) {
      if (found.has(parent)) continue;
      found.add(parent);
      waiting.push(parent);
    }
  }
  return found;
}

/**
 * The nodes that may become children of `parent`, by name: not `parent` nor any node it lies below (that
 * would be a cycle), and for voices not one already under it (a voice comes at most once under a parent;
 * a part may repeat). The library checks the same when the edit arrives; this only keeps the list honest.
 */
export function childCandidates({ nodes, parent, kind }) {
  const parentNode = nodes.get(parent);
  if (!parentNode) return [];
  const refused = selfAndAncestors(nodes, parent);
  if (kind === 'voice') for (const child of parentNode.children ?? []) refused.add(child.node);
  return [...nodes.values()]
    .filter((node) => !refused.has(node.id))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }) || a.id - b.id);
}
