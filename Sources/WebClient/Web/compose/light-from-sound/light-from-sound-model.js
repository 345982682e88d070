// "Light from sound" as plain values (light-from-sound-dialog.js shows it): what the server heard in a pair's
// sound (GET /api/music/hearing) made safe to show, which light voices the dialog offers, which cues become
// events — the engine's rule, mirrored so that the preview shows what Apply will score — the preview's lanes
// and the words that count them, and the one `lightFromSound` edit the dialog's choices ask for. The engine
// applies the same rule and has the last word. No DOM here.
//
// The rule: a cue [seconds, strength] is kept when strength >= (1 - sensitivity)² (less 1e-12, the rounding of
// doubles, as the engine's HeardSound allows) — at sensitivity 1 every cue, a beat where nothing was heard (strength
// 0) too; its event starts at tick round(seconds × tempo / 60 × 960); cues at or past the part's end are dropped,
// and two kept cues on one tick are one (the first); an event lasts until the next kept cue or one beat, whichever
// is shorter, never past the part's end; its gain is the cue's strength, at least FAINTEST_GAIN (a light kept is
// seen).

import { TICKS_PER_BEAT } from '../plane/plane-raster.js';
import { isAtomic, lightOf } from '../light-model.js';

/** What a light may follow, in the order the choosers and the preview's lanes list them. */
export const FOLLOWS = Object.freeze([
  { value: 'onsets', label: 'Onsets', one: 'onset', many: 'onsets' },
  { value: 'beats', label: 'Beats', one: 'beat', many: 'beats' },
  { value: 'bars', label: 'Bars', one: 'bar', many: 'bars' },
  { value: 'low', label: 'Low', one: 'low hit', many: 'low hits' },
  { value: 'lowMid', label: 'Low mid', one: 'low-mid hit', many: 'low-mid hits' },
  { value: 'highMid', label: 'High mid', one: 'high-mid hit', many: 'high-mid hits' },
  { value: 'high', label: 'High', one: 'high hit', many: 'high hits' },
].map(Object.freeze));

/** The chooser's value for a voice left as it is. */
export const NOT_LIT = '';

/** What "New lights" makes, in the order the edit's result lists them: Beats, Onsets, Low, High. */
export const NEW_LIGHTS_FOLLOWS = Object.freeze(['beats', 'onsets', 'low', 'high']);

/** The "Sensitivity" slider. */
export const SENSITIVITY = Object.freeze({ min: 0, max: 1, step: 0.05, initial: 0.5 });

/** The most a hearing is taken of: peaks drawn, cues of one kind, peaks read (a hostile answer ends there). */
const LIMITS = Object.freeze({ peaks: 2048, cues: 200_000, peaksRead: 1_000_000, voices: 100_000 });

/** What a hearing's numbers may be: seconds up to a day (the longest part), a part's tempo as the library's, a tempo heard. */
const RANGES = Object.freeze({ seconds: [0, 86_400], partTempo: [20, 400], tempo: [1, 1000] });

const FOLLOW_VALUES = new Set(FOLLOWS.map((follow) => follow.value));

const isId = (value) => Number.isSafeInteger(value) && value > 0;
const finite = (value) => typeof value === 'number' && Number.isFinite(value);

/** Where the dialog asks what the sound of the pair (`part`, `sound`) holds; null when either is not an id. */
export function hearingPath(part, sound) {
  return isId(part) && isId(sound) ? `/api/music/hearing?part=${part}&sound=${sound}` : null;
}

/** A sensitivity as the rule takes it: 0…1, the slider's initial value for anything that is not a number. */
export function sensitivityOf(value) {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return finite(number) ? Math.min(1, Math.max(0, number)) : SENSITIVITY.initial;
}

/**
 * GET /api/music/hearing's answer made safe to show: `{ seconds, partTempo, tempo, firstDownbeat, peaks,
 * cues }` — numbers in RANGES (null where the answer gives none that is; `seconds` 0), at most LIMITS.peaks
 * peaks 0…1, and for each kind of FOLLOWS its cues `[seconds 0…a day, strength 0…1]` in time order (at most
 * LIMITS.cues of a kind). Null for no object.
 */
export function hearingOf(answer) {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return null;
  const cues = {};
  for (const { value } of FOLLOWS) cues[value] = cuesOf(answer.cues?.[value]);
  return {
    seconds: within(answer.seconds, RANGES.seconds) ?? 0,
    partTempo: within(answer.partTempo, RANGES.partTempo),
    tempo: within(answer.tempo, RANGES.tempo),
    firstDownbeat: within(answer.firstDownbeat, RANGES.seconds),
    peaks: peaksOf(answer.peaks),
    cues,
  };
}

/** `value` when it is a number in `[low, high]`, else null. */
function within(value, [low, high]) {
  return finite(value) && value >= low && value <= high ? value : null;
}

/** Cues of one kind: pairs of finite numbers, seconds ≥ 0, strength held to 0…1, sorted by time (stable). */
function cuesOf(list) {
  if (!Array.isArray(list)) return [];
  const cues = [];
  for (let index = 0; index < list.length && cues.length < LIMITS.cues; index += 1) {
    const cue = list[index];
    if (!Array.isArray(cue) || within(cue[0], RANGES.seconds) === null || !finite(cue[1])) continue;
    cues.push([cue[0], Math.min(1, Math.max(0, cue[1]))]);
  }
  return cues.every((cue, index) => index === 0 || cues[index - 1][0] <= cue[0]) ? cues : cues.sort((a, b) => a[0] - b[0]);
}

/** Peaks 0…1 (anything else 0), folded to at most LIMITS.peaks by the loudest of each stretch. */
function peaksOf(list) {
  if (!Array.isArray(list)) return [];
  const count = Math.min(list.length, LIMITS.peaksRead);
  const clean = (index) => (finite(list[index]) ? Math.min(1, Math.max(0, list[index])) : 0);
  if (count <= LIMITS.peaks) return Array.from({ length: count }, (_, index) => clean(index));
  const folded = [];
  for (let point = 0; point < LIMITS.peaks; point += 1) {
    const from = Math.floor((point * count) / LIMITS.peaks), to = Math.floor(((point + 1) * count) / LIMITS.peaks);
    let loudest = 0;
    for (let index = from; index < to; index += 1) loudest = Math.max(loudest, clean(index));
    folded.push(loudest);
  }
  return folded;
}

/**
 * How far below (1 - sensitivity)² a strength may fall and still be kept: the rounding of doubles, so that the
 * slider's 0.6 keeps a cue of 0.16 ((1 - 0.6)² is 0.16000000000000003). The engine's HeardSound allows the same.
 */
const THRESHOLD_SLACK = 1e-12;

/** The least gain a kept cue's event has: the engine's LightFromSound.faintestGain. */
export const FAINTEST_GAIN = 0.25;

/** Whether a cue of `strength` is kept at `sensitivity`: at least (1 - sensitivity)² (at 1, every cue). */
export function keepsCue(strength, sensitivity) {
  const below = 1 - sensitivityOf(sensitivity);
  return strength >= below * below - THRESHOLD_SLACK;
}

/** The tick of the part (at `tempo` beats per minute) at which a cue `seconds` from its start begins. */
export function cueTick(seconds, tempo) {
  return Math.round(seconds * tempo / 60 * TICKS_PER_BEAT);
}

/**
 * The events the cues `cues` (time-ordered, as hearingOf gives them) become in a part of `ticks` ticks at
 * `tempo`: `{ start, length, gain, seconds }` each (`seconds` the cue's), by the rule above. None when the
 * part's length is not a whole number of ticks above 0 or its tempo not one a part may have (20…400).
 */
export function cueEvents(cues, { sensitivity, tempo, ticks }) {
  if (!Array.isArray(cues) || within(tempo, RANGES.partTempo) === null || !(Number.isSafeInteger(ticks) && ticks > 0)) return [];
  const kept = [];
  for (const [seconds, strength] of cues) {
    if (!keepsCue(strength, sensitivity)) continue;
    const start = cueTick(seconds, tempo);
    if (!(start >= 0) || start >= ticks) continue;
    if (kept.length > 0 && kept.at(-1).start >= start) continue;  // two on one tick are one: the first
    kept.push({ start, gain: Math.max(strength, FAINTEST_GAIN), seconds });
  }
  return kept.map((event, index) => {
    const next = kept[index + 1]?.start ?? Number.POSITIVE_INFINITY;
    return { ...event, length: Math.min(next - event.start, TICKS_PER_BEAT, ticks - event.start) };
  });
}

/** The follows the preview shows: the lights' chosen ones, and New lights' four, each once in FOLLOWS order. */
export function chosenFollows({ follows = [], newLights = false } = {}) {
  const chosen = new Set(followsList(follows).map(([, follow]) => follow));
  if (newLights) for (const follow of NEW_LIGHTS_FOLLOWS) chosen.add(follow);
  return FOLLOWS.filter((follow) => chosen.has(follow.value)).map((follow) => follow.value);
}

/**
 * What the preview shows: `{ seconds, peaks, lanes, label }` — a lane per follow in `follows`, `{ follow,
 * label, marks }`, each mark `{ seconds, strength }` an event that Apply would make; `label` counts them
 * (previewLabel). `part` is `{ ticks, tempo }` (the library's; the hearing's `partTempo` when it has none).
 */
export function previewOf(hearing, follows, sensitivity, part) {
  const seconds = hearing?.seconds ?? 0;
  const tempo = within(part?.tempo, RANGES.partTempo) ?? hearing?.partTempo ?? null;
  const lanes = (Array.isArray(follows) ? follows : []).filter((follow) => FOLLOW_VALUES.has(follow)).map((follow) => {
    const events = hearing ? cueEvents(hearing.cues[follow], { sensitivity, tempo, ticks: part?.ticks }) : [];
    const { label } = FOLLOWS.find((one) => one.value === follow);
    return { follow, label, marks: events.map((event) => ({ seconds: event.seconds, strength: event.gain })) };
  });
  return { seconds, peaks: hearing?.peaks ?? [], lanes, label: previewLabel(seconds, lanes) };
}

/** The preview's words: "12 s of sound, 24 beats, 40 onsets to be lit" (or "…, nothing chosen to be lit"). */
export function previewLabel(seconds, lanes) {
  const length = `${secondsText(seconds)} s of sound`;
  const counts = (lanes ?? []).map((lane) => {
    const words = FOLLOWS.find((one) => one.value === lane.follow);
    const count = lane.marks.length;
    return `${count.toLocaleString('en')} ${count === 1 ? words.one : words.many}`;
  });
  return counts.length === 0 ? `${length}, nothing chosen to be lit` : `${length}, ${counts.join(', ')} to be lit`;
}

function secondsText(seconds) {
  return finite(seconds) && seconds > 0 ? String(Math.round(seconds * 10) / 10) : '0';
}

/** What the dialog says of the tempo heard: "Heard at 123 bpm; Verse plays at 120 bpm." */
export function tempoLine(hearing, part) {
  const heard = hearing?.tempo;
  const now = within(part?.tempo, RANGES.partTempo) ?? hearing?.partTempo;
  const bpm = (value) => `${Math.round(value * 10) / 10} bpm`;
  const partText = finite(now) ? `; ${part?.name ?? 'the part'} plays at ${bpm(now)}` : '';
  return finite(heard) ? `Heard at ${bpm(heard)}${partText}.` : `No steady tempo heard${partText}.`;
}

/** Each voice's parents (ids, in the library's order of voices), from their children. */
function parentsOf(index) {
  const parents = new Map();
  for (const voice of index?.voices?.values() ?? []) {
    for (const child of Array.isArray(voice?.children) ? voice.children : []) {
      if (!parents.has(child?.node)) parents.set(child?.node, []);
      parents.get(child?.node).push(voice.id);
    }
  }
  return parents;
}

/**
 * The light voices the dialog offers for the selected voice `voice`: every atomic voice that plays a light
 * under the roots reached by walking up from it (itself when it has no parents), once each, in the trees'
 * order (roots in the library's order of root voices). `[{ id, name }]`.
 */
export function lightVoices(index, voice) {
  if (!index?.voices?.has(voice)) return [];
  const parents = parentsOf(index);
  const roots = new Set(), seen = new Set([voice]), waiting = [voice];
  while (waiting.length > 0 && seen.size < LIMITS.voices) {
    const id = waiting.pop(), above = parents.get(id) ?? [];
    if (above.length === 0) roots.add(id);
    for (const parent of above) if (!seen.has(parent)) { seen.add(parent); waiting.push(parent); }
  }
  const order = new Map((index.rootVoices ?? []).map((id, place) => [id, place]));
  const sorted = [...roots].sort((a, b) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity) || a - b);
  const found = [], visited = new Set();
  const walk = (id) => {
    const record = index.voices.get(id);
    if (!record || visited.has(id) || visited.size >= LIMITS.voices) return;
    visited.add(id);
    if (isAtomic(record)) {
      if (lightOf(record) !== null) found.push({ id, name: String(record.name ?? '') });
    } else for (const child of record.children) walk(child?.node);
  };
  for (const root of sorted) walk(root);
  return found;
}

/**
 * Where "New lights" go: the selected voice when it is composed, else its first parent (the first voice of
 * the library holding it), else null (the engine then makes a root "… with lights" of the voice and them).
 */
export function newLightsParent(index, voice) {
  const record = index?.voices?.get(voice);
  if (!record) return null;
  if (!isAtomic(record)) return voice;
  return parentsOf(index).get(voice)?.[0] ?? null;
}

/** Where "New lights" go, in words: "In a new voice “Lights” under Band" or "With Clicks in a new voice “Clicks with lights”". */
export function newLightsLine(index, voice) {
  const parent = newLightsParent(index, voice);
  const lights = 'Beats, Onsets, Low and High';
  if (parent !== null) return `${lights}, in a new voice “Lights” under ${index.voices.get(parent)?.name ?? 'its parent'}`;
  const name = index?.voices?.get(voice)?.name ?? 'the voice';
  return `${lights}, with ${name} in a new voice “${name} with lights”`;
}

/** The dialog's follows as `[voice, follow]` pairs, from a Map or a list: ids and known follows only. */
function followsList(follows) {
  const entries = follows instanceof Map ? [...follows] : Array.isArray(follows) ? follows : [];
  return entries.filter((entry) => Array.isArray(entry) && isId(entry[0]) && FOLLOW_VALUES.has(entry[1]));
}

/**
 * What Apply asks for the dialog's choice `{ part, sound, sensitivity, follows, newLights, chordset, parent }`
 * (`follows` voice → follow, NOT_LIT left out): `{ edit, doing }` — one `lightFromSound` edit, with `lights`
 * in `follows`' order and `newLights` when chosen — or `{ reason }`, one line, when nothing may be sent.
 */
export function lightFromSoundRequest(choice) {
  const { part, sound, follows, newLights = false, chordset = null, parent = null } = choice ?? {};
  if (!isId(part) || !isId(sound)) return { reason: 'Select a part and a voice that plays sound first' };
  const lights = followsList(follows).map(([voice, follow]) => ({ voice, follow }));
  if (newLights && (typeof chordset !== 'string' || chordset === '')) return { reason: 'Choose a chordset for the new lights' };
  if (lights.length === 0 && !newLights) return { reason: 'Choose what a light voice follows, or New lights' };
  const edit = { type: 'lightFromSound', part, sound, sensitivity: sensitivityOf(choice.sensitivity) };
  if (lights.length > 0) edit.lights = lights;
  if (newLights) edit.newLights = isId(parent) ? { chordset, parent } : { chordset };
  return { edit, doing: 'light the voices from the sound' };
}

/**
 * Whether "Light from sound…" is offered for the selected pair (plane-model.js's index, `{ part, voice }`):
 * `{ reason }` (the button's title when disabled) or `{ title }`.
 */
export function lightFromSoundOffer(index, pair) {
  const part = pair ? index?.parts?.get(pair.part) : null;
  const voice = pair ? index?.voices?.get(pair.voice) : null;
  if (!part || !voice) return { reason: 'Select a part and a voice first' };
  if (Array.isArray(part.children) && part.children.length > 0) {
    return { reason: `${part.name} is composed: select an atomic part to light from its sound` };
  }
  return { title: `Score light voices from what ${voice.name} plays in ${part.name}` };
}
