// The console's one store: what the engine and the library say, and nothing else — no control shows a value
// before the engine has sent it (docs/live-protocol.md, docs/library-api.md). Panels subscribe and redraw
// the parts that changed. No DOM here.
//
// - The engine's state comes whole in a `snapshot` (on every connection) and in parts in `changed`
//   messages: each carries only the aspects it names, which are merged into the state by aspect. A message
//   whose `revision` is lower than the state's is older and is dropped. A snapshot always replaces the
//   state, whatever its revision: it starts a connection, and a server started again counts from 0.
// - The library's list (GET /api/chordsets) and the preferences (GET /api/preferences) are fetched on
//   start, on every connection and whenever the server says the library changed (`{"type": "library"}`).
//   Fetches are coalesced (one at a time, and one more if asked meanwhile: LatestFetch) and only the answer
//   to the newest is kept.
// - Live news that is not the engine's state: what the instrument hears (`heard`, about 33 times a second
//   while it listens) and the Link session (`link`, ten times a second while it is on), each kept as the
//   newest message read (listening-model.js, link-model.js) with the moment it came (`heardAt`, `linkAt`,
//   in the store's clock's milliseconds). Both are forgotten when the socket closes: they were that
//   connection's. Panels that show neither ignore them (`onlyLiveNews`).
// - The rig as the server has it — the fixture patch and its controls, the stage's outputs and how many
//   canvases show each — kept with its revisions (rig-state.js: what two consoles may edit at once), from the
//   live messages and from the answers the panels give it. Only the Fixtures and Outputs panels show it; it
//   comes as often as a corner is dragged, so it is live news too. It is kept while the socket is closed: it
//   is the server's.

import { completePanels } from './console-layout.js';
import { parseHeard } from './listening/listening-model.js';
import { parseLink } from './listening/link-model.js';
import { RIG_MESSAGES, RigState } from './rig-state.js';

/** The fields of the state each aspect of a `changed` message carries (Server/LiveMessages.swift). */
export const ASPECT_FIELDS = Object.freeze({
  colors: ['colors', 'pulse'],
  design: ['design', 'lumiCount'],
  chordset: ['chordset'],
  selectedChord: ['selectedChord'],
  pads: ['pads'],
  canvas: ['liveLumis', 'polyphony', 'stolenLumis', 'trailPersistence', 'headroom'],
  tempo: ['tempo'],
  listening: ['soundResponse'],
});

/** Fields the server leaves out when they have no value (Swift's nil): an aspect that carries others and
 * not these says they are null. `lumiCount` absent: a stored chord keeps as many lumis as it had; `polyphony`
 * absent: no limit (a performance from before polyphony). */
export const ABSENT_MEANS_NULL = Object.freeze(new Set(['lumiCount', 'polyphony']));

/** Every aspect, as a snapshot reports them all changed. */
export const ASPECTS = Object.freeze(Object.keys(ASPECT_FIELDS));

/** News that is not the engine's state and that few panels show: what is heard and the Link session (many times a
 * second), the fixtures' controls and patch, the outputs (as often as a corner is dragged) and their canvases. */
export const LIVE_NEWS = Object.freeze(['heard', 'link', 'fixtures', 'fixturePatch', 'outputs', 'canvases']);

/** Whether `what` (a Set of what changed) is live news alone: a panel that shows none of it need not redraw. */
export function onlyLiveNews(what) {
  if (what.size === 0) return false;
  for (const news of what) if (!LIVE_NEWS.includes(news)) return false;
  return true;
}

const defaultClock = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/** One store of the engine's state, the library's list and the preferences; `subscribe` to hear changes. */
export class ConsoleStore {
  /** `now()` is the clock the live news is stamped with, in milliseconds (the page's `performance.now`). */
  constructor({ now = defaultClock } = {}) {
    this.now = now;
    /** The engine's state (EngineSnapshot), or null until the first snapshot. */
    this.state = null;
    /** The library's list `{ revision, current, chordsets: [...] }`, or null until it has been fetched. */
    this.library = null;
    /** Why the list could not be fetched (one line), while it cannot. */
    this.libraryProblem = null;
    /** The preferences `{ panels, tempo, outputSize, midiMappings }`, or null until fetched. */
    this.preferences = null;
    /** Panels shown while the preferences cannot be read or kept (the API failed): seed 000's defaults at first. */
    this.localPanels = null;
    /** Whether the live socket is open; `everConnected` tells "connecting" from "reconnecting". */
    this.connected = false;
    this.everConnected = false;
    /** Whether a recording is under way, as the engine last said. */
    this.recording = false;
    /** What the instrument heard last (listening-model.js's parseHeard) and when it came, or null. */
    this.heard = null;
    this.heardAt = null;
    /** The Link session as last said (link-model.js's parseLink) and when, or null before it has been. */
    this.link = null;
    this.linkAt = null;
    /** The fixture patch, the outputs and their canvases with their revisions (rig-state.js); read through the getters below. */
    this.rig = new RigState();
    this.listeners = new Set();
  }

  /**
   * Calls `listener(what, store)` after every change, `what` being a Set naming what changed: aspects
   * (`colors`, `chordset`, `pads`, `listening`, …), `snapshot`, `library`, `preferences`, `panels`,
   * `connection`, `recording`, and the live news `heard`, `link`, `fixtures`, `fixturePatch`, `outputs` and
   * `canvases`. Returns a function that unsubscribes.
   */
  subscribe(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(what) {
    if (what.size === 0) return;
    for (const listener of [...this.listeners]) {
      try {
        listener(what, this);
      } catch (error) {
        console.error('console store listener:', error);
      }
    }
  }

  /** The state's revision, −1 before any. */
  get revision() { return this.state?.revision ?? -1; }

  /**
   * Applies a message from the live socket (snapshot, changed, recording, heard, link, fixtures,
   * fixturePatch, outputs, canvases); other types are not the store's. Returns the Set of what changed
   * (also told to the listeners).
   */
  applyMessage(message) {
    if (!message || typeof message !== 'object') return new Set();
    switch (message.type) {
      case 'snapshot': return this.applySnapshot(message.state);
      case 'changed': return this.applyChanged(message);
      case 'recording': return this.setRecording(message.on === true);
      case 'heard': return this.applyHeard(message);
      case 'link': return this.applyLink(message);
      default: return RIG_MESSAGES.includes(message.type) ? this.tell(this.rig.applyMessage(message)) : new Set();
    }
  }

  /** Tells the listeners news the store keeps nothing of. */
  tell(what) {
    this.notify(what);
    return what;
  }

  /** A whole state: replaces the one held. */
  applySnapshot(state) {
    if (!state || typeof state !== 'object') return new Set();
    this.state = { ...state };
    this.recording = state.isRecording === true;
    const what = new Set(['snapshot', ...ASPECTS, 'recording']);
    this.notify(what);
    return what;
  }

  /**
   * A `changed` message: the fields of the aspects it names, merged into the state. Dropped before any
   * snapshot, and when its revision is lower than the state's.
   */
  applyChanged(message) {
    if (!this.state) return new Set();
    if (typeof message.revision === 'number' && message.revision < this.revision) return new Set();
    const aspects = Array.isArray(message.aspects) ? message.aspects : [];
    const what = new Set();
    const next = { ...this.state };
    for (const aspect of aspects) {
      const fields = ASPECT_FIELDS[aspect];
      if (!fields) continue;
      let carried = false;
      for (const field of fields) {
        if (message[field] === undefined) continue;
        next[field] = message[field];
        carried = true;
      }
      if (carried) {
        for (const field of fields) if (message[field] === undefined && ABSENT_MEANS_NULL.has(field)) next[field] = null;
        what.add(aspect);
      }
    }
    if (typeof message.revision === 'number') next.revision = message.revision;
    if (typeof message.time === 'number') next.time = message.time;
    this.state = next;
    this.notify(what);
    return what;
  }

  setRecording(on) {
    if (this.recording === on) return new Set();
    this.recording = on;
    const what = new Set(['recording']);
    this.notify(what);
    return what;
  }

  /** What the instrument heard: the newest message replaces the one held. */
  applyHeard(message) {
    const heard = parseHeard(message);
    if (!heard) return new Set();
    this.heard = heard;
    this.heardAt = this.now();
    const what = new Set(['heard']);
    this.notify(what);
    return what;
  }

  /** The Link session: the newest message replaces the one held. */
  applyLink(message) {
    const link = parseLink(message);
    if (!link) return new Set();
    this.link = link;
    this.linkAt = this.now();
    const what = new Set(['link']);
    this.notify(what);
    return what;
  }

  /** The rig as last said (rig-state.js): the fixture patch and its controls, the outputs, their rename and revision, the canvases. */
  get fixturePatch() { return this.rig.fixturePatch; }
  get fixtureControls() { return this.rig.fixtureControls; }
  get outputs() { return this.rig.outputs; }
  get outputsRenamed() { return this.rig.outputsRenamed; }
  get outputsRevision() { return this.rig.outputsRevision; }
  get canvases() { return this.rig.canvases; }

  /** An answer of /api/fixtures (a panel's GET, PUT, PATCH or test, or a 409's `current`): kept unless older. Returns what changed. */
  setFixturePatch(answer) { return this.tell(this.rig.setFixturePatch(answer)); }

  /** The outputs as a panel's answer says them (`{ outputs, revision, renamed, canvases }`): kept unless older. */
  setOutputs(answer) { return this.tell(this.rig.setOutputs(answer)); }

  /** GET /api/outputs's answer, or a 409's `current`: the outputs, their revision and the canvases. */
  setOutputsAnswer(answer) { return this.tell(this.rig.setOutputsAnswer(answer)); }

  /**
   * The live socket opened or closed; closed, what it said was heard and the Link session are forgotten.
   * Opened, the next `fixturePatch` and `outputs` messages are taken whatever their revision.
   */
  setConnected(connected) {
    if (this.connected === connected) return new Set();
    this.connected = connected;
    if (connected) {
      this.everConnected = true;
      this.rig.connected();
    }
    const what = new Set(['connection']);
    if (!connected) {
      if (this.heard) what.add('heard');
      if (this.link) what.add('link');
      this.heard = null;
      this.heardAt = null;
      this.link = null;
      this.linkAt = null;
    }
    this.notify(what);
    return what;
  }

  /** The library's list, as GET /api/chordsets answered. */
  setLibrary(list) {
    if (!list || !Array.isArray(list.chordsets)) return new Set();
    this.library = list;
    this.libraryProblem = null;
    const what = new Set(['library']);
    this.notify(what);
    return what;
  }

  /** The list could not be fetched: why, in one line (the last list fetched, if any, is kept). */
  setLibraryProblem(problem) {
    this.libraryProblem = problem;
    const what = new Set(['library']);
    this.notify(what);
    return what;
  }

  /** The preferences, as GET or PATCH /api/preferences answered: they also say which panels show. */
  setPreferences(preferences) {
    if (!preferences || typeof preferences !== 'object') return new Set();
    const before = JSON.stringify(this.panels);
    this.preferences = preferences;
    this.localPanels = null;
    const what = new Set(['preferences']);
    if (JSON.stringify(this.panels) !== before) what.add('panels');
    this.notify(what);
    return what;
  }

  /** Panels shown without the library (its API failed): kept in this page only. */
  setLocalPanels(panels) {
    const before = JSON.stringify(this.panels);
    this.localPanels = completePanels(panels);
    const what = new Set();
    if (JSON.stringify(this.panels) !== before) what.add('panels');
    this.notify(what);
    return what;
  }

  /** Which panels show: what this page holds when the library could not keep it, else the preferences', else seed 000's first-run map. */
  get panels() {
    return completePanels(this.localPanels ?? this.preferences?.panels);
  }

  /** The library's summary of the chordset on the pads (matched by id, else the list's `current`), or null. */
  currentChordset() {
    const chordsets = this.library?.chordsets;
    if (!chordsets) return null;
    const id = String(this.state?.chordset?.id ?? this.library.current ?? '').toLowerCase();
    return chordsets.find((chordset) => String(chordset.id).toLowerCase() === id) ?? null;
  }
}

/**
 * A fetch that runs once at a time and is always brought up to date: `request()` while one is under way
 * asks for one more after it (however many times it is asked), so the last answer applied is never older
 * than the last request. `load()` returns a promise of the value; `apply(value)` takes each answer;
 * `fail(error)` hears each failure.
 */
export class LatestFetch {
  constructor(load, apply, fail = () => {}) {
    this.load = load;
    this.apply = apply;
    this.fail = fail;
    this.running = null;
    this.again = false;
  }

  /** Fetches now, or after the fetch under way. Resolves when the fetch that covers this request is done. */
  request() {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.run();
    return this.running;
  }

  async run() {
    try {
      do {
        this.again = false;
        try {
          this.apply(await this.load());
        } catch (error) {
          this.fail(error);
        }
      } while (this.again);
    } finally {
      this.running = null;
    }
  }
}
