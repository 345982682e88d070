// How much the canvas page draws, held to what the machine can do at the display's rate: at full quality
// the drawing buffer has one pixel per device pixel, the trail layer too, and up to four waiting frames
// stamp the trails in an animation frame; when the page cannot keep up it steps down a ladder — the trail
// layer's resolution, then the picture's with it, then the stamp budget — and steps back up when there is
// room. It judges by the intervals between animation frames, and, to step down before a sudden load stalls
// the page rather than after, by a forecast of each animation frame's work. No DOM and no clock here: the
// page passes in its animation frames' timestamps. The ladder and the controller's timing are
// quality-ladder.js.

import { CANVAS_ASPECT } from './canvas-area.js';
import { QUALITY_LEVELS, QUALITY_TIMING } from './quality-ladder.js';
import { FULL_STAMP_BUDGET } from './trail-fold.js';

/** The lowest and highest fixed resolutions a performer may ask for in the address. */
export const PINNED_RESOLUTION_RANGE = Object.freeze({ lowest: 0.1, highest: 1 });

/**
 * The quality a page's address asks for, from its query string (`location.search`): `quality=auto` (or
 * none) lets the page choose, `quality=full` keeps full quality, `quality=0.5` a fixed resolution scale.
 * Returns `{ pinned, problem }`: `pinned` null for automatic, else `{ resolution }`; `problem` a sentence
 * for the performer when the value could not be read (the quality is then automatic), else null.
 */
export function qualityFromAddress(search) {
  const value = new URLSearchParams(search).get('quality');
  if (value === null || value === 'auto') return { pinned: null, problem: null };
  if (value === 'full') return { pinned: { resolution: 1 }, problem: null };
  const { lowest, highest } = PINNED_RESOLUTION_RANGE;
  const scale = /^\s*(\d+(\.\d*)?|\.\d+)\s*$/.test(value) ? Number(value) : NaN;
  if (scale >= lowest && scale <= highest) return { pinned: { resolution: scale }, problem: null };
  return {
    pinned: null,
    problem: `the address asks for quality=${value}, which is not auto, full or a resolution from ${lowest} to ${highest}: `
      + 'the page chooses its quality itself',
  };
}

/** What a pixel of a pass over the whole canvas (the trails added, the fade) costs next to an instance's. */
export const PASS_PIXEL_COST = 0.25;

/**
 * What an instance's pixel costs, in milliseconds, until the page has measured it: as much as software
 * WebGL (SwiftShader on two cores) takes, about 20 million a second. Pessimistic on purpose — the first
 * heavy frame must not stall the page for seconds — and soon lowered by what quick frames show.
 */
export const FIRST_COST_PER_PIXEL = 1 / 20000;

/**
 * What drawing the `waiting` frames (TrailBacklog entries) costs at a level's setting, as a function for
 * QualityController.observe: the device pixels shaded for a canvas area `canvasHeight` device pixels tall —
 * the newest frame's lumis and the trails added at the picture's resolution; the trail stamps of as many
 * waiting frames as the stamp budget lets draw, and the fade, at the trail layer's; the passes over the
 * whole canvas weighed by PASS_PIXEL_COST (a texel fetched, where an instance samples a mipmapped atlas).
 * Undefined when nothing waits.
 */
export function drawingWork(waiting, canvasHeight) {
  if (waiting.length === 0) return undefined;
  const { lumis, trails } = waiting[waiting.length - 1].areas;
  const stamped = waiting.filter((entry) => entry.stamps).length, square = canvasHeight * canvasHeight;
  const pass = PASS_PIXEL_COST * CANVAS_ASPECT;
  return ({ resolution, trailResolution, stampBudget }) => square * (
    (lumis + pass) * resolution * resolution
    + (trails * Math.min(stampBudget, stamped) + pass) * trailResolution * trailResolution);
}

/**
 * Chooses the page's quality level from its animation frames' intervals (and, given an estimate of each
 * animation frame's work, from a forecast of how long it will take). Feed it every animation frame's
 * timestamp with `observe`; it answers whether the level changed. A pinned quality never moves.
 */
export class QualityController {
  /**
   * A controller starting at full quality; `pinned` (from qualityFromAddress) fixes the resolution;
   * `costPerWork`: what a unit of the work passed to `observe` is thought to cost (ms) until measured.
   */
  constructor({ pinned = null, levels = QUALITY_LEVELS, timing = QUALITY_TIMING, costPerWork = null } = {}) {
    this.pinned = pinned;
    this.levels = levels;
    this.timing = timing;
    this.level = 0;
    /** When the present level began (the timestamp of the animation frame that chose it). */
    this.levelSince = null;
    /** When each level not yet proved was last stepped up to. */
    this.climbedTo = new Map();
    this.lastTimestamp = null;
    /** The first timestamp seen. */
    this.firstTimestamp = null;
    /** `{ start, end }` of recent intervals during which frames arrived, oldest first. */
    this.samples = [];
    /** The display's frame period (null until a median is seen), and the lowest median of each second. */
    this.period = null;
    this.bestMedians = [];
    /** The pace the page keeps whatever its level, once seen (null: none seen, or it ran faster since). */
    this.pace = null;
    /** Since when the page has run clearly faster than that pace (null: it has not). */
    this.fasterSince = null;
    /** The level before the present one and its median then: `{ level, median }` (null at the start). */
    this.before = null;
    /** Where the present run of drops began and the median there: `{ level, median }`, null when none. */
    this.descent = null;
    /** For each level that failed: `{ count, until, work }`. */
    this.failures = new Map();
    /**
     * Milliseconds per unit of work: as given, then bounded by quick intervals (from the first frame on)
     * and learned from slow ones (once the first moments are over); forecasts are made from then on.
     */
    this.costPerWork = costPerWork;
    /** The work estimated for the last two animation frames, at the levels they were drawn at (newest last). */
    this.recentWork = [null, null];
    /** The interval before the last one learned from. */
    this.lastInterval = null;
  }

  /** What the page draws at now: `{ level, resolution, trailResolution, stampBudget, pinned }`. */
  get setting() {
    if (this.pinned) {
      const { resolution } = this.pinned;
      return { level: 0, resolution, trailResolution: resolution, stampBudget: FULL_STAMP_BUDGET, pinned: true };
    }
    return { level: this.level, ...this.levels[this.level], pinned: false };
  }

  /**
   * Takes an animation frame at `timestamp` (milliseconds), before it draws. `active`: whether received
   * frames wait for it (only intervals while frames arrive say how the page keeps up). `work`, optional:
   * a function from a level's setting (`{ resolution, trailResolution, stampBudget }`) to an estimate of
   * what drawing this animation frame at it costs, in any unit proportional to time (pixels, say).
   * Returns whether the quality level changed.
   */
  observe(timestamp, { active = true, work = undefined } = {}) {
    this.record(timestamp, active);
    if (this.pinned) return false;
    if (this.levelSince === null) this.levelSince = timestamp;
    const changed = this.decide(timestamp, work);
    this.recentWork = [this.recentWork[1], work ? work(this.levels[this.level]) : null];
    return changed;
  }

  /** Forgets the last timestamp (the page was hidden: the gap says nothing about drawing). */
  restart() {
    this.lastTimestamp = null;
  }

  /** The median and 95th percentile of the intervals of the last two seconds while frames arrived. */
  frameMilliseconds(timestamp = this.lastTimestamp) {
    const recent = this.samples.filter((s) => timestamp === null || s.end >= timestamp - this.timing.statusWindow);
    const intervals = recent.map((s) => s.end - s.start).sort((a, b) => a - b);
    return { median: quantile(intervals, 0.5), p95: quantile(intervals, 0.95) };
  }

  /** Keeps the interval that ends at `timestamp` (when frames arrived), and learns the cost of work from it. */
  record(timestamp, active) {
    const t = this.timing;
    this.firstTimestamp ??= timestamp;
    const warm = timestamp - this.firstTimestamp >= t.warmUp;
    if (this.lastTimestamp !== null && active && timestamp > this.lastTimestamp) {
      // The first moments' slow frames say nothing of the page's pace, but a quick one is a quick one: the
      // cost is learned from them, so that a load that comes just after them is forecast.
      if (warm) this.samples.push({ start: Math.max(this.lastTimestamp, timestamp - t.longestInterval), end: timestamp });
      this.learnCost(timestamp - this.lastTimestamp, warm);
    }
    this.lastTimestamp = timestamp;
    const kept = Math.max(t.statusWindow, t.window);
    let old = 0;
    while (old < this.samples.length - t.minimumSamples && this.samples[old].end < timestamp - kept) old += 1;
    if (old > 0) this.samples.splice(0, old);
  }

  /**
   * What an interval says of the cost per unit of work, the browser being perhaps still at the frame
   * before the last. One of at most `learnAbove` periods, not right after a longer one: the cost is no more
   * than the interval over the lesser of the two frames' work (the display's or the machine's pace may have
   * set it; right after a long one the browser may be catching up, and says nothing). One of more than
   * `learnAbove` periods after two frames of alike work, not too light to matter: the cost is about the
   * interval over that work, and moves halfway there — but not in the page's first moments (`warm` false),
   * whose slow frames are the page getting ready. Until a period is seen, a 60 Hz display's is assumed.
   */
  learnCost(interval, warm = true) {
    const [before, last] = this.recentWork, previous = this.lastInterval;
    this.lastInterval = interval;
    if (!(before > 0 && last > 0)) return;
    const period = this.period ?? this.timing.assumedPeriod, limit = this.timing.learnAbove * period;
    if (interval <= limit) {
      if (previous !== null && previous > limit) return;
      if (this.costPerWork !== null) this.costPerWork = Math.min(this.costPerWork, interval / Math.min(before, last));
      return;
    }
    if (!warm || Math.max(before, last) > 2 * Math.min(before, last)) return;
    // Light work stalled by something else (the machine, the browser) says nothing about what work costs.
    if (this.costPerWork !== null && this.costPerWork * last < period / 2) return;
    // One slow frame raises what work is thought to cost by half at most: a stall of the machine's own is no
    // measure of drawing, and the quick frames around it bring the cost down again.
    const perWork = this.costPerWork === null ? interval / last : Math.min(interval / last, 2 * this.costPerWork);
    this.costPerWork = this.costPerWork === null ? perWork : (this.costPerWork + perWork) / 2;
  }

  /** Moves the level as the forecast and the measured intervals say; returns whether it moved. */
  decide(timestamp, work) {
    const t = this.timing, lowest = this.levels.length - 1;
    const median = this.decisionMedian(timestamp);
    if (median !== null) this.notePeriod(timestamp, median);
    if (median !== null && this.pace !== null) {
      if (median >= t.paceRelief * this.pace) this.fasterSince = null;
      else if (this.fasterSince === null) this.fasterSince = timestamp;
      else if (timestamp - this.fasterSince >= t.paceReliefTime) this.pace = this.fasterSince = null;
    }
    const period = Math.max(this.period ?? t.assumedPeriod, this.pace ?? 0), atLevel = timestamp - this.levelSince;
    // The cost, as first guessed (the page's guess is pessimistic) or as learned, forecasts once the page's
    // first moments are over: their quick frames have brought a guess down to what the machine shows.
    const warm = timestamp - this.firstTimestamp >= t.warmUp;
    const forecast = (level) => (work && warm && this.costPerWork !== null ? this.costPerWork * work(this.levels[level]) : 0);

    // A frame that would take far too long is not drawn at this level: drop to where it fits.
    if (forecast(this.level) > t.forecastLimit * period && this.level < lowest) {
      const climbed = this.climbedTo.get(this.level);
      if (climbed !== undefined && timestamp - climbed <= t.probation) this.noteFailure(this.level, timestamp, work);
      let next = this.level + 1;
      while (next < lowest && forecast(next) > t.forecastLimit * period) next += 1;
      return this.moveTo(next, timestamp, median ?? forecast(this.level));
    }
    if (median === null || this.period === null) return false;
    const keepsPace = median <= t.slowestPace;

    if (median > t.slow * period) {
      if (atLevel < t.downDwell) return false;
      if (keepsPace && atLevel <= t.paceWindow && this.movedInVain(median)) {
        this.pace = median;
        this.fasterSince = this.descent = null;
        return false;
      }
      const climbed = this.climbedTo.get(this.level);
      if (climbed !== undefined && timestamp - climbed <= t.probation) this.noteFailure(this.level, timestamp, work);
      if (this.level === lowest) {
        // Nothing lower to try; a page that still keeps some pace tries the level above, to learn whether
        // the level makes any difference.
        return keepsPace && atLevel >= t.upDwell ? this.moveTo(lowest - 1, timestamp, median) : false;
      }
      const steps = 1 + (median > t.verySlow * period ? 1 : 0) + (median > t.stalled * period ? 1 : 0);
      return this.moveTo(Math.min(lowest, this.level + steps), timestamp, median);
    }
    this.descent = null;
    if (atLevel > t.probation) {
      this.climbedTo.delete(this.level);
      this.failures.delete(this.level);
    }
    if (median <= t.healthy * period && atLevel >= t.upDwell && this.level > 0) {
      const next = this.level - 1, failure = this.failures.get(next);
      if (forecast(next) > 2 * t.forecastLimit * period) return false;
      if (failure && timestamp < failure.until) {
        const now = work ? work(this.levels[0]) : undefined;
        const relieved = now !== undefined && failure.work !== undefined && now < failure.work * t.workRelief;
        if (!relieved) return false;
      }
      return this.moveTo(next, timestamp, median);
    }
    return false;
  }

  /**
   * The median interval begun at the present level (the first one, which carried the change, left out),
   * over the last `window`; null until there are `minimumSamples` of them or they span the window.
   */
  decisionMedian(timestamp) {
    const t = this.timing, intervals = [];
    let span = 0;
    for (let i = this.samples.length - 1; i >= 0; i -= 1) {
      const { start, end } = this.samples[i];
      // Older intervals only make up the least number: those of long ago do not water down a slow second.
      const enough = intervals.length >= t.minimumSamples || span >= t.window;
      if (start <= this.levelSince || (end < timestamp - t.window && enough)) break;
      intervals.push(end - start);
      span += end - start;
    }
    if (intervals.length < t.minimumSamples && span < t.window) return null;
    return quantile(intervals.sort((a, b) => a - b), 0.5);
  }

  /** Works out the display's frame period again with a new median. */
  notePeriod(timestamp, median) {
    const t = this.timing, best = this.bestMedians, second = Math.floor(timestamp / 1000);
    if (best.length > 0 && best[best.length - 1].second === second) {
      best[best.length - 1].median = Math.min(best[best.length - 1].median, median);
    } else {
      best.push({ second, median });
    }
    while (best[0].second < second - t.periodMemory / 1000) best.shift();
    const lowest = Math.min(...best.map((entry) => entry.median));
    this.period = Math.min(Math.max(lowest, t.shortestPeriod), t.longestPeriod);
  }

  /**
   * Whether moving changed nothing: slow now at `median` after a descent that cut the pixels to
   * `futileDescent` (or reached the bottom) and did not make the page clearly faster, or after a step up
   * from the bottom that did not make it clearly slower.
   */
  movedInVain(median) {
    const t = this.timing, lowest = this.levels.length - 1;
    const pixels = (level) => this.levels[level].resolution ** 2;
    if (this.descent && (pixels(this.level) <= t.futileDescent * pixels(this.descent.level) || this.level === lowest)) {
      return median >= t.futile * this.descent.median;
    }
    const fromBottom = this.before !== null && this.before.level === lowest && this.level < lowest;
    return fromBottom && median * t.futile <= this.before.median;
  }

  /**
   * The level failed at `timestamp`: it is not tried again for a while, unless the work falls well below the
   * heaviest it failed under (a failure under light work — the machine busy elsewhere — does not make a
   * lighter stage wait the longest rest).
   */
  noteFailure(level, timestamp, work) {
    const t = this.timing, before = this.failures.get(level), count = (before?.count ?? 0) + 1;
    const wait = count <= t.retryWaits.length ? t.retryWaits[count - 1] : t.rest;
    const works = [before?.work, work ? work(this.levels[0]) : undefined].filter((value) => value !== undefined);
    this.failures.set(level, { count, until: timestamp + wait, work: works.length ? Math.max(...works) : undefined });
  }

  moveTo(level, timestamp, median) {
    if (level < this.level) {
      this.descent = null;
      this.climbedTo.set(level, timestamp);
    } else if (!this.descent) {
      this.descent = { level: this.level, median };
    }
    this.before = { level: this.level, median };
    this.level = level;
    this.levelSince = timestamp;
    return true;
  }
}

/** The value at fraction `q` of sorted `values` (nearest rank), 0 when there are none. */
function quantile(values, q) {
  if (values.length === 0) return 0;
  return values[Math.min(values.length - 1, Math.max(0, Math.ceil(q * values.length) - 1))];
}
