// The /canvas page: one output of the stage, full window — `/canvas?output=NAME`, Main (the whole stage)
// when it names none (canvas-view.js draws it — the console's preview is the same view). This page adds what
// only a full-window canvas does: keys play the pads, fade and erase; F or a click toggles full screen; taps
// and strokes play in full screen (or at once where the browser has no full screen); Shift+Space edits a
// mapped output's corners where the projector shines (edit-mode.js); its address follows a rename of its
// output; and it takes the pairing token out of its address.

import { forgetPairingToken } from '../shared/address.js';
import { startCanvasView } from '../view/canvas-view.js';
import { keyDownAction } from '../shared/keys.js';
import { addressForOutput, outputFromAddress } from '../view/output-follower.js';
import { EditMode } from './edit-mode.js';
import { isEditModeKey } from './edit-handles.js';

const canvas = document.querySelector('canvas');

// Opened as /canvas?token=… under --lan, the page was given the token as a cookie: out of the address.
const search = forgetPairingToken();

// Full screen, where the browser has it (not on iPhone Safari; older Safari has the webkit-prefixed API).

const root = document.documentElement;
const fullScreenAvailable = typeof (root.requestFullscreen ?? root.webkitRequestFullscreen) === 'function'
  && (document.fullscreenEnabled ?? document.webkitFullscreenEnabled ?? true) !== false;

function isFullScreen() { return (document.fullscreenElement ?? document.webkitFullscreenElement ?? null) !== null; }

// Pointer gestures: where the browser has full screen, a click outside it asks for it and taps and strokes
// play in it; without full screen they play at once. In the edit mode they do not play.
function gesturesPlay() { return !editMode?.active && (isFullScreen() || !fullScreenAvailable); }

let editMode = null;

/** The output shown changed (the server's word, or an edit): the title, the address, the edit mode follow. */
function outputChanged({ name, output, renamed }) {
  document.title = `Image Performer — ${name}`;
  if (renamed) history.replaceState(history.state, '', addressForOutput(window.location.href, name));
  editMode?.outputChanged(output);
}

const shown = outputFromAddress(search);
document.title = `Image Performer — ${shown.name}`;
const view = startCanvasView(canvas, { search, gesturesPlay, output: shown, onOutputChange: outputChanged });
editMode = new EditMode(canvas, view);
/** What the page has done, for tests and for curious performers (docs/live-protocol.md). */
window.imagerCanvas = view.status;
const { send, report } = view;

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

canvas.addEventListener('click', () => {
  if (fullScreenAvailable && !isFullScreen()) toggleFullScreen();
});

// Keys.

const heldPads = new Map();

window.addEventListener('keydown', (event) => {
  if (isEditModeKey(event)) {
    event.preventDefault();
    editMode.toggle();
    return;
  }
  if (editMode.keydown(event)) {
    event.preventDefault();
    return;
  }
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
