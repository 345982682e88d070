// MIDI into the instrument through the browser's Web MIDI: every input's messages are read (midi.js) and,
// through the `midiMappings` preference (GET /api/preferences), sent as intents (midi-targets.js): notes
// play pads and buttons at once, and fire the fixtures the store's patch has to fire while held (midi-fire.js); control changes are sent at most once an animation frame per target (the
// newest value), so a fader does not flood the socket — and those that resend a whole setting built on the
// newest one sent (a feature's, the pulse, the motion, the form: lumi-features.js, `pendingSettings`), at most
// once a frame per setting, so that two knobs of one setting turned together both count. While a target is being learnt, the message that
// binds it plays nothing. Where the browser has no Web MIDI (headless, Firefox without the add-on, or
// refused), it says so and everything else goes on.
//
// One MIDI input serves the whole console: the shell calls `startMidi({store, sender})` once, early, so MIDI
// plays whatever panels are shown; <ip-midi-mappings> uses the same one.
//
// MIDI clock in: one input chosen as the clock source (`setClockSource`, the listening panel's "Clock from")
// has its real-time messages read by a MidiClock (midi-clock.js) with their timestamps, and the tempo it
// reads sent as `tempo` intents when it moves by half a beat a minute or more, at most four times a second
// (ClockTempo) — whichever panels show. Start, continue and stop change what is shown, and send nothing.

import { parseMidi } from './midi.js';
import { intentsForMessage, settingKey, targetKind } from './midi-targets.js';
import { sanitizeMappings } from './midi-learn.js';
import { fireableFixtures } from './midi-fire.js';
import { CLOCK_LOST_MILLISECONDS, ClockTempo, MidiClock, realTimeBytes, tempoIntent } from './midi-clock.js';
import { pendingSettings } from '../panel-kit/lumi-features.js';
import { nextFrame } from '../../shared/dom.js';

const defaultClock = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

export class MidiInput {
  /**
   * `requestAccess()` resolves to a MIDIAccess (the default asks `navigator.requestMIDIAccess`); `store` and
   * `sender` are the shell's; `now()` is the clock Web MIDI's timestamps are in (the page's `performance.now`).
   */
  constructor({ store = null, sender = null, requestAccess = defaultRequestAccess, now = defaultClock } = {}) {
    this.store = store;
    this.sender = sender;
    this.requestAccess = requestAccess;
    this.now = now;
    this.access = null;
    this.mappings = {};
    /** `devices`: the connected inputs' names; `inputs`: the same as `{id, name}`, for the clock's choice. */
    this.status = { available: false, devices: [], inputs: [], message: 'No MIDI devices', error: null };
    this.listeners = new Set();
    this.interceptor = null;
    this.pendingControls = new Map();
    this.flushScheduled = false;
    this.started = null;
    /** The input the clock is read from (`{id, name}`), or null; what it says; when its tempo is sent. */
    this.clockSource = null;
    this.clock = new MidiClock();
    this.clockTempo = new ClockTempo();
    this.clockListeners = new Set();
    this.clockShown = '';
    this.clockLostTimer = 0;
    this.clockDueTimer = 0;
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
      this.status = { available: false, devices: [], inputs: [], message: 'No MIDI devices', error: midiRefusal(error) };
      this.#changed();
      return;
    }
    this.access = access;
    access.onstatechange = () => this.#attach();
    this.#attach();
  }

  #attach() {
    const devices = [];
    const inputs = [];
    for (const input of this.access?.inputs?.values?.() ?? []) {
      input.onmidimessage = (event) => this.receive(event.data, { input: input.id, time: event.timeStamp });
      if (input.state === 'disconnected') continue;
      const name = input.name || input.manufacturer || 'MIDI input';
      devices.push(name);
      inputs.push({ id: String(input.id ?? name), name });
    }
    this.status = {
      available: true, devices, inputs,
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

  /**
   * Plays the bytes of one Web MIDI message (a Uint8Array or an array) that came from `input` (its id) at
   * `time` (milliseconds, Web MIDI's timeStamp): its real-time messages go to the clock when `input` is the
   * clock's source, its notes and control changes play as the mappings say.
   */
  receive(bytes, { input = null, time = undefined } = {}) {
    if (this.clockSource !== null && input !== null && String(input) === this.clockSource.id) {
      const statuses = realTimeBytes(bytes);
      if (statuses.length > 0) this.#clockMessages(statuses, typeof time === 'number' && Number.isFinite(time) ? time : this.now());
    }
    for (const message of parseMidi(bytes)) {
      if (this.interceptor?.(message)) continue;
      const fireable = fireableFixtures(this.store?.fixturePatch);
      for (const intent of intentsForMessage(message, this.mappings, this.store?.state, pendingSettings, fireable)) {
        const target = this.mappings[`cc:${message.channel}:${message.controller}`];
        if (message.type === 'controlChange' && targetKind(target) === 'control') this.#queue(target, intent);
        else this.#sendNow(intent);
      }
    }
  }

  // ---- MIDI clock in

  /** Calls `fn(midiInput)` when what the clock says changes (its tempo to 0.1 BPM, running, beat, source). */
  subscribeClock(fn) {
    this.clockListeners.add(fn);
    return () => this.clockListeners.delete(fn);
  }

  /** Reads the clock from the input with this id (null or '': from none); what was read before is forgotten. */
  setClockSource(id) {
    const key = id === null || id === undefined || id === '' ? null : String(id);
    const input = this.status.inputs?.find((candidate) => candidate.id === key);
    this.clockSource = key === null ? null : { id: key, name: input?.name ?? this.clockSource?.name ?? key };
    this.clock.reset();
    this.clockTempo.reset();
    clearTimeout(this.clockLostTimer);
    clearTimeout(this.clockDueTimer);
    this.clockDueTimer = 0;
    this.#clockChanged(true);
  }

  /** What the clock says now: `{ source, tempo, running, beat }` (midi-clock.js's reading; source null: none chosen). */
  clockReading(now = this.now()) {
    return { source: this.clockSource, ...this.clock.reading(now) };
  }

  #clockMessages(statuses, time) {
    for (const status of statuses) this.clock.receive(status, time);
    this.#sendClockTempo(time);
    clearTimeout(this.clockLostTimer);
    // Silent for a while: the clock has stopped ticking, and says so.
    this.clockLostTimer = setTimeout(() => this.#clockChanged(), CLOCK_LOST_MILLISECONDS + 20);
    this.#clockChanged();
  }

  /** Sends the clock's tempo when it has moved enough, or later — when it may — if it moved too soon. */
  #sendClockTempo(now) {
    const tempo = this.clock.reading(now).tempo;
    if (tempo === null) return;
    const bpm = this.clockTempo.offer(tempo, now);
    if (bpm !== null) {
      this.#flush();
      // Not sent (no connection): sent again, at once, with the next clock.
      if (!this.sender?.send(tempoIntent(bpm))) this.clockTempo.reset();
      clearTimeout(this.clockDueTimer);
      this.clockDueTimer = 0;
      return;
    }
    if (this.clockTempo.dueAt !== null && !this.clockDueTimer) {
      this.clockDueTimer = setTimeout(() => {
        this.clockDueTimer = 0;
        if (this.clockSource !== null) this.#sendClockTempo(Math.max(this.now(), this.clockTempo.dueAt ?? 0));
      }, Math.max(this.clockTempo.dueAt - now, 0) + 5);
    }
  }

  #clockChanged(always = false) {
    const reading = this.clockReading();
    const shown = JSON.stringify([reading.source?.id ?? null, reading.tempo === null ? null : reading.tempo.toFixed(1), reading.running, reading.beat]);
    if (!always && shown === this.clockShown) return;
    this.clockShown = shown;
    for (const fn of this.clockListeners) {
      try { fn(this); } catch (error) { console.error(error); }
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
