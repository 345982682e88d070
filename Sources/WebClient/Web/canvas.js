// The /canvas page: the performance's picture, full window. Frames arrive over the live socket and wait
// for the next animation frame, which brings the trail layer up to the newest of them in one go (their
// fades in one pass, the stamps of a few of them; trail-fold.js) and draws the newest (older ones are not
// drawn); keys play the pads; a tap or a stroke on the canvas releases lumis there (in full screen where
// the browser has it).

import { addressWithoutToken } from './address.js';
import { clampToCanvas, fitCanvasArea, fractionAt, isOnCanvas } from './canvas-area.js';
import { FormTable } from './form-table.js';
import { decodeFrame } from './frames.js';
import { GestureTracker } from './gestures.js';
import { keyDownAction } from './keys.js';
import { LiveConnection, liveURL } from './live.js';
import { CONTEXT_ATTRIBUTES, CanvasRenderer } from './renderer.js';
import { TrailBacklog } from './trail-backlog.js';
import { FULL_STAMP_BUDGET, foldTrailSteps } from './trail-fold.js';

const canvas = document.querySelector('canvas');
/** The frames received since the last animation frame, with what each does to the trail layer. */
const backlog = new TrailBacklog();
/** Waiting frames with stamps left unstamped by the stamp budget. */
let stampsOverBudget = 0;

/** What the page has done, for tests and for curious performers (read-only by convention). */
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
  lastFrame: null,
  /** The bytes of the frame on screen, as received. */
  lastFrameBytes: null,
  connected: false,
  /** How many times the WebGL context came back after being lost (and the renderer was made again). */
  contextsRestored: 0,
  lastError: null,
  /** While true, received frames wait (up to the backlog's bound) and are not drawn: the picture stays as
   * it is (tests compare it with the Swift rasterizer's drawing of `lastFrameBytes`). */
  hold: false,
};
window.imagerCanvas = status;

const forms = new FormTable();
const gl = canvas.getContext('webgl2', CONTEXT_ATTRIBUTES);
let renderer = null;
let needsRedraw = false;
let wantedSize = null;

function report(error) {
  status.lastError = error instanceof Error ? error.message : String(error);
  console.error('canvas:', error);
}

// Drawing.

function createRenderer() {
  try {
    renderer = new CanvasRenderer(gl, forms, canvas.width, canvas.height);
    needsRedraw = true;
  } catch (error) {
    renderer = null;
    report(error);
  }
}

/** The drawing buffer's size in device pixels: what the canvas covers on screen. */
function measure(entry) {
  const box = entry?.devicePixelContentBoxSize?.[0];
  if (box) return { width: box.inlineSize, height: box.blockSize };
  const ratio = window.devicePixelRatio || 1;
  return { width: Math.round(canvas.clientWidth * ratio), height: Math.round(canvas.clientHeight * ratio) };
}

function applySize() {
  if (!wantedSize) return;
  const { width, height } = wantedSize;
  wantedSize = null;
  if (width === canvas.width && height === canvas.height) return;
  canvas.width = Math.max(1, width);
  canvas.height = Math.max(1, height);
  if (renderer) renderer.resize(canvas.width, canvas.height);
  needsRedraw = true;
}

/** Brings the trail layer up to the frames received since the last animation frame and draws the newest;
 * or draws the last one again after a resize. */
function drawReceived() {
  applySize();
  if (!renderer || gl.isContextLost()) return;
  const waiting = status.hold ? [] : backlog.take();
  if (waiting.length > 0) {
    const plan = foldTrailSteps(waiting, FULL_STAMP_BUDGET);
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
  }
}

function animate() {
  requestAnimationFrame(animate);
  try {
    drawReceived();
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
  onError(message) { status.lastError = message; },
  onConnectionChange(connected) { status.connected = connected; },
});

function send(intent) {
  if (intent) live.send(intent);
}

// Keys.

const heldPads = new Map();

window.addEventListener('keydown', (event) => {
  const action = keyDownAction(event);
  if (!action) return;
  event.preventDefault();
  if (action.pad !== undefined) {
    heldPads.set(event.code || event.key, action.pad);
    send({ type: 'padDown', pad: action.pad, velocity: 1 });
  } else if (action.intent) {
    send(action.intent);
  } else if (action.fullScreen) {
    toggleFullScreen();
  }
});

window.addEventListener('keyup', (event) => {
  const key = event.code || event.key;
  if (!heldPads.has(key)) return;
  const pad = heldPads.get(key);
  heldPads.delete(key);
  send({ type: 'padUp', pad });
});

// A key released while the page is not focused never sends its keyup: release every held pad instead.
window.addEventListener('blur', () => {
  for (const pad of heldPads.values()) send({ type: 'padUp', pad });
  heldPads.clear();
});

// Full screen, where the browser has it (not on iPhone Safari; older Safari has the webkit-prefixed API).

const root = document.documentElement;
const fullScreenAvailable = typeof (root.requestFullscreen ?? root.webkitRequestFullscreen) === 'function'
  && (document.fullscreenEnabled ?? document.webkitFullscreenEnabled ?? true) !== false;

function isFullScreen() { return (document.fullscreenElement ?? document.webkitFullscreenElement ?? null) !== null; }

function toggleFullScreen() {
  if (!fullScreenAvailable) return;
  try {
    const change = isFullScreen()
      ? (document.exitFullscreen ?? document.webkitExitFullscreen).call(document)
      : (root.requestFullscreen ?? root.webkitRequestFullscreen).call(root);
    Promise.resolve(change).catch((error) => report(`full screen was refused: ${error.message}`));
  } catch (error) {
    report(`full screen was refused: ${error.message}`);
  }
}

function fullScreenChanged() {
  // In full screen the browser would take Escape for itself; asking for it keeps Escape for erasing
  // (a long press still leaves full screen) where the Keyboard Lock API exists (Chromium, secure
  // contexts). Backspace and Delete erase in every browser.
  if (isFullScreen()) navigator.keyboard?.lock?.(['Escape'])?.catch?.(() => {});
  else navigator.keyboard?.unlock?.();
}
document.addEventListener('onfullscreenchange' in document ? 'fullscreenchange' : 'webkitfullscreenchange', fullScreenChanged);

// Pointer gestures: where the browser has full screen, a click outside it asks for it and taps and strokes
// play in it; without full screen they play at once.

const gestures = new Map();

function gesturesPlay() { return isFullScreen() || !fullScreenAvailable; }

function canvasFraction(event) {
  const rect = canvas.getBoundingClientRect();
  return fractionAt(event.clientX - rect.left, event.clientY - rect.top, fitCanvasArea(rect.width, rect.height));
}

canvas.addEventListener('click', () => {
  if (fullScreenAvailable && !isFullScreen()) toggleFullScreen();
});

canvas.addEventListener('pointerdown', (event) => {
  if (!gesturesPlay() || event.button > 0) return;
  const fraction = canvasFraction(event);
  if (!isOnCanvas(fraction)) return;
  const tracker = new GestureTracker();
  tracker.begin(fraction);
  gestures.set(event.pointerId, tracker);
  canvas.setPointerCapture(event.pointerId);
});

canvas.addEventListener('pointermove', (event) => {
  const tracker = gestures.get(event.pointerId);
  if (!tracker) return;
  const moves = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
  for (const move of moves.length > 0 ? moves : [event]) tracker.move(clampToCanvas(canvasFraction(move)));
});

canvas.addEventListener('pointerup', (event) => {
  const tracker = gestures.get(event.pointerId);
  if (!tracker) return;
  gestures.delete(event.pointerId);
  send(tracker.end(clampToCanvas(canvasFraction(event))));
});

canvas.addEventListener('pointercancel', (event) => gestures.delete(event.pointerId));
canvas.addEventListener('contextmenu', (event) => event.preventDefault());

// Start.

// Opened as /canvas?token=… under --lan, the page was given the token as a cookie: take it out of the
// address bar and the history.
const tokenless = addressWithoutToken(window.location.href);
if (tokenless) window.history.replaceState(window.history.state, '', tokenless);

if (!gl) {
  report('this browser cannot draw the canvas: it has no WebGL2');
} else {
  canvas.addEventListener('webglcontextlost', (event) => {
    event.preventDefault();  // so that the context can be restored
    renderer = null;
  });
  canvas.addEventListener('webglcontextrestored', () => {
    createRenderer();
    status.contextsRestored += 1;
  });
  const observer = new ResizeObserver(([entry]) => { wantedSize = measure(entry); });
  try {
    observer.observe(canvas, { box: 'device-pixel-content-box' });
  } catch {
    observer.observe(canvas);
  }
  wantedSize = measure(null);
  applySize();
  createRenderer();
  requestAnimationFrame(animate);
}
