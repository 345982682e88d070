// Draws decoded frames with WebGL2, as the Swift SceneRenderer draws scenes: the background, the lit
// panes, the trail layer added on, then the lumis — each run of instances sharing a blend in one
// instanced draw call, every form drawn from the atlas.

import { ATLAS_EXTENT, FormAtlas, atlasLayerSize } from './atlas.js';
import { packInstances } from './batches.js';
import { fitCanvasArea, pixelArea } from './canvas-area.js';
import { Blend, INSTANCE_SIZE, PANE_SIZE } from './frames.js';
import {
  COPY_FRAGMENT, FADE_FRAGMENT, FULL_VIEW_VERTEX, INSTANCE_FRAGMENT, INSTANCE_VERTEX, PANE_FRAGMENT, PANE_VERTEX,
  buildProgram,
} from './shaders.js';
import { TrailLayer } from './trails.js';

/** The context attributes the canvas asks for (tests read the drawing buffer back, so it is preserved). */
export const CONTEXT_ATTRIBUTES = Object.freeze({
  premultipliedAlpha: true, antialias: false, preserveDrawingBuffer: true, depth: false, stencil: false,
});

/** The frame renderer for one WebGL2 context; re-created when the context is restored after a loss. */
export class CanvasRenderer {
  /** A renderer drawing forms described in `forms` (a FormTable) into a `width × height` drawing buffer. */
  constructor(gl, forms, width, height) {
    this.gl = gl;
    this.forms = forms;
    this.instanceProgram = buildProgram(gl, INSTANCE_VERTEX, INSTANCE_FRAGMENT, ['canvasToClip', 'extent', 'atlas']);
    this.paneProgram = buildProgram(gl, PANE_VERTEX, PANE_FRAGMENT, ['canvasToPixels', 'bufferSize']);
    this.fadeProgram = buildProgram(gl, FULL_VIEW_VERTEX, FADE_FRAGMENT, ['source', 'scale']);
    this.copyProgram = buildProgram(gl, FULL_VIEW_VERTEX, COPY_FRAGMENT, ['source']);
    this.emptyArray = gl.createVertexArray();
    this.instanceBuffer = gl.createBuffer();
    this.instanceArray = this.createInstanceArray();
    this.paneBuffer = gl.createBuffer();
    this.paneArray = this.createPaneArray();
    /** Whether the trail layer may hold anything: false while new and after a clear, until a stamp. */
    this.trailsMayShow = false;
    this.packedBytes = null;
    this.lastFrame = null;
    this.prepared = null;
    this.width = Math.max(1, width);
    this.height = Math.max(1, height);
    this.area = fitCanvasArea(this.width, this.height);
    this.trails = new TrailLayer(gl, this.width, this.height);
    this.atlas = new FormAtlas(gl, forms, { layerSize: atlasLayerSize(this.height) });
  }

  /** Follows a new drawing buffer size: the trail picture is carried over, stretched to the new area. */
  resize(width, height) {
    width = Math.max(1, width);
    height = Math.max(1, height);
    if (width === this.width && height === this.height) return;
    const from = this.scissorBox(), area = fitCanvasArea(width, height);
    this.width = width;
    this.height = height;
    this.area = area;
    this.trails = this.trails.resized(width, height, from, this.scissorBox());
    const layerSize = atlasLayerSize(height);
    if (layerSize !== this.atlas.layerSize) {
      this.atlas.dispose();
      this.atlas = new FormAtlas(this.gl, this.forms, { layerSize });
    }
  }

  /**
   * Starts an animation frame's work: the atlas's budget for drawing new pictures, and which pictures the
   * frames prepared from now on use.
   */
  beginFrame() {
    this.atlas.beginFrame();
  }

  /**
   * Brings the trail layer up to a received frame (as decodeFrame returns it): clears or fades the layer as
   * `step` says (`{ clear: true }`, `{ fade: scale }` or `{}`, from a TrailClock), then stamps the frame's
   * trail instances when it has any (`stamps`).
   */
  updateTrails(frame, step, stamps) {
    const gl = this.gl;
    if (step.clear) {
      this.trails.clear();
      this.trailsMayShow = false;
    } else if (step.fade !== undefined && this.trailsMayShow) {
      this.trails.fade(step.fade, this.fadeProgram, this.emptyArray, this.scissorBox());
    }
    if (!stamps) return;
    this.prepare(frame);
    if (this.prepared.trails.length === 0) return;
    this.trailsMayShow = true;
    this.trails.bindTarget();
    this.useScissor();
    gl.enable(gl.BLEND);
    this.drawRuns(this.prepared.trails);
    gl.disable(gl.BLEND);
    gl.disable(gl.SCISSOR_TEST);
  }

  /** Draws `frame` (as decodeFrame returns it) over the trail layer as it stands. */
  draw(frame) {
    if (this.lastFrame !== frame) this.prepare(frame);
    this.compose();
  }

  /** Draws the last frame again (after a resize) without touching the trails. */
  redraw() {
    if (!this.lastFrame) return;
    this.beginFrame();
    this.prepare(this.lastFrame);
    this.compose();
  }

  /** Frees every GPU resource (not needed after a context loss, which frees them all). */
  dispose() {
    const gl = this.gl;
    this.atlas.dispose();
    this.trails.dispose();
    for (const p of [this.instanceProgram, this.paneProgram, this.fadeProgram, this.copyProgram]) gl.deleteProgram(p.program);
    for (const a of [this.emptyArray, this.instanceArray, this.paneArray]) gl.deleteVertexArray(a);
    for (const b of [this.instanceBuffer, this.paneBuffer]) gl.deleteBuffer(b);
  }

  /** Packs and uploads the frame's instances (one buffer upload) and panes. */
  prepare(frame) {
    const gl = this.gl;
    this.lastFrame = frame;
    const packed = packInstances(frame.instances, (form, stroke) => this.atlas.layerFor(form, stroke), this.packedBytes);
    this.packedBytes = packed.bytes;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.instanceBuffer);
    gl.bufferData(gl.ARRAY_BUFFER, packed.bytes.subarray(0, Math.max(packed.byteLength, INSTANCE_SIZE)), gl.STREAM_DRAW);
    if (frame.paneCount > 0) {
      gl.bindBuffer(gl.ARRAY_BUFFER, this.paneBuffer);
      gl.bufferData(gl.ARRAY_BUFFER, frame.paneBytes, gl.STREAM_DRAW);
    }
    gl.bindBuffer(gl.ARRAY_BUFFER, null);
    this.prepared = { trails: packed.trails, lumis: packed.lumis };
  }

  /** The canvas: black around the area; in it the background, panes, trails (added) and lumis. */
  compose() {
    const gl = this.gl, frame = this.lastFrame, [red, green, blue] = frame.background;
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.viewport(0, 0, this.width, this.height);
    gl.disable(gl.SCISSOR_TEST);
    gl.clearColor(0, 0, 0, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    this.useScissor();
    gl.clearColor(red, green, blue, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.enable(gl.BLEND);
    if (frame.paneCount > 0) this.drawPanes(frame.paneCount);
    if (this.trailsMayShow) {
      gl.blendFunc(gl.ONE, gl.ONE);
      gl.useProgram(this.copyProgram.program);
      gl.activeTexture(gl.TEXTURE1);
      gl.bindTexture(gl.TEXTURE_2D, this.trails.texture);
      gl.uniform1i(this.copyProgram.uniforms.source, 1);
      gl.bindVertexArray(this.emptyArray);
      gl.drawArrays(gl.TRIANGLES, 0, 3);
      gl.bindTexture(gl.TEXTURE_2D, null);
    }
    this.drawRuns(this.prepared.lumis);
    gl.disable(gl.BLEND);
    gl.disable(gl.SCISSOR_TEST);
    gl.bindVertexArray(null);
  }

  drawPanes(count) {
    const gl = this.gl, { uniforms } = this.paneProgram, area = this.area;
    gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
    gl.useProgram(this.paneProgram.program);
    gl.uniform4f(uniforms.canvasToPixels, area.scale, area.scale, area.x, area.y);
    gl.uniform2f(uniforms.bufferSize, this.width, this.height);
    gl.bindVertexArray(this.paneArray);
    gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, 4, count);
  }

  /** Draws runs of packed instances into the bound framebuffer, one instanced call per run. */
  drawRuns(runs) {
    if (runs.length === 0) return;
    const gl = this.gl, { uniforms } = this.instanceProgram, area = this.area;
    gl.useProgram(this.instanceProgram.program);
    gl.uniform4f(uniforms.canvasToClip,
      (2 * area.scale) / this.width, (-2 * area.scale) / this.height,
      (2 * area.x) / this.width - 1, 1 - (2 * area.y) / this.height);
    gl.uniform1f(uniforms.extent, ATLAS_EXTENT);
    gl.uniform1i(uniforms.atlas, 0);
    this.atlas.bind(0);
    gl.bindVertexArray(this.instanceArray);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.instanceBuffer);
    for (const run of runs) {
      setBlend(gl, run.blend);
      pointInstanceAttributes(gl, run.first * INSTANCE_SIZE);
      gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, 4, run.count);
    }
    gl.bindBuffer(gl.ARRAY_BUFFER, null);
  }

  /** The canvas area in whole pixels, in GL window coordinates (y up). */
  scissorBox() {
    const box = pixelArea(this.area);
    return { x: box.x, y: this.height - (box.y + box.height), width: box.width, height: box.height };
  }

  useScissor() {
    const gl = this.gl, box = this.scissorBox();
    gl.enable(gl.SCISSOR_TEST);
    gl.scissor(box.x, box.y, box.width, box.height);
  }

  createInstanceArray() {
    const gl = this.gl, array = gl.createVertexArray();
    gl.bindVertexArray(array);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.instanceBuffer);
    for (let location = 0; location <= 5; location += 1) {
      gl.enableVertexAttribArray(location);
      gl.vertexAttribDivisor(location, 1);
    }
    pointInstanceAttributes(gl, 0);
    gl.bindVertexArray(null);
    return array;
  }

  createPaneArray() {
    const gl = this.gl, array = gl.createVertexArray();
    gl.bindVertexArray(array);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.paneBuffer);
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 4, gl.SHORT, false, PANE_SIZE, 0);
    gl.vertexAttribDivisor(0, 1);
    gl.enableVertexAttribArray(1);
    gl.vertexAttribPointer(1, 4, gl.UNSIGNED_BYTE, true, PANE_SIZE, 8);
    gl.vertexAttribDivisor(1, 1);
    gl.bindVertexArray(null);
    return array;
  }
}

/** Points the instance attributes at the packed records starting at byte `base` of the bound buffer. */
function pointInstanceAttributes(gl, base) {
  gl.vertexAttribPointer(0, 2, gl.FLOAT, false, INSTANCE_SIZE, base);                // tx, ty
  gl.vertexAttribPointer(1, 2, gl.SHORT, false, INSTANCE_SIZE, base + 8);            // sx, sy
  gl.vertexAttribPointer(2, 1, gl.UNSIGNED_SHORT, false, INSTANCE_SIZE, base + 12);  // rotation
  gl.vertexAttribPointer(3, 4, gl.UNSIGNED_BYTE, true, INSTANCE_SIZE, base + 14);    // r, g, b, opacity
  gl.vertexAttribPointer(4, 1, gl.UNSIGNED_SHORT, false, INSTANCE_SIZE, base + 22);  // atlas layer
  gl.vertexAttribPointer(5, 1, gl.UNSIGNED_BYTE, false, INSTANCE_SIZE, base + 20);   // stroke width
}

/** The blend state of a blend mode, on premultiplied colours. Multiply is exact over opaque pixels. */
function setBlend(gl, blend) {
  switch (blend) {
    case Blend.additive: gl.blendFunc(gl.ONE, gl.ONE); break;
    case Blend.screen: gl.blendFuncSeparate(gl.ONE, gl.ONE_MINUS_SRC_COLOR, gl.ONE, gl.ONE_MINUS_SRC_ALPHA); break;
    case Blend.multiply: gl.blendFuncSeparate(gl.DST_COLOR, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA); break;
    default: gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
  }
}
