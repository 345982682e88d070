// The stage pass: the frames received drawn into the picture the canvas shows the stage in. For Main that
// picture is the drawing buffer itself, the 16:9 stage letterboxed, exactly as the Swift rasterizer draws a
// frame (no pass after it at full brightness). For a mapped output it is an offscreen stage target holding
// the output's slice at about the window's pixel count (stage-slice.js), which the output pass then warps.
// Every frame received updates the trail layer; a test pattern — or black, for an output that does not
// exist — stands in for the newest frame's picture.

import { CanvasRenderer } from './renderer.js';
import { StageTarget } from './stage-target.js';
import { sameSlice, stagePlacement } from './stage-slice.js';

/** What stands in for the stage: an output's test pattern ("grid", "white"), or "black". */
export const BLACK = 'black';

/** The stage drawn into its picture, for one WebGL2 context. */
export class StagePass {
  /** A pass drawing forms from `forms` (a FormTable), patterns with `pictures` (a PatternPictures). */
  constructor(gl, forms, pictures) {
    this.gl = gl;
    this.pictures = pictures;
    this.renderer = new CanvasRenderer(gl, forms, 1, 1);
    /** The slice shown (null: Main's whole stage, in the drawing buffer) and its offscreen picture. */
    this.slice = null;
    this.target = null;
  }

  /** The texture holding the slice's picture (null for Main). */
  get picture() { return this.target?.texture ?? null; }

  /**
   * Shows `slice` (stage units) in an offscreen picture, or with null the whole stage in the drawing buffer.
   * Answers whether that changed (the pictures must then be sized again).
   */
  place(slice) {
    if (sameSlice(slice, this.slice)) return false;
    this.slice = slice ? { ...slice } : null;
    if (slice) {
      this.target ??= new StageTarget(this.gl);
    } else {
      this.target?.dispose();
      this.target = null;
    }
    this.renderer.setTarget(this.target?.framebuffer ?? null, stagePlacement(this.slice));
    return true;
  }

  /** Sizes the stage's picture and the trail layer (`{ stage, trail }`, as stageSizes gives them). */
  resize({ stage, trail }) {
    this.target?.resize(stage.width, stage.height);
    this.renderer.resize(stage.width, stage.height, trail.width, trail.height);
  }

  /** Sets whether large additive discs are drawn coarsely (coarse-fills.js). */
  set coarseFills(coarse) { this.renderer.coarseFills = coarse; }

  /**
   * Brings the trail layer up to the `waiting` frames as `plan` (foldTrailSteps) says, then draws the newest
   * into the stage's picture — or `standIn` (a test pattern, or BLACK) of the output `name` instead.
   */
  drawFrames(waiting, plan, standIn, name) {
    const renderer = this.renderer;
    renderer.beginFrame();
    renderer.updateTrails(waiting, plan);
    const { frame } = waiting[waiting.length - 1];
    if (standIn) {
      renderer.keep(frame);
      this.drawStandIn(standIn, name);
    } else {
      renderer.draw(frame);
    }
  }

  /** Draws the last frame again (or `standIn` for it) without touching the trails. */
  redraw(standIn, name) {
    if (standIn) this.drawStandIn(standIn, name);
    else this.renderer.redraw();
  }

  /**
   * Draws a test pattern over the stage's picture: the whole target for a slice; for Main, the stage's area
   * of the drawing buffer, black around it as around the stage. Black draws nothing: the output pass clears.
   */
  drawStandIn(standIn, name) {
    if (standIn === BLACK) return;
    const gl = this.gl, { renderer } = this;
    gl.bindFramebuffer(gl.FRAMEBUFFER, renderer.framebuffer);
    gl.viewport(0, 0, renderer.width, renderer.height);
    gl.disable(gl.SCISSOR_TEST);
    gl.disable(gl.BLEND);
    gl.clearColor(0, 0, 0, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    this.pictures.drawPattern(standIn, name, renderer.scissorBox());
  }

  /** Frees every GPU resource (not needed after a context loss). */
  dispose() {
    this.renderer.dispose();
    this.target?.dispose();
  }
}
