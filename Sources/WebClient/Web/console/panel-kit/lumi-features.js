// The lumi's features (Sources/Instrument/Lumis/LumiFeature.swift) and their oscillators' rates
// (OscillatorRate.swift), for the console's panels and MIDI: the ranges the engine keeps them in, the
// ranges a slider offers, a rate in either unit at the engine's tempo, and the `feature` intents that set
// them. No DOM here.

import { formatNumber } from '../../shared/numbers.js';

/**
 * The twelve features in `LumiFeature.allCases` order. `range` is the engine's (a base outside it is
 * refused); `base` and `depth` are what a slider or a MIDI control offers — the range itself where it is
 * small, a playable part of it where it is not (turns, speed).
 */
export const FEATURES = Object.freeze([
  { name: 'position', label: 'Position', range: [-2, 2], base: [-2, 2], depth: [0, 2], defaultBase: 0 },
  { name: 'size', label: 'Size', range: [0, 2], base: [0, 2], depth: [0, 1], defaultBase: 0.1 },
  { name: 'rotation', label: 'Rotation', range: [-1000, 1000], base: [-1, 1], depth: [0, 1], defaultBase: 0, unit: 'turns' },
  { name: 'hue', label: 'Hue', range: [0, 1], base: [0, 1], depth: [0, 0.5], defaultBase: 0, wraps: true },
  { name: 'saturation', label: 'Saturation', range: [0, 1], base: [0, 1], depth: [0, 1], defaultBase: 1 },
  { name: 'brightness', label: 'Brightness', range: [0, 1], base: [0, 1], depth: [0, 1], defaultBase: 1 },
  { name: 'opacity', label: 'Opacity', range: [0, 1], base: [0, 1], depth: [0, 1], defaultBase: 1 },
  { name: 'morph', label: 'Morph', range: [-0.9, 0.9], base: [-0.9, 0.9], depth: [0, 0.9], defaultBase: 0 },
  { name: 'strokeWidth', label: 'Stroke width', range: [0, 0.5], base: [0, 0.5], depth: [0, 0.5], defaultBase: 0 },
  { name: 'speed', label: 'Speed', range: [0, 20], base: [0, 5], depth: [0, 5], defaultBase: 1 },
  { name: 'direction', label: 'Direction', range: [-1000, 1000], base: [-1, 1], depth: [0, 1], defaultBase: 0, unit: 'turns' },
  { name: 'trail', label: 'Trail', range: [0, 1], base: [0, 1], depth: [0, 1], defaultBase: 0 },
].map((feature) => Object.freeze(feature)));

const BY_NAME = new Map(FEATURES.map((feature) => [feature.name, feature]));

/** The feature called `name`, or undefined. */
export function feature(name) {
  return BY_NAME.get(name);
}

/** The oscillator of a feature that has not been told otherwise: `Oscillator.silent`. */
export const SILENT_OSCILLATOR = Object.freeze({
  waveform: Object.freeze({ kind: 'sine' }), rate: Object.freeze({ hertz: 0 }), phase: 0, depth: 0, offset: 0,
});

/** The engine's setting of a feature of the lumi being designed (`state.design.features`), or null when it has none. */
export function designSetting(state, name) {
  const setting = state?.design?.features?.[name];
  if (!setting || typeof setting.base !== 'number' || !setting.oscillator) return null;
  return setting;
}

/** The intent that sets a feature of the lumi being designed to `setting` (`{base, oscillator}`, whole). */
export function featureIntent(name, setting) {
  return { type: 'feature', feature: name, setting: { base: setting.base, oscillator: setting.oscillator } };
}

export const clamp = (x, [low, high]) => Math.min(Math.max(x, low), high);

/** `OscillatorRate`'s ranges: hertz 0…100, beats per cycle 1/64…1024. */
export const HERTZ_RANGE = Object.freeze([0, 100]);
export const BEATS_RANGE = Object.freeze([1 / 64, 1024]);

/** The steps of the rate slider: logarithmic, hertz in hundredths of a decade from 0.01 (step 0 is 0 Hz), beats in tenths of an octave from 1/64. */
export const RATE_STEPS = Object.freeze({ hertz: 400, beats: 160 });

const threeDigits = (x) => Number(x.toPrecision(3));

/** The rate at step `i` of the rate slider, for `unit` 'hertz' or 'beats'. Whole octaves of beats are exact powers of two. */
export function rateFromStep(unit, i) {
  const step = Math.round(clamp(i, [0, RATE_STEPS[unit]]));
  if (unit === 'beats') {
    const exponent = -6 + step / 10;
    return step % 10 === 0 ? 2 ** exponent : clamp(threeDigits(2 ** exponent), BEATS_RANGE);
  }
  return step === 0 ? 0 : clamp(threeDigits(10 ** (-2 + step / 100)), HERTZ_RANGE);
}

/** The rate at `share` (0…1) of the rate slider's travel in `unit`: what a MIDI knob at that share plays. */
export function rateAtShare(unit, share) {
  return rateFromStep(unit, clamp(share, [0, 1]) * RATE_STEPS[unit]);
}

/** The rate slider's step nearest to `value` in `unit`. */
export function stepFromRate(unit, value) {
  if (!(value > 0)) return 0;
  if (unit === 'beats') return Math.round(clamp(10 * (Math.log2(value) + 6), [0, RATE_STEPS.beats]));
  return Math.round(clamp(100 * (Math.log10(value) + 2), [1, RATE_STEPS.hertz]));
}

/** A rate's unit ('hertz' or 'beats') and value, from its JSON (`{hertz}` or `{beats}`). */
export function rateParts(rate) {
  if (rate && typeof rate.beats === 'number') return { unit: 'beats', value: rate.beats };
  return { unit: 'hertz', value: typeof rate?.hertz === 'number' ? rate.hertz : 0 };
}

/**
 * The rate of the same speed in the other unit at `tempo` (BPM), on the rate slider's steps: hertz as beats
 * per cycle (4 for a rate of 0 Hz), beats per cycle as hertz.
 */
export function rateInOtherUnit(rate, tempo) {
  const { unit, value } = rateParts(rate);
  const beatsPerSecond = tempo / 60;
  const snapped = (to, x) => rateFromStep(to, stepFromRate(to, x));
  return unit === 'hertz'
    ? { beats: value > 0 ? snapped('beats', clamp(beatsPerSecond / value, BEATS_RANGE)) : 4 }
    : { hertz: snapped('hertz', clamp(beatsPerSecond / value, HERTZ_RANGE)) };
}

/** The engine's tempo in BPM (its state says a number, or `{ beatsPerMinute }`); 120 when it says none. */
export function engineTempo(state) {
  const tempo = state?.tempo;
  if (typeof tempo === 'number') return tempo;
  if (typeof tempo?.beatsPerMinute === 'number') return tempo.beatsPerMinute;
  return 120;
}

/** A rate for a person: "0.5 Hz", "1 beat", "1/4 beat", "8 beats". */
export function formatRate(rate) {
  const { unit, value } = rateParts(rate);
  if (unit === 'hertz') return `${formatNumber(value, value < 0.1 ? 3 : 2)} Hz`;
  if (value < 1) {
    const inverse = 1 / value;
    if (Number.isInteger(inverse)) return `1/${inverse} beat`;
    return `${formatNumber(value, 3)} beat`;
  }
  return `${formatNumber(value, 2)} ${value === 1 ? 'beat' : 'beats'}`;
}

/** How many lumis a chord stored from the controls may hold (the `lumiCount` intent's range). */
export const LUMI_COUNT_RANGE = Object.freeze([1, 64]);
/** The Count slider's usual top: plenty for a performer; it reaches further when the engine says more. */
export const LUMI_COUNT_SLIDER_MAX = 16;

/** The selected chord of the state's chordset (by its `position`, else its place), or null. */
export function selectedChord(state) {
  const position = state?.selectedChord;
  const chords = state?.chordset?.chords;
  if (!Number.isInteger(position) || !Array.isArray(chords)) return null;
  return chords.find((chord) => chord?.position === position) ?? chords[position] ?? null;
}

/**
 * The lumi count the Count slider shows: `{count, fromChord}` — the engine's `lumiCount` when the performer
 * has set one (`fromChord` false), else as many lumis as the selected chord holds (a chord stored keeps
 * them: `fromChord` true) — or null when the engine has said neither.
 */
export function shownLumiCount(state) {
  const count = state?.lumiCount;
  if (typeof count === 'number' && Number.isFinite(count)) return { count, fromChord: false };
  const lumis = selectedChord(state)?.lumis;
  return Array.isArray(lumis) ? { count: lumis.length, fromChord: true } : null;
}

/** The Count slider's top for a count shown: LUMI_COUNT_SLIDER_MAX, or the count when the engine says more. */
export function lumiCountSliderMax(count) {
  const top = Number.isFinite(count) ? Math.ceil(count) : 0;
  return Math.min(Math.max(LUMI_COUNT_SLIDER_MAX, top), LUMI_COUNT_RANGE[1]);
}

/** The `lumiCount` intent for a slider's value: a whole number in the engine's range. */
export function lumiCountIntent(value) {
  return { type: 'lumiCount', count: Math.round(clamp(Number.isFinite(value) ? value : LUMI_COUNT_RANGE[0], LUMI_COUNT_RANGE)) };
}

/** A value's JSON with its keys sorted at every level: equal values, equal text. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** How long a setting sent stands in for the engine's, at most, while the engine has not said it back. */
export const PENDING_MILLISECONDS = 1000;

/**
 * What was last sent for each setting the console changes by resending it whole (a feature's `{base,
 * oscillator}`, the motion with its edges, the form, the pulse, a ribbon's centre), until the engine says it
 * back. A change is built on the newest setting sent, not on the state the store holds — which lags the engine
 * by a message or more — so that two controls of one setting moved together (two sliders, two MIDI knobs) do
 * not undo each other. Once the engine's value is the one sent (told by `heardFrom` as each state comes, or
 * seen by `base`), or after PENDING_MILLISECONDS (the engine refused it, or another console changed it since),
 * the engine's is used again. What is shown is always the engine's.
 */
export class PendingSettings {
  constructor({ now = () => Date.now(), milliseconds = PENDING_MILLISECONDS } = {}) {
    this.now = now;
    this.milliseconds = milliseconds;
    this.entries = new Map();
  }

  /** The value to build a change of `key` on: the one last sent while the engine has not said it yet, else `engineValue`. */
  base(key, engineValue) {
    const entry = this.entries.get(key);
    if (!entry) return engineValue;
    if (engineValue === null || engineValue === undefined) return engineValue;
    if (this.now() - entry.at > this.milliseconds || canonical(engineValue) === entry.text) {
      this.entries.delete(key);
      return engineValue;
    }
    return entry.value;
  }

  /**
   * The engine's state came (the store's `state`): every value sent that it now says back is forgotten, so that
   * a later change from elsewhere (another console, a MIDI knob) is built on at once, not a second later.
   */
  heardFrom(state) {
    if (this.entries.size === 0) return;  // the common case, on every message the store takes
    for (const [key, entry] of this.entries) {
      if (entry.engineValue && canonical(entry.engineValue(state)) === entry.text) this.entries.delete(key);
    }
  }

  /** `value` was sent for `key`; `engineValue(state)` is what the engine's state says for it (for `heardFrom`). */
  record(key, value, engineValue = null) {
    this.entries.set(key, { value, text: canonical(value), at: this.now(), engineValue });
  }

  clear() {
    this.entries.clear();
  }
}

/** The page's one record of settings sent (the form and motion panels and MIDI share it). */
export const pendingSettings = new PendingSettings();

/**
 * The `feature` intent that changes the design's feature `name` by `change(setting)` (a function of the
 * whole setting; null from it: no change), built on the newest setting sent when the engine has not said it
 * back yet (`pending`; none to build on the state alone), and recorded there. Null when the engine has no
 * setting for it.
 */
export function changeFeature(state, name, change, pending = pendingSettings) {
  const key = `feature:${name}`;
  const engine = designSetting(state, name);
  const setting = pending ? pending.base(key, engine) : engine;
  if (!setting) return null;
  const changed = change(setting);
  if (!changed) return null;
  const intent = featureIntent(name, changed);
  pending?.record(key, intent.setting, (said) => designSetting(said, name));
  return intent;
}

/**
 * The `feature` intent that changes the oscillator of the design's feature `name` by `change(oscillator)`
 * (the silent one where the setting has none; null from it: no change), as changeFeature.
 */
export function changeOscillator(state, name, change, pending = pendingSettings) {
  return changeFeature(state, name, (setting) => {
    const oscillator = change(setting.oscillator ?? SILENT_OSCILLATOR);
    return oscillator ? { ...setting, oscillator } : null;
  }, pending);
}
