// The lab's score clipboard (clipboard-buttons.js shows it): which atomic pair the plane works on — on an
// atomic part's plane, the part × the working row's voice; on a composed part's plane, the sub-pair of the
// cell worked on (its column's part × its row's voice, the pair a double tap opens) — what "Copy" keeps of it,
// and which edit a paste sends to another pair: `share` ("Paste linked": one score, heard and edited in both)
// or `copyScore` ("Paste as copy": a score of its own with the same events). A paste that cannot be is refused
// here with one line (nothing copied, the same pair, a pair that is not atomic); the engine has the last word
// (a copy whose events would not fit the part, say). No DOM.

/** The name of a pair for people: "Verse × Bass". */
export function pairLabel(index, pair) {
  const part = index?.parts?.get(pair?.part), voice = index?.voices?.get(pair?.voice);
  return part && voice ? `${part.name} × ${voice.name}` : null;
}

const atomic = (record) => Boolean(record) && !(record.children?.length > 0);

/**
 * The pair the plane (plane-model.js planeOf) works on, `{ part, voice, atomic, label }`, or null when none:
 * `at.row` is the working row (events plane), `at.cell` the cell worked on, `{ row, column }` (cells plane).
 */
export function workingPair(index, plane, at = {}) {
  if (!index || !plane || !Array.isArray(plane.rows)) return null;
  let pair = null;
  if (plane.kind === 'events') {
    const row = plane.rows[at.row];
    if (row) pair = { part: plane.part, voice: row.voice };
  } else if (plane.kind === 'cells' && at.cell) {
    const row = plane.rows[at.cell.row], column = plane.columns?.[at.cell.column];
    if (row && column) pair = { part: column.part, voice: row.voice };
  }
  const label = pair && pairLabel(index, pair);
  if (!label) return null;
  return { ...pair, atomic: atomic(index.parts.get(pair.part)) && atomic(index.voices.get(pair.voice)), label };
}

const scoreOf = (index, pair) => index.pairScore?.get(`${pair.part}:${pair.voice}`) ?? null;

/**
 * What "Copy" keeps of the working pair (workingPair): `{ clip }` — `{ part, voice }` — or `{ reason }` when
 * there is nothing to copy (no pair, a pair that is not atomic, or one with no score yet).
 */
export function copyRequest(index, working) {
  if (!working) return { reason: 'Choose a row or a cell of the plane to copy' };
  if (!working.atomic) return { reason: `${working.label} is not one part and one voice: open it and copy one of its rows` };
  if (scoreOf(index, working) === null) return { reason: `${working.label} has no score yet: draw an event first` };
  return { clip: { part: working.part, voice: working.voice } };
}

/** What the clipboard line says: "Copied: Verse × Bass", or "Nothing copied" (nothing, or it is gone). */
export function clipboardLine(index, clip) {
  const label = clip ? pairLabel(index, clip) : null;
  return label ? `Copied: ${label}` : 'Nothing copied';
}

/** The two ways to paste: a link to the copied score, or a score of its own with the same events. */
export const PASTE_MODES = Object.freeze({
  linked: { type: 'share', button: 'Paste linked' },
  copy: { type: 'copyScore', button: 'Paste as copy' },
});

/**
 * What pasting `clip` onto the working pair `target` asks, by `mode` ('linked' or 'copy'): `{ edits, doing }`
 * or `{ reason }` — nothing copied (or it is gone), no target, a target that is not atomic, the pair copied
 * itself, or (linked) a pair that already plays that score.
 */
export function pasteRequest(index, clip, target, mode) {
  const kind = PASTE_MODES[mode];
  if (!kind) return { reason: `There is no paste “${String(mode).slice(0, 20)}”` };
  const from = clip ? pairLabel(index, clip) : null;
  if (!from) return { reason: clip ? 'What was copied is no longer in the library: copy again' : 'Copy a score first' };
  if (!target) return { reason: 'Choose a row or a cell of the plane to paste onto' };
  if (!target.atomic) return { reason: `${target.label} is not one part and one voice: open it and paste onto one of its rows` };
  if (target.part === clip.part && target.voice === clip.voice) return { reason: `${target.label} is the pair copied` };
  const score = scoreOf(index, clip);
  if (mode === 'linked' && score !== null && scoreOf(index, target) === score) return { reason: `${target.label} already plays that score` };
  const edit = { type: kind.type, from: { part: clip.part, voice: clip.voice }, to: { part: target.part, voice: target.voice } };
  return {
    edits: [edit],
    doing: mode === 'linked' ? `link ${target.label} to ${from}` : `copy ${from}'s score to ${target.label}`,
  };
}

/**
 * What a key press does with the clipboard: `{ copy: true }` (Ctrl+C), `{ paste: 'linked' }` (Ctrl+V),
 * `{ paste: 'copy' }` (Ctrl+Shift+V), or null (⌘ counts as Ctrl; Alt, or any other key, leaves it alone).
 */
export function clipboardKey({ key, ctrlKey, metaKey, shiftKey, altKey }) {
  if (!(ctrlKey || metaKey) || altKey) return null;
  const letter = String(key ?? '').toLowerCase();
  if (letter === 'c' && !shiftKey) return { copy: true };
  if (letter === 'v') return { paste: shiftKey ? 'copy' : 'linked' };
  return null;
}
