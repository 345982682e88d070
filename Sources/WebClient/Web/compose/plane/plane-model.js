// What the editing plane shows for a selected (part, voice) pair (seed 003 §2.8–2.9), worked out from the
// music library as GET /api/music answers it: part columns along time, voice rows down. A pair of an atomic
// part shows events, each row its own score (marked shared when other pairs play it too) — or, for a row
// whose voice is composed, a read-only look at what plays under it; a pair of a composed part shows cells,
// its children's columns × the voice's rows, each playing or muted, with a miniature of what the cell plays.
// And what a range drawn on it asks of the engine (the edits). No DOM here.
//
// Time across is in ticks from the part's start (960 to a beat) for an atomic part, and in milliseconds for a
// composed part, whose children may each have a tempo of their own.

import { TICKS_PER_BEAT } from './plane-raster.js';
import { editedEvents, overlaps } from './editing-range.js';

/** The key of a pair in the maps below. */
const pairKey = (part, voice) => `${part}:${voice}`;
/** The key of one cell of a composed pair (its row place '' when the voice is atomic). */
const cellKey = (part, voice, column, row) => `${part}:${voice}:${column}:${row ?? ''}`;
const byStartThenLength = (a, b) => a.start - b.start || a.length - b.length;

/**
 * The music library indexed for the plane: records by id, each pair's score, how many pairs play each score,
 * the muted cells, how long each part lasts (seconds).
 */
export function indexMusic(answer) {
  const library = answer?.library ?? {};
  const parts = new Map((library.parts ?? []).map((part) => [part.id, part]));
  const voices = new Map((library.voices ?? []).map((voice) => [voice.id, voice]));
  const scores = new Map((library.scores ?? []).map((score) => [score.id, [...(score.events ?? [])].sort(byStartThenLength)]));
  const pairScore = new Map();
  const scoreUse = new Map();
  for (const pair of library.pairs ?? []) {
    pairScore.set(pairKey(pair.part, pair.voice), pair.score);
    scoreUse.set(pair.score, (scoreUse.get(pair.score) ?? 0) + 1);
  }
  const muted = new Set((library.mutedCells ?? []).map((cell) => cellKey(cell.part, cell.voice, cell.column, cell.row)));
  const durations = new Map(Object.entries(answer?.durations ?? {}).map(([id, seconds]) => [Number(id), seconds]));
  return {
    parts, voices, scores, pairScore, scoreUse, muted, durations,
    compositions: library.compositions ?? [], rootParts: answer?.rootParts ?? [], rootVoices: answer?.rootVoices ?? [],
    revision: answer?.revision ?? 0, canUndo: answer?.canUndo === true, canRedo: answer?.canRedo === true,
  };
}

/** What a voice plays, for people: "sound", "light", "composed" or "silent". */
export function voiceKind(voice) {
  if (!voice) return 'silent';
  if (voice.children?.length > 0) return 'composed';
  if (voice.sound !== undefined && voice.sound !== null) return 'sound';
  if (voice.chordset !== undefined && voice.chordset !== null) return 'light';
  return 'silent';
}

/** The score of an atomic pair: its id, its events (sorted), how many pairs share it. */
function scoreOf(index, part, voice) {
  const score = index.pairScore.get(pairKey(part, voice)) ?? null;
  const events = score === null ? [] : index.scores.get(score) ?? [];
  return { score, events, shared: score === null ? 1 : index.scoreUse.get(score) ?? 1 };
}

/** The rows of a voice: its children, or itself when atomic; each `{ voice, place, name, kind }`. */
function voiceRows(index, voice) {
  const record = index.voices.get(voice);
  if (!record) return [];
  if (!(record.children?.length > 0)) return [{ voice, place: null, name: record.name, kind: voiceKind(record) }];
  return record.children
    .filter((child) => index.voices.has(child.node))
    .map((child) => {
      const sub = index.voices.get(child.node);
      return { voice: child.node, place: child.place, name: sub.name, kind: voiceKind(sub) };
    });
}

/** Ticks of a part at `tempo` as milliseconds. */
export function ticksToMs(ticks, tempo) {
  return (ticks / TICKS_PER_BEAT) * (60_000 / tempo);
}

/**
 * The plane of the pair (`part`, `voice`), or null when either is not in the library:
 * - `kind` 'events' (an atomic part) or 'cells' (a composed part); `unit` 'tick' or 'ms'; `extent` in it;
 * - `rows`: each `{ voice, place, name, kind, editable, score, shared, events }` — `editable` when the row's
 *   voice is atomic and the part too (its events are the pair's own score); on an atomic part, a composed
 *   row's `events` are what plays under it, in ticks (`eventsUnder`, with its `lanes` and `cut`), its `score` null;
 * - for cells, `columns` (`{ part, place, name, start, end }` in ms) and each row's `cells`: per column
 *   `{ playing, preview }` — `preview` the sub-pair's events in ms within the column, when it is atomic.
 */
export function planeOf(index, part, voice) {
  const partRecord = index.parts.get(part);
  if (!partRecord || !index.voices.has(voice)) return null;
  const rows = voiceRows(index, voice);
  if (!(partRecord.children?.length > 0)) {
    return {
      part, voice, kind: 'events', unit: 'tick', extent: partRecord.length, tempo: partRecord.tempo,
      rows: rows.map((row) => (row.kind === 'composed'
        ? { ...row, editable: false, score: null, shared: 1, ...eventsUnder(index, part, row.voice, 'tick') }
        : { ...row, editable: true, ...scoreOf(index, part, row.voice) })),
    };
  }
  const columns = [];
  let start = 0;
  for (const child of partRecord.children) {
    const sub = index.parts.get(child.node);
    if (!sub) continue;
    const length = (index.durations.get(child.node) ?? 0) * 1000;
    columns.push({ part: child.node, place: child.place, name: sub.name, start, end: start + length });
    start += length;
  }
  return {
    part, voice, kind: 'cells', unit: 'ms', extent: start, tempo: partRecord.tempo,
    columns,
    rows: rows.map((row) => ({
      ...row, editable: false, score: null, events: [], shared: 1,
      cells: columns.map((column) => ({
        playing: !index.muted.has(cellKey(part, voice, column.place, row.place)),
        preview: previewOf(index, column, row.voice),
      })),
    })),
  };
}

/**
 * How far a look at what plays under a pair goes (a cell's miniature, a composed row's): the most events it
 * shows, how deep it looks into the hierarchies, and how many of their nodes it visits (a tree that holds one
 * node many times over, or a cycle, ends there).
 */
const PREVIEW_LIMITS = Object.freeze({ events: 2000, depth: 16, visits: 10_000 });

/** A cell's miniature: what its sub-pair plays, in ms from the column's start (`eventsUnder`). */
function previewOf(index, column, voice) {
  return eventsUnder(index, column.part, voice, 'ms').events;
}

/**
 * What plays under the pair (`part`, `voice`), to be looked at, not edited: `{ events, lanes, cut }` — the
 * events of every atomic pair under it (a composed part's children laid one after another), each `{ start,
 * length, gain, lane }`, sorted by start; `lanes` the atomic voices they come from, `{ voice, name, kind }`
 * in the order met, an event's `lane` its index there; `cut` when PREVIEW_LIMITS ended the look early. Time is
 * in `unit`: 'ms' from the part's start, or 'tick' — for an atomic part only, whose events keep their ticks.
 */
export function eventsUnder(index, part, voice, unit) {
  const look = { unit, events: [], lanes: [], laneOf: new Map(), visits: 0, cut: false };
  collectEvents(index, look, part, voice, 0, 0);
  return { events: look.events.sort(byStartThenLength), lanes: look.lanes, cut: look.cut };
}

function collectEvents(index, look, part, voice, offset, depth) {
  const partRecord = index.parts.get(part), voiceRecord = index.voices.get(voice);
  if (!partRecord || !voiceRecord) return;
  if (depth > PREVIEW_LIMITS.depth || look.visits >= PREVIEW_LIMITS.visits || look.events.length >= PREVIEW_LIMITS.events) {
    look.cut = true;
    return;
  }
  look.visits += 1;
  if (partRecord.children?.length > 0) {
    let start = offset;
    for (const child of partRecord.children) {
      collectEvents(index, look, child.node, voice, start, depth + 1);
      start += (index.durations.get(child.node) ?? 0) * 1000;
    }
  } else if (voiceRecord.children?.length > 0) {
    for (const child of voiceRecord.children) collectEvents(index, look, part, child.node, offset, depth + 1);
  } else {
    if (!look.laneOf.has(voice)) {
      look.laneOf.set(voice, look.lanes.length);
      look.lanes.push({ voice, name: voiceRecord.name, kind: voiceKind(voiceRecord) });
    }
    const lane = look.laneOf.get(voice);
    const time = look.unit === 'tick' ? (ticks) => ticks : (ticks) => ticksToMs(ticks, partRecord.tempo);
    for (const event of scoreOf(index, part, voice).events) {
      if (look.events.length >= PREVIEW_LIMITS.events) {
        look.cut = true;
        return;
      }
      look.events.push({ start: offset + time(event.start), length: time(event.length), gain: event.gain ?? 1, lane });
    }
  }
}

/** Where `seconds` into the pair lies on the plane's time axis (ticks or ms). */
export function planeTimeOfSeconds(plane, seconds) {
  return plane.unit === 'ms' ? seconds * 1000 : (seconds * plane.tempo * TICKS_PER_BEAT) / 60;
}

/** The seconds into the pair at `time` on the plane's time axis. */
export function secondsOfPlaneTime(plane, time) {
  return plane.unit === 'ms' ? time / 1000 : (time * 60) / (plane.tempo * TICKS_PER_BEAT);
}

/**
 * The edits a range let go of on the plane asks for, `{ edits, doing }`, or null for none:
 * - on an events plane, `range` from editing-range.js (`{ row, start, end, inside }` in ticks): one
 *   `editingRange` edit for the row's pair (the engine deletes what it overlaps, or makes one event);
 * - on a cells plane, `range` `{ row, from, to, inside }` (column indices): every cell from `from` to `to` is
 *   muted when any of them plays, else they all play (the editing range's rule for cells).
 * Nothing when it was let go outside its score, or its row cannot be edited here.
 */
export function editsForRange(plane, range, { gain = 1 } = {}) {
  if (!plane || !range || !range.inside) return null;
  const row = plane.rows[range.row];
  if (!row) return null;
  if (plane.kind === 'events') {
    if (!row.editable || !(range.end > range.start)) return null;
    const deletes = row.events.some((event) => overlaps(event, range));
    return {
      edits: [{ type: 'editingRange', part: plane.part, voice: row.voice, start: range.start, end: range.end, gain }],
      doing: deletes ? 'delete the events' : 'make the event',
    };
  }
  const low = Math.max(Math.min(range.from, range.to), 0), high = Math.min(Math.max(range.from, range.to), plane.columns.length - 1);
  if (high < low) return null;
  const cells = row.cells.slice(low, high + 1);
  const playing = !cells.some((cell) => cell.playing);
  const edits = [];
  for (let column = low; column <= high; column += 1) {
    if (row.cells[column].playing === playing) continue;
    const edit = { type: 'setCell', part: plane.part, voice: plane.voice, column: plane.columns[column].place, playing };
    if (row.place !== null) edit.row = row.place;
    edits.push(edit);
  }
  return edits.length === 0 ? null : { edits, doing: playing ? 'let the cells play' : 'mute the cells' };
}

/** The plane as an editing range would leave it, shown at once while the engine is asked (null: unchanged). */
export function planeAfterRange(plane, range, { gain = 1 } = {}) {
  const asked = editsForRange(plane, range, { gain });
  if (!asked) return null;
  if (plane.kind === 'events') {
    const rows = plane.rows.map((row, index) => {
      if (index !== range.row) return row;
      const edited = editedEvents(row.events, range, plane.extent, { gain });
      return edited.events ? { ...row, events: edited.events } : row;
    });
    return { ...plane, rows };
  }
  const playing = asked.edits[0].playing;
  const low = Math.min(range.from, range.to), high = Math.max(range.from, range.to);
  const rows = plane.rows.map((row, index) => index !== range.row ? row : {
    ...row, cells: row.cells.map((cell, column) => (column >= low && column <= high ? { ...cell, playing } : cell)),
  });
  return { ...plane, rows };
}

/**
 * The position of `tick` for people, counted from 1: "bar 2, beat 3", with the step within the beat when
 * the raster is finer than a beat ("bar 2, beat 3, 2/4").
 */
export function tickLabel(tick, step, beatsPerBar = 4) {
  const beat = Math.floor(tick / TICKS_PER_BEAT);
  const label = `bar ${Math.floor(beat / beatsPerBar) + 1}, beat ${(beat % beatsPerBar) + 1}`;
  if (step >= TICKS_PER_BEAT) return label;
  const within = tick - beat * TICKS_PER_BEAT;
  return `${label}, ${Math.floor(within / step) + 1}/${TICKS_PER_BEAT / step}`;
}
