// What MIDI can play, and the intents a mapped message sends. A mapping (docs/library-api.md,
// `midiMappings`) takes a source (`note:CH:N`, `cc:CH:N`) to a target:
//   - a pad, `pad:1` … `pad:8` (played by notes: note on is padDown with velocity/127, note off padUp;
//     the intent's pad counts from 0);
//   - a button, `tapTempo`, `erase` or `fade` (played by note on);
//   - a control (played by a control change, its 0…127 scaled into the control's range): the colour
//     ribbons (`hue.center`, `hue.range`, `purity.center`, `purity.range`), `tempo`, `trailPersistence`,
//     `headroom`, and each feature of the lumi being designed, `feature.NAME.base` and `feature.NAME.depth`.
// No DOM here.

import { FEATURES, changeFeature, clamp } from './lumi-features.js';
import { sourceKey } from './midi.js';

/** The eight pads' targets. */
export const PAD_TARGETS = Object.freeze(Array.from({ length: 8 }, (_, i) => `pad:${i + 1}`));

/** How long a `fade` button's fade takes, in seconds (as the canvas's space bar). */
export const FADE_SECONDS = 2;

/** Buttons: a note on sends the intent. */
export const BUTTONS = Object.freeze({
  tapTempo: Object.freeze({ label: 'Tap tempo', intent: () => ({ type: 'tapTempo' }) }),
  fade: Object.freeze({ label: 'Fade', intent: () => ({ type: 'fade', seconds: FADE_SECONDS }) }),
  erase: Object.freeze({ label: 'Erase', intent: () => ({ type: 'erase' }) }),
});

const ribbon = (name, which, label) => ({
  label,
  range: [0, 1],
  intent: (value) => ({ type: which === 'center' ? 'ribbonCenter' : 'ribbonRange', ribbon: name, value }),
});

/**
 * Continuous controls, in the order a list shows them: each with a label, its range, and the intent of a
 * value in it (null when the state cannot say what to send) — a feature's built on the setting last sent
 * for it while the engine has not said it back (`pending`, lumi-features.js), when one is given.
 */
export const CONTROLS = Object.freeze(Object.fromEntries([
  ['hue.center', ribbon('hue', 'center', 'Hue centre')],
  ['hue.range', ribbon('hue', 'range', 'Hue range')],
  ['purity.center', ribbon('purity', 'center', 'Purity centre')],
  ['purity.range', ribbon('purity', 'range', 'Purity range')],
  ['tempo', { label: 'Tempo', range: [20, 300], decimals: 1, intent: (bpm) => ({ type: 'tempo', bpm }) }],
  ['trailPersistence', { label: 'Trail persistence', range: [0, 1], intent: (value) => ({ type: 'trailPersistence', value }) }],
  ['headroom', { label: 'Headroom', range: [0, 1], intent: (value) => ({ type: 'headroom', value }) }],
  ...FEATURES.flatMap((f) => [
    [`feature.${f.name}.base`, {
      label: `${f.label}`, group: 'feature', range: f.base,
      intent: (base, state, pending = null) => changeFeature(state, f.name, (setting) => ({ ...setting, base }), pending),
    }],
    [`feature.${f.name}.depth`, {
      label: `${f.label} depth`, group: 'feature', range: f.depth,
      intent: (depth, state, pending = null) => changeFeature(
        state, f.name, (setting) => ({ ...setting, oscillator: { ...setting.oscillator, depth } }), pending),
    }],
  ]),
].map(([name, control]) => [name, Object.freeze(control)])));

const PAD_PATTERN = /^pad:([1-8])$/;

/** What plays a target: 'pad' and 'button' are played by notes, 'control' by control changes; null for no target. */
export function targetKind(target) {
  if (typeof target !== 'string') return null;
  if (PAD_PATTERN.test(target)) return 'pad';
  if (Object.hasOwn(BUTTONS, target)) return 'button';
  if (Object.hasOwn(CONTROLS, target)) return 'control';
  return null;
}

/** A target for a person: "Pad 3", "Tap tempo", "Hue centre", "Size depth". */
export function describeTarget(target) {
  const pad = PAD_PATTERN.exec(target ?? '');
  if (pad) return `Pad ${pad[1]}`;
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
 * `pending` is given). Messages of the wrong kind for their target (a control change on a pad, a note on a
 * control) send nothing.
 */
export function intentsForMessage(message, mappings, state, pending = null) {
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
