// The console's gestures as numbers: a two-finger pinch or a ctrl+wheel as range steps, which pads are
// held by which fingers and keys, and how hard a pad was struck (where a dragged item lands is
// shared/drag.js). No DOM here: the panels feed these plain values from their pointer, key and wheel events.

/**
 * How hard a pointer struck (a pad's velocity, 0…1). The rule: a touch or a pen that reports its pressure
 * gives that pressure; everything else gives 1. Pointer Events say a device without pressure reports 0.5
 * while a button is down (and 0 when none is), so 0 and exactly 0.5 mean "no pressure reported" — a real
 * press of exactly half pressure is played at full strength. A mouse always plays at 1.
 */
export function velocityOf({ pointerType, pressure } = {}) {
  if (pointerType !== 'touch' && pointerType !== 'pen') return 1;
  if (typeof pressure !== 'number' || !Number.isFinite(pressure) || pressure === 0 || pressure === 0.5) return 1;
  return Math.min(Math.max(pressure, 0), 1);
}

/**
 * Two pointers on a ribbon pinching: as the distance between them grows or shrinks by `stepPixels`, one
 * widening (+1) or narrowing (−1) step is due — so the thumb grows about as the fingers part when
 * `stepPixels` is 1% of the ribbon's length. Other pointers than the first two are ignored.
 */
export class PinchTracker {
  constructor({ stepPixels = 4 } = {}) {
    this.stepPixels = stepPixels;
    this.points = new Map();
    this.anchor = null;  // the distance at which the last step was taken
  }

  /** Whether two pointers are down (a pinch is under way). */
  get pinching() { return this.points.size === 2; }

  /** How many pointers are down. */
  get size() { return this.points.size; }

  /** A pointer went down at `{ x, y }`. */
  down(id, point) {
    if (this.points.size >= 2) return;
    this.points.set(id, { x: point.x, y: point.y });
    this.anchor = this.pinching ? this.distance() : null;
  }

  /** A pointer moved: the steps now due (positive widens, negative narrows, 0 for none). */
  move(id, point) {
    if (!this.points.has(id)) return 0;
    this.points.set(id, { x: point.x, y: point.y });
    if (!this.pinching) return 0;
    const travelled = this.distance() - this.anchor;
    const steps = Math.trunc(travelled / this.stepPixels);
    this.anchor += steps * this.stepPixels;
    return steps;
  }

  /** A pointer went up or was cancelled. */
  up(id) {
    this.points.delete(id);
    this.anchor = null;
  }

  distance() {
    const [a, b] = [...this.points.values()];
    return Math.hypot(a.x - b.x, a.y - b.y);
  }
}

/** Lines and pages of a wheel event (`deltaMode` 1 and 2) in pixels. */
const WHEEL_UNIT = [1, 16, 400];

/**
 * Ctrl+wheel (and a trackpad's pinch, which browsers report as ctrl+wheel) as range steps: every
 * `pixelsPerStep` of scrolling is one step; scrolling up (negative deltaY, a pinch outwards) widens.
 */
export class WheelSteps {
  constructor({ pixelsPerStep = 10 } = {}) {
    this.pixelsPerStep = pixelsPerStep;
    this.pending = 0;
  }

  /** The steps due for this wheel event: positive widens, negative narrows. */
  add(deltaY, deltaMode = 0) {
    if (!Number.isFinite(deltaY)) return 0;
    this.pending -= deltaY * (WHEEL_UNIT[deltaMode] ?? 1);
    const steps = Math.trunc(this.pending / this.pixelsPerStep);
    this.pending -= steps * this.pixelsPerStep;
    return steps;
  }
}

/**
 * Which pads are held, and by whom: a holder is a pointer (`pointer:7`) or a key (`key:Digit3`). A pad is
 * pressed (padDown) when its first holder arrives and released (padUp) when its last one leaves, so two
 * fingers, or a finger and a key, on one pad play it once.
 */
export class PadTouches {
  constructor() {
    this.holders = new Map();  // holder → pad
  }

  /** `holder` pressed `pad`: true when the pad was not held before (send padDown). */
  press(holder, pad) {
    if (this.holders.has(holder)) return false;
    const wasHeld = this.isHeld(pad);
    this.holders.set(holder, pad);
    return !wasHeld;
  }

  /** `holder` let go: its pad when no one holds that pad any more (send padUp), else null. */
  release(holder) {
    if (!this.holders.has(holder)) return null;
    const pad = this.holders.get(holder);
    this.holders.delete(holder);
    return this.isHeld(pad) ? null : pad;
  }

  /** Everyone lets go (the window lost focus): the pads that were held, each once, in order. */
  releaseAll() {
    const pads = [...new Set(this.holders.values())].sort((a, b) => a - b);
    this.holders.clear();
    return pads;
  }

  /** Whether anyone holds `pad`. */
  isHeld(pad) {
    for (const held of this.holders.values()) if (held === pad) return true;
    return false;
  }
}
