// Damaged records (docs/library-api.md): rows of the library that cannot be read as they are, which the
// server sets aside and lists as `{kind, id, name, reason, renamable}` — in GET /api/chordsets (chordsets),
// GET /api/music (the music's kinds) and GET /api/library/damaged (all). This module says how one reads to a
// person, which of them a page shows, and where a repair is asked; damaged-records.js shows them. Whether a
// record can be renamed is the server's word (`renamable`), not a rule of this page. No DOM here.

import { oneLine } from './sender.js';

/** Each kind of record, in the words a person reads. */
export const KIND_LABELS = Object.freeze({
  chordset: 'Chordset', sound: 'Sound', part: 'Part', voice: 'Voice', score: 'Score', pair: 'Pair',
  partChild: 'Part child', voiceChild: 'Voice child', mutedCell: 'Muted cell', composition: 'Composition',
});

/** The kinds each page lists (the `scope` attribute): the console's chordset list, the lab's music. */
export const SCOPES = Object.freeze({
  chordsets: Object.freeze(['chordset']),
  music: Object.freeze(['sound', 'part', 'voice', 'score', 'pair', 'partChild', 'voiceChild', 'mutedCell', 'composition']),
});

/** The longest name shown, in characters (a damaged name may be anything the file held). */
export const NAME_LENGTH = 80;

/** Where the list is read and where a repair is asked; kind and id escaped. */
export const damagedPaths = Object.freeze({
  all: '/api/library/damaged',
  record: (kind, id) => `/api/library/damaged/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`,
  rename: (kind, id) => `${damagedPaths.record(kind, id)}/rename`,
});

/** A record's kind in words; a kind this page does not know is shown as the server named it. */
export function kindLabel(kind) {
  return Object.hasOwn(KIND_LABELS, kind) ? KIND_LABELS[kind] : String(kind);
}

/** A record's name as shown: quoted and cut to NAME_LENGTH characters, or "(no name)" when it has none. */
export function nameText(name) {
  if (name === null || name === undefined) return '(no name)';
  const chars = [...String(name)];
  return `“${chars.length > NAME_LENGTH ? `${chars.slice(0, NAME_LENGTH - 1).join('')}…` : chars.join('')}”`;
}

/** What a record's line says, in three parts: `{ kind: 'Part', name: '“Intro”', reason }`. */
export function recordParts(record) {
  return { kind: kindLabel(record.kind), name: nameText(record.name), reason: oneLine(record.reason) || 'it cannot be read' };
}

/** The one line that says what a record is and why it cannot be read: `Part “Intro”: …`. */
export function recordLine(record) {
  const { kind, name, reason } = recordParts(record);
  return `${kind} ${name}: ${reason}`;
}

/** Whether the server offers to rename the record. */
export function canRename(record) {
  return record?.renamable === true;
}

/** A record's key in a list: its kind and id. */
export function recordKey(record) {
  return `${record.kind}/${record.id}`;
}

/** The kinds a `scope` attribute names (null, or a scope not known: every kind). */
export function kindsOf(scope) {
  return Object.hasOwn(SCOPES, scope ?? '') ? SCOPES[scope] : null;
}

/**
 * The records of `kinds` (null: all) that can be shown, in the server's order, each once — a repair
 * answers with every kind's records, a page shows its own. Anything that is not a record is left out.
 */
export function recordsOf(records, kinds = null) {
  if (!Array.isArray(records)) return [];
  const seen = new Set();
  const shown = [];
  for (const record of records) {
    if (!record || typeof record.kind !== 'string' || record.id === undefined || record.id === null) continue;
    if (kinds && !kinds.includes(record.kind)) continue;
    const key = recordKey(record);
    if (seen.has(key)) continue;
    seen.add(key);
    shown.push({ ...record, id: String(record.id) });
  }
  return shown;
}

/**
 * What to send for a rename: `{ body: { name } }` with the name typed (its ends trimmed), or `{ problem }`
 * when nothing was typed. Whether the name is allowed is the server's to say.
 */
export function renameRequest(typed) {
  const name = String(typed ?? '').trim();
  return name === '' ? { problem: 'Type the new name first.' } : { body: { name } };
}
