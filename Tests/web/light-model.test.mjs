// A voice's light as plain values: who may have one, the chordsets the Light menu offers, the words for a
// light, the setLight edit, and where the arrows go among the chords.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  CHORDS, canLight, canReplaceSound, chordIndex, chordKeyMove, chordLabel, chordsetsOf, isAtomic, lightEdit, lightOf, lightText,
  pairTitle, playsChord, playsSound, titlesKey,
} from '../../Sources/WebClient/Web/compose/light-model.js';

const kick = { id: 14, name: 'Kick', sound: 13, chordset: null, chord: null, children: [] };
const veil = { id: 21, name: 'Veil', sound: null, chordset: 'c0ffee', chord: 2, children: [] };
const hush = { id: 22, name: 'Hush', children: [] };
const band = { id: 26, name: 'Band', children: [{ place: 34, node: 14 }] };

// GET /api/chordsets, with what a hostile or half-drawn library may hold.
const listing = {
  revision: 3,
  chordsets: [
    { id: 'c0ffee', number: 1, title: 'Lumia', chords: [{ number: 1, color: '#3a1f8c' }, { number: 2, color: 'red' }], thumbnails: '/api/chordsets/c0ffee/thumbnails.png?v=2' },
    { id: 'beef', number: 2, title: '   ', chords: 'x', thumbnails: null },
    { id: 'c0ffee', title: 'again' },
    { id: '', title: 'no id' },
    { title: 'none' },
    null,
    { id: 'far', title: `Long\n${'x'.repeat(300)}`, thumbnails: 'javascript:alert(1)', chords: [null, { color: '#ABCDEF80' }] },
  ],
};

test('a light for an atomic voice that plays no sound; another sound for any atomic voice', () => {
  assert.equal(canLight(veil), true);
  assert.equal(canLight(hush), true);
  assert.equal(canLight(kick), false);
  assert.equal(canLight(band), false);
  assert.equal(canLight(null), false);
  assert.equal(canReplaceSound(kick), true);
  assert.equal(canReplaceSound(veil), true);
  assert.equal(canReplaceSound(band), false);
  assert.equal(canReplaceSound(undefined), false);
  assert.equal(isAtomic({ id: 1, children: 'odd' }), true);
  assert.equal(playsSound({ sound: 0 }), true);
  assert.equal(playsSound({}), false);
});

test("a voice's light: its chordset and chord, or none", () => {
  assert.deepEqual(lightOf(veil), { chordset: 'c0ffee', chord: 2 });
  assert.equal(lightOf(kick), null);
  assert.equal(lightOf(hush), null);
  assert.equal(lightOf({ chordset: '' }), null);
  assert.equal(lightOf({ chordset: 42, chord: 1 }), null);
  assert.deepEqual(lightOf({ chordset: 'c0ffee', chord: 9 }), { chordset: 'c0ffee', chord: null });
  assert.deepEqual([0, 7, 8, -1, 1.5, '3', null].map(chordIndex), [0, 7, null, null, null, null, null]);
});

test('the chordsets as the menu offers them: ids once, titles one line, sheets only from the server, colours only plain ones', () => {
  const chordsets = chordsetsOf(listing);
  assert.deepEqual(chordsets.map((one) => one.id), ['c0ffee', 'beef', 'far']);
  assert.deepEqual(chordsets[0], {
    id: 'c0ffee', title: 'Lumia', thumbnails: '/api/chordsets/c0ffee/thumbnails.png?v=2',
    colors: ['#3a1f8c', null, null, null, null, null, null, null],
  });
  assert.equal(chordsets[1].title, 'Untitled');
  assert.equal(chordsets[1].thumbnails, null);
  assert.equal(chordsets[1].colors.length, CHORDS);
  assert.equal(chordsets[2].thumbnails, null, 'not an address of the server');
  assert.equal(chordsets[2].colors[1], '#ABCDEF80');
  assert.ok(!chordsets[2].title.includes('\n'));
  assert.equal([...chordsets[2].title].length, 120);
  for (const odd of [null, undefined, {}, { chordsets: 'x' }, []]) assert.deepEqual(chordsetsOf(odd), []);
});

test("a chord's button is named for its number from 1 and its chordset", () => {
  assert.equal(chordLabel('Lumia', 2), 'Chord 3 of Lumia');
  assert.equal(chordLabel('Lumia', 0), 'Chord 1 of Lumia');
  assert.equal(playsChord(veil, 'c0ffee', 2), true);
  assert.equal(playsChord(veil, 'c0ffee', 3), false);
  assert.equal(playsChord(hush, 'c0ffee', 2), false);
});

test('the light in words: the chordset by title and the chord from 1; none is null', () => {
  const chordsets = chordsetsOf(listing);
  assert.equal(lightText(veil, chordsets), 'Lumia, chord 3');
  assert.equal(lightText({ ...veil, chordset: 'gone' }, chordsets), 'a chordset not in the library, chord 3');
  assert.equal(lightText(veil, null), 'a chordset, chord 3', 'the list not read yet');
  assert.equal(lightText({ ...veil, chord: 99 }, chordsets), 'Lumia');
  assert.equal(lightText(hush, chordsets), null);
  assert.equal(lightText(null, chordsets), null);
  assert.equal(pairTitle({ name: 'Intro' }, veil, chordsets), 'Intro × Veil · light: Lumia, chord 3');
  assert.equal(pairTitle({ name: 'Intro' }, kick, chordsets), 'Intro × Kick');
});

test('the edit: setLight with a chordset and a chord 0…7, or without both for no light', () => {
  assert.deepEqual(lightEdit(21, 'c0ffee', 2), { type: 'setLight', voice: 21, chordset: 'c0ffee', chord: 2 });
  assert.deepEqual(lightEdit(21, 'c0ffee', 7), { type: 'setLight', voice: 21, chordset: 'c0ffee', chord: 7 });
  assert.deepEqual(lightEdit(21), { type: 'setLight', voice: 21 });
  assert.deepEqual(lightEdit(21, null, 3), { type: 'setLight', voice: 21 });
  for (const [voice, chordset, chord] of [[21, 'c0ffee', 8], [21, 'c0ffee', -1], [21, 'c0ffee', 1.5], [21, '', 0], [21, 7, 0],
    [0, 'c0ffee', 0], [-4, null], ['21', 'c0ffee', 0], [2 ** 60, 'c0ffee', 0], [undefined]]) {
    assert.equal(lightEdit(voice, chordset, chord), null, JSON.stringify([voice, chordset, chord]));
  }
});

test('the arrows move among the chords: along a chordset, and to the same chord above or below; edges hold', () => {
  assert.deepEqual(chordKeyMove('ArrowRight', { row: 0, chord: 0 }, 2), { row: 0, chord: 1 });
  assert.deepEqual(chordKeyMove('ArrowRight', { row: 0, chord: 7 }, 2), { row: 0, chord: 7 });
  assert.deepEqual(chordKeyMove('ArrowLeft', { row: 1, chord: 0 }, 2), { row: 1, chord: 0 });
  assert.deepEqual(chordKeyMove('ArrowDown', { row: 0, chord: 5 }, 2), { row: 1, chord: 5 });
  assert.deepEqual(chordKeyMove('ArrowDown', { row: 1, chord: 5 }, 2), { row: 1, chord: 5 });
  assert.deepEqual(chordKeyMove('ArrowUp', { row: 1, chord: 5 }, 2), { row: 0, chord: 5 });
  assert.deepEqual(chordKeyMove('Home', { row: 1, chord: 5 }, 2), { row: 1, chord: 0 });
  assert.deepEqual(chordKeyMove('End', { row: 1, chord: 5 }, 2), { row: 1, chord: 7 });
  assert.deepEqual(chordKeyMove('ArrowUp', { row: 40, chord: 90 }, 2), { row: 0, chord: 7 }, 'a stale place is held in');
  assert.equal(chordKeyMove('Enter', { row: 0, chord: 0 }, 2), null);
  assert.equal(chordKeyMove('ArrowDown', { row: 0, chord: 0 }, 0), null);
  assert.deepEqual(chordKeyMove('ArrowRight', undefined, 1), { row: 0, chord: 1 });
});

test("the header is told again only when the chordsets' titles change", () => {
  const chordsets = chordsetsOf(listing);
  assert.equal(titlesKey(chordsets), titlesKey(chordsetsOf(listing)));
  assert.notEqual(titlesKey(chordsets), titlesKey(chordsets.map((one) => ({ ...one, title: `${one.title}!` }))));
  assert.equal(titlesKey(null), '[]');
});
