// Outlines drawn partially: contours (`{closed, points: [x0, y0, x1, y1, …]}`, as /api/forms/outline and
// the canvas's `forms` message give them) trimmed by arc length, for the animated drawing of a form (seed
// 004's prism traced, then its beam, dispersion and rainbow). No DOM here.

/** How long the form panel's animated drawing takes, in milliseconds. */
export const DRAWING_MILLISECONDS = 1500;

/** The prism drawing's stages as `Geometry.DarkSide.Stage` times them: the share of the timeline each draws in. */
export const PRISM_STAGE_INTERVALS = Object.freeze({
  prism: Object.freeze([0, 0.4]),
  beam: Object.freeze([0.4, 0.6]),
  dispersion: Object.freeze([0.6, 0.75]),
  rainbow: Object.freeze([0.75, 1]),
});

function pointCount(contour) {
  return Math.floor((contour?.points?.length ?? 0) / 2);
}

/** The lengths of a contour's segments, the closing one included when it is closed. */
function segmentLengths(contour) {
  const p = contour.points;
  const n = pointCount(contour);
  const lengths = [];
  for (let i = 0; i + 1 < n; i++) lengths.push(Math.hypot(p[2 * i + 2] - p[2 * i], p[2 * i + 3] - p[2 * i + 1]));
  if (contour.closed && n > 1) lengths.push(Math.hypot(p[0] - p[2 * n - 2], p[1] - p[2 * n - 1]));
  return lengths;
}

/** The length of a contour (with its closing segment when closed). */
export function contourLength(contour) {
  return segmentLengths(contour).reduce((sum, length) => sum + length, 0);
}

/** The length of all the contours together. */
export function pathLength(contours) {
  return contours.reduce((sum, contour) => sum + contourLength(contour), 0);
}

const clamp01 = (x) => (Number.isNaN(x) ? 0 : Math.min(Math.max(x, 0), 1));

/**
 * The part of `contour` from `from` to `to` (fractions 0…1 of its length, clamped), as a new contour.
 * It is closed only when the whole of a closed contour is kept; an open part of a closed contour runs
 * through its closing segment like any other. Null when nothing is kept. A contour of no length (one
 * point, or all its points at one place) is kept whole once `to` > `from`.
 */
export function trimContour(contour, from, to) {
  const n = pointCount(contour);
  const a = clamp01(from);
  const b = clamp01(to);
  if (n === 0 || b <= a) return null;
  const p = contour.points;
  if (a === 0 && b === 1) return { closed: Boolean(contour.closed), points: p.slice(0, 2 * n) };
  const lengths = segmentLengths(contour);
  const total = lengths.reduce((sum, length) => sum + length, 0);
  if (total === 0) return { closed: false, points: p.slice(0, 2 * n) };
  const start = a * total;
  const end = b * total;
  const vertex = (i) => [p[2 * (i % n)], p[2 * (i % n) + 1]];
  const out = [];
  let travelled = 0;
  for (let i = 0; i < lengths.length; i++) {
    const length = lengths[i];
    const segmentStart = travelled;
    const segmentEnd = travelled + length;
    travelled = segmentEnd;
    if (segmentEnd < start || (segmentEnd === start && length > 0)) continue;
    if (segmentStart > end || (segmentStart === end && out.length > 0)) break;
    const [x0, y0] = vertex(i);
    const [x1, y1] = vertex(i + 1);
    const at = (d) => {
      const t = length > 0 ? Math.min(Math.max((d - segmentStart) / length, 0), 1) : 0;
      return [x0 + (x1 - x0) * t, y0 + (y1 - y0) * t];
    };
    if (out.length === 0) out.push(...at(Math.max(start, segmentStart)));
    if (segmentEnd <= end) {
      out.push(x1, y1);
    } else {
      out.push(...at(end));
      break;
    }
  }
  return out.length >= 4 ? { closed: false, points: out } : null;
}

/**
 * The contours as drawn by one pen at `progress` (0…1) of their whole length: in order, each whole
 * before the next begins. The last may be partial; those not reached are left out.
 */
export function trimContours(contours, progress) {
  const lengths = contours.map(contourLength);
  const total = lengths.reduce((sum, length) => sum + length, 0);
  const t = clamp01(progress);
  if (t === 1) return contours.map((contour) => trimContour(contour, 0, 1)).filter(Boolean);
  const reach = t * total;
  const out = [];
  let travelled = 0;
  for (let i = 0; i < contours.length; i++) {
    const length = lengths[i];
    if (length > 0 ? reach <= travelled : reach < travelled || reach === 0) break;
    const kept = trimContour(contours[i], 0, length > 0 ? (reach - travelled) / length : 1);
    if (kept) out.push(kept);
    travelled += length;
  }
  return out;
}

/** How far (0…1) a stage that draws during `[from, to]` of the timeline is at overall `progress`. */
export function stageProgress(progress, [from, to]) {
  if (Number.isNaN(progress)) return 0;
  return clamp01((progress - from) / (to - from));
}

/**
 * The contours drawn in stages: `stages` is `[{contours: [index, …], interval: [from, to]}, …]`; during its
 * interval each contour of a stage is traced from its start, all of them together. Gives
 * `[{index, contour}]` in the contours' own order (their painting order), those not begun left out.
 */
export function trimStaged(contours, progress, stages) {
  const out = [];
  const stageOf = new Map();
  for (const stage of stages) for (const index of stage.contours) stageOf.set(index, stage);
  contours.forEach((contour, index) => {
    const stage = stageOf.get(index);
    const amount = stage ? stageProgress(progress, stage.interval) : clamp01(progress);
    const kept = trimContour(contour, 0, amount);
    if (kept) out.push({ index, contour: kept });
  });
  return out;
}

/**
 * The stages of the prism form's outline, with each stage's name. The engine gives its paths in the prism
 * drawing's painting order (`PrismOutline`, from `DarkSide.elements`): beam, dispersion, the rainbow's
 * slices (six today), prism — so the first is the beam, the second the dispersion, the last the prism and
 * those between the rainbow, however many there are. With fewer paths than that, the last is still the
 * prism and the first (of two or more) the beam, the second (of three) the dispersion. Null for none.
 */
export function prismStages(contourCount) {
  const n = Number.isInteger(contourCount) ? contourCount : 0;
  if (n < 1) return null;
  const I = PRISM_STAGE_INTERVALS;
  const stages = [];
  if (n >= 2) stages.push({ name: 'beam', contours: [0], interval: I.beam });
  if (n >= 3) stages.push({ name: 'dispersion', contours: [1], interval: I.dispersion });
  if (n >= 4) stages.push({ name: 'rainbow', contours: Array.from({ length: n - 3 }, (_, i) => i + 2), interval: I.rainbow });
  stages.push({ name: 'prism', contours: [n - 1], interval: I.prism });
  return stages;
}

/** The drawing's progress (0…1) `elapsed` milliseconds after it began, eased in and out. */
export function drawingProgress(elapsed, duration = DRAWING_MILLISECONDS) {
  if (!(duration > 0)) return 1;
  const t = clamp01(elapsed / duration);
  return t * t * (3 - 2 * t);
}
