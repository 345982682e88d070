// Circles and rings, filled or stroked, drawn without the atlas: their coverage at a pixel depends only on
// the distance from the form's centre, so the fragment shader works it out exactly (up to antialiasing)
// from one or two bands of radii, and the instance is drawn as an annulus that hugs the band — a thin ring
// pays for its ring, not for the square around it. No DOM or WebGL here.

import { STROKE_UNIT } from '../shared/frames.js';

/**
 * How an instance is drawn: from the atlas, on a rectangle round its picture; as an annulus hugging its
 * bands of radii; or, for a disc (one band reaching the centre), as a rim a pixel either side of its edge
 * with its exact coverage worked out, round a polygon inside that is wholly covered and needs none; or a
 * disc on the coarse fill layer (coarse-fills.js), where pixels are few, on one square, its coverage worked
 * out at every pixel.
 */
export const Shape = Object.freeze({ picture: 0, annulus: 1, disc: 2, discQuad: 3 });

/** The most and the fewest sides of the polygons round circles and rings. */
export const MOST_SEGMENTS = 20;
export const FEWEST_SEGMENTS = 10;
/** Pixels of a canvas's height for each side of those polygons, up to the most. */
const PIXELS_PER_SEGMENT = 24;

/**
 * The sides of the polygons round circles and rings drawn on a canvas `pixelsPerUnit` pixels tall. A
 * polygon round a circle covers more than the circle (a 20-gon 1 % more, a 10-gon 3 %; round a thin ring
 * up to a quarter more), and every side costs vertices: on a small picture, where pixels are few, fewer
 * sides cost less than the pixels they add.
 */
export function annulusSegments(pixelsPerUnit) {
  const wanted = Math.ceil(pixelsPerUnit / PIXELS_PER_SEGMENT);
  return Math.min(MOST_SEGMENTS, Math.max(FEWEST_SEGMENTS, Number.isFinite(wanted) ? wanted : MOST_SEGMENTS));
}

/** The most circles and rings, at their stroke widths, one animation frame can draw without the atlas. */
export const ANALYTIC_SLOTS = 128;
/** Atlas layers at or above this say "analytic shape number layer − ANALYTIC_BASE" instead. */
export const ANALYTIC_BASE = 0x8000;
/** The radius of the circle a form's unit square holds. */
const RADIUS = 0.5;

/**
 * The radii a circle or ring covers, in the form's units, as two bands `[a1, b1, a2, b2]` (a pixel at
 * distance r is covered when a1 ≤ r ≤ b1 or a2 ≤ r ≤ b2; the first band starts at −1 when it reaches the
 * centre, the second is [0, 0] when there is none, and the bands never overlap); null for a form that is
 * neither. `form` is a forms-message entry's `form` (`{ kind, … }`),
 * `strokeByte` the stroke width in 1/512 of the form's size (0: filled).
 */
export function radialBands(form, strokeByte) {
  if (!form || (form.kind !== 'circle' && form.kind !== 'ring')) return null;
  const innerRadius = form.kind === 'ring' ? Number(form.innerRadius) : 0;
  if (!Number.isFinite(innerRadius)) return null;
  const hole = RADIUS * Math.min(Math.max(innerRadius, 0), 1);
  if (strokeByte === 0) return [hole > 0 ? hole : -1, RADIUS, 0, 0];
  // A stroke is a band of its width on each outline: the outer circle, and the hole's when there is one.
  const half = strokeByte / STROKE_UNIT / 2;
  const outer = [RADIUS - half, RADIUS + half];
  if (hole <= 0) return [outer[0] > 0 ? outer[0] : -1, outer[1], 0, 0];
  const inner = [hole - half, hole + half];
  if (inner[1] >= outer[0]) return [inner[0] > 0 ? inner[0] : -1, outer[1], 0, 0];
  return [inner[0] > 0 ? inner[0] : -1, inner[1], outer[0], outer[1]];
}

/**
 * The analytic shapes one animation frame uses, each in a slot whose bands the shader reads from a uniform
 * array (`bands`, four numbers a slot). Slots are given out afresh each animation frame.
 */
export class AnalyticShapes {
  constructor(capacity = ANALYTIC_SLOTS) {
    this.capacity = capacity;
    this.bands = new Float32Array(4 * capacity);
    this.slots = new Map();
    /** Whether `bands` changed since the shader was last given them. */
    this.changed = true;
  }

  /** How the shape in `slot` is drawn: Shape.disc or Shape.annulus. */
  shapeOf(slot) {
    return isDisc(this.bands, 4 * slot) ? Shape.disc : Shape.annulus;
  }

  /** Starts an animation frame: the slots of the last one are free again. */
  beginFrame() {
    this.slots.clear();
  }

  /**
   * The slot of `entry` (a FormTable entry) at `strokeByte`; −1 when the form is not a circle or ring, or
   * when every slot is taken in this animation frame (it is then drawn from the atlas).
   */
  slotFor(entry, strokeByte) {
    // A generation names one form's geometry (FormTable numbers every definition afresh): with the stroke
    // byte, a number is key enough, and costs no string per instance.
    const key = entry.generation * 256 + strokeByte;
    const known = this.slots.get(key);
    if (known !== undefined) return known;
    if (this.slots.size >= this.capacity) return -1;
    const bands = radialBands(entry.form, strokeByte);
    if (!bands) return -1;
    const slot = this.slots.size;
    this.slots.set(key, slot);
    const at = 4 * slot;
    for (let i = 0; i < 4; i += 1) {
      if (this.bands[at + i] !== Math.fround(bands[i])) {
        this.bands[at + i] = bands[i];
        this.changed = true;
      }
    }
    return slot;
  }
}

/** Whether the bands at `at` in `bands` are one reaching the centre: a disc (the shader tells it alike). */
export function isDisc(bands, at = 0) {
  return bands[at] < 0 && bands[at + 2] === 0 && bands[at + 3] === 0;
}
