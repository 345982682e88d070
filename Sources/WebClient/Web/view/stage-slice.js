// Where the stage lies in the picture a canvas draws it into, and how big that picture is. Main draws the
// whole 16:9 stage straight into the drawing buffer, letterboxed (fitCanvasArea). A mapped output draws only
// its slice, into an offscreen picture (the stage target) of about the window's pixel count at the slice's
// own aspect, scaled the same both ways; the stage then hangs over that picture's edges so that the slice
// covers it exactly (sliceArea). The trail layer follows the same placement at its own resolution. No DOM.

import { CANVAS_ASPECT, fitCanvasArea } from './canvas-area.js';

/**
 * The stage's area in a picture of `width × height` pixels that shows `slice` (stage units) over its whole
 * height, as fitCanvasArea gives it (`{ x, y, width, height, scale }`, scale being one stage height in
 * pixels): the stage may reach far beyond the picture on every side.
 */
export function sliceArea(width, height, slice) {
  const scale = height / slice.height;
  return { x: (0 - slice.x) * CANVAS_ASPECT * scale, y: (0 - slice.y) * scale, width: CANVAS_ASPECT * scale, height: scale, scale };
}

/** The slice's width over its height, in pixels of the stage. */
export function sliceAspect(slice) {
  return (slice.width * CANVAS_ASPECT) / slice.height;
}

/**
 * The size `{ width, height }` of a picture of `slice` with about `pixels` pixels, at the slice's aspect:
 * neither side above `largest` (then both shrink alike) nor below 1.
 */
export function sliceTargetSize(pixels, slice, largest = 8192) {
  const aspect = sliceAspect(slice);
  let height = Math.sqrt(Math.max(1, pixels) / aspect), width = height * aspect;
  const over = Math.max(width, height) / largest;
  if (over > 1) {
    width /= over;
    height /= over;
  }
  return { width: Math.min(largest, Math.max(1, Math.round(width))), height: Math.min(largest, Math.max(1, Math.round(height))) };
}

/**
 * The pictures' sizes for a canvas of `deviceSize` (device pixels) at the quality `setting`
 * (`{ resolution, trailResolution }`): `buffer`, the drawing buffer; `stage`, the picture the stage is drawn
 * into (the buffer itself for Main: `slice` null; else the slice's target); `trail`, the trail layer's.
 */
export function stageSizes(deviceSize, { resolution, trailResolution }, slice = null, largest = 8192) {
  const scaled = (pixels, scale) => Math.max(1, Math.round(pixels * scale));
  const buffer = { width: scaled(deviceSize.width, resolution), height: scaled(deviceSize.height, resolution) };
  const trailOfWindow = { width: scaled(deviceSize.width, trailResolution), height: scaled(deviceSize.height, trailResolution) };
  if (!slice) return { buffer, stage: buffer, trail: trailOfWindow };
  return {
    buffer,
    stage: sliceTargetSize(buffer.width * buffer.height, slice, largest),
    trail: sliceTargetSize(trailOfWindow.width * trailOfWindow.height, slice, largest),
  };
}

/**
 * How the stage is placed in a picture: a function `(width, height) → area` for the renderer — Main's
 * fitCanvasArea when `slice` is null, else `slice` over the whole picture.
 */
export function stagePlacement(slice) {
  return slice ? (width, height) => sliceArea(width, height, slice) : fitCanvasArea;
}

/** One stage height in device pixels at full resolution, for a canvas of `deviceSize` showing `slice` (null: Main). */
export function stageHeightInPixels(deviceSize, slice = null) {
  if (!slice) return fitCanvasArea(deviceSize.width, deviceSize.height).scale;
  return sliceTargetSize(deviceSize.width * deviceSize.height, slice).height / slice.height;
}

/** The stage point `{ x, y }` (fractions of the stage) at the slice point `[u, v]` of `slice`. */
export function stageFractionOfSlice(slice, [u, v]) {
  return { x: slice.x + u * slice.width, y: slice.y + v * slice.height };
}

/** Whether two slices are the same (both null, or equal in every field). */
export function sameSlice(a, b) {
  if (!a || !b) return a === b;
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}
