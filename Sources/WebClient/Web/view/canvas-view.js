// A view of the performance's canvas in one <canvas> element: the /canvas page's whole window, or the
// console's preview. Frames arrive over a live socket of its own (`/live?frames=1`) and wait for the next
// animation frame, which brings the trail layer up to the newest of them in one go (their fades in one
// pass, the stamps of a few of them; trail-fold.js) and draws the newest (older ones are not drawn); no new
// frame is drawn while the GPU is still at the last one (gpu-pacing.js); the drawing buffer's resolution
// follows what the machine keeps up with (quality.js); a tap or a stroke on the canvas releases lumis
// there (when `gesturesPlay()` says so). What the view has done is in its `status`
// (docs/live-protocol.md: the page's `window.imagerCanvas`).

import { clampToCanvas, fitCanvasArea, fractionAt, isOnCanvas } from './canvas-area.js';
import { REPORT_INTERVAL, canvasReport, refusesReport } from './canvas-report.js';
import { usesCoarseFills } from './coarse-fills.js';
import { FormTable } from './form-table.js';
import { decodeFrame } from '../shared/frames.js';
import { GestureTracker } from './gestures.js';
import { GpuPacing } from './gpu-pacing.js';
import { LiveConnection, liveURL } from '../shared/live.js';
import { FIRST_COST_PER_PIXEL, QualityController, drawingWork, qualityFromAddress } from './quality.js';
import { CONTEXT_ATTRIBUTES, CanvasRenderer } from './renderer.js';
import { TrailBacklog } from './trail-backlog.js';
import { foldTrailSteps } from './trail-fold.js';

/**
 * Starts drawing the performance in `canvas`. Options: `search`, the address's query that may ask for a
 * quality (`?quality=auto|full|0.5`; the page's own by default); `gesturesPlay()`, whether a tap or a
 * stroke on the canvas plays now (always, by default); `label`, the prefix of its console messages.
 * Returns `{ status, send(intent), report(error), stop() }`: `stop()` closes its socket and stops drawing
 * (the canvas element stays, with its last picture).
 */
export function startCanvasView(canvas, { search = window.location.search, gesturesPlay = () => true, label = 'canvas' } = {}) {
  const view = new CanvasView(canvas, { search, gesturesPlay, label });
  view.start();
  return { status: view.status, send: (intent) => view.send(intent), report: (error) => view.report(error), stop: () => view.stop() };
}

/** One canvas element drawn from its own live connection: the state and the steps of `startCanvasView`. */
class CanvasView {
  constructor(canvas, { search, gesturesPlay, label }) {
    this.canvas = canvas;
    this.gesturesPlay = gesturesPlay;
    this.label = label;
    /** The frames received since the last animation frame, with what each does to the trail layer. */
    this.backlog = new TrailBacklog();
    /** What the address asks of the quality, and the controller that keeps it. */
    this.requestedQuality = qualityFromAddress(search);
    this.quality = new QualityController({ pinned: this.requestedQuality.pinned, costPerWork: FIRST_COST_PER_PIXEL });
    /** Waiting frames with stamps left unstamped by the stamp budget. */
    this.stampsOverBudget = 0;
    this.forms = new FormTable();
    this.gl = canvas.getContext('webgl2', CONTEXT_ATTRIBUTES);
    this.pacing = this.gl ? new GpuPacing(this.gl) : null;
    this.renderer = null;
    this.needsRedraw = false;
    /** The canvas's size in device pixels, as last measured, and whether the buffers were sized for it since. */
    this.deviceSize = null;
    this.sizeChanged = false;
    /** The trail layer's size, which the quality may keep below the drawing buffer's. */
    this.trailSize = { width: canvas.width, height: canvas.height };
    this.stopped = false;
    this.animationFrame = 0;
    this.observer = null;
    /** The canvas's event listeners, `[type, listener]`, removed by `stop()`. */
    this.listeners = [];
    this.status = this.makeStatus();
    this.animate = this.animate.bind(this);
  }

  /** What the view has done, for tests and for curious performers (read-only by convention). */
  makeStatus() {
    const view = this;
    return {
      framesReceived: 0,
      /** Received frames whose trail stamps reached the trail layer. */
      framesStamped: 0,
      /** Received frames with trail stamps that were never stamped: more waited for an animation frame than
       * its stamp budget, or than the backlog holds (their fades and clears were kept). */
      get stampsGivenUp() { return view.backlog.stampsGivenUp + view.stampsOverBudget; },
      /** Received frames whose trail step was folded into another's: all but one of each animation frame's. */
      framesFolded: 0,
      framesDrawn: 0,
      /** Animation frames that drew nothing because the GPU was still drawing the frame before. */
      get framesWaitedForGPU() { return view.pacing ? view.pacing.framesWaited : 0; },
      lastFrame: null,
      /** The bytes of the frame on screen, as received. */
      lastFrameBytes: null,
      connected: false,
      /** How many times the WebGL context came back after being lost (and the renderer was made again). */
      contextsRestored: 0,
      /** `{ level, resolution, trailResolution, stampBudget, pinned }` (quality.js). */
      get quality() { return view.quality.setting; },
      /** `{ median, p95 }` of the last two seconds' animation-frame intervals while frames arrived. */
      get frameMilliseconds() { return view.quality.frameMilliseconds(); },
      lastError: null,
      /** While true, received frames wait (up to the backlog's bound) and are not drawn: the picture stays as
       * it is (tests compare it with the Swift rasterizer's drawing of `lastFrameBytes`). */
      hold: false,
    };
  }

  report(error) {
    this.status.lastError = error instanceof Error ? error.message : String(error);
    console.error(`${this.label}:`, error);
  }

  send(intent) {
    if (intent) this.live.send(intent);
  }

  /** Connects, listens for gestures, and draws from the next animation frame on (if WebGL2 is there). */
  start() {
    this.connect();
    this.listenForGestures();
    if (this.requestedQuality.problem) this.report(this.requestedQuality.problem);
    // Time spent hidden says nothing about how fast the view draws.
    this.restartQuality = () => this.quality.restart();
    document.addEventListener('visibilitychange', this.restartQuality);
    if (!this.gl) {
      this.report('this browser cannot draw the canvas: it has no WebGL2');
      return;
    }
    this.listen('webglcontextlost', (event) => {
      event.preventDefault();  // so that the context can be restored
      this.renderer = null;
      this.pacing.forget();
    });
    this.listen('webglcontextrestored', () => {
      this.createRenderer();
      this.status.contextsRestored += 1;
    });
    this.watchSize();
    this.createRenderer();
    this.animationFrame = requestAnimationFrame(this.animate);
  }

  stop() {
    if (this.stopped) return;
    this.stopped = true;
    cancelAnimationFrame(this.animationFrame);
    clearInterval(this.reporting);
    this.live.close();
    this.observer?.disconnect();
    document.removeEventListener('visibilitychange', this.restartQuality);
    for (const [type, listener] of this.listeners) this.canvas.removeEventListener(type, listener);
    this.status.connected = false;
  }

  listen(type, listener) {
    this.listeners.push([type, listener]);
    this.canvas.addEventListener(type, listener);
  }

  // Drawing.

  createRenderer() {
    try {
      const { canvas, trailSize } = this;
      this.renderer = new CanvasRenderer(this.gl, this.forms, canvas.width, canvas.height, trailSize.width, trailSize.height);
      this.needsRedraw = true;
    } catch (error) {
      this.renderer = null;
      this.report(error);
    }
  }

  /** The canvas's size in device pixels: what it covers on screen (the drawing buffer at full quality). */
  measure(entry) {
    const box = entry?.devicePixelContentBoxSize?.[0];
    if (box) return { width: box.inlineSize, height: box.blockSize };
    const ratio = window.devicePixelRatio || 1;
    return { width: Math.round(this.canvas.clientWidth * ratio), height: Math.round(this.canvas.clientHeight * ratio) };
  }

  /** Follows the canvas's size on screen, and sizes the buffers for it now. */
  watchSize() {
    this.observer = new ResizeObserver(([entry]) => {
      this.deviceSize = this.measure(entry);
      this.sizeChanged = true;
    });
    try {
      this.observer.observe(this.canvas, { box: 'device-pixel-content-box' });
    } catch {
      this.observer.observe(this.canvas);
    }
    this.deviceSize = this.measure(null);
    this.sizeChanged = true;
    this.applySize();
  }

  /**
   * Sizes the drawing buffer (and the trail layer) for the measured size and the quality's resolutions, in
   * the animation frame that then draws, so that no frame shows a cleared buffer. The canvas keeps its size
   * on the page; the browser stretches a smaller buffer over it.
   */
  applySize() {
    if (!this.sizeChanged || !this.deviceSize) return;
    this.sizeChanged = false;
    const { canvas, deviceSize } = this;
    const { resolution, trailResolution } = this.quality.setting;
    const scaled = (pixels, scale) => Math.max(1, Math.round(pixels * scale));
    const width = scaled(deviceSize.width, resolution), height = scaled(deviceSize.height, resolution);
    const trail = { width: scaled(deviceSize.width, trailResolution), height: scaled(deviceSize.height, trailResolution) };
    if (width === canvas.width && height === canvas.height
      && trail.width === this.trailSize.width && trail.height === this.trailSize.height) return;
    // Setting a canvas's size clears it, even to the size it has.
    if (width !== canvas.width) canvas.width = width;
    if (height !== canvas.height) canvas.height = height;
    this.trailSize = trail;
    if (this.renderer) this.renderer.resize(width, height, trail.width, trail.height);
    this.needsRedraw = true;
  }

  /** Brings the trail layer up to the frames received since the last animation frame and draws the newest;
   * or draws the last one again after a resize. Returns whether it gave the GPU work. */
  drawReceived() {
    this.applySize();
    const { renderer, status } = this;
    if (!renderer || this.gl.isContextLost()) return false;
    renderer.coarseFills = usesCoarseFills(this.quality.setting);
    const waiting = status.hold ? [] : this.backlog.take();
    if (waiting.length > 0) {
      const plan = foldTrailSteps(waiting, this.quality.setting.stampBudget);
      renderer.beginFrame();
      renderer.updateTrails(waiting, plan);
      status.framesStamped += plan.stamps.length;
      status.framesFolded += plan.folded;
      this.stampsOverBudget += plan.givenUp;
      const { frame, data } = waiting[waiting.length - 1];
      renderer.draw(frame);
      this.needsRedraw = false;
      this.recordDrawn(frame, data);
    } else if (this.needsRedraw) {
      this.needsRedraw = false;
      renderer.redraw();
    } else {
      return false;
    }
    return true;
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
      const { backlog, deviceSize } = this;
      const active = !this.status.hold && backlog.size > 0;
      const work = active && deviceSize ? drawingWork(backlog.frames, fitCanvasArea(deviceSize.width, deviceSize.height).scale) : undefined;
      if (this.quality.observe(timestamp, { active, work })) this.sizeChanged = true;
      if (this.drawReceived()) this.pacing.submitted();
    } catch (error) {
      this.report(error);
    }
  }

  // The connection.

  /** Opens the view's own live socket, and tells the server once a second how the view keeps up (/status). */
  connect() {
    const { status } = this;
    this.live = new LiveConnection(liveURL(window.location), {
      onFrame: (data) => {
        status.framesReceived += 1;
        try {
          this.backlog.push(decodeFrame(data), data);
        } catch (error) {
          this.report(error);
        }
      },
      onForms: (described) => { this.forms.define(described); },
      onError: (message) => {
        // A server that does not take the page's reports yet refuses each one; that is no news to show.
        if (!refusesReport(message)) status.lastError = message;
      },
      onConnectionChange: (connected) => { status.connected = connected; },
    });
    this.reporting = setInterval(() => {
      try {
        this.live.send(canvasReport(status));
      } catch (error) {
        this.report(error);
      }
    }, REPORT_INTERVAL);
  }

  // Pointer gestures: taps and strokes release lumis where they touch, when gesturesPlay() says so.

  canvasFraction(event) {
    const rect = this.canvas.getBoundingClientRect();
    return fractionAt(event.clientX - rect.left, event.clientY - rect.top, fitCanvasArea(rect.width, rect.height));
  }

  listenForGestures() {
    const gestures = new Map();
    this.listen('pointerdown', (event) => {
      if (!this.gesturesPlay() || event.button > 0) return;
      const fraction = this.canvasFraction(event);
      if (!isOnCanvas(fraction)) return;
      const tracker = new GestureTracker();
      tracker.begin(fraction);
      gestures.set(event.pointerId, tracker);
      this.canvas.setPointerCapture(event.pointerId);
    });
    this.listen('pointermove', (event) => {
      const tracker = gestures.get(event.pointerId);
      if (!tracker) return;
      const moves = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
      for (const move of moves.length > 0 ? moves : [event]) tracker.move(clampToCanvas(this.canvasFraction(move)));
    });
    this.listen('pointerup', (event) => {
      const tracker = gestures.get(event.pointerId);
      if (!tracker) return;
      gestures.delete(event.pointerId);
      this.send(tracker.end(clampToCanvas(this.canvasFraction(event))));
    });
    this.listen('pointercancel', (event) => gestures.delete(event.pointerId));
    this.listen('contextmenu', (event) => event.preventDefault());
  }
}
