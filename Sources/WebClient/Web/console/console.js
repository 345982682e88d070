// The performer's console (`/`, console.html): the shell that holds the eight panels of seed 000, the
// listening panel, the fixtures panel and the outputs panel, and wires them to the instrument.
//
// - One store (console-store.js) of what the engine and the library say; one sender (shared/sender.js)
//   for intents (the live socket) and the library's API. Every panel element is given both as properties —
//   `panel.store`, `panel.sender` — and told when it shows (`panel.shown`).
// - Panels: one custom element each, FEATURE/panel-*.js in a folder per feature (color/, form/, motion/,
//   chordsets/, pads/, listening/, fixtures/, outputs/, preferences/, canvas/) with its model, pictures and
//   stylesheet; what every panel shares is panel-kit/. The MIDI mappings (midi/midi-mappings.js) sit in
//   the preferences, and MIDI input (midi/midi-input.js) listens from the start, whichever panels show.
// - Layout (console-layout.js): seed 000's twelfths as a tiling — no panel over another — recomputed
//   when the window changes or a panel is shown or hidden; a panel given less than its controls need
//   scrolls inside itself; a panel appears and disappears by scaling from (and to) the edge of the screen
//   it sits on.
// - Edge controls: eleven round buttons on the screen's edges, each showing or hiding a panel
//   (aria-pressed). Which panels show is kept in the library's preferences (PATCH /api/preferences), so a
//   reload, or another browser, shows the same layout; when the library cannot keep it the console shows it
//   anyway and says so, and when it cannot be read the console opens with seed 000's first-run map.
// - Connection: "Connecting…" / "Reconnecting…" while the live socket is down (the sender reconnects by
//   itself); on every connection the engine's snapshot replaces the state and the library is read again.
// - Pairing: opened with the pairing token in its address (under --lan), the console takes it out at once
//   (shared/address.js), as every page does.

import {
  EDGE_CONTROL_LAYER, PANELS, PANEL_ANCHORS, PANEL_LAYERS, consoleLayout, edgeControls, panelMinimum, panelsToKeep,
} from './console-layout.js';
import { forgetPairingToken } from '../shared/address.js';
import { element } from './panel-kit/console-panel.js';
import { Sender, apiPaths, oneLine } from '../shared/sender.js';
import { ConsoleStore, LatestFetch } from './console-store.js';
import { pendingSettings } from './panel-kit/lumi-features.js';
import { startMidi } from './midi/midi-input.js';
import './midi/midi-mappings.js';
import './canvas/panel-canvas.js';
import './chordsets/panel-chordset-list.js';
import './chordsets/panel-chordset.js';
import './color/panel-color.js';
import './fixtures/panel-fixtures.js';
import './form/panel-form.js';
import './listening/panel-listening.js';
import './motion/panel-motion.js';
import './outputs/panel-outputs.js';
import './pads/panel-pads.js';
import './preferences/panel-preferences.js';

// Opened as /?token=… under --lan, the page was given the token as a cookie: out of the address.
forgetPairingToken();

/** Each panel's element, by the library's name for the panel. */
const PANEL_ELEMENTS = Object.freeze({
  color: 'ip-color-panel', form: 'ip-form-panel', motion: 'ip-motion-panel', chordset: 'ip-chordset-panel',
  canvas: 'ip-canvas-preview', triggerpads: 'ip-trigger-pads', chordsetList: 'ip-chordset-list', listening: 'ip-listening-panel',
  fixtures: 'ip-fixtures-panel', outputs: 'ip-outputs-panel', settings: 'ip-preferences',
});

/** How long a message to the performer stays, in milliseconds. */
const MESSAGE_MILLISECONDS = 10_000;

const store = new ConsoleStore();
const stage = document.getElementById('stage');
const edgeNav = document.getElementById('edge-controls');
const connection = document.getElementById('connection');
const messageBar = document.getElementById('message');
const messageText = messageBar.querySelector('.message-text');

// Messages to the performer: one line, never a stack trace.

let messageTimer = 0;
function showMessage(text) {
  const line = oneLine(text);
  if (!line) return;
  messageText.textContent = line;
  messageBar.hidden = false;
  clearTimeout(messageTimer);
  messageTimer = setTimeout(() => { messageBar.hidden = true; }, MESSAGE_MILLISECONDS);
}
messageBar.querySelector('button').addEventListener('click', () => {
  messageBar.hidden = true;
});

// The library: its list and the preferences, fetched on start, on every connection and on every change.

let preferencesEpoch = 0;  // counts preferences answered to a change: a read begun before one is stale

const libraryFetch = new LatestFetch(
  () => sender.api('GET', apiPaths.chordsets),
  (list) => store.setLibrary(list),
  (error) => store.setLibraryProblem(oneLine(error?.message ?? error)),
);

let preferencesFailed = false;
/** What the library holds but cannot read, said once to this console (its default is used meanwhile). */
const problemsTold = new Set();
const preferencesFetch = new LatestFetch(
  async () => ({ epoch: preferencesEpoch, preferences: await sender.api('GET', apiPaths.preferences) }),
  ({ epoch, preferences }) => {
    preferencesFailed = false;
    if (epoch === preferencesEpoch) store.setPreferences(preferences);
    const untold = (preferences?.problems ?? []).filter((problem) => !problemsTold.has(problem));
    untold.forEach((problem) => problemsTold.add(problem));
    if (untold.length > 0) showMessage(untold.join(' '));
  },
  (error) => {
    // Said once: the layout shown is the first-run map, or what this page was last told.
    if (!preferencesFailed) showMessage(`The layout cannot be read from the library, so the first-run layout is shown: ${oneLine(error?.message ?? error)}`);
    preferencesFailed = true;
  },
);

function refreshLibrary() {
  libraryFetch.request();
  return preferencesFetch.request();
}

const sender = new Sender({
  onMessage(message) {
    if (message.type === 'library') refreshLibrary();
    else store.applyMessage(message);
    // A recording whose disk failed (stopped, what was written kept) or that cannot keep the sound heard.
    if (message.type === 'recording' && typeof message.problem === 'string') showMessage(`Recording: ${message.problem}`);
  },
  onConnectionChange(connected) {
    store.setConnected(connected);
    if (connected) refreshLibrary();
  },
  onError: (message) => showMessage(`The instrument refused that: ${message}`),
  onProblem: showMessage,
});

// Panels.

/** name → { section, element } */
const panels = {};
/** Until the preferences have answered (or not, in time), no panel shows: only the edge controls. */
let layoutReady = false;

function mountPanel(name) {
  const section = element('section', {
    class: 'panel is-hidden', id: `panel-${name}`, 'aria-label': name === 'settings' ? 'Preferences panel' : labelOf(name), inert: true,
    dataset: { panel: name },
  });
  section.style.zIndex = String(PANEL_LAYERS[name]);
  const anchor = PANEL_ANCHORS[name];
  section.style.transformOrigin = `${anchor.x * 100}% ${anchor.y * 100}%`;
  stage.append(section);
  const panelElement = document.createElement(PANEL_ELEMENTS[name]);
  panelElement.store = store;
  panelElement.sender = sender;
  if ('shown' in panelElement) panelElement.shown = false;  // until the layout shows it
  section.append(panelElement);
  panels[name] = { section, element: panelElement };
}

function labelOf(name) {
  return edgeControls(1, 1).find((control) => control.panel === name)?.label ?? name;
}

for (const name of PANELS) mountPanel(name);

/** The MIDI mappings in the preferences' slot, and MIDI input listening from the start. */
function mountMidi() {
  const mappings = document.createElement('ip-midi-mappings');
  mappings.store = store;
  mappings.sender = sender;
  panels.settings.element.midiMappingsSlot.replaceChildren(mappings);
  startMidi({ store, sender });
}

// Layout.

let appliedPanels = null;

function layout() {
  const width = document.documentElement.clientWidth;
  const height = document.documentElement.clientHeight;
  const visible = layoutReady ? store.panels : Object.fromEntries(PANELS.map((name) => [name, false]));
  const { rects, scrolls } = consoleLayout(visible, width, height);
  for (const name of PANELS) {
    const { section, element: panelElement } = panels[name];
    const rect = rects[name];
    const shown = visible[name] === true;
    if (rect) {
      Object.assign(section.style, { left: `${rect.x}px`, top: `${rect.y}px`, width: `${rect.width}px`, height: `${rect.height}px` });
      // Where a panel touches a side of the screen it keeps clear of the edge controls there (console.css).
      section.toggleAttribute('data-left-edge', rect.x <= 0.5);
      section.toggleAttribute('data-right-edge', rect.x + rect.width >= width - 0.5);
      // Given less than its controls need, a panel scrolls inside itself (console.css).
      const minimum = panelMinimum(name, rect, width, height);
      section.toggleAttribute('data-scrolls', scrolls[name]);
      section.style.setProperty('--panel-min-width', `${minimum.width}px`);
      section.style.setProperty('--panel-min-height', `${minimum.height}px`);
    }
    section.classList.toggle('is-hidden', !shown);
    section.inert = !shown;
    section.setAttribute('aria-hidden', String(!shown));
    if (panelElement && 'shown' in panelElement) panelElement.shown = shown;
  }
  const controls = edgeControls(width, height);
  document.documentElement.style.setProperty('--edge-size', `${controls[0].diameter}px`);
  for (const control of controls) {
    const button = edgeButtons[control.panel];
    Object.assign(button.style, {
      left: `${control.x}px`, top: `${control.y}px`, width: `${control.diameter}px`, height: `${control.diameter}px`,
    });
    button.style.setProperty('--edge-color', control.color);
    button.setAttribute('aria-pressed', String(visible[control.panel] === true));
  }
  if (layoutReady) appliedPanels = visible;
}

// Edge controls.

const edgeButtons = {};
for (const control of edgeControls(window.innerWidth, window.innerHeight)) {
  const button = element('button', {
    type: 'button', class: 'edge-control', 'aria-label': control.label, title: control.label, 'aria-pressed': 'false',
    'aria-controls': `panel-${control.panel}`, dataset: { panel: control.panel },
    onclick: () => togglePanel(control.panel),
  });
  button.style.zIndex = String(EDGE_CONTROL_LAYER);
  edgeButtons[control.panel] = button;
  edgeNav.append(button);
}

/**
 * Shows or hides the panels `changes` names, keeping them in the library — only those, so what another
 * console changes meanwhile stands; shown here anyway (and said) when the library cannot keep them.
 */
async function setPanels(changes) {
  const answer = await sender.request('PATCH', apiPaths.preferences, { panels: changes }, { quiet: true });
  if (answer.ok && answer.data) {
    preferencesEpoch += 1;
    store.setPreferences(answer.data);
  } else {
    store.setLocalPanels({ ...store.panels, ...changes });
    showMessage(`This layout is shown here but not kept: ${answer.error ?? 'the library did not answer'}`);
  }
}

let openedFrom = null;  // the control that opened the preferences, where the focus returns when they close

async function togglePanel(name) {
  // Against what the control shows: before the first layout, nothing shows.
  const shown = !(layoutReady && store.panels[name] === true);
  if (name === 'settings' && shown) openedFrom = document.activeElement;
  await setPanels({ [name]: shown });
}

document.addEventListener('ip-toggle-panel', (event) => togglePanel(event.detail.panel));
document.addEventListener('ip-set-panels', (event) => setPanels(panelsToKeep(event.detail.panels, store.preferences?.panels)));
document.addEventListener('ip-message', (event) => showMessage(event.detail.text));
document.addEventListener('ip-refresh-library', () => refreshLibrary());
document.addEventListener('damaged-repaired', () => refreshLibrary());  // a damaged chordset renamed or deleted

// Escape closes the preferences, wherever the focus is (fields that use Escape keep it).
window.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && !event.defaultPrevented && store.panels.settings) {
    event.preventDefault();
    togglePanel('settings');
  }
});

store.subscribe((what) => {
  // Each state the engine says: the settings sent that it now says back are forgotten (lumi-features.js).
  if (store.state) pendingSettings.heardFrom(store.state);
  if (what.has('panels') && layoutReady) {
    const before = appliedPanels;
    layout();
    const preferences = panels.settings.element;
    if (!before?.settings && store.panels.settings) preferences?.focusFirst?.();
    if (before?.settings && !store.panels.settings) {
      if (openedFrom?.isConnected) openedFrom.focus();
      else edgeButtons.settings.focus();
      openedFrom = null;
    }
  }
  // The preferences are known (whichever read brought them first): the panels they show are laid out now,
  // not when the reads still under way are done — a control pressed meanwhile acts on what it shows.
  if (what.has('preferences')) layOutFirst();
  if (what.has('connection')) showConnection();
});

function showConnection() {
  const down = !store.connected;
  connection.textContent = down ? (store.everConnected ? 'Reconnecting…' : 'Connecting…') : '';
  connection.hidden = !down;
  document.body.dataset.connection = store.connected ? 'connected' : store.everConnected ? 'reconnecting' : 'connecting';
}

let resizeFrame = 0;
window.addEventListener('resize', () => {
  cancelAnimationFrame(resizeFrame);
  resizeFrame = requestAnimationFrame(layout);
});

/** The first layout with panels (once): the preferences', or seed 000's when they are late. */
function layOutFirst() {
  if (layoutReady) return;
  layoutReady = true;
  layout();
  requestAnimationFrame(() => requestAnimationFrame(() => document.body.classList.add('animated')));
}

// Start: the layout the library keeps (or seed 000's), laid out without the transition, then the live socket.

async function start() {
  showConnection();
  layout();
  sender.start();
  // The first layout waits for the preferences (briefly): panels do not fly in and then out again.
  await Promise.race([preferencesFetch.request(), new Promise((resolve) => { setTimeout(resolve, 1500); })]);
  layOutFirst();
  libraryFetch.request();
  mountMidi();
}

start();

/** For tests and curious performers: the console's store. */
window.imagerConsole = { store, sender };
