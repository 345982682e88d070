// Parts in time, as the lab's "Length" and "Tempo" fields show and change them (part-fields.js): what the
// selected pair's part lasts (beats) and how fast it goes (beats per minute), and which edit a value typed
// into a field asks for — or, for a value no part can take, the one line that says why, so that nothing is
// sent; and what "Tempo from sound" asks (the part's tempo becomes its sound's). The engine checks the same
// rules, in the same words, and has the last word (an event past a shorter length, say): both are held to one
// table of cases, Tests/fixtures/twin-rules/part-fields.json. No DOM.

import { capitalized } from '../shared/text-rule.js';
import { LONGEST_PART, TICKS_PER_BEAT } from './plane/plane-raster.js';

/** The tempi a part may have, in beats per minute (MusicalTime.tempi). */
export const TEMPO_RANGE = Object.freeze({ min: 20, max: 400 });
/** The lengths an atomic part may have, in beats: one tick at least, 10,000 beats at most (MusicalTime.longestPart). */
export const LENGTH_RANGE = Object.freeze({ min: 1 / TICKS_PER_BEAT, max: LONGEST_PART / TICKS_PER_BEAT });

/** The engine's refusal of a length no part can have (MusicLibrary.ticks(ofBeats:)), word for word. */
export const LENGTH_REFUSAL = 'a part lasts from one tick (1/960 beat) to 10,000 beats';
/** The engine's refusal of a tempo no part can have (MusicLibrary.checkedTempo), word for word. */
export const TEMPO_REFUSAL = "a part's tempo is 20 to 400 beats per minute";

/**
 * The ticks an atomic part `beats` beats long lasts, as the engine rounds them (to the nearest tick):
 * `{ ticks }`, or `{ error }` — the engine's refusal — when that is not one tick to 10,000 beats.
 */
export function ticksOfBeats(beats) {
  const ticks = Number.isFinite(beats) ? Math.round(beats * TICKS_PER_BEAT) : Number.NaN;
  return beats <= LENGTH_RANGE.max && ticks >= 1 ? { ticks } : { error: LENGTH_REFUSAL };
}

/** `{ tempo }` when a part may go at `bpm` beats per minute, else `{ error }`, the engine's refusal. */
export function checkedTempo(bpm) {
  return Number.isFinite(bpm) && bpm >= TEMPO_RANGE.min && bpm <= TEMPO_RANGE.max ? { tempo: bpm } : { error: TEMPO_REFUSAL };
}

/** How deep a composed part's length is looked for, and how many parts at most (a hostile library ends there). */
const LIMITS = Object.freeze({ depth: 64, parts: 100_000 });

/**
 * The part `id` in time, from the lab's index (plane-model.js indexMusic): `{ part, name, atomic, beats, tempo,
 * seconds }` — `beats` the length an atomic part has (its ticks / 960), or for a composed part the beats of its
 * children one after another (each at its own tempo), null when the library does not say; `seconds` as the
 * engine works it out (`durations`), or null. Null when the part is not in the library.
 */
export function partTiming(index, id) {
  const record = index?.parts?.get(id);
  if (!record) return null;
  const atomic = !(record.children?.length > 0);
  const seconds = index.durations?.get(id);
  return {
    part: id,
    name: String(record.name ?? ''),
    atomic,
    beats: atomic ? ticksAsBeats(record.length) : composedBeats(index, id),
    tempo: Number.isFinite(record.tempo) ? record.tempo : null,
    seconds: Number.isFinite(seconds) ? seconds : null,
  };
}

function ticksAsBeats(ticks) {
  return Number.isFinite(ticks) && ticks > 0 ? ticks / TICKS_PER_BEAT : null;
}

/** The beats of a composed part: its children's, added up (each part worked out once), or null. */
function composedBeats(index, id) {
  const known = new Map();
  let visits = 0;
  const beatsOf = (part, depth) => {
    if (known.has(part)) return known.get(part);
    const record = index.parts.get(part);
    visits += 1;
    if (!record || depth > LIMITS.depth || visits > LIMITS.parts) return null;
    known.set(part, null);  // a cycle (refused by the engine, but not trusted here) adds up to nothing
    let beats = null;
    if (!(record.children?.length > 0)) beats = ticksAsBeats(record.length);
    else {
      beats = 0;
      for (const child of record.children) {
        const more = beatsOf(child?.node, depth + 1);
        if (more === null) { beats = null; break; }
        beats += more;
      }
    }
    known.set(part, beats);
    return beats;
  };
  return beatsOf(id, 0);
}

/** A number as a field shows it: at most three decimals, no trailing zeros ("4", "2.5", "0.333"); "" for none. */
export function numberText(value) {
  if (!Number.isFinite(value)) return '';
  return String(Number(value.toFixed(3)));
}

/**
 * A field's text as a number, or the reason it is not one: `{ value }` or `{ reason }`. Accepts what a
 * number field gives (a decimal point or a comma, spaces around it); refuses anything else.
 */
function parseNumber(text, what) {
  const trimmed = String(text ?? '').trim().replace(',', '.');
  if (trimmed === '') return { reason: `${what} needs a number` };
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed)) return { reason: `${what} is a number, not “${trimmed.slice(0, 20)}”` };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { reason: `${what} is too large` };
  return { value };
}

/**
 * What the "Length" field's `text` asks of `timing` (partTiming): `{ edit, doing }` — a `setLength` edit —
 * `{ unchanged: true }` when it is the length the part has, or `{ reason }`, one line for the performer, when
 * nothing may be sent (a composed part, no number, shorter than a tick or longer than 10,000 beats: the
 * engine's words).
 */
export function lengthRequest(timing, text) {
  if (!timing) return { reason: 'Select a part first' };
  if (!timing.atomic) return { reason: `${timing.name} is composed: it lasts as long as its parts` };
  const parsed = parseNumber(text, 'A length');
  if (parsed.reason) return parsed;
  const beats = parsed.value;
  const length = ticksOfBeats(beats);
  if (length.error) return { reason: capitalized(length.error) };
  if (timing.beats !== null && length.ticks === Math.round(timing.beats * TICKS_PER_BEAT)) return { unchanged: true };
  return { edit: { type: 'setLength', part: timing.part, beats }, doing: `make ${timing.name} ${numberText(beats)} beats long` };
}

/**
 * What the "Tempo" field's `text` asks of `timing`: `{ edit, doing }` — a `setTempo` edit — `{ unchanged:
 * true }`, or `{ reason }` (no number; outside 20…400 beats per minute, in the engine's words).
 */
export function tempoRequest(timing, text) {
  if (!timing) return { reason: 'Select a part first' };
  const parsed = parseNumber(text, 'A tempo');
  if (parsed.reason) return parsed;
  const bpm = parsed.value;
  const tempo = checkedTempo(bpm);
  if (tempo.error) return { reason: capitalized(tempo.error) };
  if (timing.tempo !== null && Math.abs(bpm - timing.tempo) < 1e-9) return { unchanged: true };
  return { edit: { type: 'setTempo', part: timing.part, bpm }, doing: `set ${timing.name}'s tempo to ${numberText(bpm)}` };
}

/**
 * What "Tempo from sound" asks of `timing` (partTiming) with the selected voice `voice` (its record, the
 * sound heard): `{ edit, doing }` — a `tempoFromSound` edit, the sound's first downbeat aligned to a bar line —
 * or `{ reason }` (no pair; a composed part, whose parts keep tempi of their own). Whether the voice plays
 * sound in the part is the engine's to say.
 */
export function tempoFromSoundRequest(timing, voice) {
  if (!timing || !Number.isSafeInteger(voice?.id)) return { reason: 'Select a part and a voice that plays sound first' };
  if (!timing.atomic) return { reason: `${timing.name} is composed: its parts keep tempi of their own` };
  return {
    edit: { type: 'tempoFromSound', part: timing.part, sound: voice.id, align: true },
    doing: `set ${timing.name}'s tempo from ${String(voice.name ?? 'the sound')}`,
  };
}
