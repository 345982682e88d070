// The colour panel's pulse controls: how the canvas background plays the hue and purity ranges
// (Sources/Instrument/Color/Pulse.swift). A pulse is a waveform, a rate (in beats per cycle, locked to the
// tempo, or in hertz), the purity's lag behind the hue, in cycles, and a depth: how much of the ribbons'
// ranges it travels round their centres, from 0 (the centre colour held) to 1 (end to end) — and, if it
// follows the sound heard, what it follows (`follow`, set and removed by sound-follow.js; every change here
// keeps it). No DOM here.

import { pendingSettings } from '../panel-kit/lumi-features.js';

/** The waveforms a pulse may have, by their names on the wire. */
export const PULSE_WAVEFORMS = Object.freeze(['sine', 'triangle', 'saw', 'square', 'pulse', 'sample-and-hold']);
/** A pulse waveform's name for people. */
export const WAVEFORM_LABELS = Object.freeze({
  sine: 'Sine', triangle: 'Triangle', saw: 'Saw', square: 'Square', pulse: 'Pulse', 'sample-and-hold': 'Sample and hold',
});

/** The rates the engine takes (OscillatorRate): beats per cycle 1/64…1024, or 0…100 Hz. */
export const RATE_LIMITS = Object.freeze({ beats: { min: 1 / 64, max: 1024 }, hertz: { min: 0, max: 100 } });
/** The purity's lag, in cycles (Pulse.validate). */
export const LAG_LIMITS = Object.freeze({ min: -1, max: 1 });
/** The depth, a share of the ranges (Pulse.validate). */
export const DEPTH_LIMITS = Object.freeze({ min: 0, max: 1 });

/** The engine's default pulse (Pulse.init). */
export const DEFAULT_PULSE = Object.freeze({ waveform: { kind: 'triangle' }, rate: { beats: 8 }, purityLag: 0.25 });

/**
 * A pulse as the controls show it: `{ waveform, unit, rate, purityLag, depth, follow }` (a pulse without a
 * depth has 1; `follow` is the follower it has, `{source, amount, attack, release}`, or null).
 */
export function pulseControls(pulse) {
  const p = pulse ?? DEFAULT_PULSE;
  const unit = typeof p.rate?.hertz === 'number' ? 'hertz' : 'beats';
  return {
    waveform: PULSE_WAVEFORMS.includes(p.waveform?.kind) ? p.waveform.kind : 'triangle',
    unit,
    rate: p.rate?.[unit] ?? 8,
    purityLag: typeof p.purityLag === 'number' ? p.purityLag : 0.25,
    depth: typeof p.depth === 'number' ? p.depth : 1,
    follow: p.follow && typeof p.follow === 'object' ? p.follow : null,
  };
}

/**
 * The `pulse` intent for the current pulse with one control changed: `change` has any of `waveform`,
 * `unit`, `rate`, `purityLag`, `depth`, `follow`. Values are brought into the engine's limits; a waveform
 * that needs a width or a seed keeps the one it had, or takes 0.5 and 1. A change of unit alone keeps the
 * pulse's speed at `tempo` (beats per minute): b beats per cycle are tempo / (60 b) Hz. The pulse keeps
 * what it follows unless `follow` is given: a follower (sound-follow.js makes them), or null for nothing —
 * the key is then left out, as the engine leaves it. Null when a value is not a number.
 */
export function pulseIntent(current, change, tempo = 120) {
  const p = current ?? DEFAULT_PULSE;
  const now = pulseControls(p);
  const kind = change.waveform ?? now.waveform;
  if (!PULSE_WAVEFORMS.includes(kind)) return null;
  const waveform = { kind };
  if (kind === 'pulse') waveform.width = p.waveform?.kind === 'pulse' && typeof p.waveform.width === 'number' ? p.waveform.width : 0.5;
  if (kind === 'sample-and-hold') waveform.seed = p.waveform?.kind === 'sample-and-hold' && Number.isInteger(p.waveform.seed) ? p.waveform.seed : 1;

  const unit = change.unit ?? now.unit;
  if (unit !== 'beats' && unit !== 'hertz') return null;
  const rate = Number(change.rate ?? (unit === now.unit ? now.rate : convertedRate(now.rate, tempo)));
  const purityLag = Number(change.purityLag ?? now.purityLag);
  const depth = Number(change.depth ?? now.depth);
  if (!Number.isFinite(rate) || !Number.isFinite(purityLag) || !Number.isFinite(depth)) return null;
  const limits = RATE_LIMITS[unit];
  const follow = change.follow === undefined ? now.follow : change.follow;
  return {
    type: 'pulse',
    pulse: {
      waveform,
      rate: { [unit]: Math.min(Math.max(rate, limits.min), limits.max) },
      purityLag: Math.min(Math.max(purityLag, LAG_LIMITS.min), LAG_LIMITS.max),
      depth: Math.min(Math.max(depth, DEPTH_LIMITS.min), DEPTH_LIMITS.max),
      ...(follow && typeof follow === 'object' ? { follow } : {}),
    },
  };
}

/**
 * The `pulse` intent for one control changed, built on the pulse last sent while the engine has not said it
 * back (`pending`, lumi-features.js — so that two controls moved together, two sliders or two MIDI knobs, do
 * not undo each other), else on the engine's, and recorded there. `change` is as pulseIntent's, or a
 * function of the current controls (pulseControls) giving it. Null when pulseIntent is.
 */
export function changePulse(state, change, pending = pendingSettings) {
  const engine = state?.pulse ?? null;
  const current = pending ? pending.base('pulse', engine) : engine;
  const changes = typeof change === 'function' ? change(pulseControls(current)) : change;
  const intent = changes ? pulseIntent(current, changes, state?.tempo) : null;
  if (intent) pending?.record('pulse', spokenPulse(intent.pulse), (said) => said?.pulse ?? null);
  return intent;
}

/** A pulse as the engine says it back: without its depth when that is 1 (Pulse.swift writes it only otherwise). */
function spokenPulse(pulse) {
  if (pulse.depth !== 1) return pulse;
  const { depth: _whole, ...rest } = pulse;
  return rest;
}

/** A rate in one unit as the other at `tempo`: beats per cycle to hertz and back (both are tempo / (60 × the other)). */
function convertedRate(rate, tempo) {
  const bpm = Number.isFinite(tempo) && tempo > 0 ? tempo : 120;
  return rate > 0 ? bpm / (60 * rate) : 8;
}
