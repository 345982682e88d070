// MIDI into the instrument through the browser's Web MIDI: every input's messages are read (midi.js) and,
// through the `midiMappings` preference (GET /api/preferences), sent as intents (midi-targets.js): notes
// play pads and buttons at once; control changes are sent at most once an animation frame per target (the
// newest value), so a fader does not flood the socket — and those that resend a whole setting built on the
// newest one sent (a feature's, the pulse, the motion, the form: lumi-features.js, `pendingSettings`), at most
// once a frame per setting, so that two knobs of one setting turned together both count. While a target is being learnt, the message that
// binds it plays nothing. Where the browser has no Web MIDI (headless, Firefox without the add-on, or
// refused), it says so and everything else goes on.
//
// One MIDI input serves the whole console: the shell calls `startMidi({store, sender})` once, early, so MIDI
// plays whatever panels are shown; <ip-midi-mappings> uses the same one.

import { parseMidi } from './midi.js';
import { intentsForMessage, settingKey, targetKind } from './midi-targets.js';
import { sanitizeMappings } from './midi-learn.js';
import { pendingSettings } from '../lumi-features.js';

const nextFrame = (fn) => (typeof requestAnimationFrame === 'function' ? requestAnimationFrame(fn) : setTimeout(fn, 16));

export class MidiInput {
  /**
   * `requestAccess()` resolves to a MIDIAccess (the default asks `navigator.requestMIDIAccess`); `store` and
   * `sender` are the shell's.
   */
  constructor({ store = null, sender = null, requestAccess = defaultRequestAccess } = {}) {
    this.store = store;
    this.sender = sender;
    this.requestAccess = requestAccess;
    this.access = null;
    this.mappings = {};
    this.status = { available: false, devices: [], message: 'No MIDI devices', error: null };
    this.listeners = new Set();
    this.interceptor = null;
    this.pendingControls = new Map();
    this.flushScheduled = false;
    this.started = null;
  }

  /** Calls `fn(midiInput)` after every change of devices, status or mappings; gives the unsubscribe function. */
  subscribe(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  #changed() {
    for (const fn of this.listeners) {
      try { fn(this); } catch (error) { console.error(error); }
    }
  }

  /** Asks for MIDI access and reads the mappings; once (later calls give the same promise). */
  start() {
    this.started ??= Promise.all([this.#open(), this.loadMappings()]).then(() => this);
    return this.started;
  }

  async #open() {
    let access;
    try {
      access = await this.requestAccess();
    } catch (error) {
      this.status = { available: false, devices: [], message: 'No MIDI devices', error: midiRefusal(error) };
      this.#changed();
      return;
    }
    this.access = access;
    access.onstatechange = () => this.#attach();
    this.#attach();
  }

  #attach() {
    const devices = [];
    for (const input of this.access?.inputs?.values?.() ?? []) {
      input.onmidimessage = (event) => this.receive(event.data);
      if (input.state !== 'disconnected') devices.push(input.name || input.manufacturer || 'MIDI input');
    }
    this.status = {
      available: true, devices,
      message: devices.length ? `MIDI: ${devices.join(', ')}` : 'No MIDI devices',
      error: null,
    };
    this.#changed();
  }

  /** Reads the mappings from the preferences (GET /api/preferences). */
  async loadMappings() {
    if (!this.sender) return;
    try {
      const preferences = await this.sender.api('GET', '/api/preferences');
      this.setMappings(preferences?.midiMappings);
      this.mappingsError = null;
    } catch (error) {
      this.mappingsError = `MIDI mappings could not be read: ${error.message}`;
      this.#changed();
    }
  }

  /** Takes mappings the preferences hold (after a save, or read elsewhere). */
  setMappings(mappings) {
    this.mappings = sanitizeMappings(mappings);
    this.#changed();
  }

  /**
   * While set, `fn(message)` sees every message first; when it returns true the message is taken (MIDI
   * learn) and plays nothing. Gives a function that removes it.
   */
  intercept(fn) {
    this.interceptor = fn;
    return () => { if (this.interceptor === fn) this.interceptor = null; };
  }

  /** Plays the bytes of one Web MIDI message (a Uint8Array or an array). */
  receive(bytes) {
    for (const message of parseMidi(bytes)) {
      if (this.interceptor?.(message)) continue;
      for (const intent of intentsForMessage(message, this.mappings, this.store?.state, pendingSettings)) {
        const target = this.mappings[`cc:${message.channel}:${message.controller}`];
        if (message.type === 'controlChange' && targetKind(target) === 'control') this.#queue(target, intent);
        else this.#sendNow(intent);
      }
    }
  }

  #sendNow(intent) {
    this.#flush();
    this.sender?.send(intent);
  }

  #queue(target, intent) {
    // An intent that carries a whole setting includes every change of it queued before: it replaces them.
    const key = settingKey(intent, target);
    this.pendingControls.delete(key);
    this.pendingControls.set(key, intent);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    nextFrame(() => this.#flush());
  }

  #flush() {
    this.flushScheduled = false;
    const intents = [...this.pendingControls.values()];
    this.pendingControls.clear();
    for (const intent of intents) this.sender?.send(intent);
  }
}

function defaultRequestAccess() {
  if (typeof navigator === 'undefined' || typeof navigator.requestMIDIAccess !== 'function') {
    return Promise.reject(new Error('this browser has no Web MIDI'));
  }
  return navigator.requestMIDIAccess({ sysex: false });
}

function midiRefusal(error) {
  if (error?.name === 'SecurityError' || error?.name === 'NotAllowedError') return 'MIDI access was refused';
  return error?.message ?? String(error);
}

let shared = null;

/** The console's MIDI input, made and started on the first call; later calls fill in a missing store or sender. */
export function startMidi({ store = null, sender = null, requestAccess } = {}) {
  if (!shared) shared = new MidiInput({ store, sender, ...(requestAccess ? { requestAccess } : {}) });
  if (!shared.store && store) shared.store = store;
  if (!shared.sender && sender) shared.sender = sender;
  if (shared.sender) shared.start();
  return shared;
}

/** The console's MIDI input, or null before `startMidi`. */
export function midiInput() {
  return shared;
}
