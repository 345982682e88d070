// A lab tree's state (compose/tree-state.js): the roots opened when the library first comes, the selection kept
// on its row or the nearest above it that still exists, the keyboard's row, which buttons can act, and the
// edits that move a row or take it out of its parent — for parts and voices alike.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { TREE_KINDS, TreeState } from '../../Sources/WebClient/Web/compose/tree-state.js';

// A small library as GET /api/music answers it: Song holds Intro, Verse and Verse again; Loop holds Verse.
const children = (...pairs) => pairs.map(([place, node]) => ({ place, node }));
const music = (more = {}) => ({
  library: {
    parts: [
      { id: 1, name: 'Intro', length: 3840, tempo: 100, children: [] },
      { id: 2, name: 'Verse', length: 7680, tempo: 100, children: [] },
      { id: 4, name: 'Song', length: 960, tempo: 100, children: children([6, 1], [7, 2], [9, 2]) },
      { id: 5, name: 'Loop', length: 960, tempo: 100, children: children([11, 2]) },
    ],
    voices: [
      { id: 14, name: 'Kick', sound: 13, children: [] },
      { id: 23, name: 'Rhythm', children: children([28, 14]) },
    ],
  },
  rootParts: [4, 5],
  rootVoices: [23],
  ...more,
});

const keysOf = (state) => state.rows.map((row) => row.key);

test('before the library comes: no rows, nothing to act on but nothing to add to either', () => {
  const state = new TreeState('part');
  state.layout();
  assert.deepEqual(state.rows, []);
  assert.equal(state.focusKey, null);
  assert.deepEqual(state.actions, { add: false, rename: false, split: false, addChild: false, remove: false });
});

test('the first answer opens the roots, once; the keyboard starts on the first row', () => {
  const state = new TreeState('part');
  state.music = music();
  state.layout();
  assert.deepEqual(keysOf(state), ['4', '4/6', '4/7', '4/9', '5', '5/11']);
  assert.equal(state.focusKey, '4');
  state.setExpanded('4', false);
  state.layout();
  assert.deepEqual(keysOf(state), ['4', '5', '5/11'], 'a root closed stays closed when the library comes again');
  assert.equal(state.focusKey, '4', 'the keyboard goes to the row opened or closed');
  assert.deepEqual(state.actions, { add: true, rename: false, split: false, addChild: false, remove: false });
});

test('a row revealed opens the rows above it; what can act follows the row selected', () => {
  const state = new TreeState('part');
  state.music = music();
  state.layout();
  state.setExpanded('4', false);
  state.reveal('4/7');
  state.layout();
  assert.ok(keysOf(state).includes('4/7'), 'Song opened again to show it');
  assert.equal(state.focusKey, '4/7');
  assert.deepEqual(state.selectedRow, { id: 2, parent: 4, place: 7, key: '4/7', node: music().library.parts[1] });
  assert.deepEqual(state.actions, { add: true, rename: true, split: true, addChild: true, remove: true });
  state.reveal('4');
  state.layout();
  assert.deepEqual(state.actions, { add: true, rename: true, split: false, addChild: true, remove: false },
    'a composed root is neither split nor taken out of a parent');
  state.reveal(null);
  state.layout();
  assert.equal(state.selectedRow, null);
});

test('a selected row that is gone gives way to the nearest row above it that still exists', () => {
  const state = new TreeState('part');
  state.music = music();
  state.reveal('4/9');
  state.layout();
  const shorter = music();
  shorter.library.parts[2] = { ...shorter.library.parts[2], children: children([6, 1], [7, 2]) };
  state.music = shorter;
  state.layout();
  assert.equal(state.selectedKey, '4');
  assert.equal(state.focusKey, '4');
});

test('selecting says whether the selection changed; the key of a node is its shortest row', () => {
  const state = new TreeState('part');
  state.music = music();
  state.layout();
  assert.equal(state.select('5/11'), true);
  assert.equal(state.select('5/11'), false);
  assert.equal(state.focusKey, '5/11');
  assert.equal(state.keyOfNode(2), '4/7');
  assert.equal(state.keyOfNode(99), null);
});

test('a reset forgets what was open and selected', () => {
  const state = new TreeState('part');
  state.music = music();
  state.reveal('4/7');
  state.layout();
  state.reset('voice');
  assert.equal(state.kind, 'voice');
  assert.equal(state.treeKind, TREE_KINDS.voice);
  state.layout();
  assert.equal(state.selectedKey, null);
  assert.deepEqual(keysOf(state), ['23', '23/28'], 'the voices, their root opened afresh');
});

test("the edits: a row moved among its siblings, and the selected row taken out of its parent, in each tree's words", () => {
  const parts = new TreeState('part');
  parts.music = music();
  parts.layout();
  const verse = parts.rows.find((row) => row.key === '4/9');
  assert.deepEqual(parts.moveEdit(verse, 0), {
    edits: [{ type: 'movePartChild', parent: 4, place: 9, index: 0 }], doing: 'move the part',
  });
  assert.equal(parts.removeEdit(), null, 'nothing selected');
  parts.reveal('4');
  assert.equal(parts.removeEdit(), null, 'a root has no parent');
  parts.reveal('4/9');
  assert.deepEqual(parts.removeEdit(), {
    edits: [{ type: 'removePartChild', parent: 4, place: 9 }], doing: 'take the part out of its parent', select: { key: '4', id: 4 },
  });

  const voices = new TreeState('voice');
  voices.music = music();
  voices.reveal('23/28');
  voices.layout();
  assert.deepEqual(voices.removeEdit(), {
    edits: [{ type: 'removeVoiceChild', parent: 23, place: 28 }], doing: 'take the voice out of its parent', select: { key: '23', id: 23 },
  });
  assert.deepEqual(voices.candidates(23), [], 'Kick is under Rhythm already, and a voice comes once under a parent');
  assert.deepEqual(voices.actions.addChild, false);
});
