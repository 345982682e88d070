// The lab's compositions (compositions.js): which one the chooser shows for the selected pair, a free name
// for a new one, whether a name may be given, and the edits New, Rename and Delete ask for. A name is held to
// the text rule here (composed, trimmed, 1…200 characters, no control characters: shared/text-rule.js, the
// server's twin); whether another composition has it, whatever its case, is the engine's alone to say — the
// lab shows its refusal and the name can be mended. No DOM.

import { capitalized, checkedText } from '../shared/text-rule.js';

/** The longest name the library keeps, in characters (UserText). */
export const NAME_LENGTH = 200;

/** The compositions of the lab's index that are records the chooser can show: `{ id, name, part, voice }`. */
export function compositionList(compositions) {
  if (!Array.isArray(compositions)) return [];
  return compositions.filter((one) => one && Number.isSafeInteger(one.id) && typeof one.name === 'string');
}

/**
 * The composition the chooser shows for `pair`: `preferred` (an id) when it is that pair's, else the first of
 * that pair, else null (the pair is no composition: "—").
 */
export function chosenComposition(compositions, pair, preferred = null) {
  if (!pair) return null;
  const ofPair = compositionList(compositions).filter((one) => one.part === pair.part && one.voice === pair.voice);
  return (ofPair.find((one) => one.id === preferred) ?? ofPair[0])?.id ?? null;
}

/** `name` as the library compares names: trimmed, composed, whatever its case. */
const key = (name) => String(name ?? '').normalize('NFC').trim().toLowerCase();

/** A name to offer that no composition seems to have: "Composition N", N from one past how many there are. */
export function freeCompositionName(compositions, base = 'Composition') {
  const list = compositionList(compositions);
  const taken = new Set(list.map((one) => key(one.name)));
  for (let n = list.length + 1; ; n += 1) {
    const name = `${base} ${n}`;
    if (!taken.has(key(name))) return name;
  }
}

/**
 * Whether `text` may name a composition by the text rule: `{ name }`, trimmed, or `{ reason }`, one line for
 * the performer. A name another composition has is the engine's to refuse.
 */
export function checkName(text) {
  const checked = checkedText(text, "a composition's name", { maximumLength: NAME_LENGTH });
  return checked.error ? { reason: capitalized(checked.error) } : { name: checked.text };
}

/**
 * What "New composition" named `text` asks for the selected `pair`: `{ edits, doing }` or `{ reason }`.
 */
export function addRequest(text, pair) {
  if (!pair) return { reason: 'Select a part and a voice first' };
  const checked = checkName(text);
  if (checked.reason) return checked;
  return {
    edits: [{ type: 'addComposition', name: checked.name, part: pair.part, voice: pair.voice }],
    doing: `make the composition ${checked.name}`,
  };
}

/** What "Rename composition" to `text` asks of the composition `id`: `{ edits, doing }`, `{ unchanged }` or `{ reason }`. */
export function renameRequest(text, compositions, id) {
  const composition = compositionList(compositions).find((one) => one.id === id);
  if (!composition) return { reason: 'Choose a composition first' };
  const checked = checkName(text);
  if (checked.reason) return checked;
  if (checked.name === composition.name) return { unchanged: true };
  return {
    edits: [{ type: 'renameComposition', composition: id, name: checked.name }],
    doing: `rename ${composition.name}`,
  };
}

/**
 * What "Delete composition" asks of the composition `id`: `{ edits, doing, said }` — `said`, what the page
 * says once it is gone (Undo brings it back) — or `{ reason }`.
 */
export function deleteRequest(compositions, id) {
  const composition = compositionList(compositions).find((one) => one.id === id);
  if (!composition) return { reason: 'Choose a composition first' };
  return {
    edits: [{ type: 'deleteComposition', composition: id }],
    doing: `delete ${composition.name}`,
    said: `Deleted ${composition.name} — Undo brings it back`,
  };
}
