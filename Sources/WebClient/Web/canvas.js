// The /canvas page: the performance's picture, full window. Frames arrive over the live socket and the
// newest is drawn at each animation frame (older ones are dropped); keys play the pads; in full screen a
// tap or a stroke on the canvas releases lumis there.

import { clampToCanvas, fitCanvasArea, fractionAt, isOnCanvas } from './canvas-area.js';
import { FormTable } from './form-table.js';
import { decodeFrame } from './frames.js';
import { GestureTracker } from './gestures.js';
import { keyDownAction } from './keys.js';
import { LiveConnection, liveURL } from './live.js';
import { CONTEXT_ATTRIBUTES, CanvasRenderer } from './renderer.js';

const canvas = document.querySelector('canvas');

/** What the page has done, for tests and for curious performers (read-only by convention). */
const status = {
  framesDrawn: 0,
  lastFrame: null,
  /** The bytes of the frame on screen, as received. */
  lastFrameBytes: null,
  connected: false,
  lastError: null,
  /** While true, new frames are not drawn: the picture stays as it is (tests compare it with the Swift
   * rasterizer's drawing of `lastFrameBytes`). */
  hold: false,
};
window.imagerCanvas = status;

const forms = new FormTable();
const gl = canvas.getContext('webgl2', CONTEXT_ATTRIBUTES);
let renderer = null;
let newestFrame = null;
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

function drawNewest() {
  applySize();
  if (!renderer || gl.isContextLost()) return;
  if (newestFrame && !status.hold) {
    const data = newestFrame;
    newestFrame = null;
    const frame = decodeFrame(data);
    renderer.render(frame);
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
    drawNewest();
  } catch (error) {
    report(error);
  }
}

// The connection.

const live = new LiveConnection(liveURL(window.location), {
  onFrame(data) { newestFrame = data; },
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

// Full screen.

function isFullScreen() { return document.fullscreenElement != null; }

function toggleFullScreen() {
  const change = isFullScreen() ? document.exitFullscreen() : document.documentElement.requestFullscreen();
  Promise.resolve(change).catch((error) => report(`full screen was refused: ${error.message}`));
}

document.addEventListener('fullscreenchange', () => {
  // In full screen the browser would take Escape for itself; asking for it keeps Escape for erasing
  // (a long press still leaves full screen) where the Keyboard Lock API exists.
  if (isFullScreen()) navigator.keyboard?.lock?.(['Escape']).catch(() => {});
  else navigator.keyboard?.unlock?.();
});

// Pointer gestures: outside full screen a click asks for full screen; in it, taps and strokes play.

const gestures = new Map();

function canvasFraction(event) {
  const rect = canvas.getBoundingClientRect();
  return fractionAt(event.clientX - rect.left, event.clientY - rect.top, fitCanvasArea(rect.width, rect.height));
}

canvas.addEventListener('click', () => {
  if (!isFullScreen()) toggleFullScreen();
});

canvas.addEventListener('pointerdown', (event) => {
  if (!isFullScreen() || event.button > 0) return;
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

if (!gl) {
  report('this browser cannot draw the canvas: it has no WebGL2');
} else {
  canvas.addEventListener('webglcontextlost', (event) => {
    event.preventDefault();  // so that the context can be restored
    renderer = null;
  });
  canvas.addEventListener('webglcontextrestored', createRenderer);
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
