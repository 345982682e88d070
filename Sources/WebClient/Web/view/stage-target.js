// The offscreen picture a mapped output's slice of the stage is drawn into (a premultiplied RGBA8 texture and
// its framebuffer), which the output pass then draws through the output's mesh. Filtered linearly, clamped
// at its edges, so that a warp that stretches or shrinks it samples it smoothly.

/** A texture the stage is composed into, with the framebuffer that draws into it. */
export class StageTarget {
  constructor(gl) {
    this.gl = gl;
    this.width = 0;
    this.height = 0;
    this.texture = null;
    /** The framebuffer drawing into the texture: the same object whatever the size. */
    this.framebuffer = gl.createFramebuffer();
  }

  /** Makes the picture `width × height` (a new texture, transparent) unless it is that size already. */
  resize(width, height) {
    if (width === this.width && height === this.height) return;
    const gl = this.gl;
    if (this.texture) gl.deleteTexture(this.texture);
    this.width = width;
    this.height = height;
    this.texture = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, this.texture);
    gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA8, width, height);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    gl.bindTexture(gl.TEXTURE_2D, null);
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.framebuffer);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, this.texture, 0);
    gl.clearColor(0, 0, 0, 0);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
  }

  /** Makes the picture the framebuffer being drawn into, over its whole size. */
  bind() {
    const gl = this.gl;
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.framebuffer);
    gl.viewport(0, 0, this.width, this.height);
  }

  /** Frees the texture and the framebuffer. */
  dispose() {
    if (this.texture) this.gl.deleteTexture(this.texture);
    this.gl.deleteFramebuffer(this.framebuffer);
    this.texture = null;
    this.width = 0;
    this.height = 0;
  }
}
