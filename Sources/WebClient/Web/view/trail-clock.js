// When the trail layer is cleared and how much it fades, frame after frame — the rules of the Swift
// SceneRenderer, so the browser's trails last exactly as long. No DOM or WebGL here.

/** No fade this frame: the layer is kept as it is. */
export const NO_FADE = 256;

/**
 * The fade factor in 256ths, as the rasterizer applies it (`byte × scale >> 8`): the persistence raised to
 * the seconds elapsed since the previous frame, a jump back in time or one of more than a second counting
 * as one second.
 */
export function fadeScale(persistence, elapsed) {
  const seconds = elapsed >= 0 && elapsed <= 1 ? elapsed : 1;
  const factor = Math.pow(Math.min(Math.max(persistence, 0), 1), seconds);
  return Math.round(factor * 256);
}

/** Follows the frames' time, erasures and trail stamps, and says what the trail layer needs each frame. */
export class TrailClock {
  constructor() {
    this.lastTime = null;
    this.lastErasures = null;
    /** Whether the layer may hold anything (false from the start and after a clear until the next stamp). */
    this.mayShow = false;
  }

  /**
   * What to do to the layer before this frame's stamps are drawn:
   * `{ clear: true }`, `{ fade: scale }` (scale in 256ths, below 256) or `{}` for nothing.
   */
  step(frame) {
    let action = {};
    if (frame.erasures !== this.lastErasures) {
      if (this.mayShow || this.lastErasures === null) action = { clear: true };
      this.mayShow = false;
      this.lastErasures = frame.erasures;
    } else if (this.lastTime !== null && this.mayShow) {
      const scale = fadeScale(frame.trailPersistence, frame.time - this.lastTime);
      if (scale < NO_FADE) action = { fade: scale };
    }
    this.lastTime = frame.time;
    return action;
  }

  /** Notes that stamps were drawn into the layer. */
  stamped() { this.mayShow = true; }

  /** Starts over, as with a new, empty layer. */
  reset() {
    this.lastTime = null;
    this.lastErasures = null;
    this.mayShow = false;
  }
}
