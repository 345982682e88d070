// Every frame received stamps the trail layer, as the Swift export stamps every frame, not only the frames
// the page gets to draw. A received frame waits here with what it does to the trail layer (worked out by a
// TrailClock as it arrives, so in the order sent) until the next animation frame folds the waiting frames
// into one update of the trail layer (trail-fold.js) and composes the picture from the newest. No DOM or
// WebGL here.

import { quadAreas } from './batches.js';
import { INSTANCE_SIZE, InstanceField, Layer } from '../shared/frames.js';
import { NO_FADE, TrailClock } from './trail-clock.js';

/**
 * The most received frames that wait to stamp the trail layer. When more arrive between two animation
 * frames (a slow display, a busy or hidden tab), the oldest gives up its stamps, and its clear or fade is
 * folded into the next frame's: the trails still fade for all the time that passed and still clear on an
 * erase. This bounds both an animation frame's work and the memory held.
 */
export const STAMP_BACKLOG = 8;

/** Whether any of a frame's instances (InstanceRecords) is a trail stamp (layer 2). */
export function hasTrailStamps(instances) {
  const bytes = instances.bytes;
  for (let o = InstanceField.layerAndBlend; o < instances.count * INSTANCE_SIZE; o += INSTANCE_SIZE) {
    if ((bytes[o] & 0b11) === Layer.trails) return true;
  }
  return false;
}

/**
 * Two trail steps (as TrailClock.step returns them) taken one after the other, with no stamps between, as
 * one: a clear in either leaves the layer clear; two fades multiply.
 */
export function combineSteps(first, second) {
  if (first.clear || second.clear) return { clear: true };
  const scale = Math.round(((first.fade ?? NO_FADE) * (second.fade ?? NO_FADE)) / NO_FADE);
  return scale < NO_FADE ? { fade: scale } : {};
}

/** The received frames waiting for the next animation frame, each with its trail step. */
export class TrailBacklog {
  /** A backlog holding at most `limit` frames (at least 1). */
  constructor(limit = STAMP_BACKLOG) {
    this.limit = Math.max(1, limit);
    this.clock = new TrailClock();
    this.waiting = [];
    /** How many received frames with trail stamps were never stamped (the backlog was full). */
    this.stampsGivenUp = 0;
  }

  /** How many frames are waiting. */
  get size() { return this.waiting.length; }

  /** The waiting frames, oldest first, left waiting (read only). */
  get frames() { return this.waiting; }

  /**
   * Adds a received frame, `frame` decoded by decodeFrame from `data`: it waits as
   * `{ frame, data, step, stamps, areas }`, `step` being what to do to the trail layer before the frame's
   * stamps are drawn, `stamps` whether it has any, `areas` what its instances' squares cover (quadAreas).
   */
  push(frame, data = null) {
    const step = this.clock.step(frame), stamps = hasTrailStamps(frame.instances);
    if (stamps) this.clock.stamped();
    this.waiting.push({ frame, data, step, stamps, areas: quadAreas(frame.instances) });
    while (this.waiting.length > this.limit) {
      const oldest = this.waiting.shift(), next = this.waiting[0];
      next.step = combineSteps(oldest.step, next.step);
      if (oldest.stamps) this.stampsGivenUp += 1;
    }
  }

  /** The waiting frames, oldest first, now taken out: apply each one's step and stamps, then draw the last. */
  take() {
    const taken = this.waiting;
    this.waiting = [];
    return taken;
  }
}
