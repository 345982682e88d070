// The lab's compositions: which the chooser shows for a pair, a free name for a new one, which names are
// refused in the page (the text rule; a name another composition has is the engine's to refuse), and the edits
// New, Rename and Delete send.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  NAME_LENGTH, addRequest, checkName, chosenComposition, compositionList, deleteRequest, freeCompositionName, renameRequest,
} from '../../Sources/WebClient/Web/compose/compositions-model.js';

const compositions = [
  { id: 9, name: 'Demo', part: 4, voice: 26 },
  { id: 12, name: 'Demo (live)', part: 4, voice: 26 },
  { id: 15, name: 'Étude', part: 5, voice: 26 },
];

test('the chooser shows the pair’s composition, the one last chosen when the pair has several, else none', () => {
  assert.equal(chosenComposition(compositions, { part: 4, voice: 26 }), 9);
  assert.equal(chosenComposition(compositions, { part: 4, voice: 26 }, 12), 12);
  assert.equal(chosenComposition(compositions, { part: 4, voice: 26 }, 15), 9, 'preferred, but of another pair');
  assert.equal(chosenComposition(compositions, { part: 1, voice: 2 }), null);
  assert.equal(chosenComposition(compositions, null), null);
  assert.equal(chosenComposition(undefined, { part: 4, voice: 26 }), null);
});

test('records that are not compositions are left out of the chooser', () => {
  assert.deepEqual(compositionList([null, 3, { id: 'x', name: 'A' }, { id: 1 }, { id: 2, name: 'B' }, { id: 1.5, name: 'C' }]), [{ id: 2, name: 'B' }]);
  assert.deepEqual(compositionList({ length: 2 }), []);
});

test('a new composition is offered a free name', () => {
  assert.equal(freeCompositionName([]), 'Composition 1');
  assert.equal(freeCompositionName([{ id: 1, name: 'Demo' }]), 'Composition 2');
  assert.equal(freeCompositionName([{ id: 1, name: 'Demo' }, { id: 2, name: 'composition 2' }]), 'Composition 3', 'whatever the case');
  assert.equal(freeCompositionName([{ id: 1, name: 'Composition 2' }, { id: 2, name: 'Composition 3' }]), 'Composition 4');
});

test('names are trimmed, and an empty, too long or multi-line one is refused with a reason', () => {
  assert.deepEqual(checkName('  Song  '), { name: 'Song' });
  assert.deepEqual(checkName('').reason, "A composition's name cannot be empty");
  assert.deepEqual(checkName('   ').reason, "A composition's name cannot be empty");
  assert.match(checkName(' \t ').reason, /cannot hold a tab/);
  assert.equal(checkName(null).reason, "A composition's name cannot be empty");
  assert.match(checkName('x'.repeat(NAME_LENGTH + 1)).reason, /at most 200 characters/);
  assert.deepEqual(checkName('😀'.repeat(NAME_LENGTH)), { name: '😀'.repeat(NAME_LENGTH) }, 'characters, not UTF-16 units');
  assert.match(checkName('two\nlines').reason, /cannot hold a line break/);
  assert.match(checkName('bell\u0007').reason, /cannot hold a control character/);
  assert.deepEqual(checkName('E\u0301tude'), { name: 'Étude' }, 'composed as the library composes it');
  // A name another composition has, whatever its case, is asked: the engine refuses it, and the lab says so.
  assert.deepEqual(addRequest('demo', { part: 4, voice: 7 }).edits, [{ type: 'addComposition', name: 'demo', part: 4, voice: 7 }]);
});

test('New, Rename and Delete send the edits the engine takes', () => {
  assert.deepEqual(addRequest(' Verse study ', { part: 4, voice: 7 }), {
    edits: [{ type: 'addComposition', name: 'Verse study', part: 4, voice: 7 }], doing: 'make the composition Verse study',
  });
  assert.match(addRequest('Song', null).reason, /Select a part and a voice/);
  assert.deepEqual(renameRequest('Demo 2', compositions, 9), {
    edits: [{ type: 'renameComposition', composition: 9, name: 'Demo 2' }], doing: 'rename Demo',
  });
  assert.deepEqual(renameRequest(' Demo ', compositions, 9), { unchanged: true });
  assert.match(renameRequest('Demo 2', compositions, 77).reason, /Choose a composition/);
  assert.match(renameRequest('', compositions, 9).reason, /cannot be empty/);
  assert.deepEqual(deleteRequest(compositions, 9), {
    edits: [{ type: 'deleteComposition', composition: 9 }], doing: 'delete Demo', said: 'Deleted Demo — Undo brings it back',
  });
  assert.match(deleteRequest(compositions, null).reason, /Choose a composition/);
  assert.match(deleteRequest([], Number.NaN).reason, /Choose a composition/);
});
