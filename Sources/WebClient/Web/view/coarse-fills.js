// Which instances the renderer draws on the coarse fill layer: a picture at a quarter of the resolution
// (per axis) of the one it is added onto, stretched over it, filtered. Large filled circles blended
// additively are nearly all inside and cost software WebGL their whole area, pixel by pixel; drawn there
// they cost a sixteenth, and only their edge is softened (over a coarse pixel). Additive blending adds each
// colour to a stored byte and clamps, so its sum can be split in two pictures and added at the end: the
// same but for that softening and for rounding (clamping once at the end clamps where clamping each time
// did). Only the additive instances before the first of another blend are taken, since those are the ones
// whose sum the picture holds before anything else is drawn over it. No DOM or WebGL here.

import { Shape } from './analytic-forms.js';
import { Blend } from '../shared/frames.js';

/** The coarse layer's resolution, per axis, as a fraction of the picture it is added onto. */
export const COARSE_FILL_SCALE = 0.25;

/**
 * The least radius (in canvas heights) of a disc drawn there. On the lowest rungs of the quality ladder
 * (pictures 115 to 180 pixels tall) a disc of an eighth of the canvas's height is 14 to 22 pixels wide in
 * radius, 3.6 to 5.6 coarse pixels: its edge, softened over one coarse pixel, keeps its shape, and its
 * fill (≥ 5 % of a canvas height squared) outweighs its vertices. Smaller discs cost little fill and would
 * lose their shape.
 */
export const COARSE_FILL_MIN_RADIUS = 1 / 8;

/**
 * Whether pictures at the quality `setting` (`{ resolution, trailResolution }`, quality.js) draw large
 * fills coarsely: below full quality only — at full quality every pixel is drawn as the Swift rasterizer
 * draws it (the tests hold the page's picture against it).
 */
export function usesCoarseFills(setting) {
  return setting.resolution < 1 || setting.trailResolution < setting.resolution;
}

/** Whether an instance drawn as `shape` with `blend`, `radius` canvas heights wide in radius, may go there. */
export function fillsCoarsely(shape, blend, radius) {
  return blend === Blend.additive && shape === Shape.disc && radius >= COARSE_FILL_MIN_RADIUS;
}

/**
 * `entries` (`{ shape, blend, radius }`, in the frame's order) parted into those drawn at the picture's
 * resolution and those drawn on the coarse layer: the ones that fill coarsely, taken from the additive
 * entries before the first entry of another blend (after that one, order matters). `{ fine, coarse }`,
 * each in the order given.
 */
export function splitCoarseFills(entries) {
  const fine = [], coarse = [];
  let ordered = false;
  for (const entry of entries) {
    if (entry.blend !== Blend.additive) ordered = true;
    if (!ordered && fillsCoarsely(entry.shape, entry.blend, entry.radius)) coarse.push(entry);
    else fine.push(entry);
  }
  return { fine, coarse };
}

/** The coarse layer's size for a picture of `width × height` pixels. */
export function coarseLayerSize(width, height) {
  return {
    width: Math.max(1, Math.ceil(width * COARSE_FILL_SCALE)),
    height: Math.max(1, Math.ceil(height * COARSE_FILL_SCALE)),
  };
}

/**
 * The canvas area on the coarse layer of a picture whose canvas area is `area` (fitCanvasArea): the same
 * area scaled, so that a point of the canvas lies at the same place, to the fraction of a pixel, on both.
 */
export function coarseArea(area) {
  const s = COARSE_FILL_SCALE;
  return { x: area.x * s, y: area.y * s, width: area.width * s, height: area.height * s, scale: area.scale * s };
}

/**
 * The stretch from a picture `height` pixels tall onto its coarse layer `coarse` (`{ width, height }`):
 * a pixel's window coordinates (y up) to the coarse layer's texture coordinates, as x and y scale, then x
 * and y offset. Rows count from the top on both pictures, so the bottom of the coarse layer may hang below.
 */
export function pictureToCoarse(height, coarse) {
  const s = COARSE_FILL_SCALE;
  return [s / coarse.width, s / coarse.height, 0, (coarse.height - height * s) / coarse.height];
}
