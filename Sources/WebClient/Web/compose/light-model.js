// A voice's light, as plain values (docs/composition.md, "The composition lab"): which voices may play a
// light or take another sound, the library's chordsets as the "Light" menu offers them (GET /api/chordsets),
// each chord's button, the light a voice plays in words, the edit a choice sends, and where the arrow keys
// go among the chords. No DOM here.

/** How many chords a chordset holds (numbered 0…7 in the edits, 1…8 for people). */
export const CHORDS = 8;

/** The longest a chordset's title is shown, in characters. */
const TITLE_LENGTH = 120;

/** Whether a voice is atomic: it plays something itself (a sound, a light, or silence) rather than children. */
export function isAtomic(voice) {
  return Boolean(voice) && !(Array.isArray(voice.children) && voice.children.length > 0);
}

/** Whether a voice plays a sound. */
export function playsSound(voice) {
  return voice?.sound !== undefined && voice?.sound !== null;
}

/** Whether "Light" is offered for a voice: an atomic voice that plays no sound (a visual voice, or a silent one). */
export function canLight(voice) {
  return isAtomic(voice) && !playsSound(voice);
}

/** Whether "Replace sound" is offered for a voice: any atomic voice (one with a sound keeps its scores). */
export function canReplaceSound(voice) {
  return isAtomic(voice);
}

/** A chord number as the edits take it (0…7), or null. */
export function chordIndex(value) {
  return Number.isInteger(value) && value >= 0 && value < CHORDS ? value : null;
}

/** The light a voice plays: `{ chordset, chord }` (chord 0…7, or null when the record's is not one), or null for none. */
export function lightOf(voice) {
  const chordset = voice?.chordset;
  if (typeof chordset !== 'string' || chordset === '') return null;
  return { chordset, chord: chordIndex(voice.chord) };
}

/**
 * The chordsets of GET /api/chordsets's answer as the menu shows them, in the library's order: `{ id, title,
 * thumbnails, colors }` — `thumbnails` the sheet's address or null (not drawn yet), `colors` the eight chords'
 * colours (null where the answer gives none that is a plain #rgb…#rrggbbaa colour). Records without an id
 * are left out; an empty title is "Untitled".
 */
export function chordsetsOf(answer) {
  const list = Array.isArray(answer?.chordsets) ? answer.chordsets : [];
  const seen = new Set();
  const chordsets = [];
  for (const record of list) {
    const id = record?.id;
    if (typeof id !== 'string' || id === '' || seen.has(id)) continue;
    seen.add(id);
    const thumbnails = typeof record.thumbnails === 'string' && record.thumbnails.startsWith('/') ? record.thumbnails : null;
    const chords = Array.isArray(record.chords) ? record.chords : [];
    const colors = Array.from({ length: CHORDS }, (_, chord) => colorOf(chords[chord]?.color));
    chordsets.push({ id, title: titleOf(record.title), thumbnails, colors });
  }
  return chordsets;
}

function titleOf(title) {
  const text = typeof title === 'string' ? title.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim() : '';
  if (text === '') return 'Untitled';
  const characters = [...text];
  return characters.length > TITLE_LENGTH ? `${characters.slice(0, TITLE_LENGTH - 1).join('')}…` : text;
}

function colorOf(value) {
  return typeof value === 'string' && /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value) ? value : null;
}

/** The accessible name of a chord's button: "Chord 3 of Lumia" (`chord` 0…7). */
export function chordLabel(title, chord) {
  return `Chord ${chord + 1} of ${title}`;
}

/** Whether chord `chord` of chordset `id` is the light `voice` plays (for the button's pressed state). */
export function playsChord(voice, id, chord) {
  const light = lightOf(voice);
  return light !== null && light.chordset === id && light.chord === chord;
}

/**
 * The light a voice plays, in words: "Lumia, chord 3"; a chordset the list does not hold (deleted, or the
 * list not read yet) is "a chordset not in the library"; null when the voice plays no light.
 */
export function lightText(voice, chordsets) {
  const light = lightOf(voice);
  if (!light) return null;
  const found = (Array.isArray(chordsets) ? chordsets : []).find((chordset) => chordset.id === light.chordset);
  const name = found ? found.title : Array.isArray(chordsets) ? 'a chordset not in the library' : 'a chordset';
  return light.chord === null ? name : `${name}, chord ${light.chord + 1}`;
}

/** What the lab's pair header says: "Intro × Glow", and the light the voice plays ("Intro × Glow · light: Lumia, chord 3"). */
export function pairTitle(part, voice, chordsets) {
  const title = `${part?.name ?? ''} × ${voice?.name ?? ''}`;
  const light = lightText(voice, chordsets);
  return light ? `${title} · light: ${light}` : title;
}

/**
 * The edit that makes voice `voice` play chord `chord` (0…7) of chordset `chordset`, or — with no chordset
 * — no light. Null when the voice is not an id or the chord is not one of the eight.
 */
export function lightEdit(voice, chordset = null, chord = null) {
  if (!Number.isSafeInteger(voice) || voice <= 0) return null;
  if (chordset === null || chordset === undefined) return { type: 'setLight', voice };
  if (typeof chordset !== 'string' || chordset === '' || chordIndex(chord) === null) return null;
  return { type: 'setLight', voice, chordset, chord };
}

/** The titles of a list of chordsets, by id: what the page's header needs (for telling whether it changed). */
export function titlesKey(chordsets) {
  return JSON.stringify((chordsets ?? []).map((chordset) => [chordset.id, chordset.title]));
}

/**
 * Where an arrow key moves among the menu's chords (`rows` chordsets of CHORDS chords, `at` = `{ row,
 * chord }`): Left/Right along a chordset's chords, Up/Down to the same chord of the chordset above or below,
 * Home/End to its first or last chord. `{ row, chord }`, the same place at an edge, or null for another key.
 */
export function chordKeyMove(pressed, at, rows) {
  if (!(rows > 0)) return null;
  const row = Math.min(Math.max(0, at?.row ?? 0), rows - 1);
  const chord = Math.min(Math.max(0, at?.chord ?? 0), CHORDS - 1);
  switch (pressed) {
    case 'ArrowLeft': return { row, chord: Math.max(0, chord - 1) };
    case 'ArrowRight': return { row, chord: Math.min(CHORDS - 1, chord + 1) };
    case 'ArrowUp': return { row: Math.max(0, row - 1), chord };
    case 'ArrowDown': return { row: Math.min(rows - 1, row + 1), chord };
    case 'Home': return { row, chord: 0 };
    case 'End': return { row, chord: CHORDS - 1 };
    default: return null;
  }
}
