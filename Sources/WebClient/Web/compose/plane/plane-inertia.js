// The editing plane's inertia (seed 003 §2.11): how fast a held plane was moving when the fingers let go,
// measured over the last moments of its travel and capped, and how a plane let go moving coasts on, slowing
// exponentially. No DOM and no clock: times are the events' and the animation frames' `t`, in milliseconds;
// distances CSS pixels. plane-gestures.js decides when a plane is held, flung and stopped.

/**
 * The travel of a held plane: how far the fingers have panned it in all, and when — enough to say how fast it
 * moved at the end. `options`: the gestures' tuning (`velocityWindowMs`, `maxSpeed`; GESTURE_DEFAULTS).
 */
export class PanTravel {
  constructor(options) {
    this.options = options;
    this.x = 0;
    this.y = 0;
    this.samples = [];  // { t, x, y }, oldest first
  }

  /** The fingers changed at `t`: the speed is measured from where the plane is now too. */
  mark(t) {
    this.samples.push({ t, x: this.x, y: this.y });
  }

  /** The fingers panned the plane by `dx`, `dy` at `t`. */
  pan(dx, dy, t) {
    this.x += dx;
    this.y += dy;
    this.mark(t);
    this.forgetOldSamples(t);
  }

  /** How fast (CSS px per ms) the plane was moving over the last moments before `t`, capped at maxSpeed. */
  velocity(t) {
    const { samples, x, y } = this, { velocityWindowMs, maxSpeed } = this.options;
    const since = samples.find((sample) => sample.t >= t - velocityWindowMs);
    if (!since || t - since.t <= 0) return { vx: 0, vy: 0 };
    let vx = (x - since.x) / (t - since.t), vy = (y - since.y) / (t - since.t);
    const speed = Math.hypot(vx, vy);
    if (speed > maxSpeed) {
      vx *= maxSpeed / speed;
      vy *= maxSpeed / speed;
    }
    return { vx, vy };
  }

  forgetOldSamples(t) {
    const samples = this.samples;
    const keepFrom = samples.findIndex((sample) => sample.t >= t - this.options.velocityWindowMs);
    if (keepFrom > 1) samples.splice(0, keepFrom - 1);
  }
}

/**
 * A plane coasting along `axes` from `t` at `{ vx, vy }` (CSS px per ms), slowing by a factor e every
 * `decayMs` until it is slower than `stopSpeed` (`options`: the gestures' tuning).
 */
export class Coast {
  constructor({ vx, vy }, t, axes, options) {
    this.vx = vx;
    this.vy = vy;
    this.t = t;
    this.axes = axes;
    this.options = options;
  }

  /**
   * How far it moved from the last frame to `t`, `{ dx, dy }` (the caller keeps those of `axes`), its speed
   * slowed for the time passed; null when no time has passed.
   */
  advance(t) {
    const elapsed = t - this.t;
    if (!(elapsed > 0)) return null;
    const { decayMs } = this.options;
    const decay = Math.exp(-elapsed / decayMs);
    const travel = decayMs * (1 - decay);
    const moved = { dx: this.vx * travel, dy: this.vy * travel };
    this.vx *= decay;
    this.vy *= decay;
    this.t = t;
    return moved;
  }

  /** Whether it has slowed to a stop. */
  get stopped() { return Math.hypot(this.vx, this.vy) < this.options.stopSpeed; }
}
