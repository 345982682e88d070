// The lit panes of a frame (renderer.js): a pad's area on the stage while its chord sounds, each an instance —
// its rectangle and colour as the frame carries them (shared/frames.js, PANE_SIZE bytes a pane) — drawn as a
// quad a pixel larger than the pane, covered exactly (shaders.js PANE_VERTEX, PANE_FRAGMENT).

import { PANE_SIZE } from '../shared/frames.js';
import { PANE_FRAGMENT, PANE_VERTEX, buildProgram } from './shaders.js';

/** The panes' program, buffer and vertex array in one WebGL2 context. */
export class PaneLayer {
  constructor(gl) {
    this.gl = gl;
    this.program = buildProgram(gl, PANE_VERTEX, PANE_FRAGMENT, ['canvasToPixels', 'bufferSize']);
    this.buffer = gl.createBuffer();
    this.array = this.createArray();
  }

  /** The vertex array reading a pane a instance: its rectangle (four shorts) and its colour (four bytes). */
  createArray() {
    const gl = this.gl, array = gl.createVertexArray();
    gl.bindVertexArray(array);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.buffer);
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 4, gl.SHORT, false, PANE_SIZE, 0);
    gl.vertexAttribDivisor(0, 1);
    gl.enableVertexAttribArray(1);
    gl.vertexAttribPointer(1, 4, gl.UNSIGNED_BYTE, true, PANE_SIZE, 8);
    gl.vertexAttribDivisor(1, 1);
    gl.bindVertexArray(null);
    return array;
  }

  /** Uploads `frame`'s panes (as decodeFrame returns it), when it has any. */
  upload(frame) {
    if (frame.paneCount === 0) return;
    const gl = this.gl;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.buffer);
    gl.bufferData(gl.ARRAY_BUFFER, frame.paneBytes, gl.STREAM_DRAW);
    gl.bindBuffer(gl.ARRAY_BUFFER, null);
  }

  /** Draws the `count` panes uploaded last into the bound framebuffer, `width × height` pixels with the canvas at `area`. */
  draw(count, area, width, height) {
    const gl = this.gl, { uniforms } = this.program;
    gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
    gl.useProgram(this.program.program);
    gl.uniform4f(uniforms.canvasToPixels, area.scale, area.scale, area.x, area.y);
    gl.uniform2f(uniforms.bufferSize, width, height);
    gl.bindVertexArray(this.array);
    gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, 4, count);
  }

  /** Frees the program, the buffer and the vertex array (not needed after a context loss). */
  dispose() {
    const gl = this.gl;
    gl.deleteProgram(this.program.program);
    gl.deleteVertexArray(this.array);
    gl.deleteBuffer(this.buffer);
  }
}
