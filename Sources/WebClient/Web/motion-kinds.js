// The motions a lumi can have (Sources/Instrument/Motion/Motion.swift) and its edge behaviours
// (EdgeBehavior.swift), for the motion panel: parameters with the ranges a slider offers (within those the
// engine accepts), defaults, and names for people. `follow` comes from strokes on the canvas, so it is
// shown (and its speed can be changed) but not chosen. No DOM here.

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
