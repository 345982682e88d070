// Where a pointer on a canvas touches the stage: on Main, through the letterboxed 16:9 area; on a mapped
// output, back through its warp (the inverse homography of its corner-pin, or its grid's mesh) to a point
// of its slice, and from there to the stage. No DOM here: the view passes the pointer's place.

import { clampToCanvas, fitCanvasArea, fractionAt, isOnCanvas } from './canvas-area.js';
import { MAIN_OUTPUT } from '../shared/outputs.js';
import { sliceAtWindow } from './output-mesh.js';
import { stageFractionOfSlice } from './stage-slice.js';

/**
 * The stage point `{ x, y }` (fractions of the stage) under the pointer at (`x`, `y`) in a canvas `width ×
 * height` (CSS pixels) showing `output` (null: nothing, black) through `mesh` (outputMesh's, for a mapped
 * output); null off the picture — or, with `clamp`, the nearest point of the picture's edge instead (null
 * only where no point of the slice lands at all).
 */
export function stagePointAt(output, mesh, { x, y, width, height }, clamp = false) {
  if (!output) return null;
  if (output.name === MAIN_OUTPUT) {
    const fraction = fractionAt(x, y, fitCanvasArea(width, height));
    if (clamp) return clampToCanvas(fraction);
    return isOnCanvas(fraction) ? fraction : null;
  }
  const point = sliceAtWindow(output, mesh, [x / width, y / height]);
  if (!point) return null;
  let fraction = { x: point[0], y: point[1] };
  if (clamp) fraction = clampToCanvas(fraction);
  else if (!isOnCanvas(fraction)) return null;
  return stageFractionOfSlice(output.slice, [fraction.x, fraction.y]);
}
