// A lumi feature's oscillator, or the background pulse, following the sound heard
// (Sources/Instrument/Listening/SoundFollow.swift): the sources it may follow, the follow setting a choice
// makes — `{source, amount, attack, release}`, or none — and the `feature` and `pulse` intents that set or
// remove it, keeping the rest of the feature's setting or of the pulse. Speed follows nothing (the engine
// refuses it: a lumi's travel is worked out from its speed's whole past). No DOM here.

import { changeOscillator, clamp, feature, pendingSettings } from '../panel-kit/lumi-features.js';
import { changePulse } from './pulse.js';

/** What an oscillator may follow, in the order the select offers them (`none`: it follows nothing). */
export const FOLLOW_SOURCES = Object.freeze([
  Object.freeze({ source: 'none', label: 'none' }),
  Object.freeze({ source: 'level', label: 'level' }),
  Object.freeze({ source: 'low', label: 'low' }),
  Object.freeze({ source: 'lowMid', label: 'low-mid' }),
  Object.freeze({ source: 'highMid', label: 'high-mid' }),
  Object.freeze({ source: 'high', label: 'high' }),
  Object.freeze({ source: 'onset', label: 'onset' }),
]);

const SOURCES = new Set(FOLLOW_SOURCES.map(({ source }) => source).filter((source) => source !== 'none'));

/** The envelope a new follower rises and falls with (seconds), as SoundFollow's defaults. */
export const FOLLOW_ATTACK = 0.01;
export const FOLLOW_RELEASE = 0.2;

/** The engine's limits on a follower: its amount within ±1000 (an oscillator's depth limit), attack 0…10 s, release 0…60 s. */
export const ENGINE_AMOUNT_RANGE = Object.freeze([-1000, 1000]);
const ATTACK_RANGE = [0, 10];
const RELEASE_RANGE = [0, 60];

/** Whether a feature's oscillator may follow the sound: every one but speed's. */
export function followsSound(name) {
  return feature(name) !== undefined && name !== 'speed';
}

/**
 * The amounts a feature's "follow amount" field offers: up to its depth slider's reach either way (a
 * negative amount turns the feature down as the sound swells). A MIDI knob plays 0 to that reach, as the
 * depth's does.
 */
export function followAmountRange(name) {
  const reach = feature(name)?.depth[1] ?? 1;
  return [-reach, reach];
}

/** The amount a follower starts with when a source is first chosen: half the depth slider's reach. */
export function defaultFollowAmount(name) {
  return (feature(name)?.depth[1] ?? 1) / 2;
}

/** An oscillator's follower (`{source, amount, attack, release}`), or null when it follows nothing. */
export function followOf(oscillator) {
  const follow = oscillator?.follow;
  if (!follow || typeof follow !== 'object' || !SOURCES.has(follow.source)) return null;
  return follow;
}

const finite = (x) => typeof x === 'number' && Number.isFinite(x);

/**
 * The follower a choice makes for feature `name`: null for `none` (or a source there is not), else
 * `{source, amount, attack, release}` — the amount given (within the engine's limits), else the previous
 * follower's, else the default; the previous follower's attack and release, else 0.01 s and 0.2 s.
 */
export function followSetting(name, source, amount, previous = null) {
  return followWithin(source, amount, previous, ENGINE_AMOUNT_RANGE, defaultFollowAmount(name));
}

/** followSetting's work: the amount kept to `range`, `fallback` when neither given nor had. */
function followWithin(source, amount, previous, range, fallback) {
  if (!SOURCES.has(source)) return null;
  const chosen = finite(amount) ? amount : finite(previous?.amount) ? previous.amount : fallback;
  return {
    source,
    amount: clamp(chosen, range),
    attack: finite(previous?.attack) ? clamp(previous.attack, ATTACK_RANGE) : FOLLOW_ATTACK,
    release: finite(previous?.release) ? clamp(previous.release, RELEASE_RANGE) : FOLLOW_RELEASE,
  };
}

/** `oscillator` following `follow` (null: following nothing — the key is left out, as the engine leaves it). */
export function withFollow(oscillator, follow) {
  const { follow: _old, ...rest } = oscillator;
  return follow ? { ...rest, follow } : rest;
}

/**
 * The `feature` intent that makes feature `name` follow `source` (`none`: nothing) by `amount` (undefined:
 * as it did, or the default), its base and the rest of its oscillator kept — built on the setting last
 * sent (`pending`, lumi-features.js). `remembered` is a follower it had before (its attack, release and
 * amount come back with a source chosen again). Null for speed, and when the engine has no setting for it.
 */
export function followIntent(state, name, source, amount, { remembered = null, pending = pendingSettings } = {}) {
  if (!followsSound(name)) return null;
  return changeOscillator(state, name, (oscillator) => {
    const previous = followOf(oscillator) ?? remembered;
    return withFollow(oscillator, followSetting(name, source, amount, previous));
  }, pending);
}

/**
 * The `feature` intent that sets how much feature `name` follows the sound it follows (MIDI's and the
 * amount field's): null when it follows nothing (the amount plays only while there is a source), for speed,
 * and when the engine has no setting for it.
 */
export function followAmountIntent(state, name, amount, pending = pendingSettings) {
  if (!followsSound(name) || !finite(amount)) return null;
  return changeOscillator(state, name, (oscillator) => {
    const follow = followOf(oscillator);
    return follow ? withFollow(oscillator, { ...follow, amount: clamp(amount, ENGINE_AMOUNT_RANGE) }) : null;
  }, pending);
}

// The background pulse (Pulse.swift): `amount` × the envelope moves the colour further through the hue and
// purity ranges, the positions kept to 0…1.

/** The pulse's follow amounts: −1…1, the engine refuses beyond (Pulse.validate); a MIDI knob plays 0…1. */
export const PULSE_FOLLOW_RANGE = Object.freeze([-1, 1]);
/** The amount the pulse starts following with when a source is first chosen. */
export const PULSE_FOLLOW_AMOUNT = 0.5;

/**
 * The follower a choice makes for the pulse: null for `none` (or a source there is not), else `{source,
 * amount, attack, release}` — the amount given (within −1…1), else the previous follower's, else 0.5; the
 * previous follower's attack and release, else 0.01 s and 0.2 s.
 */
export function pulseFollowSetting(source, amount, previous = null) {
  return followWithin(source, amount, previous, PULSE_FOLLOW_RANGE, PULSE_FOLLOW_AMOUNT);
}

/**
 * The `pulse` intent that makes the pulse follow `source` (`none`: nothing) by `amount` (undefined: as it
 * did, or the default), the rest of the pulse kept — built on the pulse last sent (`pending`, pulse.js's
 * changePulse). `remembered` is a follower it had before (its attack, release and amount come back with a
 * source chosen again).
 */
export function pulseFollowIntent(state, source, amount, { remembered = null, pending = pendingSettings } = {}) {
  return changePulse(state, (controls) => ({
    follow: pulseFollowSetting(source, amount, followOf(controls) ?? remembered),
  }), pending);
}

/**
 * The `pulse` intent that sets how much the pulse follows the sound it follows (MIDI's and the amount
 * field's), within −1…1: null when it follows nothing (the amount plays only while there is a source) or
 * the amount is not a number.
 */
export function pulseFollowAmountIntent(state, amount, pending = pendingSettings) {
  if (!finite(amount)) return null;
  return changePulse(state, (controls) => {
    const follow = followOf(controls);
    return follow ? { follow: { ...follow, amount: clamp(amount, PULSE_FOLLOW_RANGE) } } : null;
  }, pending);
}
