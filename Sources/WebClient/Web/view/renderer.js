// Draws decoded frames with WebGL2, as the Swift SceneRenderer draws scenes: the background, the lit
// panes, the trail layer added on, then the lumis — each run of instances sharing a blend and a shape in
// one draw call (two for a disc's rim and inside; not instanced: strip-indices.js says why), circles and
// rings worked out in the shader (analytic-forms.js), every other form drawn from the atlas. The trail
// layer may be smaller than the drawing buffer (a lower quality): it then has its own canvas area and is
// stretched onto the picture's. It composes into the drawing buffer, the stage letterboxed (Main), or into
// another framebuffer with the stage placed otherwise (a mapped output's slice, stage-slice.js).
// Below full quality, large additive discs are drawn on coarse layers added on (coarse-fills.js).

import { ANALYTIC_BASE, AnalyticShapes, Shape, annulusSegments } from './analytic-forms.js';
import { ATLAS_EXTENT, FormAtlas, atlasLayerSize } from './atlas.js';
import { packInstances } from './batches.js';
import { fitCanvasArea, glPixelBox } from './canvas-area.js';
import { setBlend, setScaledBlend } from './blends.js';
import { coarseArea, coarseLayerSize, pictureToCoarse } from './coarse-fills.js';
import { CoarseLayer } from './coarse-layer.js';
import { INSTANCE_TEXTURE_UNIT, InstanceStore } from './instance-store.js';
import { PANE_SIZE } from '../shared/frames.js';
import {
  ANNULUS_FRAGMENT, ANNULUS_VERTEX, DISC_INSIDE_VERTEX, DISC_QUAD_VERTEX, INSTANCE_UNIFORMS, PICTURE_FRAGMENT, PICTURE_VERTEX,
  SOLID_FRAGMENT, shapeVertices,
} from './instance-shaders.js';
import {
  COPY_FRAGMENT, FADE_FRAGMENT, FULL_VIEW_VERTEX, PANE_FRAGMENT, PANE_VERTEX, STRETCH_FRAGMENT, buildProgram,
} from './shaders.js';
import { TrailLayer } from './trails.js';

/** The context attributes the canvas asks for (tests read the drawing buffer back, so it is preserved). */
export const CONTEXT_ATTRIBUTES = Object.freeze({
  premultipliedAlpha: true, antialias: false, preserveDrawingBuffer: true, depth: false, stencil: false,
});

/** The frame renderer for one WebGL2 context; re-created when the context is restored after a loss. */
export class CanvasRenderer {
  /**
   * A renderer drawing forms described in `forms` (a FormTable) into a `width × height` drawing buffer,
   * with a trail layer of `trailWidth × trailHeight` (by default the same).
   */
  constructor(gl, forms, width, height, trailWidth = width, trailHeight = height) {
    this.gl = gl;
    /** The framebuffer composed into (null: the drawing buffer), and where the stage lies in a picture of a size. */
    this.framebuffer = null;
    this.placeStage = fitCanvasArea;
    this.forms = forms;
    /** The instance programs: one for each shape, and the inside of a disc. */
    this.shapePrograms = {
      [Shape.picture]: buildProgram(gl, PICTURE_VERTEX, PICTURE_FRAGMENT, INSTANCE_UNIFORMS),
      [Shape.annulus]: buildProgram(gl, ANNULUS_VERTEX, ANNULUS_FRAGMENT, INSTANCE_UNIFORMS),
      [Shape.discQuad]: buildProgram(gl, DISC_QUAD_VERTEX, ANNULUS_FRAGMENT, INSTANCE_UNIFORMS),
      discInside: buildProgram(gl, DISC_INSIDE_VERTEX, SOLID_FRAGMENT, INSTANCE_UNIFORMS),
    };
    this.shapePrograms[Shape.disc] = this.shapePrograms[Shape.annulus];
    /** The instance programs not yet given the bands and the boxes as they are now. */
    this.staleBands = new Set();
    this.staleBoxes = new Set();
    this.paneProgram = buildProgram(gl, PANE_VERTEX, PANE_FRAGMENT, ['canvasToPixels', 'bufferSize']);
    this.fadeProgram = buildProgram(gl, FULL_VIEW_VERTEX, FADE_FRAGMENT, ['source', 'scales', 'count']);
    this.copyProgram = buildProgram(gl, FULL_VIEW_VERTEX, COPY_FRAGMENT, ['source']);
    this.stretchProgram = buildProgram(gl, FULL_VIEW_VERTEX, STRETCH_FRAGMENT, ['source', 'pixelToSource']);
    this.emptyArray = gl.createVertexArray();
    /** The packed records of the frame prepared last, and the index lists that draw them. */
    this.instances = new InstanceStore(gl);
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
    this.trails = new TrailLayer(gl, Math.max(1, trailWidth), Math.max(1, trailHeight));
    this.trailArea = fitCanvasArea(this.trails.width, this.trails.height);
    this.atlas = new FormAtlas(gl, forms, { layerSize: atlasLayerSize(this.height) });
    this.shapes = new AnalyticShapes();
    /** Whether large additive discs are drawn on coarse layers (coarse-fills.js); set by the page. */
    this.coarseFills = false;
    this.coarseLayers = { picture: new CoarseLayer(gl), trails: new CoarseLayer(gl) };
  }

  /**
   * Follows a new drawing buffer size, and trail layer size (by default the same): the trail picture is
   * carried over, stretched to the new area.
   */
  resize(width, height, trailWidth = width, trailHeight = height) {
    width = Math.max(1, width);
    height = Math.max(1, height);
    trailWidth = Math.max(1, trailWidth);
    trailHeight = Math.max(1, trailHeight);
    if (trailWidth !== this.trails.width || trailHeight !== this.trails.height) {
      const from = this.trailBox(), area = this.placeStage(trailWidth, trailHeight);
      this.trails = this.trails.resized(trailWidth, trailHeight, from, glPixelBox(area, trailWidth, trailHeight));
      this.trailArea = area;
    }
    if (width === this.width && height === this.height) return;
    this.width = width;
    this.height = height;
    this.area = this.placeStage(width, height);
    const layerSize = atlasLayerSize(height);
    if (layerSize !== this.atlas.layerSize) {
      this.atlas.dispose();
      this.atlas = new FormAtlas(this.gl, this.forms, { layerSize });
    }
  }

  /**
   * Composes into `framebuffer` (null: the drawing buffer) with the stage placed by `placeStage(width,
   * height) → area` (fitCanvasArea, or a slice's stagePlacement). A new placement clears the trail layer,
   * which held another part of the stage.
   */
  setTarget(framebuffer, placeStage) {
    this.framebuffer = framebuffer;
    if (placeStage === this.placeStage) return;
    this.placeStage = placeStage;
    this.area = placeStage(this.width, this.height);
    this.trailArea = placeStage(this.trails.width, this.trails.height);
    this.trails.clear();
    this.trailsMayShow = false;
  }

  /**
   * Starts an animation frame's work: the atlas's budget for drawing new pictures, and which pictures the
   * frames prepared from now on use.
   */
  beginFrame() {
    this.atlas.beginFrame();
    this.shapes.beginFrame();
  }

  /**
   * Brings the trail layer up to the newest of the `waiting` frames (as TrailBacklog.take returns them) as
   * `plan` says (foldTrailSteps): at most one clear, at most one fade pass, then the chosen frames' trail
   * stamps, in order, each frame's colours scaled by its gain.
   */
  updateTrails(waiting, plan) {
    const gl = this.gl;
    if (plan.clear) {
      this.trails.clear();
      this.trailsMayShow = false;
    }
    if (plan.fades.length > 0 && this.trailsMayShow) {
      this.trails.fade(plan.fades, this.fadeProgram, this.emptyArray, this.trailBox());
    }
    for (const { index, gain } of plan.stamps) {
      this.prepare(waiting[index].frame);
      const { trails, coarseTrails } = this.prepared;
      if (trails.length === 0 && coarseTrails.length === 0) continue;
      this.trailsMayShow = true;
      gl.blendColor(gain, gain, gain, gain);
      // The coarse stamps first: they were additive stamps ahead of any of another blend.
      if (coarseTrails.length > 0) this.stampCoarsely(coarseTrails);
      this.trails.bindTarget();
      this.useScissor(this.trailBox());
      gl.enable(gl.BLEND);
      this.drawRuns(trails, this.trailArea, this.trails.width, this.trails.height, setScaledBlend);
      gl.disable(gl.BLEND);
      gl.disable(gl.SCISSOR_TEST);
    }
  }

  /** Stamps `runs` (coarse discs, the gain in the blend colour) on the coarse layer, then adds it on the trails. */
  stampCoarsely(runs) {
    const layer = this.coarseLayers.trails, trails = this.trails;
    this.drawCoarsely(layer, runs, trails.width, trails.height, this.trailArea, setScaledBlend);
    trails.bindTarget();
    this.useScissor(this.trailBox());
    layer.addOnto(this.stretchProgram, pictureToCoarse(trails.height, layer), this.emptyArray);
  }

  /**
   * Draws `runs` on `layer`, made the coarse layer of a picture `width × height` with its canvas at `area`;
   * leaves it bound, blending on.
   */
  drawCoarsely(layer, runs, width, height, area, blendFor) {
    const gl = this.gl, size = coarseLayerSize(width, height);
    layer.begin(size);
    gl.enable(gl.BLEND);
    this.drawRuns(runs, coarseArea(area), size.width, size.height, blendFor);
  }

  /** Draws `frame` (as decodeFrame returns it) over the trail layer as it stands. */
  draw(frame) {
    if (this.lastFrame !== frame) this.prepare(frame);
    this.compose();
  }

  /** Makes `frame` the one `redraw()` draws, without drawing it (while a test pattern stands in for it). */
  keep(frame) {
    if (this.lastFrame !== frame) this.prepare(frame);
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
    for (const layer of Object.values(this.coarseLayers)) layer.dispose();
    const instancePrograms = new Set(Object.values(this.shapePrograms));
    for (const p of [...instancePrograms, this.paneProgram, this.fadeProgram, this.copyProgram, this.stretchProgram]) {
      gl.deleteProgram(p.program);
    }
    this.instances.dispose();
    for (const a of [this.emptyArray, this.paneArray]) gl.deleteVertexArray(a);
    gl.deleteBuffer(this.paneBuffer);
  }

  /** Packs and uploads the frame's instances (one texture upload) and panes. */
  prepare(frame) {
    const gl = this.gl;
    this.lastFrame = frame;
    const packed = packInstances(frame.instances, (form, stroke) => this.layerFor(form, stroke), this.packedBytes,
      (layer) => (layer >= ANALYTIC_BASE ? this.shapes.shapeOf(layer - ANALYTIC_BASE) : Shape.picture), this.coarseFills);
    this.packedBytes = packed.bytes;
    this.instances.upload(packed.bytes, packed.byteLength);
    if (frame.paneCount > 0) {
      gl.bindBuffer(gl.ARRAY_BUFFER, this.paneBuffer);
      gl.bufferData(gl.ARRAY_BUFFER, frame.paneBytes, gl.STREAM_DRAW);
      gl.bindBuffer(gl.ARRAY_BUFFER, null);
    }
    const { trails, lumis, coarseTrails, coarseLumis } = packed;
    this.prepared = { trails, lumis, coarseTrails, coarseLumis };
  }

  /**
   * Where an instance of `form` at `strokeByte` is drawn from: ANALYTIC_BASE plus its slot for a circle or
   * ring, else its atlas layer; −1 when it cannot be drawn (see FormAtlas.layerFor).
   */
  layerFor(form, strokeByte) {
    const entry = this.forms.get(form);
    const slot = entry ? this.shapes.slotFor(entry, strokeByte) : -1;
    return slot >= 0 ? ANALYTIC_BASE + slot : this.atlas.layerFor(form, strokeByte);
  }

  /** The canvas: black around the area; in it the background, panes, trails (added) and lumis. */
  compose() {
    const gl = this.gl, frame = this.lastFrame, [red, green, blue] = frame.background;
    const coarse = this.prepared.coarseLumis, layer = this.coarseLayers.picture;
    if (coarse.length > 0) this.drawCoarsely(layer, coarse, this.width, this.height, this.area, setBlend);
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.framebuffer);
    gl.viewport(0, 0, this.width, this.height);
    gl.disable(gl.SCISSOR_TEST);
    gl.clearColor(0, 0, 0, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    this.useScissor(this.scissorBox());
    gl.clearColor(red, green, blue, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.enable(gl.BLEND);
    if (frame.paneCount > 0) this.drawPanes(frame.paneCount);
    if (this.trailsMayShow) this.addTrails();
    if (coarse.length > 0) layer.addOnto(this.stretchProgram, pictureToCoarse(this.height, layer), this.emptyArray);
    this.drawRuns(this.prepared.lumis, this.area, this.width, this.height, setBlend);
    gl.disable(gl.BLEND);
    gl.disable(gl.SCISSOR_TEST);
    gl.bindVertexArray(null);
  }

  /**
   * Adds the trail layer onto the bound drawing buffer: pixel for pixel when it has the buffer's size (the
   * exact copy the tests hold against the Swift rasterizer), else stretched from its canvas area onto the
   * picture's, filtered.
   */
  addTrails() {
    const gl = this.gl, trails = this.trails;
    const sameSize = trails.width === this.width && trails.height === this.height;
    const program = sameSize ? this.copyProgram : this.stretchProgram;
    gl.blendFunc(gl.ONE, gl.ONE);
    gl.useProgram(program.program);
    gl.activeTexture(gl.TEXTURE1);
    gl.bindTexture(gl.TEXTURE_2D, trails.texture);
    gl.uniform1i(program.uniforms.source, 1);
    if (!sameSize) {
      // Window coordinates in the picture's canvas area map linearly onto the trail layer's canvas area.
      const to = this.scissorBox(), from = this.trailBox();
      const sx = from.width / to.width, sy = from.height / to.height;
      gl.uniform4f(program.uniforms.pixelToSource,
        sx / trails.width, sy / trails.height,
        (from.x - to.x * sx) / trails.width, (from.y - to.y * sy) / trails.height);
    }
    gl.bindVertexArray(this.emptyArray);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
    gl.bindTexture(gl.TEXTURE_2D, null);
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

  /**
   * Draws runs of packed instances into the bound framebuffer, `width × height` pixels with the canvas at
   * `area`, one call per run (a disc's two), each run's blend set by `blendFor(gl, blend)`.
   */
  drawRuns(runs, area, width, height, blendFor) {
    if (runs.length === 0) return;
    const gl = this.gl, segments = annulusSegments(area.scale);
    this.noteChangedUniforms();
    this.atlas.bind(0);
    this.instances.bind();
    const placed = new Set();
    const drawWith = (program, vertices, run) => {
      if (!placed.has(program)) {
        placed.add(program);
        this.placeInstances(program, area, width, height, segments);
      } else {
        gl.useProgram(program.program);
      }
      this.instances.draw(vertices, run.first, run.count);
    };
    for (const run of runs) {
      blendFor(gl, run.blend);
      drawWith(this.shapePrograms[run.shape], shapeVertices(run.shape, segments), run);
      if (run.shape === Shape.disc) drawWith(this.shapePrograms.discInside, shapeVertices('discInside', segments), run);
    }
  }

  /** Marks the instance programs that need the analytic shapes' bands or the atlas's boxes given again. */
  noteChangedUniforms() {
    const programs = Object.values(this.shapePrograms);
    if (this.shapes.changed) {
      for (const program of programs) this.staleBands.add(program);
      this.shapes.changed = false;
    }
    if (this.atlas.boxesChanged) {
      for (const program of programs) this.staleBoxes.add(program);
      this.atlas.boxesChanged = false;
    }
  }

  /**
   * Makes `program` the one in use, its uniforms set for drawing on `width × height` pixels with the canvas
   * at `area`, circles and rings on polygons of `segments` sides.
   */
  placeInstances(program, area, width, height, segments) {
    const gl = this.gl, { uniforms } = program;
    gl.useProgram(program.program);
    gl.uniform4f(uniforms.canvasToClip,
      (2 * area.scale) / width, (-2 * area.scale) / height,
      (2 * area.x) / width - 1, 1 - (2 * area.y) / height);
    gl.uniform1f(uniforms.extent, ATLAS_EXTENT);
    gl.uniform1f(uniforms.pixelsPerUnit, area.scale);
    gl.uniform1i(uniforms.atlas, 0);
    gl.uniform1i(uniforms.instances, INSTANCE_TEXTURE_UNIT);
    gl.uniform1i(uniforms.segments, segments);
    if (this.staleBands.delete(program)) gl.uniform4fv(uniforms.bands, this.shapes.bands);
    if (this.staleBoxes.delete(program)) gl.uniform4fv(uniforms.boxes, this.atlas.boxes);
  }

  /** The canvas area of the drawing buffer in whole pixels, in GL window coordinates (y up). */
  scissorBox() {
    return glPixelBox(this.area, this.width, this.height);
  }

  /** The canvas area of the trail layer in whole pixels, in GL window coordinates (y up). */
  trailBox() {
    return glPixelBox(this.trailArea, this.trails.width, this.trails.height);
  }

  useScissor(box) {
    const gl = this.gl;
    gl.enable(gl.SCISSOR_TEST);
    gl.scissor(box.x, box.y, box.width, box.height);
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
