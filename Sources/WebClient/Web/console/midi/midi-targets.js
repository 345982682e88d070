// What MIDI can play, and the intents a mapped message sends. A mapping (docs/library-api.md,
// `midiMappings`) takes a source (`note:CH:N`, `cc:CH:N`) to a target:
//   - a pad, `pad:1` … `pad:8` (played by notes: note on is padDown with velocity/127, note off padUp;
//     the intent's pad counts from 0);
//   - a button, `tapTempo`, `erase`, `fade` or `blackout` (played by note on; `blackout` turns the fixtures'
//     blackout on or off, docs/fixtures.md);
//   - a fixture fired while a note is held, `fire:NAME` (midi-fire.js: note on fires it, note off lets it rest), for
//     each fixture the patch has that the stage never drives; one no longer in the patch plays nothing;
//   - a control (played by a control change, its 0…127 scaled into the control's range): every slider of
//     the console —
//       colour: the ribbons (`hue.center`, `hue.range`, `purity.center`, `purity.range`) and the pulse
//         (`pulse.rate`, `pulse.depth`, `pulse.lag`, and `pulse.followAmount`, 0…1: how much it follows the
//         sound it follows); with `tempo`, `trailPersistence` and `headroom`;
//       fixtures: `fixtures.master`, the Fixtures master (0…1);
//       form: Size, Morph and Stroke (the features' bases below), `lumiCount`, and each form's parameters,
//         `form.KIND.PARAM` (the prism's four among them);
//       motion: Speed (the speed feature's base), and each motion's parameters, `motion.KIND.PARAM`;
//       each feature of the lumi being designed: `feature.NAME.base`, `.depth`, `.rate`, `.phase`,
//         `.width` (a pulse waveform's width) and `.followAmount` (how much it follows the sound it follows,
//         0 to its depth's reach; every feature but speed, which follows nothing: sound-follow.js).
//     A rate (`pulse.rate`, `feature.NAME.rate`) travels its unit's range as the rate slider does, on
//     logarithmic steps, in the unit the engine has. A form's or a motion's parameter, a pulse width and a
//     follow amount (a feature's or the pulse's) play only while the design has that kind — or follows a
//     sound (as their controls show or are enabled only then): otherwise nothing is sent.
// The intents are built by the same functions the panels use (lumi-features.js, pulse.js, form-kinds.js,
// motion-kinds.js). No DOM here.

import {
  FEATURES, LUMI_COUNT_RANGE, LUMI_COUNT_SLIDER_MAX, changeFeature, changeOscillator, clamp, lumiCountIntent, rateAtShare,
  rateParts,
} from '../panel-kit/lumi-features.js';
import { FORM_KINDS, formParamIntent, formParamName } from '../form/form-kinds.js';
import { MOTION_KINDS, motionParamIntent, motionParamName } from '../motion/motion-kinds.js';
import { POLYPHONY_RANGE } from '../preferences/polyphony-model.js';
import { DEPTH_LIMITS, LAG_LIMITS, changePulse } from '../color/pulse.js';
import { ribbonCenterIntent } from '../color/ribbon.js';
import { followAmountIntent, followsSound, pulseFollowAmountIntent } from '../color/sound-follow.js';
import { sourceKey } from './midi.js';
import { describeFireTarget, fireIntents, firedFixture } from './midi-fire.js';

/** The eight pads' targets. */
export const PAD_TARGETS = Object.freeze(Array.from({ length: 8 }, (_, i) => `pad:${i + 1}`));

/** How long a `fade` button's fade takes, in seconds (as the canvas's space bar). */
export const FADE_SECONDS = 2;

/** Buttons: a note on sends the intent. */
export const BUTTONS = Object.freeze({
  tapTempo: Object.freeze({ label: 'Tap tempo', intent: () => ({ type: 'tapTempo' }) }),
  fade: Object.freeze({ label: 'Fade', intent: () => ({ type: 'fade', seconds: FADE_SECONDS }) }),
  erase: Object.freeze({ label: 'Erase', intent: () => ({ type: 'erase' }) }),
  blackout: Object.freeze({ label: 'Blackout', intent: () => ({ type: 'fixtures', toggleBlackout: true }) }),
});

/** The groups controls are listed in, in order: the panel a control's slider is on, and the lumi's features. */
export const CONTROL_GROUPS = Object.freeze([
  Object.freeze({ group: 'color', title: 'Colour and canvas' }),
  Object.freeze({ group: 'form', title: 'Form' }),
  Object.freeze({ group: 'motion', title: 'Motion' }),
  Object.freeze({ group: 'feature', title: 'Lumi features' }),
  Object.freeze({ group: 'fixtures', title: 'Fixtures' }),
]);

/** Features whose base is a slider of the form or the motion panel (Size, Morph, Stroke; Speed): listed there. */
const PANEL_OF_FEATURE_BASE = Object.freeze({ size: 'form', morph: 'form', strokeWidth: 'form', speed: 'motion' });

// A centre is recorded as sent, as a drag's is (ribbon.js): a key pressed right after a knob moves on from it.
const ribbon = (name, which, label) => ({
  label, group: 'color',
  range: [0, 1],
  intent: (value, _state, pending = null) => (which === 'center'
    ? ribbonCenterIntent(name, value, pending) : { type: 'ribbonRange', ribbon: name, value }),
});

const pulse = (key, label, limits) => ({
  label, group: 'color', range: [limits.min, limits.max],
  intent: (value, state, pending = null) => changePulse(state, { [key]: value }, pending),
});

const featureControls = (f) => [
  [`feature.${f.name}.base`, {
    label: `${f.label}`, group: PANEL_OF_FEATURE_BASE[f.name] ?? 'feature', range: f.base,
    intent: (base, state, pending = null) => changeFeature(state, f.name, (setting) => ({ ...setting, base }), pending),
  }],
  [`feature.${f.name}.depth`, {
    label: `${f.label} depth`, group: 'feature', range: f.depth,
    intent: (depth, state, pending = null) => changeOscillator(state, f.name, (o) => ({ ...o, depth }), pending),
  }],
  [`feature.${f.name}.rate`, {
    label: `${f.label} rate`, group: 'feature', range: [0, 1],
    intent: (share, state, pending = null) => changeOscillator(state, f.name, (o) => {
      const { unit } = rateParts(o.rate);
      return { ...o, rate: { [unit]: rateAtShare(unit, share) } };
    }, pending),
  }],
  [`feature.${f.name}.phase`, {
    label: `${f.label} phase`, group: 'feature', range: [0, 1],
    intent: (phase, state, pending = null) => changeOscillator(state, f.name, (o) => ({ ...o, phase }), pending),
  }],
  [`feature.${f.name}.width`, {
    label: `${f.label} pulse width`, group: 'feature', range: [0, 1],
    intent: (width, state, pending = null) => changeOscillator(
      state, f.name, (o) => (o.waveform?.kind === 'pulse' ? { ...o, waveform: { kind: 'pulse', width } } : null), pending),
  }],
  ...(followsSound(f.name) ? [[`feature.${f.name}.followAmount`, {
    label: `${f.label} follow amount`, group: 'feature', range: [0, f.depth[1]],
    intent: (amount, state, pending = null) => followAmountIntent(state, f.name, amount, pending),
  }]] : []),
];

/**
 * Continuous controls, in the order a list shows them: each with a label (its slider's name), a group
 * (CONTROL_GROUPS), its range, `decimals` where it is rounded, and the intent of a value in it (null when
 * the state cannot say what to send) — built on the setting last sent for it while the engine has not said
 * it back (`pending`, lumi-features.js), when one is given.
 */
export const CONTROLS = Object.freeze(Object.fromEntries([
  ['hue.center', ribbon('hue', 'center', 'Hue centre')],
  ['hue.range', ribbon('hue', 'range', 'Hue range')],
  ['purity.center', ribbon('purity', 'center', 'Purity centre')],
  ['purity.range', ribbon('purity', 'range', 'Purity range')],
  ['pulse.rate', {
    label: 'Pulse rate', group: 'color', range: [0, 1],
    intent: (share, state, pending = null) => changePulse(state, ({ unit }) => ({ rate: rateAtShare(unit, share) }), pending),
  }],
  ['pulse.depth', pulse('depth', 'Pulse depth', DEPTH_LIMITS)],
  ['pulse.lag', pulse('purityLag', 'Pulse lag', LAG_LIMITS)],
  ['pulse.followAmount', {
    label: 'Pulse follow amount', group: 'color', range: [0, 1],
    intent: (amount, state, pending = null) => pulseFollowAmountIntent(state, amount, pending),
  }],
  ['tempo', { label: 'Tempo', group: 'color', range: [20, 300], decimals: 1, intent: (bpm) => ({ type: 'tempo', bpm }) }],
  ['trailPersistence', { label: 'Trail persistence', group: 'color', range: [0, 1], intent: (value) => ({ type: 'trailPersistence', value }) }],
  ['headroom', { label: 'Headroom', group: 'color', range: [0, 1], intent: (value) => ({ type: 'headroom', value }) }],
  ['polyphony', {
    label: 'Polyphony', group: 'color', range: POLYPHONY_RANGE, decimals: 0,
    intent: (count) => ({ type: 'polyphony', count: Math.min(POLYPHONY_RANGE[1], Math.max(POLYPHONY_RANGE[0], Math.round(count))) }),
  }],
  ...FORM_KINDS.flatMap((entry) => entry.params.map((param) => [`form.${entry.kind}.${param.name}`, {
    label: formParamName(entry, param), group: 'form', range: [param.min, param.max], ...(param.integer ? { decimals: 0 } : {}),
    intent: (value, state, pending = null) => formParamIntent(state, entry.kind, param.name, value, pending),
  }])),
  ...MOTION_KINDS.flatMap((entry) => entry.params.map((param) => [`motion.${entry.kind}.${param.name}`, {
    label: motionParamName(entry, param), group: 'motion', range: [param.min, param.max],
    intent: (value, state, pending = null) => motionParamIntent(state, entry.kind, param.name, value, pending),
  }])),
  ...FEATURES.flatMap(featureControls),
  ['fixtures.master', {
    label: 'Fixtures master', group: 'fixtures', range: [0, 1], decimals: 2, intent: (master) => ({ type: 'fixtures', master }),
  }],
  ['lumiCount', {
    label: 'Count', group: 'form', range: [LUMI_COUNT_RANGE[0], LUMI_COUNT_SLIDER_MAX], decimals: 0,
    intent: (count) => lumiCountIntent(count),
  }],
].map(([name, control]) => [name, Object.freeze(control)])));

/** The names of the controls of `group` (CONTROL_GROUPS), in CONTROLS' order. */
export function controlsIn(group) {
  return Object.keys(CONTROLS).filter((name) => CONTROLS[name].group === group);
}

/**
 * What a control change's intent replaces when several wait to be sent: an intent that carries a whole
 * setting (a feature's, the pulse, the motion, the form) replaces the earlier ones of that setting, whichever
 * of its controls sent them — it was built on them; any other, those of its own target.
 */
export function settingKey(intent, target) {
  if (intent?.type === 'feature') return `feature:${intent.feature}`;
  if (intent?.type === 'pulse' || intent?.type === 'motion' || intent?.type === 'form') return intent.type;
  return target;
}

const PAD_PATTERN = /^pad:([1-8])$/;

/**
 * What plays a target: 'pad', 'button' and 'fire' (a fixture fired while held) are played by notes, 'control' by
 * control changes; null for no target.
 */
export function targetKind(target) {
  if (typeof target !== 'string') return null;
  if (PAD_PATTERN.test(target)) return 'pad';
  if (firedFixture(target) !== null) return 'fire';
  if (Object.hasOwn(BUTTONS, target)) return 'button';
  if (Object.hasOwn(CONTROLS, target)) return 'control';
  return null;
}

/**
 * A target for a person: "Pad 3", "Tap tempo", "Hue centre", "Size depth", "Fire Smoke" — a fire target with why
 * it plays nothing when `fireable` (the names the patch has to fire, null before it is known) is given.
 */
export function describeTarget(target, fireable = undefined) {
  const pad = PAD_PATTERN.exec(target ?? '');
  if (pad) return `Pad ${pad[1]}`;
  if (firedFixture(target) !== null) return describeFireTarget(target, fireable);
  return BUTTONS[target]?.label ?? CONTROLS[target]?.label ?? String(target);
}

/** A control change's value (0…127) in `range`, rounded to so many `decimals` when given. */
export function scaleControl(value, range, decimals) {
  const fraction = clamp(value, [0, 127]) / 127;
  const scaled = range[0] + fraction * (range[1] - range[0]);
  if (decimals === undefined) return scaled;
  const unit = 10 ** decimals;
  return clamp(Math.round(scaled * unit) / unit, range);
}

/**
 * The intents a MIDI message sends through `mappings` (source key → target), given the engine's `state`
 * (a feature control resends the rest of that feature's setting, built on what was last sent for it when
 * `pending` is given). A fire target plays only a fixture among `fireable` (the names the patch has to fire:
 * midi-fire.js's fireableFixtures). Messages of the wrong kind for their target (a control change on a pad, a note
 * on a control) send nothing.
 */
export function intentsForMessage(message, mappings, state, pending = null, fireable = []) {
  const source = sourceKey(message);
  const target = source && mappings && Object.hasOwn(mappings, source) ? mappings[source] : null;
  switch (targetKind(target)) {
    case 'pad': {
      const pad = Number(PAD_PATTERN.exec(target)[1]) - 1;
      if (message.type === 'noteOn') return [{ type: 'padDown', pad, velocity: clamp(message.velocity / 127, [0, 1]) }];
      if (message.type === 'noteOff') return [{ type: 'padUp', pad }];
      return [];
    }
    case 'button':
      return message.type === 'noteOn' ? [BUTTONS[target].intent()] : [];
    case 'fire':
      return fireIntents(message, target, fireable);
    case 'control': {
      if (message.type !== 'controlChange') return [];
      const control = CONTROLS[target];
      const intent = control.intent(scaleControl(message.value, control.range, control.decimals), state, pending);
      return intent ? [intent] : [];
    }
    default:
      return [];
  }
}
