// The composition lab's trees as plain values: rows, keys, keyboard, drag, and the edits' arithmetic.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  MAX_DEPTH, ancestorKeys, checkedName, childCandidates, closestKey, dropIndex, equalCuts, parentKey, resolveKey,
  treeKeyAction, treeRows,
} from '../../Sources/WebClient/Web/compose/tree-rows.js';

// The factory library "Demo" (seed 003's example), as GET /api/music answers it: ids, places and all.
const children = (...pairs) => pairs.map(([place, node]) => ({ place, node }));
const parts = new Map([
  { id: 1, name: 'Intro', length: 3840, tempo: 100, children: [] },
  { id: 2, name: 'Verse', length: 7680, tempo: 100, children: [] },
  { id: 3, name: 'Chorus', length: 7680, tempo: 100, children: [] },
  { id: 4, name: 'Song', length: 960, tempo: 100, children: children([6, 1], [7, 2], [8, 3], [9, 2], [10, 3]) },
  { id: 5, name: 'Loop', length: 960, tempo: 100, children: children([11, 2], [12, 3]) },
].map((part) => [part.id, part]));
const voices = new Map([
  { id: 14, name: 'Kick', sound: 13, children: [] },
  { id: 16, name: 'Hat', sound: 15, children: [] },
  { id: 18, name: 'Bell', sound: 17, children: [] },
  { id: 20, name: 'Pad', sound: 19, children: [] },
  { id: 21, name: 'Veil', chordset: 'c0ffee', chord: 0, children: [] },
  { id: 22, name: 'Beam', chordset: 'c0ffee', chord: 1, children: [] },
  { id: 23, name: 'Rhythm', children: children([28, 14], [29, 16]) },
  { id: 24, name: 'Melody', children: children([30, 18], [31, 20]) },
  { id: 25, name: 'Lights', children: children([32, 21], [33, 22]) },
  { id: 26, name: 'Band', children: children([34, 23], [35, 24], [36, 25]) },
  { id: 27, name: 'Pulse', children: children([37, 23], [38, 25]) },
].map((voice) => [voice.id, voice]));
const partTree = { nodes: parts, roots: [4, 5] };
const voiceTree = { nodes: voices, roots: [26, 27] };

const keysOf = (rows) => rows.map((row) => row.key);
const namesOf = (rows) => rows.map((row) => `${'  '.repeat(row.depth)}${row.name}`);

test('with nothing expanded a tree shows its roots, in order', () => {
  const rows = treeRows({ ...partTree, expanded: new Set() });
  assert.deepEqual(rows, [
    { key: '4', id: 4, name: 'Song', depth: 0, composed: true, expanded: false, parent: null, place: null, index: 0, setSize: 2, uses: 0 },
    { key: '5', id: 5, name: 'Loop', depth: 0, composed: true, expanded: false, parent: null, place: null, index: 1, setSize: 2, uses: 0 },
  ]);
});

test('an expanded part shows its children in order, a part that repeats once for each place', () => {
  const rows = treeRows({ ...partTree, expanded: new Set(['4']) });
  assert.deepEqual(namesOf(rows), ['Song', '  Intro', '  Verse', '  Chorus', '  Verse', '  Chorus', 'Loop']);
  assert.deepEqual(keysOf(rows), ['4', '4/6', '4/7', '4/8', '4/9', '4/10', '5']);
  const secondVerse = rows[4];
  assert.deepEqual(secondVerse, {
    key: '4/9', id: 2, name: 'Verse', depth: 1, composed: false, expanded: false, parent: 4, place: 9, index: 3,
    setSize: 5, uses: 3,
  }, 'Verse is in three places: twice in Song, once in Loop');
  assert.equal(rows[0].expanded, true);
});

test('a node under two parents appears under both, and each of its rows expands on its own', () => {
  const rows = treeRows({ ...voiceTree, expanded: new Set(['26', '27', '26/34']) });
  assert.deepEqual(namesOf(rows), [
    'Band', '  Rhythm', '    Kick', '    Hat', '  Melody', '  Lights',
    'Pulse', '  Rhythm', '  Lights',
  ]);
  const rhythms = rows.filter((row) => row.name === 'Rhythm');
  assert.deepEqual(rhythms.map((row) => [row.key, row.parent, row.expanded, row.uses]), [
    ['26/34', 26, true, 2],
    ['27/37', 27, false, 2],
  ]);
  assert.deepEqual(keysOf(rows.filter((row) => row.depth === 2)), ['26/34/28', '26/34/29']);
  assert.deepEqual(rows.filter((row) => row.depth === 2).map((row) => [row.parent, row.index, row.setSize]), [[23, 0, 2], [23, 1, 2]]);
});

test('a key of a collapsed row is kept: expanding it again shows what it showed', () => {
  const expanded = new Set(['26/34', '27']);
  assert.deepEqual(namesOf(treeRows({ ...voiceTree, expanded })), ['Band', 'Pulse', '  Rhythm', '  Lights']);
  expanded.add('26');
  assert.deepEqual(namesOf(treeRows({ ...voiceTree, expanded })).slice(0, 4), ['Band', '  Rhythm', '    Kick', '    Hat']);
});

test('no row lies deeper than MAX_DEPTH, however deep the library and whatever is expanded', () => {
  const chain = new Map();
  const expanded = new Set();
  let key = '1';
  for (let id = 1; id <= 100; id += 1) {
    chain.set(id, { id, name: `Level ${id}`, children: id < 100 ? [{ node: id + 1, place: 1000 + id }] : [] });
    expanded.add(key);
    key = `${key}/${1000 + id}`;
  }
  const rows = treeRows({ nodes: chain, roots: [1], expanded });
  assert.equal(rows.length, MAX_DEPTH + 1);
  assert.equal(rows.at(-1).depth, MAX_DEPTH);
  assert.equal(rows.at(-1).composed, true);
  assert.equal(rows.at(-1).expanded, false);
});

test('ids the library does not hold are skipped, as roots and as children', () => {
  const nodes = new Map([
    [1, { id: 1, name: 'A', children: [{ node: 99, place: 5 }, { node: 2, place: 6 }] }],
    [2, { id: 2, name: 'B', children: [{ node: 98, place: 7 }] }],
  ]);
  const rows = treeRows({ nodes, roots: [97, 1], expanded: new Set(['1', '1/6']) });
  assert.deepEqual(rows.map((row) => [row.key, row.index, row.setSize, row.composed]), [
    ['1', 0, 1, true],
    ['1/6', 0, 1, false],
  ]);
  assert.equal(resolveKey({ nodes, roots: [97, 1] }, '1/5'), null);
});

test('a row key leads to its node, parent and place while its path exists', () => {
  assert.deepEqual(resolveKey(partTree, '4'), { id: 4, parent: null, place: null });
  assert.deepEqual(resolveKey(partTree, '4/9'), { id: 2, parent: 4, place: 9 });
  assert.deepEqual(resolveKey(voiceTree, '27/37/29'), { id: 16, parent: 23, place: 29 });
  assert.equal(resolveKey(partTree, '4/11'), null, 'place 11 is under Loop, not Song');
  assert.equal(resolveKey(partTree, '2'), null, 'Verse is not a root');
  const exists = (key) => resolveKey(partTree, key) !== null;
  assert.equal(closestKey('4/9/77', exists), '4/9');
  assert.equal(closestKey('4/9', exists), '4/9');
  assert.equal(closestKey('3/1', exists), null);
  assert.equal(parentKey('26/34/28'), '26/34');
  assert.equal(parentKey('26'), null);
  assert.deepEqual(ancestorKeys('26/34/28'), ['26', '26/34']);
  assert.deepEqual(ancestorKeys('26'), []);
});

test('a row dropped among its siblings gives the index it moves to, counted after taking it out', () => {
  const rows = treeRows({ ...partTree, expanded: new Set(['4', '5']) });
  const row = (key) => rows.find((candidate) => candidate.key === key);
  const [intro, verse, chorus, , lastChorus] = ['4/6', '4/7', '4/8', '4/9', '4/10'].map(row);
  assert.equal(dropIndex(intro, chorus, 'after'), 2, 'Intro after Chorus: Verse, Chorus, Intro, …');
  assert.equal(dropIndex(intro, chorus, 'before'), 1);
  assert.equal(dropIndex(lastChorus, intro, 'before'), 0);
  assert.equal(dropIndex(verse, lastChorus, 'after'), 4);
  assert.equal(dropIndex(chorus, verse, 'after'), null, 'where it already is');
  assert.equal(dropIndex(chorus, chorus, 'before'), null);
  assert.equal(dropIndex(intro, row('5/11'), 'before'), null, 'under another parent');
  assert.equal(dropIndex(intro, row('4'), 'after'), null, 'onto its parent');
  assert.equal(dropIndex(row('4'), row('5'), 'after'), null, 'roots are not reordered');
  assert.equal(dropIndex(intro, undefined, 'after'), null, 'outside the tree');
});

test('a shared node is reordered only on the path it was dragged on', () => {
  const rows = treeRows({ ...voiceTree, expanded: new Set(['26', '27', '26/34', '27/37']) });
  const row = (key) => rows.find((candidate) => candidate.key === key);
  assert.equal(dropIndex(row('26/34/28'), row('26/34/29'), 'after'), 1);
  assert.equal(dropIndex(row('26/34/28'), row('27/37/29'), 'after'), null, 'the same Rhythm, reached through Pulse');
});

test('the keyboard walks the visible rows, opens and closes, selects and moves', () => {
  const rows = treeRows({ ...partTree, expanded: new Set(['4']) });
  const press = (key, extra = {}) => (focused) => treeKeyAction(rows, focused, { key, ...extra });
  assert.deepEqual(press('ArrowDown')('4'), { focus: '4/6' });
  assert.deepEqual(press('ArrowDown')('4/10'), { focus: '5' });
  assert.deepEqual(press('ArrowDown')('5'), { focus: '5' }, 'the last row stays');
  assert.deepEqual(press('ArrowUp')('4/6'), { focus: '4' });
  assert.deepEqual(press('ArrowUp')('4'), { focus: '4' });
  assert.deepEqual(press('Home')('4/8'), { focus: '4' });
  assert.deepEqual(press('End')('4/8'), { focus: '5' });
  assert.deepEqual(press('ArrowRight')('4'), { focus: '4/6' }, 'an open row: to its first child');
  assert.deepEqual(press('ArrowRight')('5'), { expand: '5' });
  assert.deepEqual(press('ArrowRight')('4/7'), { focus: '4/7' }, 'an atomic part has nothing to open');
  assert.deepEqual(press('ArrowLeft')('4'), { collapse: '4' });
  assert.deepEqual(press('ArrowLeft')('4/8'), { focus: '4' }, 'a child: to its parent');
  assert.deepEqual(press('ArrowLeft')('5'), { focus: '5' });
  assert.deepEqual(press('Enter')('4/9'), { select: '4/9' });
  assert.deepEqual(press(' ')('4/9'), { select: '4/9' });
  assert.deepEqual(press('ArrowDown', { altKey: true })('4/9'), { move: { key: '4/9', index: 4 } });
  assert.deepEqual(press('ArrowUp', { altKey: true })('4/9'), { move: { key: '4/9', index: 2 } });
  assert.deepEqual(press('ArrowUp', { altKey: true })('4/6'), { focus: '4/6' }, 'the first child cannot go up');
  assert.deepEqual(press('ArrowDown', { altKey: true })('4/10'), { focus: '4/10' });
  assert.deepEqual(press('ArrowDown', { altKey: true })('4'), { focus: '4' }, 'roots are not reordered');
  assert.equal(press('ArrowDown', { ctrlKey: true })('4'), null);
  assert.equal(press('a')('4'), null);
  assert.equal(treeKeyAction([], null, { key: 'ArrowDown' }), null);
});

test('a part is split into equal pieces on the grid of quarter beats, with no cut twice or at an end', () => {
  assert.deepEqual(equalCuts(3840, 2), [1920]);
  assert.deepEqual(equalCuts(3840, 3), [1200, 2640], '1280 and 2560 ticks, rounded to the grid');
  assert.deepEqual(equalCuts(3840, 16), [240, 480, 720, 960, 1200, 1440, 1680, 1920, 2160, 2400, 2640, 2880, 3120, 3360, 3600]);
  assert.deepEqual(equalCuts(960, 16), [240, 480, 720], 'a beat has four quarters');
  assert.deepEqual(equalCuts(240, 2), [], 'a quarter beat cannot be cut');
  assert.deepEqual(equalCuts(480, 3), [240]);
});

test('a name is trimmed and must be 1…200 characters', () => {
  assert.deepEqual(checkedName('  Bridge '), { name: 'Bridge' });
  assert.ok(checkedName('   ').error);
  assert.ok(checkedName(undefined).error);
  assert.deepEqual(checkedName('x'.repeat(200)), { name: 'x'.repeat(200) });
  assert.match(checkedName('x'.repeat(201)).error, /at most 200 characters; this one has 201/);
  assert.deepEqual(checkedName('🎵'.repeat(200)), { name: '🎵'.repeat(200) }, 'characters, not UTF-16 units');
});

test('the children a node may take: no cycle, and a voice at most once under a parent', () => {
  const names = (list) => list.map((node) => node.name);
  assert.deepEqual(names(childCandidates({ nodes: parts, parent: 4, kind: 'part' })), ['Chorus', 'Intro', 'Loop', 'Verse'],
    'a part may repeat; Song cannot contain itself');
  assert.deepEqual(names(childCandidates({ nodes: parts, parent: 2, kind: 'part' })), ['Chorus', 'Intro'],
    'Verse lies in Song and Loop: neither may go under it');
  assert.deepEqual(names(childCandidates({ nodes: voices, parent: 23, kind: 'voice' })),
    ['Beam', 'Bell', 'Lights', 'Melody', 'Pad', 'Veil'], 'Rhythm already holds Kick and Hat; Band and Pulse hold Rhythm');
  assert.deepEqual(childCandidates({ nodes: voices, parent: 99, kind: 'voice' }), []);
});

test('a node is found by the shortest path to it from the roots', async () => {
  const { keyOfNode } = await import('../../Sources/WebClient/Web/compose/tree-rows.js');
  const nodes = new Map([
    [1, { id: 1, children: [{ node: 2, place: 10 }] }], [2, { id: 2, children: [{ node: 3, place: 11 }] }],
    [3, { id: 3, children: [] }], [4, { id: 4, children: [{ node: 3, place: 12 }] }],
  ]);
  assert.equal(keyOfNode({ nodes, roots: [1, 4] }, 3), '4/12');
  assert.equal(keyOfNode({ nodes, roots: [1, 4] }, 2), '1/10');
  assert.equal(keyOfNode({ nodes, roots: [1, 4] }, 99), null);
});
