// Edge blending: where two projectors overlap, each fades its light across a feather so that the two add
// up to an even picture. Across a feather the light goes 0 → 1 along f(t) = 3t² − 2t³ (GLSL's
// smoothstep(0, 1, t); the Swift rasterizer uses the same), which has f(t) + f(1 − t) = 1: two outputs
// whose feathers cover the same part of the stage in opposite directions add to full light everywhere.
// That sum holds in linear light; a projector of gamma γ shows a written value c as light c^γ, so the value
// written is f^(1/γ). Where feathers of two edges meet (a corner), their light multiplies. No DOM here.

/** The light (linear, 0…1) at `t` across a feather, 0 at the outer edge and 1 at its inner edge. */
export function blendCurve(t) {
  const x = Math.min(Math.max(t, 0), 1);
  return x * x * (3 - 2 * x);
}

/** The value written for the light `blendCurve(t)` on a projector of gamma `gamma`. */
export function blendValue(t, gamma) {
  return blendCurve(t) ** (1 / gamma);
}

/** The light of one edge's feather `width` wide at `distance` from that edge (1 beyond it, or with none). */
function edgeLight(distance, width) {
  return width > 0 ? blendCurve(distance / width) : 1;
}

/**
 * The light (linear, 0…1) an output's `blend` (`{ left, right, top, bottom }`, fractions of the slice's
 * width and height) leaves at the slice point `{ x, y }` (0…1 from the slice's top-left).
 */
export function featherLight({ x, y }, blend) {
  return edgeLight(x, blend.left) * edgeLight(1 - x, blend.right) * edgeLight(y, blend.top) * edgeLight(1 - y, blend.bottom);
}

/** The factor written into the pixel at the slice point `{ x, y }`: its feather light to the power 1/gamma. */
export function featherValue(point, blend) {
  return featherLight(point, blend) ** (1 / blend.gamma);
}
