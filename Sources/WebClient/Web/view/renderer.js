// Draws decoded frames with WebGL2, as the Swift SceneRenderer draws scenes: the background, the lit
// panes (pane-layer.js), the trail layer added on, then the lumis — each run of instances sharing a blend and
// a shape in one draw call (two for a disc's rim and inside: instance-runs.js), circles and rings worked out
// in the shader (analytic-forms.js), every other form drawn from the atlas. The trail layer may be smaller
// than the drawing buffer (a lower quality): it then has its own canvas area and is stretched onto the
// picture's. It composes into the drawing buffer, the stage letterboxed (Main), or into
// another framebuffer with the stage placed otherwise (a mapped output's slice, stage-slice.js).
// Below full quality, large additive discs are drawn on coarse layers added on (coarse-fills.js).

import { ANALYTIC_BASE, AnalyticShapes, Shape } from './analytic-forms.js';
import { FormAtlas, atlasLayerSize } from './atlas.js';
import { packInstances } from './batches.js';
import { fitCanvasArea, glPixelBox } from './canvas-area.js';
import { setBlend, setScaledBlend } from './blends.js';
import { coarseArea, coarseLayerSize, pictureToCoarse } from './coarse-fills.js';
import { CoarseLayer } from './coarse-layer.js';
import { InstanceRuns } from './instance-runs.js';
import { InstanceStore } from './instance-store.js';
import { PaneLayer } from './pane-layer.js';
import { COPY_FRAGMENT, FADE_FRAGMENT, FULL_VIEW_VERTEX, STRETCH_FRAGMENT, buildProgram } from './shaders.js';
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
    this.panes = new PaneLayer(gl);
    this.fadeProgram = buildProgram(gl, FULL_VIEW_VERTEX, FADE_FRAGMENT, ['source', 'scales', 'count']);
    this.copyProgram = buildProgram(gl, FULL_VIEW_VERTEX, COPY_FRAGMENT, ['source']);
    this.stretchProgram = buildProgram(gl, FULL_VIEW_VERTEX, STRETCH_FRAGMENT, ['source', 'pixelToSource']);
    this.emptyArray = gl.createVertexArray();
    /** The packed records of the frame prepared last, and the index lists that draw them. */
    this.instances = new InstanceStore(gl);
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
    /** The lumis' runs of instances, drawn with the atlas as it is now. */
    this.runs = new InstanceRuns(gl, { instances: this.instances, shapes: this.shapes, atlas: () => this.atlas });
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
      this.runs.draw(trails, this.trailArea, this.trails.width, this.trails.height, setScaledBlend);
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
    this.runs.draw(runs, coarseArea(area), size.width, size.height, blendFor);
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
    this.runs.dispose();
    this.panes.dispose();
    for (const p of [this.fadeProgram, this.copyProgram, this.stretchProgram]) gl.deleteProgram(p.program);
    this.instances.dispose();
    gl.deleteVertexArray(this.emptyArray);
  }

  /** Packs and uploads the frame's instances (one texture upload) and panes. */
  prepare(frame) {
    this.lastFrame = frame;
    const packed = packInstances(frame.instances, (form, stroke) => this.layerFor(form, stroke), this.packedBytes,
      (layer) => (layer >= ANALYTIC_BASE ? this.shapes.shapeOf(layer - ANALYTIC_BASE) : Shape.picture), this.coarseFills);
    this.packedBytes = packed.bytes;
    this.instances.upload(packed.bytes, packed.byteLength);
    this.panes.upload(frame);
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
    if (frame.paneCount > 0) this.panes.draw(frame.paneCount, this.area, this.width, this.height);
    if (this.trailsMayShow) this.addTrails();
    if (coarse.length > 0) layer.addOnto(this.stretchProgram, pictureToCoarse(this.height, layer), this.emptyArray);
    this.runs.draw(this.prepared.lumis, this.area, this.width, this.height, setBlend);
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
}
