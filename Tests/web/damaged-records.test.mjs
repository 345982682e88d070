// Damaged records: how one reads, which a page shows, what a rename sends and where a repair is asked.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  KIND_LABELS, NAME_LENGTH, SCOPES, canRename, damagedPaths, kindLabel, kindsOf, nameText, recordKey, recordLine, recordParts,
  recordsOf, renameRequest,
} from '../../Sources/WebClient/Web/shared/damaged-model.js';

const record = (more) => ({ kind: 'part', id: '4', name: 'Intro', reason: 'its beats are not a number', renamable: true, ...more });

test('a record reads as its kind, its name and why it cannot be read', () => {
  assert.equal(recordLine(record()), 'Part “Intro”: its beats are not a number');
  assert.equal(recordLine(record({ kind: 'mutedCell', name: null, reason: 'its column is not in the part' })),
    'Muted cell (no name): its column is not in the part');
  assert.equal(recordLine(record({ kind: 'chordset', name: 'bell\\u{7}' })), 'Chordset “bell\\u{7}”: its beats are not a number');
  assert.deepEqual(recordParts(record({ kind: 'partChild', name: undefined })),
    { kind: 'Part child', name: '(no name)', reason: 'its beats are not a number' });
});

test('every kind of the contract has words; an unknown kind is shown as the server named it', () => {
  const kinds = ['chordset', 'sound', 'part', 'voice', 'score', 'pair', 'partChild', 'voiceChild', 'mutedCell', 'composition'];
  assert.deepEqual(Object.keys(KIND_LABELS).sort(), [...kinds].sort());
  assert.equal(kindLabel('voiceChild'), 'Voice child');
  assert.equal(kindLabel('tempoMap'), 'tempoMap');
  assert.equal(kindLabel('constructor'), 'constructor');
});

test('the reason is one line; a name is quoted, kept as stored and cut when long', () => {
  assert.equal(recordLine(record({ reason: 'bad JSON\n  at byte 12' })), 'Part “Intro”: bad JSON');
  assert.equal(recordLine(record({ reason: '' })), 'Part “Intro”: it cannot be read');
  assert.equal(nameText(''), '“”');
  assert.equal(nameText('  two  '), '“  two  ”');
  const long = nameText('é'.repeat(500));
  assert.equal([...long].length, NAME_LENGTH + 2);
  assert.ok(long.endsWith('…”'));
  assert.equal(nameText('🎹'.repeat(NAME_LENGTH)), `“${'🎹'.repeat(NAME_LENGTH)}”`);
});

test('Rename is offered only where the server says so', () => {
  assert.equal(canRename(record()), true);
  assert.equal(canRename(record({ renamable: false })), false);
  assert.equal(canRename(record({ renamable: 'true' })), false);
  assert.equal(canRename({ kind: 'pair', id: '1' }), false);
  assert.equal(canRename(null), false);
});

test('a page shows the records of its scope, each once, in the order given', () => {
  const all = [
    record({ kind: 'chordset', id: 'c1' }), record({ id: '4' }), record({ kind: 'pair', id: 7 }), record({ id: '4', name: 'again' }),
    null, { kind: 'voice' }, { id: '3' }, 'part/4',
  ];
  assert.deepEqual(recordsOf(all, kindsOf('chordsets')).map(recordKey), ['chordset/c1']);
  assert.deepEqual(recordsOf(all, kindsOf('music')).map(recordKey), ['part/4', 'pair/7']);
  assert.deepEqual(recordsOf(all, kindsOf(null)).map(recordKey), ['chordset/c1', 'part/4', 'pair/7']);
  assert.equal(recordsOf(all, kindsOf('music'))[1].id, '7');
  assert.equal(recordsOf(all, kindsOf('music'))[0].name, 'Intro');
  assert.deepEqual(recordsOf(undefined), []);
  assert.deepEqual(recordsOf({ damaged: [] }), []);
  assert.equal(kindsOf('nothing'), null);
  assert.ok(!SCOPES.music.includes('chordset'));
  assert.deepEqual([...SCOPES.chordsets, ...SCOPES.music].sort(), Object.keys(KIND_LABELS).sort());
});

test('a rename sends the name typed, its ends trimmed; nothing typed is said, not sent', () => {
  assert.deepEqual(renameRequest('  Intro 2 '), { body: { name: 'Intro 2' } });
  assert.deepEqual(renameRequest('   '), { problem: 'Type the new name first.' });
  assert.deepEqual(renameRequest(undefined), { problem: 'Type the new name first.' });
});

test('a repair is asked at the record, its kind and id escaped', () => {
  assert.equal(damagedPaths.all, '/api/library/damaged');
  assert.equal(damagedPaths.record('part', '4'), '/api/library/damaged/part/4');
  assert.equal(damagedPaths.rename('chordset', 'a b/c?d#e'), '/api/library/damaged/chordset/a%20b%2Fc%3Fd%23e/rename');
  assert.equal(damagedPaths.record('mutedCell', '3:1:0:2'), '/api/library/damaged/mutedCell/3%3A1%3A0%3A2');
  assert.equal(damagedPaths.record('chordset', 'ünï'), '/api/library/damaged/chordset/%C3%BCn%C3%AF');
});
