// The canvas page's quality ladder — what each level draws, from full quality down — and when the quality
// controller (quality.js) moves along it: the times and thresholds its rules are written in. No DOM here.

import { FULL_STAMP_BUDGET } from './trail-fold.js';

/**
 * The ladder, from full quality down: the drawing buffer's resolution and the trail layer's (both as
 * fractions of the device's pixels; the trails never finer than the picture nor coarser than half of it),
 * and how many waiting frames may stamp the trails in one animation frame. The last rungs are for a stage
 * crowded with large forms on software WebGL (hundreds of veils, each a large share of the canvas): there
 * the pixels, not the stamps, are what is left to cut.
 */
export const QUALITY_LEVELS = Object.freeze([
  { resolution: 1, trailResolution: 1, stampBudget: FULL_STAMP_BUDGET },
  { resolution: 1, trailResolution: 0.7, stampBudget: FULL_STAMP_BUDGET },
  { resolution: 0.85, trailResolution: 0.5, stampBudget: FULL_STAMP_BUDGET },
  { resolution: 0.7, trailResolution: 0.35, stampBudget: FULL_STAMP_BUDGET },
  { resolution: 0.6, trailResolution: 0.3, stampBudget: FULL_STAMP_BUDGET },
  { resolution: 0.5, trailResolution: 0.25, stampBudget: FULL_STAMP_BUDGET },
  { resolution: 0.42, trailResolution: 0.21, stampBudget: FULL_STAMP_BUDGET },
  { resolution: 0.35, trailResolution: 0.175, stampBudget: FULL_STAMP_BUDGET },
  { resolution: 0.25, trailResolution: 0.125, stampBudget: FULL_STAMP_BUDGET },
  { resolution: 0.25, trailResolution: 0.125, stampBudget: 2 },
  { resolution: 0.25, trailResolution: 0.125, stampBudget: 1 },
  { resolution: 0.2, trailResolution: 0.1, stampBudget: 1 },
  { resolution: 0.16, trailResolution: 0.08, stampBudget: 1 },
].map(Object.freeze));

/** When and how far the controller moves; times in milliseconds. */
export const QUALITY_TIMING = Object.freeze({
  /** The page's first moments (building its programs, first pictures) are slow whatever the level: ignored. */
  warmUp: 2000,
  /**
   * The intervals a decision looks at: those of the last second at the present level (the first one left
   * out: it carried the change), once there are at least `minimumSamples` of them or they span the second.
   */
  window: 1000,
  minimumSamples: 4,
  /** Too slow: the window's median interval above this many display frame periods. */
  slow: 1.3,
  /** So slow that two levels are dropped at once; and three. */
  verySlow: 2.5,
  stalled: 6,
  /** Room to spare: the median at most this many periods. Between `healthy` and `slow`, the level stays. */
  healthy: 1.1,
  /** The least time at a level before going lower… */
  downDwell: 500,
  /** …and before going higher. */
  upDwell: 1500,
  /**
   * A level stepped up to that turns out too slow (or forecast to be) within this time — held all along, or
   * left and come back to — has failed there…
   */
  probation: 300000,
  /** …and is not tried again for this long after its first, second and third failure in a row… */
  retryWaits: Object.freeze([4000, 8000, 16000]),
  /** …and after more, for this long — or until the work falls below `workRelief` of what it was. */
  rest: 120000,
  workRelief: 0.75,
  /**
   * The display's frame period is taken as the lowest median of a decision in the last five minutes (the
   * pace the page kept at its best), kept within these bounds: a display as slow as 30 Hz is followed, a
   * page slower than that is too slow whatever its display.
   */
  periodMemory: 300000,
  shortestPeriod: 1000 / 240,
  longestPeriod: 1000 / 30,
  /** The period taken until one is seen: a 60 Hz display's. */
  assumedPeriod: 1000 / 60,
  /** Longer intervals count as this long (a stall says as much as this; the page may have been hidden). */
  longestInterval: 1000,
  /** How far back frameMilliseconds looks. */
  statusWindow: 2000,
  /**
   * Moves that leave the median within `futile` of what it was — a descent that did not make the page
   * faster though it cut the picture's pixels to `futileDescent` of what they were (or reached the
   * bottom); from the bottom, a step up that did not make it slower — judged within `paceWindow` of the
   * move, say that the page's pace is set elsewhere (a busy machine, a display slower than it says). That
   * pace — up to `slowestPace` (below ten frames a second the page is never left as it is) — is taken as
   * the period then, until the page has run clearly faster (medians below `paceRelief` of it) for
   * `paceReliefTime`. One small step is not enough to tell: a frame 20 ms long and one 30 ms long both take
   * two periods of a 60 Hz display.
   */
  futile: 0.85,
  futileDescent: 0.5,
  paceWindow: 5000,
  paceRelief: 0.75,
  paceReliefTime: 10000,
  slowestPace: 100,
  /**
   * The forecast: an animation frame whose work (as the page estimates it) would take more than this many
   * periods at the cost per unit of work learned from slow intervals is not drawn at that level — the
   * page goes straight to a level where it fits (a sudden load would otherwise stall the page for seconds
   * before a measured interval could say so); nor is a level stepped up to where it would take twice that.
   */
  forecastLimit: 2.5,
  learnAbove: 4,
});
