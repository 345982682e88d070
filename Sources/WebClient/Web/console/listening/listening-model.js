// What the instrument hears, for the console's listening panel (docs/live-protocol.md, `heard`): the
// server's `heard` messages read defensively into the store's `heard`, the five meters a performer sees,
// when the onset lamp flashes, when what was heard is too old to show, how often the meters' accessible
// values are told, and the `soundResponse` intent. No DOM here.

import { pendingSettings } from '../panel-kit/lumi-features.js';

/** The meters the panel shows, in order: the level and the four bands (`bands[i]`), each 0…1. */
export const METERS = Object.freeze([
  Object.freeze({ key: 'level', label: 'Level' }),
  Object.freeze({ key: 'low', label: 'Low', band: 0 }),
  Object.freeze({ key: 'lowMid', label: 'Low-mid', band: 1 }),
  Object.freeze({ key: 'highMid', label: 'High-mid', band: 2 }),
  Object.freeze({ key: 'high', label: 'High', band: 3 }),
]);

/** What was heard is shown for this long after the last `heard` message (they come about 33 times a second). */
export const HEARD_STALE_MILLISECONDS = 400;

/** How often a meter's accessible value (aria-valuenow) is told at most: a screen reader is not a level meter. */
export const ARIA_MILLISECONDS = 250;

/** How long the onset lamp stays lit after an onset. */
export const ONSET_FLASH_MILLISECONDS = 120;

const unit = (x) => (typeof x === 'number' && Number.isFinite(x) ? Math.min(Math.max(x, 0), 1) : 0);

/**
 * A `heard` message read into `{ level, peak, bands: [4], onset, onsets, tempo, gated, problem }`: every
 * share kept within 0…1 (0 where it is missing or not a number), `onsets` a whole count (null when not
 * said), `tempo` the BPM estimate or null; and `problem`, why nothing is heard (null: nothing wrong), only
 * where the message says it (a server may, as GET /api/listening does). Null when it is not a heard message.
 */
export function parseHeard(message) {
  if (!message || typeof message !== 'object' || message.type !== 'heard') return null;
  const bands = Array.from({ length: 4 }, (_, i) => unit(Array.isArray(message.bands) ? message.bands[i] : 0));
  const onsets = Number.isSafeInteger(message.onsets) && message.onsets >= 0 ? message.onsets : null;
  const tempo = typeof message.tempo === 'number' && Number.isFinite(message.tempo) && message.tempo > 0 ? message.tempo : null;
  const heard = {
    level: unit(message.level), peak: unit(message.peak), bands, onset: unit(message.onset), onsets, tempo, gated: message.gated === true,
  };
  if (Object.hasOwn(message, 'problem')) {
    heard.problem = typeof message.problem === 'string' && message.problem.trim() !== '' ? message.problem.trim() : null;
  }
  return heard;
}

/** A meter's value (0…1) in what was heard; 0 when nothing was. */
export function meterValue(heard, meter) {
  if (!heard) return 0;
  return meter.band === undefined ? heard.level : heard.bands[meter.band] ?? 0;
}

/** Whether what was heard at `at` (milliseconds) is still worth showing at `now`. */
export function isCurrent(at, now, stale = HEARD_STALE_MILLISECONDS) {
  return typeof at === 'number' && now - at <= stale;
}

/**
 * Whether an onset was heard since the lamp last saw `seenCount` onsets: the count went up — or, where the
 * server counts no more (it started again) or does not say, the message itself says an onset.
 */
export function onsetSince(seenCount, heard) {
  if (!heard) return false;
  if (heard.onsets === null || seenCount === null) return heard.onset > 0;
  if (heard.onsets > seenCount) return true;
  return heard.onsets < seenCount && heard.onset > 0;
}

/** A meter's accessible value text: "52%", and the gate when it is closed. */
export function meterText(value, gated = false) {
  return `${Math.round(unit(value) * 100)}%${gated ? ', below the gate' : ''}`;
}

/** The tempo heard for a person: "123.1 BPM", or "—" while none is heard. */
export function tempoText(tempo) {
  return typeof tempo === 'number' && Number.isFinite(tempo) ? `${tempo.toFixed(1)} BPM` : '—';
}

/** Lets something happen at most once every `milliseconds`: `ready(now)` says whether it may now (and counts it). */
export class Throttle {
  constructor(milliseconds = ARIA_MILLISECONDS) {
    this.milliseconds = milliseconds;
    this.last = -Infinity;
  }

  ready(now) {
    if (now - this.last < this.milliseconds) return false;
    this.last = now;
    return true;
  }
}

/** How the performance answers the sound when the engine has not said: neither. */
export const QUIET_RESPONSE = Object.freeze({ tempoFollows: false, onsetsRelease: false });

/** The longest gap between onset releases the engine takes, in seconds. */
export const ONSET_GAP_RANGE = Object.freeze([0, 2]);

/**
 * The engine's `soundResponse` (`{tempoFollows, onsetsRelease}`, with `onsetGap` in seconds when it says one),
 * or null before it has said it.
 */
export function soundResponse(state) {
  const response = state?.soundResponse;
  if (!response || typeof response !== 'object') return null;
  const read = { tempoFollows: response.tempoFollows === true, onsetsRelease: response.onsetsRelease === true };
  if (Number.isFinite(response.onsetGap)) read.onsetGap = response.onsetGap;
  return read;
}

/** The gap typed in milliseconds as seconds for the engine, or null when it is not a number of 0…2000 ms. */
export function onsetGapFromMilliseconds(text) {
  const milliseconds = Number(String(text).trim());
  if (String(text).trim() === '' || !Number.isFinite(milliseconds)) return null;
  const seconds = milliseconds / 1000;
  return seconds >= ONSET_GAP_RANGE[0] && seconds <= ONSET_GAP_RANGE[1] ? seconds : null;
}

/** `said` (a response the engine says) with only the fields `sent` has, or null when it says none. */
function sentFields(said, sent) {
  if (!said) return null;
  return Object.fromEntries(Object.keys(sent).filter((key) => key in said).map((key) => [key, said[key]]));
}

/**
 * The `soundResponse` intent that changes the engine's response by `change` (`{tempoFollows}` or
 * `{onsetsRelease}`), keeping the other — built on the one last sent while the engine has not said it back
 * (`pending`, lumi-features.js), so that both boxes ticked at once both count.
 */
export function soundResponseIntent(state, change, pending = pendingSettings) {
  const engine = soundResponse(state) ?? QUIET_RESPONSE;
  const base = pending ? pending.base('soundResponse', engine) : engine;
  const response = {
    tempoFollows: typeof change.tempoFollows === 'boolean' ? change.tempoFollows : base.tempoFollows === true,
    onsetsRelease: typeof change.onsetsRelease === 'boolean' ? change.onsetsRelease : base.onsetsRelease === true,
  };
  // A gap is sent only when it is changed: a response without one keeps the engine's, and is heard back by the
  // fields it sent (the engine says its gap too).
  if (Number.isFinite(change.onsetGap)) response.onsetGap = change.onsetGap;
  pending?.record('soundResponse', response, (state) => sentFields(soundResponse(state), response));
  return { type: 'soundResponse', response };
}
