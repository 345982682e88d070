// A view of the stage in one <canvas> element: the /canvas page's whole window — one output of the stage
// (issue 35) — or the console's preview. Each animation frame runs the view's passes, each a module with one
// job:
// - frames in (frame-intake.js): its own live socket; frames wait in the trail backlog, forms and the
//   outputs messages come in beside them;
// - the stage pass (stage-pass.js): the trail layer brought up to the newest waiting frame in one go (their
//   fades in one pass, the stamps of a few; trail-fold.js) and the newest drawn — for Main straight into the
//   drawing buffer as it always was, for a mapped output into an offscreen picture of its slice; a test
//   pattern stands in for the picture when the output asks for one;
// - the output pass (output-pass.js): the slice drawn through the output's warp, feathers, mask and
//   brightness; Main's brightness; the Identify label.
// No new frame is drawn while the GPU is still at the last one (gpu-pacing.js); the resolution follows what
// the machine keeps up with (quality.js) and the canvas's size on screen (canvas-sizing.js); a tap or a
// stroke on the picture releases lumis where it touches the stage (when `gesturesPlay()` says so). What the
// view has done is in its `status` (canvas-status.js).

import { CanvasGestures } from './canvas-gestures.js';
import { CanvasSizing } from './canvas-sizing.js';
import { makeCanvasStatus } from './canvas-status.js';
import { usesCoarseFills } from './coarse-fills.js';
import { FormTable } from './form-table.js';
import { FrameIntake } from './frame-intake.js';
import { GpuPacing } from './gpu-pacing.js';
import { liveURL } from '../shared/live.js';
import { MAIN_OUTPUT, defaultOutput } from '../shared/outputs.js';
import { OutputFollower, outputLiveURL, sameOutput } from './output-follower.js';
import { outputMesh } from './output-mesh.js';
import { OutputPass } from './output-pass.js';
import { PatternPictures } from './pattern-pictures.js';
import { FIRST_COST_PER_PIXEL, QualityController, drawingWork, qualityFromAddress } from './quality.js';
import { CONTEXT_ATTRIBUTES } from './renderer.js';
import { BLACK, StagePass } from './stage-pass.js';
import { stagePointAt } from './stage-pointer.js';
import { stageHeightInPixels } from './stage-slice.js';
import { foldTrailSteps } from './trail-fold.js';

/** How long Identify shows an output's name, in milliseconds. */
export const IDENTIFY_MILLISECONDS = 3000;

/** What a preview shows: the whole stage, as Main does by default. */
const STAGE = Object.freeze(defaultOutput(MAIN_OUTPUT));

/**
 * Starts drawing in `canvas`. Options: `search`, the address's query that may ask for a quality
 * (`?quality=auto|full|0.5`; the page's own by default); `output`, the output shown as outputFromAddress
 * gives it (`{ name, problem }`; null, the default: the whole stage, following no output — a preview);
 * `onOutputChange({ name, output, renamed })`, told whenever what the view shows changes; `gesturesPlay()`,
 * whether a tap or a stroke plays now (always, by default); `label`, the prefix of its console messages.
 * Returns `{ status, send(intent), report(error), stop(), output, previewOutput(draft) }`: `output` is the
 * output drawn (null: black); `previewOutput(draft)` draws `draft` instead until the server has it, or
 * until called with null. `stop()` closes its socket and stops drawing (the canvas keeps its last picture).
 */
export function startCanvasView(canvas, {
  search = window.location.search, gesturesPlay = () => true, label = 'canvas', output = null, onOutputChange = () => {},
} = {}) {
  const view = new CanvasView(canvas, { search, gesturesPlay, label, output, onOutputChange });
  view.start();
  return {
    status: view.status, send: (intent) => view.send(intent), report: (error) => view.report(error), stop: () => view.stop(),
    get output() { return view.shownOutput(); },
    previewOutput: (draft) => view.previewOutput(draft),
  };
}

/** One canvas element drawn from its own live connection through its passes. */
class CanvasView {
  constructor(canvas, { search, gesturesPlay, label, output, onOutputChange }) {
    this.canvas = canvas;
    this.gesturesPlay = gesturesPlay;
    this.label = label;
    this.onOutputChange = onOutputChange;
    /** What the address asks of the quality, and the controller that keeps it. */
    this.requestedQuality = qualityFromAddress(search);
    this.quality = new QualityController({ pinned: this.requestedQuality.pinned, costPerWork: FIRST_COST_PER_PIXEL });
    /** Waiting frames with stamps left unstamped by the stamp budget. */
    this.stampsOverBudget = 0;
    this.forms = new FormTable();
    this.gl = canvas.getContext('webgl2', CONTEXT_ATTRIBUTES);
    this.pacing = this.gl ? new GpuPacing(this.gl) : null;
    /** The passes, made again when a lost context comes back: `{ pictures, stage, output }`. */
    this.passes = null;
    this.intake = null;
    /** The output followed through the server's messages (null for a preview), and a draft drawn instead. */
    this.follower = output ? new OutputFollower(output.name, output.problem) : null;
    this.draft = null;
    /** The problem last said in `status.lastError`, and the grid mesh pointers are mapped through. */
    this.problemSaid = null;
    this.pointerMesh = { of: null, mesh: null };
    this.identifyTimer = 0;
    this.needsRedraw = false;
    this.sizing = new CanvasSizing(canvas);
    this.stopped = false;
    this.animationFrame = 0;
    /** The canvas's event listeners, `[type, listener]`, removed by `stop()`. */
    this.listeners = [];
    this.status = makeCanvasStatus(this);
    this.animate = this.animate.bind(this);
  }

  report(error) {
    this.status.lastError = error instanceof Error ? error.message : String(error);
    console.error(`${this.label}:`, error);
  }

  send(intent) {
    this.intake?.send(intent);
  }

  /** Connects, listens for gestures, and draws from the next animation frame on (if WebGL2 is there). */
  start() {
    const frames = liveURL(window.location);
    this.intake = new FrameIntake(this.follower ? outputLiveURL(frames, this.follower.name) : frames, this.status, {
      forms: this.forms, onMessage: (message) => this.receive(message), report: (error) => this.report(error),
    });
    this.gestures = new CanvasGestures(this.canvas, {
      listen: (type, listener) => this.listen(type, listener), gesturesPlay: this.gesturesPlay,
      stagePoint: (event, clamp) => this.stagePoint(event, clamp), send: (intent) => this.send(intent),
    });
    if (this.requestedQuality.problem) this.report(this.requestedQuality.problem);
    this.sayProblem();
    // Time spent hidden says nothing about how fast the view draws.
    this.restartQuality = () => this.quality.restart();
    document.addEventListener('visibilitychange', this.restartQuality);
    if (!this.gl) {
      this.report('this browser cannot draw the canvas: it has no WebGL2');
      return;
    }
    this.listen('webglcontextlost', (event) => {
      event.preventDefault();  // so that the context can be restored
      this.passes = null;
      this.pacing.forget();
    });
    this.listen('webglcontextrestored', () => {
      this.createPasses();
      this.status.contextsRestored += 1;
    });
    this.sizing.watch();
    this.applySize();
    this.createPasses();
    this.animationFrame = requestAnimationFrame(this.animate);
  }

  stop() {
    if (this.stopped) return;
    this.stopped = true;
    cancelAnimationFrame(this.animationFrame);
    clearTimeout(this.identifyTimer);
    this.intake.close();
    this.sizing.stop();
    document.removeEventListener('visibilitychange', this.restartQuality);
    for (const [type, listener] of this.listeners) this.canvas.removeEventListener(type, listener);
    this.status.connected = false;
  }

  listen(type, listener) {
    this.listeners.push([type, listener]);
    this.canvas.addEventListener(type, listener);
  }

  // The output shown.

  /** The output drawn now (as validateOutput gives it), or null: black. */
  shownOutput() {
    return this.draft ?? (this.follower ? this.follower.output : STAGE);
  }

  /** Draws `draft` (an output, validated) instead of the server's until the server has it; null: the server's. */
  previewOutput(draft) {
    this.draft = draft;
    this.outputChanged(false);
  }

  /** Takes a live message other than frames and forms: the outputs, Identify. */
  receive(message) {
    if (!this.follower) return;
    if (this.follower.identifies(message)) {
      this.identify();
      return;
    }
    const news = this.follower.receive(message);
    if (!news) return;
    // A reconnection says the new name; this connection the server follows through the rename itself.
    if (news.renamed) this.intake.live.url = outputLiveURL(liveURL(window.location), this.follower.name);
    const { output } = this.follower;
    if (this.draft && (news.renamed || (output && sameOutput(this.draft, output)))) this.draft = null;
    if (news.changed) this.outputChanged(news.renamed);
  }

  /** Follows a change of the output shown: where the stage goes, the problem said, the page told. */
  outputChanged(renamed) {
    this.sayProblem();
    this.placeStage();
    this.needsRedraw = true;
    this.onOutputChange({ name: this.status.output, output: this.shownOutput(), renamed });
  }

  /** Says the output's problem in `status.lastError` while there is one (and takes it back after). */
  sayProblem() {
    const problem = this.follower?.problem ?? null;
    if (problem) this.status.lastError = problem;
    else if (this.problemSaid && this.status.lastError === this.problemSaid) this.status.lastError = null;
    this.problemSaid = problem;
  }

  /** Places the stage for the output shown: its slice offscreen, or (Main, black) the buffer itself. */
  placeStage() {
    const output = this.shownOutput();
    if (this.passes?.stage.place(output && output.name !== MAIN_OUTPUT ? output.slice : null)) this.sizing.changed = true;
  }

  /** Shows the output's name large over the picture for IDENTIFY_MILLISECONDS. */
  identify() {
    clearTimeout(this.identifyTimer);
    this.status.identifying = true;
    this.needsRedraw = true;
    this.identifyTimer = setTimeout(() => {
      this.status.identifying = false;
      this.needsRedraw = true;
    }, IDENTIFY_MILLISECONDS);
  }

  // Drawing.

  createPasses() {
    try {
      const gl = this.gl, pictures = new PatternPictures(gl);
      this.passes = { pictures, stage: new StagePass(gl, this.forms, pictures), output: new OutputPass(gl, pictures) };
      this.sizing.renew(gl.getParameter(gl.MAX_TEXTURE_SIZE));
      this.placeStage();
      this.needsRedraw = true;
    } catch (error) {
      this.passes = null;
      this.report(error);
    }
  }

  /** Sizes the pictures for the canvas, the quality and the slice shown (CanvasSizing), if any changed. */
  applySize() {
    if (this.sizing.apply(this.quality.setting, this.passes?.stage)) this.needsRedraw = true;
  }

  /**
   * Runs the passes: brings the trail layer up to the frames received since the last animation frame and
   * draws the newest (or the last one again, after a change) into the stage's picture, then the output pass.
   * Returns whether it gave the GPU work.
   */
  drawReceived() {
    this.applySize();
    const { passes, status } = this;
    if (!passes || this.gl.isContextLost()) return false;
    const output = this.shownOutput(), standIn = output ? output.testPattern : BLACK, name = output?.name ?? '';
    passes.stage.coarseFills = usesCoarseFills(this.quality.setting);
    const waiting = status.hold ? [] : this.intake.backlog.take();
    if (waiting.length > 0) {
      const plan = foldTrailSteps(waiting, this.quality.setting.stampBudget);
      passes.stage.drawFrames(waiting, plan, standIn, name);
      status.framesStamped += plan.stamps.length;
      status.framesFolded += plan.folded;
      this.stampsOverBudget += plan.givenUp;
      const { frame, data } = waiting[waiting.length - 1];
      if (output) this.recordDrawn(frame, data);
    } else if (this.needsRedraw) {
      passes.stage.redraw(standIn, name);
    } else {
      return false;
    }
    this.needsRedraw = false;
    this.drawOutput(output);
    return true;
  }

  /** The output pass: the picture finished in the drawing buffer (black when there is no output). */
  drawOutput(output) {
    const { passes, canvas, status } = this, { width, height } = canvas;
    if (!output) passes.output.clear(width, height);
    else if (passes.stage.slice) passes.output.drawMapped(output, passes.stage.picture, width, height);
    else passes.output.finishMain(output, width, height);
    if (status.identifying) passes.output.drawLabel(status.output ?? '', width, height);
  }

  /** The status says which frame is on screen. */
  recordDrawn(frame, data) {
    const { status } = this;
    status.framesDrawn += 1;
    status.lastFrameBytes = data;
    status.lastFrame = {
      frame: frame.frame, time: frame.time, background: frame.background, trailPersistence: frame.trailPersistence,
      erasures: frame.erasures, paneCount: frame.paneCount, instanceCount: frame.instanceCount,
    };
  }

  animate(timestamp) {
    if (this.stopped) return;
    this.animationFrame = requestAnimationFrame(this.animate);
    try {
      // Until the GPU is through with the last frame this animation frame does not count: the quality sees
      // the time between frames drawn.
      if (this.pacing.busy()) return;
      const { backlog } = this.intake, { deviceSize } = this.sizing;
      const active = !this.status.hold && backlog.size > 0;
      const stageHeight = deviceSize ? stageHeightInPixels(deviceSize, this.passes?.stage.slice ?? null) : 0;
      const work = active && deviceSize ? drawingWork(backlog.frames, stageHeight) : undefined;
      if (this.quality.observe(timestamp, { active, work })) this.sizing.changed = true;
      if (this.drawReceived()) this.pacing.submitted();
    } catch (error) {
      this.report(error);
    }
  }

  // Pointers: where an event touches the stage.

  /** The stage fraction under a pointer event (stagePointAt), or null off the picture (unless `clamp`). */
  stagePoint(event, clamp) {
    const rect = this.canvas.getBoundingClientRect(), output = this.shownOutput();
    if (output?.grid && this.pointerMesh.of !== output) this.pointerMesh = { of: output, mesh: outputMesh(output) };
    const place = { x: event.clientX - rect.left, y: event.clientY - rect.top, width: rect.width, height: rect.height };
    return stagePointAt(output, output?.grid ? this.pointerMesh.mesh : null, place, clamp);
  }
}
