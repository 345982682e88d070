// How an animation frame brings the trail layer up to the newest received frame in a bounded amount of
// work, however many frames waited: the waiting frames' fades are applied in one pass over the layer, and
// their stamps drawn after it, each frame's scaled by what the fades after it would have taken from them.
// No DOM or WebGL here; the renderer carries out the plan.
//
// Why scaling the stamps is right: every blend the trails use is linear in what is under it, so a fade f
// after a stamp S equals the stamp scaled by f over the faded layer —
//   additive      f·(S + D)               = f·S + f·D
//   source-over   f·(S + (1 − a)·D)       = f·S + (1 − a)·(f·D)
//   screen        f·(S + (1 − S)·D)       = f·S + (1 − S)·(f·D)      (alpha as source-over)
//   multiply      f·(S·D + (1 − a)·D)     = S·(f·D) + (1 − a)·(f·D)  (alpha as source-over)
// — so a frame's stamps, drawn after every later fade has been applied, come out as if stamped in their
// turn, when their colour (not the factors that read it) is scaled by the product of those later fades.

import { MAX_FADES_PER_PASS } from './shaders.js';
import { NO_FADE } from './trail-clock.js';

/** The most fades the single fade pass applies in turn (more are multiplied together first). */
export const MAX_FOLDED_FADES = MAX_FADES_PER_PASS;

/** How many waiting frames' stamps are drawn at full quality, at most, in one animation frame. */
export const FULL_STAMP_BUDGET = 4;

/**
 * Which of `count` frames with stamps to stamp when only `budget` may be: all when they fit; else always
 * the newest, and the others spread evenly from the oldest. Returns positions among the `count`, ascending.
 */
export function chooseStamped(count, budget) {
  const allowed = Math.max(1, Math.floor(budget));
  if (count <= allowed) return Array.from({ length: count }, (_, i) => i);
  if (allowed === 1) return [count - 1];
  // count > allowed, so the spacing is more than one and no position is chosen twice.
  return Array.from({ length: allowed }, (_, i) => Math.round((i * (count - 1)) / (allowed - 1)));
}

/**
 * The plan for bringing the trail layer up to the newest of `waiting` (as TrailBacklog.take returns them:
 * `{ step, stamps }`, oldest first), drawing the stamps of at most `budget` of them:
 *
 * - `clear`: clear the layer first. A clear — or a fade to nothing, which is the same — inside the run
 *   discards everything before it, so only the frames from the last one on matter.
 * - `fades`: the fades (in 256ths) to apply in turn, in one pass, each rounding down as a fade of its own
 *   would (empty after a clear: fading an empty layer changes nothing).
 * - `stamps`: `[{ index, gain }]`, the waiting frames whose stamps to draw, in order, each with its colour
 *   scaled by `gain`, the product of the fades that come after it in the run (1 for the newest).
 * - `folded`: how many frames' trail steps were folded into another's (all but one).
 * - `givenUp`: how many frames with stamps that still mattered were not stamped (over the budget).
 */
export function foldTrailSteps(waiting, budget = FULL_STAMP_BUDGET) {
  const count = waiting.length;
  if (count === 0) return { clear: false, fades: [], stamps: [], folded: 0, givenUp: 0 };
  let start = 0, clear = false;
  for (let k = count - 1; k >= 0; k -= 1) {
    if (clears(waiting[k].step)) {
      start = k;
      clear = true;
      break;
    }
  }
  const fades = [];
  if (!clear) {
    for (const { step } of waiting) if (step.fade !== undefined) fades.push(step.fade);
  }
  const gains = new Array(count).fill(1);
  for (let k = count - 2; k >= start; k -= 1) gains[k] = gains[k + 1] * ((waiting[k + 1].step.fade ?? NO_FADE) / NO_FADE);
  const candidates = [];
  for (let k = start; k < count; k += 1) if (waiting[k].stamps) candidates.push(k);
  const stamps = chooseStamped(candidates.length, budget).map((i) => ({ index: candidates[i], gain: gains[candidates[i]] }));
  return {
    clear, fades: limitFades(fades), stamps, folded: count - 1, givenUp: candidates.length - stamps.length,
  };
}

/** Whether a step leaves the layer empty: a clear, or a fade to nothing. */
function clears(step) {
  return step.clear === true || step.fade === 0;
}

/** At most MAX_FOLDED_FADES fades: the oldest beyond that multiplied into one (rounded, as the backlog does). */
function limitFades(fades) {
  if (fades.length <= MAX_FOLDED_FADES) return fades;
  const extra = fades.length - MAX_FOLDED_FADES + 1;
  let product = NO_FADE;
  for (const scale of fades.slice(0, extra)) product = Math.round((product * scale) / NO_FADE);
  return [product, ...fades.slice(extra)];
}
