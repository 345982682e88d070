// The motions a lumi can have (Sources/Instrument/Motion/Motion.swift) and its edge behaviours
// (EdgeBehavior.swift), for the motion panel: parameters with the ranges a slider offers (within those the
// engine accepts), defaults, and names for people. `follow` comes from strokes on the canvas, so it is
// shown (and its speed can be changed) but not chosen. The `motion` intents a change sends are built here,
// for the motion panel and MIDI alike. No DOM here.

import { pendingSettings } from '../panel-kit/lumi-features.js';

export const MOTION_KINDS = Object.freeze([
  { kind: 'still', label: 'Still', params: [] },
  {
    kind: 'drift', label: 'Drift', params: [
      { name: 'direction', label: 'Direction', min: 0, max: 1, step: 0.01, default: 0, unit: 'turns' },
      { name: 'speed', label: 'Pace', min: 0, max: 2, step: 0.01, default: 0.1, unit: 'heights/s' },
    ],
  },
  {
    kind: 'orbit', label: 'Orbit', params: [
      { name: 'radius', label: 'Radius', min: 0, max: 1, step: 0.01, default: 0.15 },
      { name: 'rate', label: 'Rate', min: -2, max: 2, step: 0.01, default: 0.2, unit: 'turns/s' },
    ],
  },
  {
    kind: 'lissajous', label: 'Lissajous', params: [
      { name: 'width', label: 'Width', min: 0, max: 1, step: 0.01, default: 0.2 },
      { name: 'height', label: 'Height', min: 0, max: 1, step: 0.01, default: 0.15 },
      { name: 'xRate', label: 'X rate', min: -5, max: 5, step: 0.01, default: 0.3, unit: 'Hz' },
      { name: 'yRate', label: 'Y rate', min: -5, max: 5, step: 0.01, default: 0.2, unit: 'Hz' },
      { name: 'phase', label: 'Phase', min: 0, max: 1, step: 0.01, default: 0.25, unit: 'turns' },
    ],
  },
  {
    kind: 'wander', label: 'Wander', params: [
      { name: 'distance', label: 'Distance', min: 0, max: 1, step: 0.01, default: 0.25 },
      { name: 'rate', label: 'Rate', min: 0, max: 5, step: 0.01, default: 0.2, unit: 'Hz' },
    ],
  },
  {
    kind: 'follow', label: 'Follow (a stroke)', chosenByStroke: true, params: [
      { name: 'speed', label: 'Pace', min: 0, max: 2, step: 0.01, default: 0.2, unit: 'heights/s' },
    ],
  },
].map((entry) => Object.freeze({ ...entry, params: Object.freeze(entry.params.map((p) => Object.freeze(p))) })));

/** Edge behaviours, as `EdgeBehavior.allCases`. */
export const EDGES = Object.freeze([['bounce', 'Bounce'], ['wrap', 'Wrap'], ['free', 'Free']]);

const BY_KIND = new Map(MOTION_KINDS.map((entry) => [entry.kind, entry]));

export function motionKind(kind) {
  return BY_KIND.get(kind);
}

/** A motion of `kind` with the parameters of `remembered` (an earlier one of that kind) or the defaults; null for follow, which needs a stroke. */
export function defaultMotion(kind, remembered = null) {
  const entry = BY_KIND.get(kind);
  if (!entry || entry.chosenByStroke) return null;
  const motion = { kind };
  for (const param of entry.params) {
    const value = remembered?.kind === kind ? remembered[param.name] : undefined;
    motion[param.name] = typeof value === 'number' ? value : param.default;
  }
  return motion;
}

/** The `motion` intent for `motion` and `edges`. */
export function motionIntent(motion, edges) {
  return { type: 'motion', motion, edges };
}

/** A parameter's name for people, as its slider is named: "Drift direction", "Orbit rate", "Follow pace". */
export function motionParamName(entry, param) {
  return `${entry.label.split(' ')[0]} ${param.label.toLowerCase()}`;
}

/**
 * The design's `{motion, edges}` a change builds on: the one last sent while the engine has not said it back
 * (`pending`, lumi-features.js), else the engine's; null when the engine has said no motion.
 */
export function motionSetting(state, pending = pendingSettings) {
  const engine = engineMotion(state);
  return pending ? pending.base('motion', engine) : engine;
}

/** The design's `{motion, edges}` as the engine says them, or null. */
function engineMotion(state) {
  const design = state?.design;
  return design?.motion ? { motion: design.motion, edges: design.edges ?? 'bounce' } : null;
}

/** The `motion` intent for `motion` and `edges`, recorded in `pending` as the newest sent. */
export function sentMotion(motion, edges, pending = pendingSettings) {
  pending?.record('motion', { motion, edges }, engineMotion);
  return motionIntent(motion, edges);
}

/**
 * The `motion` intent that changes the design's motion by `change({motion, edges})` (giving the new pair, or
 * null for no change), built on motionSetting and recorded; null when there is nothing to change.
 */
export function changeMotion(state, change, pending = pendingSettings) {
  const current = motionSetting(state, pending);
  const next = current ? change(current) : null;
  return next ? sentMotion(next.motion, next.edges, pending) : null;
}

/** The `motion` intent that sets parameter `name` of a motion of `kind` to `value`; null when the motion is of another kind. */
export function motionParamIntent(state, kind, name, value, pending = pendingSettings) {
  return changeMotion(state, ({ motion, edges }) => (motion.kind === kind ? { motion: { ...motion, [name]: value }, edges } : null), pending);
}
