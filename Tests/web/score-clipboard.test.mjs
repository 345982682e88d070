// The score clipboard: which pair the plane works on (the working row, or a composed part's cell), what Copy
// keeps, which edit a paste sends (share or copyScore), what is refused in the page, and the keys.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { indexMusic, planeOf } from '../../Sources/WebClient/Web/compose/plane/plane-model.js';
import {
  PASTE_MODES, clipboardKey, clipboardLine, copyRequest, pairLabel, pasteRequest, workingPair,
} from '../../Sources/WebClient/Web/compose/score-clipboard.js';

/**
 * Intro (atomic) and Verse (atomic), Song = Intro, Verse; voices Kick and Veil (sharing score 10 on Intro),
 * Bass (no score on Intro; score 11 on Verse), Band = Kick, Veil, Bass, and Kit = Band (composed twice over).
 */
const index = indexMusic({
  library: {
    parts: [
      { id: 1, name: 'Intro', length: 3840, tempo: 120, children: [] },
      { id: 6, name: 'Verse', length: 3840, tempo: 120, children: [] },
      { id: 2, name: 'Song', length: 960, tempo: 120, children: [{ node: 1, place: 20 }, { node: 6, place: 21 }] },
    ],
    voices: [
      { id: 3, name: 'Kick', sound: 9, children: [] },
      { id: 4, name: 'Veil', chordset: 'x', chord: 0, children: [] },
      { id: 5, name: 'Bass', sound: 8, children: [] },
      { id: 7, name: 'Band', children: [{ node: 3, place: 30 }, { node: 4, place: 31 }, { node: 5, place: 32 }] },
      { id: 13, name: 'Kit', children: [{ node: 7, place: 33 }] },
    ],
    scores: [{ id: 10, events: [{ start: 0, length: 240 }] }, { id: 11, events: [] }],
    pairs: [{ part: 1, voice: 3, score: 10 }, { part: 1, voice: 4, score: 10 }, { part: 6, voice: 5, score: 11 }],
  },
  durations: { 1: 2, 6: 2, 2: 4 },
});

test('the working pair: the part × the working row’s voice, or a composed part’s cell’s sub-pair', () => {
  const intro = planeOf(index, 1, 7);
  assert.deepEqual(workingPair(index, intro, { row: 0 }), { part: 1, voice: 3, atomic: true, label: 'Intro × Kick' });
  assert.deepEqual(workingPair(index, intro, { row: 2 }), { part: 1, voice: 5, atomic: true, label: 'Intro × Bass' });
  assert.equal(workingPair(index, intro, { row: 3 }), null, 'no such row');
  assert.equal(workingPair(index, intro, {}), null);
  const song = planeOf(index, 2, 7);
  assert.deepEqual(workingPair(index, song, { row: 1, cell: { row: 1, column: 1 } }), { part: 6, voice: 4, atomic: true, label: 'Verse × Veil' });
  assert.equal(workingPair(index, song, { row: 1 }), null, 'on cells, the cell counts, not the row');
  assert.equal(workingPair(index, song, { cell: { row: 0, column: 5 } }), null);
  assert.equal(workingPair(index, song, { cell: { row: Number.NaN, column: 0 } }), null);
  // Not atomic: a composed voice's row on an atomic part, a cell whose voice is composed.
  assert.equal(workingPair(index, planeOf(index, 1, 13), { row: 0 }).atomic, false);
  assert.equal(workingPair(index, planeOf(index, 2, 13), { cell: { row: 0, column: 0 } }).atomic, false);
  assert.equal(workingPair(null, intro, { row: 0 }), null);
  assert.equal(workingPair(index, null, { row: 0 }), null);
  assert.equal(workingPair(index, { kind: 'events', part: 1 }, { row: 0 }), null, 'a plane without rows');
});

test('Copy keeps an atomic pair with a score, and says why it cannot otherwise', () => {
  const intro = planeOf(index, 1, 7);
  assert.deepEqual(copyRequest(index, workingPair(index, intro, { row: 0 })), { clip: { part: 1, voice: 3 } });
  assert.match(copyRequest(index, workingPair(index, intro, { row: 2 })).reason, /Intro × Bass has no score yet/);
  assert.match(copyRequest(index, workingPair(index, planeOf(index, 1, 13), { row: 0 })).reason, /Intro × Band is not one part and one voice/);
  assert.match(copyRequest(index, null).reason, /Choose a row or a cell/);
  // An empty score is still a score to link to or copy.
  assert.deepEqual(copyRequest(index, workingPair(index, planeOf(index, 6, 5), { row: 0 })), { clip: { part: 6, voice: 5 } });
});

test('what the clipboard line says, also once what was copied is gone', () => {
  assert.equal(clipboardLine(index, { part: 1, voice: 3 }), 'Copied: Intro × Kick');
  assert.equal(clipboardLine(index, null), 'Nothing copied');
  assert.equal(clipboardLine(index, { part: 1, voice: 99 }), 'Nothing copied');
  assert.equal(pairLabel(index, { part: 1 }), null);
});

test('Paste linked sends share, Paste as copy sends copyScore, from the copied pair to the working one', () => {
  const clip = { part: 1, voice: 3 };
  const target = workingPair(index, planeOf(index, 2, 7), { cell: { row: 2, column: 1 } });  // Verse × Bass
  assert.deepEqual(pasteRequest(index, clip, target, 'linked'), {
    edits: [{ type: 'share', from: { part: 1, voice: 3 }, to: { part: 6, voice: 5 } }], doing: 'link Verse × Bass to Intro × Kick',
  });
  assert.deepEqual(pasteRequest(index, clip, target, 'copy'), {
    edits: [{ type: 'copyScore', from: { part: 1, voice: 3 }, to: { part: 6, voice: 5 } }], doing: 'copy Intro × Kick\'s score to Verse × Bass',
  });
  assert.deepEqual(Object.keys(PASTE_MODES), ['linked', 'copy']);
});

test('a paste that cannot be is refused in the page, with a reason', () => {
  const clip = { part: 1, voice: 3 };
  const intro = planeOf(index, 1, 7);
  const kick = workingPair(index, intro, { row: 0 }), veil = workingPair(index, intro, { row: 1 });
  assert.match(pasteRequest(index, null, veil, 'linked').reason, /Copy a score first/);
  assert.match(pasteRequest(index, { part: 77, voice: 3 }, veil, 'copy').reason, /no longer in the library/);
  assert.match(pasteRequest(index, clip, null, 'linked').reason, /Choose a row or a cell/);
  assert.match(pasteRequest(index, clip, kick, 'copy').reason, /Intro × Kick is the pair copied/);
  assert.match(pasteRequest(index, clip, veil, 'linked').reason, /Intro × Veil already plays that score/);
  assert.equal(pasteRequest(index, clip, veil, 'copy').edits[0].type, 'copyScore', 'a linked pair may get a copy of its own');
  const band = workingPair(index, planeOf(index, 1, 13), { row: 0 });
  assert.match(pasteRequest(index, clip, band, 'linked').reason, /Intro × Band is not one part and one voice/);
  assert.match(pasteRequest(index, clip, veil, 'cut').reason, /no paste/);
  assert.match(pasteRequest(index, clip, veil, undefined).reason, /no paste/);
});

test('the keys: Ctrl+C copies, Ctrl+V pastes linked, Ctrl+Shift+V as a copy; ⌘ for Ctrl, nothing with Alt', () => {
  assert.deepEqual(clipboardKey({ key: 'c', ctrlKey: true }), { copy: true });
  assert.deepEqual(clipboardKey({ key: 'C', metaKey: true }), { copy: true });
  assert.deepEqual(clipboardKey({ key: 'v', ctrlKey: true }), { paste: 'linked' });
  assert.deepEqual(clipboardKey({ key: 'V', ctrlKey: true, shiftKey: true }), { paste: 'copy' });
  assert.equal(clipboardKey({ key: 'c' }), null);
  assert.equal(clipboardKey({ key: 'C', ctrlKey: true, shiftKey: true }), null);
  assert.equal(clipboardKey({ key: 'v', ctrlKey: true, altKey: true }), null);
  assert.equal(clipboardKey({ key: 'z', ctrlKey: true }), null);
  assert.equal(clipboardKey({ ctrlKey: true }), null);
});
