// Pointer gestures on the canvas turned into intents: a touch that stays put is a tap, one that travels
// is a stroke. Points are fractions of the canvas (0…1 across and down). No DOM here.

import { CANVAS_ASPECT } from './canvas-area.js';

/** The most points a stroke intent carries; longer drawings are thinned evenly. */
export const MAX_STROKE_POINTS = 256;
/** How far (in canvas heights) a touch may wander and still count as a tap. */
export const TAP_TRAVEL = 0.015;

/** Follows one pointer from down to up and says which intent it made. */
export class GestureTracker {
  constructor({ velocity = 1 } = {}) {
    this.velocity = velocity;
    this.points = null;
    this.travel = 0;
  }

  /** Whether a gesture is under way. */
  get active() { return this.points !== null; }

  /** The pointer went down at `fraction`. */
  begin(fraction) {
    this.points = [{ x: fraction.x, y: fraction.y }];
    this.travel = 0;
  }

  /** The pointer moved to `fraction` (ignored when no gesture is under way). */
  move(fraction) {
    if (!this.points) return;
    const last = this.points[this.points.length - 1];
    const dx = (fraction.x - last.x) * CANVAS_ASPECT, dy = fraction.y - last.y;
    if (dx === 0 && dy === 0) return;
    this.travel += Math.hypot(dx, dy);
    this.points.push({ x: fraction.x, y: fraction.y });
  }

  /** The pointer went up at `fraction` (or was cancelled, without one): the intent to send, or null. */
  end(fraction) {
    if (!this.points) return null;
    if (fraction) this.move(fraction);
    const points = this.points;
    this.points = null;
    if (this.travel <= TAP_TRAVEL) return { type: 'tap', at: points[0], velocity: this.velocity };
    return { type: 'stroke', points: thinPoints(points, MAX_STROKE_POINTS), velocity: this.velocity };
  }

  /** Forgets the gesture under way without sending anything. */
  cancel() { this.points = null; }
}

/** At most `limit` of `points`, evenly spaced along the list, the first and the last always kept. */
export function thinPoints(points, limit) {
  if (points.length <= limit) return points.slice();
  if (limit <= 1) return points.slice(0, limit);
  const thinned = [];
  for (let i = 0; i < limit; i += 1) thinned.push(points[Math.round((i * (points.length - 1)) / (limit - 1))]);
  return thinned;
}
