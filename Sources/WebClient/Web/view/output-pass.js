// The output pass: the last step of a canvas's frame. A mapped output's slice picture (the stage target) is
// drawn through the output's mesh (output-mesh.js) onto the drawing buffer — black around it — with its
// feathers, mask and brightness in one draw (output-shaders.js). Main, drawn straight into the drawing
// buffer by the stage pass, gets only its brightness here (a multiply, and only when below 1). Either way
// the Identify label goes over the finished picture, and an output that does not exist is black.

import { MASK_POINTS, OUTPUT_FRAGMENT, OUTPUT_VERTEX } from './output-shaders.js';
import { buildProgram } from './shaders.js';
import { outputMesh } from './output-mesh.js';

const UNIFORMS = ['picture', 'feathers', 'inverseGamma', 'brightness', 'bufferSize', 'maskCount', 'mask'];

/** Draws outputs onto the drawing buffer of one WebGL2 context. */
export class OutputPass {
  /** A pass for `gl`, drawing test patterns and labels with `pictures` (a PatternPictures). */
  constructor(gl, pictures) {
    this.gl = gl;
    this.pictures = pictures;
    this.program = buildProgram(gl, OUTPUT_VERTEX, OUTPUT_FRAGMENT, UNIFORMS);
    this.positions = gl.createBuffer();
    this.slicePoints = gl.createBuffer();
    this.indices = gl.createBuffer();
    this.array = this.createArray();
    /** What the mesh in the buffers was made from, and how many vertex numbers it has. */
    this.meshKey = null;
    this.indexCount = 0;
    this.maskPoints = new Float32Array(MASK_POINTS * 2);
  }

  /**
   * Draws `picture` (the slice's texture) through `output` (a mapped one, as validateOutput gives it) over
   * the whole drawing buffer, `width × height` pixels.
   */
  drawMapped(output, picture, width, height) {
    const gl = this.gl, { uniforms } = this.program, { blend, mask } = output;
    this.useMesh(output);
    this.clear(width, height);
    gl.useProgram(this.program.program);
    gl.activeTexture(gl.TEXTURE1);
    gl.bindTexture(gl.TEXTURE_2D, picture);
    gl.uniform1i(uniforms.picture, 1);
    gl.uniform4f(uniforms.feathers, blend.left, blend.right, blend.top, blend.bottom);
    gl.uniform1f(uniforms.inverseGamma, 1 / blend.gamma);
    gl.uniform1f(uniforms.brightness, output.brightness);
    gl.uniform2f(uniforms.bufferSize, width, height);
    gl.uniform1i(uniforms.maskCount, mask ? mask.length : 0);
    if (mask) {
      this.maskPoints.fill(0);
      this.maskPoints.set(mask.flat());
      gl.uniform2fv(uniforms.mask, this.maskPoints);
    }
    gl.bindVertexArray(this.array);
    gl.drawElements(gl.TRIANGLES, this.indexCount, gl.UNSIGNED_SHORT, 0);
    gl.bindVertexArray(null);
    gl.bindTexture(gl.TEXTURE_2D, null);
  }

  /** Finishes Main's picture, already in the drawing buffer: its brightness, when below 1. */
  finishMain(output, width, height) {
    if (output.brightness >= 1) return;
    this.gl.bindFramebuffer(this.gl.FRAMEBUFFER, null);
    this.pictures.dim(output.brightness, { x: 0, y: 0, width, height });
  }

  /** The output `name` written large over the whole drawing buffer (Identify). */
  drawLabel(name, width, height) {
    this.gl.bindFramebuffer(this.gl.FRAMEBUFFER, null);
    this.pictures.drawLabel(name, { x: 0, y: 0, width, height });
  }

  /** Makes the whole drawing buffer black. */
  clear(width, height) {
    const gl = this.gl;
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.viewport(0, 0, width, height);
    gl.disable(gl.SCISSOR_TEST);
    gl.disable(gl.BLEND);
    gl.clearColor(0, 0, 0, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
  }

  /** Frees every GPU resource (not needed after a context loss). */
  dispose() {
    const gl = this.gl;
    gl.deleteProgram(this.program.program);
    for (const buffer of [this.positions, this.slicePoints, this.indices]) gl.deleteBuffer(buffer);
    gl.deleteVertexArray(this.array);
  }

  /** Uploads `output`'s mesh unless the buffers hold it already (its corners and grid unchanged). */
  useMesh(output) {
    const key = JSON.stringify([output.corners, output.grid]);
    if (key === this.meshKey) return;
    const gl = this.gl, mesh = outputMesh(output);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.positions);
    gl.bufferData(gl.ARRAY_BUFFER, mesh.positions, gl.STATIC_DRAW);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.slicePoints);
    gl.bufferData(gl.ARRAY_BUFFER, mesh.texcoords, gl.STATIC_DRAW);
    gl.bindBuffer(gl.ARRAY_BUFFER, null);
    // The index buffer is bound with the pass's own vertex array (binding it alone would bind it to another's).
    gl.bindVertexArray(this.array);
    gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, mesh.indices, gl.STATIC_DRAW);
    gl.bindVertexArray(null);
    this.meshKey = key;
    this.indexCount = mesh.indices.length;
  }

  createArray() {
    const gl = this.gl, array = gl.createVertexArray();
    gl.bindVertexArray(array);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.positions);
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.slicePoints);
    gl.enableVertexAttribArray(1);
    gl.vertexAttribPointer(1, 3, gl.FLOAT, false, 0, 0);
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, this.indices);
    gl.bindVertexArray(null);
    gl.bindBuffer(gl.ARRAY_BUFFER, null);
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, null);
    return array;
  }
}
