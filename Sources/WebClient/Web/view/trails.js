// The trail layer on the GPU: a premultiplied RGBA8 picture kept between frames — the size of the drawing
// buffer at full quality, smaller when the page lowers its quality (it is then stretched, filtered, onto
// the picture). Two textures take turns, so a fade reads one and writes the other with the rasterizer's
// exact integer arithmetic (blending would round, and faint trails would never quite go).

import { MAX_FADES_PER_PASS } from './shaders.js';
import { NO_FADE } from './trail-clock.js';

/** The trail picture, faded, cleared and drawn into by the renderer. */
export class TrailLayer {
  /** A transparent layer of `width × height` pixels. */
  constructor(gl, width, height) {
    this.gl = gl;
    this.width = width;
    this.height = height;
    this.scales = new Float32Array(MAX_FADES_PER_PASS);
    this.targets = [this.createTarget(), this.createTarget()];
    this.current = 0;
    this.clear();
  }

  /** The texture holding the layer now. */
  get texture() { return this.targets[this.current].texture; }

  /** Makes the layer the framebuffer being drawn into, over its whole size. */
  bindTarget() {
    const gl = this.gl;
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.targets[this.current].framebuffer);
    gl.viewport(0, 0, this.width, this.height);
  }

  /** Makes every pixel transparent. */
  clear() {
    const gl = this.gl;
    this.bindTarget();
    gl.disable(gl.SCISSOR_TEST);
    gl.clearColor(0, 0, 0, 0);
    gl.clear(gl.COLOR_BUFFER_BIT);
  }

  /**
   * Multiplies every byte inside `scissor` (GL window coordinates) by each of `scales` (in 256ths, at most
   * MAX_FADES_PER_PASS) in turn, rounding down each time, in one pass, with `fadeProgram` (FULL_VIEW_VERTEX
   * + FADE_FRAGMENT) and `emptyArray`, a vertex array with no attributes.
   */
  fade(scales, fadeProgram, emptyArray, scissor) {
    if (scales.length > MAX_FADES_PER_PASS) throw new RangeError(`${scales.length} fades in one pass; at most ${MAX_FADES_PER_PASS}`);
    const gl = this.gl, source = this.texture;
    this.current = 1 - this.current;
    this.bindTarget();
    gl.disable(gl.BLEND);
    gl.enable(gl.SCISSOR_TEST);
    gl.scissor(scissor.x, scissor.y, scissor.width, scissor.height);
    gl.useProgram(fadeProgram.program);
    gl.activeTexture(gl.TEXTURE1);
    gl.bindTexture(gl.TEXTURE_2D, source);
    gl.uniform1i(fadeProgram.uniforms.source, 1);
    this.scales.fill(NO_FADE);
    this.scales.set(scales);
    gl.uniform1fv(fadeProgram.uniforms.scales, this.scales);
    gl.uniform1i(fadeProgram.uniforms.count, scales.length);
    gl.bindVertexArray(emptyArray);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
    gl.bindTexture(gl.TEXTURE_2D, null);
  }

  /**
   * A layer of the new size holding this one's picture, the canvas area `from` stretched onto `to` (both
   * in GL window coordinates); this one is freed.
   */
  resized(width, height, from, to) {
    const gl = this.gl, next = new TrailLayer(gl, width, height);
    gl.bindFramebuffer(gl.READ_FRAMEBUFFER, this.targets[this.current].framebuffer);
    gl.bindFramebuffer(gl.DRAW_FRAMEBUFFER, next.targets[next.current].framebuffer);
    gl.disable(gl.SCISSOR_TEST);
    gl.blitFramebuffer(
      from.x, from.y, from.x + from.width, from.y + from.height,
      to.x, to.y, to.x + to.width, to.y + to.height, gl.COLOR_BUFFER_BIT, gl.LINEAR);
    gl.bindFramebuffer(gl.READ_FRAMEBUFFER, null);
    gl.bindFramebuffer(gl.DRAW_FRAMEBUFFER, null);
    this.dispose();
    return next;
  }

  /** Frees the textures and framebuffers. */
  dispose() {
    for (const { texture, framebuffer } of this.targets) {
      this.gl.deleteFramebuffer(framebuffer);
      this.gl.deleteTexture(texture);
    }
    this.targets = [];
  }

  createTarget() {
    const gl = this.gl, texture = gl.createTexture(), framebuffer = gl.createFramebuffer();
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA8, Math.max(1, this.width), Math.max(1, this.height));
    // Linear, for stretching onto a picture of another size; the fade and the same-size copy fetch texels
    // whole, which filtering does not touch.
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    gl.bindTexture(gl.TEXTURE_2D, null);
    gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture, 0);
    return { texture, framebuffer };
  }
}
