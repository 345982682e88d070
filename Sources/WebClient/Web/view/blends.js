// The blend state of each blend mode on premultiplied colours, as the renderer sets it for the picture
// and, scaled by a gain, for the trail stamps.

import { Blend } from '../shared/frames.js';

/** The blend state of a blend mode, on premultiplied colours. Multiply is exact over opaque pixels. */
export function setBlend(gl, blend) {
  switch (blend) {
    case Blend.additive: gl.blendFunc(gl.ONE, gl.ONE); break;
    case Blend.screen: gl.blendFuncSeparate(gl.ONE, gl.ONE_MINUS_SRC_COLOR, gl.ONE, gl.ONE_MINUS_SRC_ALPHA); break;
    case Blend.multiply: gl.blendFuncSeparate(gl.DST_COLOR, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA); break;
    default: gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
  }
}

/**
 * setBlend's blend with what the source adds scaled by the blend colour (a trail stamp's gain, see
 * trail-fold.js), while the factors that read the source's colour and alpha use them unscaled. Multiply's
 * colour needs no scaling: it commutes with a fade.
 */
export function setScaledBlend(gl, blend) {
  switch (blend) {
    case Blend.additive: gl.blendFunc(gl.CONSTANT_COLOR, gl.ONE); break;
    case Blend.screen:
      gl.blendFuncSeparate(gl.CONSTANT_COLOR, gl.ONE_MINUS_SRC_COLOR, gl.CONSTANT_ALPHA, gl.ONE_MINUS_SRC_ALPHA); break;
    case Blend.multiply:
      gl.blendFuncSeparate(gl.DST_COLOR, gl.ONE_MINUS_SRC_ALPHA, gl.CONSTANT_ALPHA, gl.ONE_MINUS_SRC_ALPHA); break;
    default: gl.blendFuncSeparate(gl.CONSTANT_COLOR, gl.ONE_MINUS_SRC_ALPHA, gl.CONSTANT_ALPHA, gl.ONE_MINUS_SRC_ALPHA);
  }
}
