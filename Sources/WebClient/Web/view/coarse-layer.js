// The coarse fill layer on the GPU: a premultiplied RGBA8 picture, made afresh for each picture or trail
// stamp it serves, that the large additive discs are drawn into (coarse-fills.js says which and how the
// two pictures line up) and that is then added, stretched and filtered, onto the picture.

/** One coarse layer, sized to what it is asked for each time. */
export class CoarseLayer {
  constructor(gl) {
    this.gl = gl;
    this.width = 0;
    this.height = 0;
    this.texture = null;
    this.framebuffer = null;
  }

  /** Makes the layer `size` (`{ width, height }`) and the framebuffer being drawn into, all transparent. */
  begin(size) {
    const gl = this.gl;
    if (size.width !== this.width || size.height !== this.height) this.create(size);
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.framebuffer);
    gl.viewport(0, 0, this.width, this.height);
    gl.disable(gl.SCISSOR_TEST);
    gl.clearColor(0, 0, 0, 0);
    gl.clear(gl.COLOR_BUFFER_BIT);
  }

  /**
   * Adds the layer onto the bound framebuffer (under the caller's scissor) with `stretchProgram`
   * (FULL_VIEW_VERTEX + STRETCH_FRAGMENT), `pixelToSource` mapping its pixels onto this layer
   * (pictureToCoarse), and `emptyArray`, a vertex array with no attributes.
   */
  addOnto(stretchProgram, pixelToSource, emptyArray) {
    const gl = this.gl, { uniforms } = stretchProgram;
    gl.enable(gl.BLEND);
    gl.blendFunc(gl.ONE, gl.ONE);
    gl.useProgram(stretchProgram.program);
    gl.activeTexture(gl.TEXTURE1);
    gl.bindTexture(gl.TEXTURE_2D, this.texture);
    gl.uniform1i(uniforms.source, 1);
    gl.uniform4f(uniforms.pixelToSource, ...pixelToSource);
    gl.bindVertexArray(emptyArray);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
    gl.bindTexture(gl.TEXTURE_2D, null);
  }

  /** Frees the texture and framebuffer. */
  dispose() {
    if (this.framebuffer) this.gl.deleteFramebuffer(this.framebuffer);
    if (this.texture) this.gl.deleteTexture(this.texture);
    this.framebuffer = null;
    this.texture = null;
    this.width = 0;
    this.height = 0;
  }

  create(size) {
    const gl = this.gl;
    this.dispose();
    this.width = size.width;
    this.height = size.height;
    this.texture = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, this.texture);
    gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA8, this.width, this.height);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    gl.bindTexture(gl.TEXTURE_2D, null);
    this.framebuffer = gl.createFramebuffer();
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.framebuffer);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, this.texture, 0);
  }
}
