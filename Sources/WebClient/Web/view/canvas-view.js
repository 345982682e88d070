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
  /** The frames received since the last animation frame, with what each does to the trail layer. */
  const backlog = new TrailBacklog();
  /** What the address asks of the quality, and the controller that keeps it. */
  const requestedQuality = qualityFromAddress(search);
  const quality = new QualityController({ pinned: requestedQuality.pinned, costPerWork: FIRST_COST_PER_PIXEL });
  /** Waiting frames with stamps left unstamped by the stamp budget. */
  let stampsOverBudget = 0;

  const forms = new FormTable();
  const gl = canvas.getContext('webgl2', CONTEXT_ATTRIBUTES);
  const pacing = gl ? new GpuPacing(gl) : null;
  let renderer = null;
  let needsRedraw = false;
  /** The canvas's size in device pixels, as last measured, and whether the buffers were sized for it since. */
  let deviceSize = null;
  let sizeChanged = false;
  /** The trail layer's size, which the quality may keep below the drawing buffer's. */
  let trailSize = { width: canvas.width, height: canvas.height };
  let stopped = false;
  let animationFrame = 0;

  /** What the view has done, for tests and for curious performers (read-only by convention). */
  const status = {
    framesReceived: 0,
    /** Received frames whose trail stamps reached the trail layer. */
    framesStamped: 0,
    /** Received frames with trail stamps that were never stamped: more waited for an animation frame than
     * its stamp budget, or than the backlog holds (their fades and clears were kept). */
    get stampsGivenUp() { return backlog.stampsGivenUp + stampsOverBudget; },
    /** Received frames whose trail step was folded into another's: all but one of each animation frame's. */
    framesFolded: 0,
    framesDrawn: 0,
    /** Animation frames that drew nothing because the GPU was still drawing the frame before. */
    get framesWaitedForGPU() { return pacing ? pacing.framesWaited : 0; },
    lastFrame: null,
    /** The bytes of the frame on screen, as received. */
    lastFrameBytes: null,
    connected: false,
    /** How many times the WebGL context came back after being lost (and the renderer was made again). */
    contextsRestored: 0,
    /** `{ level, resolution, trailResolution, stampBudget, pinned }` (quality.js). */
    get quality() { return quality.setting; },
    /** `{ median, p95 }` of the last two seconds' animation-frame intervals while frames arrived. */
    get frameMilliseconds() { return quality.frameMilliseconds(); },
    lastError: null,
    /** While true, received frames wait (up to the backlog's bound) and are not drawn: the picture stays as
     * it is (tests compare it with the Swift rasterizer's drawing of `lastFrameBytes`). */
    hold: false,
  };

  function report(error) {
    status.lastError = error instanceof Error ? error.message : String(error);
    console.error(`${label}:`, error);
  }

  // Drawing.

  function createRenderer() {
    try {
      renderer = new CanvasRenderer(gl, forms, canvas.width, canvas.height, trailSize.width, trailSize.height);
      needsRedraw = true;
    } catch (error) {
      renderer = null;
      report(error);
    }
  }

  /** The canvas's size in device pixels: what it covers on screen (the drawing buffer at full quality). */
  function measure(entry) {
    const box = entry?.devicePixelContentBoxSize?.[0];
    if (box) return { width: box.inlineSize, height: box.blockSize };
    const ratio = window.devicePixelRatio || 1;
    return { width: Math.round(canvas.clientWidth * ratio), height: Math.round(canvas.clientHeight * ratio) };
  }

  /**
   * Sizes the drawing buffer (and the trail layer) for the measured size and the quality's resolutions, in
   * the animation frame that then draws, so that no frame shows a cleared buffer. The canvas keeps its size
   * on the page; the browser stretches a smaller buffer over it.
   */
  function applySize() {
    if (!sizeChanged || !deviceSize) return;
    sizeChanged = false;
    const { resolution, trailResolution } = quality.setting;
    const scaled = (pixels, scale) => Math.max(1, Math.round(pixels * scale));
    const width = scaled(deviceSize.width, resolution), height = scaled(deviceSize.height, resolution);
    const trail = { width: scaled(deviceSize.width, trailResolution), height: scaled(deviceSize.height, trailResolution) };
    if (width === canvas.width && height === canvas.height
      && trail.width === trailSize.width && trail.height === trailSize.height) return;
    // Setting a canvas's size clears it, even to the size it has.
    if (width !== canvas.width) canvas.width = width;
    if (height !== canvas.height) canvas.height = height;
    trailSize = trail;
    if (renderer) renderer.resize(width, height, trail.width, trail.height);
    needsRedraw = true;
  }

  /** Brings the trail layer up to the frames received since the last animation frame and draws the newest;
   * or draws the last one again after a resize. Returns whether it gave the GPU work. */
  function drawReceived() {
    applySize();
    if (!renderer || gl.isContextLost()) return false;
    renderer.coarseFills = usesCoarseFills(quality.setting);
    const waiting = status.hold ? [] : backlog.take();
    if (waiting.length > 0) {
      const plan = foldTrailSteps(waiting, quality.setting.stampBudget);
      renderer.beginFrame();
      renderer.updateTrails(waiting, plan);
      status.framesStamped += plan.stamps.length;
      status.framesFolded += plan.folded;
      stampsOverBudget += plan.givenUp;
      const { frame, data } = waiting[waiting.length - 1];
      renderer.draw(frame);
      needsRedraw = false;
      status.framesDrawn += 1;
      status.lastFrameBytes = data;
      status.lastFrame = {
        frame: frame.frame, time: frame.time, background: frame.background, trailPersistence: frame.trailPersistence,
        erasures: frame.erasures, paneCount: frame.paneCount, instanceCount: frame.instanceCount,
      };
    } else if (needsRedraw) {
      needsRedraw = false;
      renderer.redraw();
    } else {
      return false;
    }
    return true;
  }

  function animate(timestamp) {
    if (stopped) return;
    animationFrame = requestAnimationFrame(animate);
    try {
      // Until the GPU is through with the last frame this animation frame does not count: the quality sees
      // the time between frames drawn.
      if (pacing.busy()) return;
      const active = !status.hold && backlog.size > 0;
      const work = active && deviceSize ? drawingWork(backlog.frames, fitCanvasArea(deviceSize.width, deviceSize.height).scale) : undefined;
      if (quality.observe(timestamp, { active, work })) sizeChanged = true;
      if (drawReceived()) pacing.submitted();
    } catch (error) {
      report(error);
    }
  }

  // The connection.

  const live = new LiveConnection(liveURL(window.location), {
    onFrame(data) {
      status.framesReceived += 1;
      try {
        backlog.push(decodeFrame(data), data);
      } catch (error) {
        report(error);
      }
    },
    onForms(described) { forms.define(described); },
    onError(message) {
      // A server that does not take the page's reports yet refuses each one; that is no news to show.
      if (!refusesReport(message)) status.lastError = message;
    },
    onConnectionChange(connected) { status.connected = connected; },
  });

  function send(intent) {
    if (intent) live.send(intent);
  }

  // How the view keeps up, told to the server once a second (it shows it in /status).
  const reporting = setInterval(() => {
    try {
      live.send(canvasReport(status));
    } catch (error) {
      report(error);
    }
  }, REPORT_INTERVAL);

  // Pointer gestures: taps and strokes release lumis where they touch, when gesturesPlay() says so.

  const gestures = new Map();

  function canvasFraction(event) {
    const rect = canvas.getBoundingClientRect();
    return fractionAt(event.clientX - rect.left, event.clientY - rect.top, fitCanvasArea(rect.width, rect.height));
  }

  const listeners = [
    ['pointerdown', (event) => {
      if (!gesturesPlay() || event.button > 0) return;
      const fraction = canvasFraction(event);
      if (!isOnCanvas(fraction)) return;
      const tracker = new GestureTracker();
      tracker.begin(fraction);
      gestures.set(event.pointerId, tracker);
      canvas.setPointerCapture(event.pointerId);
    }],
    ['pointermove', (event) => {
      const tracker = gestures.get(event.pointerId);
      if (!tracker) return;
      const moves = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
      for (const move of moves.length > 0 ? moves : [event]) tracker.move(clampToCanvas(canvasFraction(move)));
    }],
    ['pointerup', (event) => {
      const tracker = gestures.get(event.pointerId);
      if (!tracker) return;
      gestures.delete(event.pointerId);
      send(tracker.end(clampToCanvas(canvasFraction(event))));
    }],
    ['pointercancel', (event) => gestures.delete(event.pointerId)],
    ['contextmenu', (event) => event.preventDefault()],
  ];
  for (const [type, listener] of listeners) canvas.addEventListener(type, listener);

  // Start.

  if (requestedQuality.problem) report(requestedQuality.problem);

  // Time spent hidden says nothing about how fast the view draws.
  const restartQuality = () => quality.restart();
  document.addEventListener('visibilitychange', restartQuality);

  let observer = null;
  if (!gl) {
    report('this browser cannot draw the canvas: it has no WebGL2');
  } else {
    listeners.push(['webglcontextlost', (event) => {
      event.preventDefault();  // so that the context can be restored
      renderer = null;
      pacing.forget();
    }], ['webglcontextrestored', () => {
      createRenderer();
      status.contextsRestored += 1;
    }]);
    canvas.addEventListener(...listeners.at(-2));
    canvas.addEventListener(...listeners.at(-1));
    observer = new ResizeObserver(([entry]) => {
      deviceSize = measure(entry);
      sizeChanged = true;
    });
    try {
      observer.observe(canvas, { box: 'device-pixel-content-box' });
    } catch {
      observer.observe(canvas);
    }
    deviceSize = measure(null);
    sizeChanged = true;
    applySize();
    createRenderer();
    animationFrame = requestAnimationFrame(animate);
  }

  function stop() {
    if (stopped) return;
    stopped = true;
    cancelAnimationFrame(animationFrame);
    clearInterval(reporting);
    live.close();
    observer?.disconnect();
    document.removeEventListener('visibilitychange', restartQuality);
    for (const [type, listener] of listeners) canvas.removeEventListener(type, listener);
    status.connected = false;
  }

  return { status, send, report, stop };
}
