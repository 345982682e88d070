// MIDI learn: arm a target (a pad, a button or a control of midi-targets.js), and the next fitting message
// binds its source to it — a note for a pad or a button, a control change for a control — replacing
// whatever that source was bound to before. The result is the `midiMappings` preference (source key →
// target; at most 512, keys of at most 64 characters, targets of at most 200). No DOM here.

import { parseSourceKey, sourceKey } from './midi.js';
import { targetKind } from './midi-targets.js';

export const MAX_MAPPINGS = 512;
export const MAX_SOURCE_LENGTH = 64;
export const MAX_TARGET_LENGTH = 200;

function validEntry(source, target) {
  return typeof source === 'string' && source.length <= MAX_SOURCE_LENGTH && parseSourceKey(source) !== null
    && typeof target === 'string' && target.length > 0 && target.length <= MAX_TARGET_LENGTH;
}

/**
 * The mappings in `value` that can be kept (a source key of at most 64 characters to a target of at most
 * 200), in their order, at most 512. Targets this console does not know are kept: another may.
 */
export function sanitizeMappings(value) {
  const out = {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) return out;
  let count = 0;
  for (const [source, target] of Object.entries(value)) {
    if (count >= MAX_MAPPINGS) break;
    if (!validEntry(source, target)) continue;
    out[source] = target;
    count += 1;
  }
  return out;
}

/** `mappings` with `source` bound to `target` (replacing its old binding); throws when it cannot be kept. */
export function bindSource(mappings, source, target) {
  if (!validEntry(source, target)) throw new Error(`cannot map ${JSON.stringify(source)} to ${JSON.stringify(target)}`);
  const isNew = !Object.hasOwn(mappings, source);
  if (isNew && Object.keys(mappings).length >= MAX_MAPPINGS) {
    throw new Error(`at most ${MAX_MAPPINGS} MIDI mappings are kept; forget one first`);
  }
  return { ...mappings, [source]: target };
}

/** `mappings` without `source`. */
export function forgetSource(mappings, source) {
  const out = { ...mappings };
  delete out[source];
  return out;
}

/** The sources bound to `target`, in the mappings' order. */
export function sourcesFor(mappings, target) {
  return Object.entries(mappings).filter(([, t]) => t === target).map(([source]) => source);
}

/** Whether `message` can bind to `target`: a note on for a pad, a button or a fire, a control change for a control. */
export function accepts(target, message) {
  switch (targetKind(target)) {
    case 'pad':
    case 'button':
    case 'fire': return message?.type === 'noteOn';
    case 'control': return message?.type === 'controlChange';
    default: return false;
  }
}

/** The learn state machine: idle, or armed for one target until a fitting message comes or it is cancelled. */
export class MidiLearn {
  constructor(mappings = {}) {
    this.current = sanitizeMappings(mappings);
    this.target = null;
    /** The note just learnt, whose note off is taken too (it would play what it was learnt for: a fixture let go). */
    this.learntNote = null;
  }

  /** The target waiting for a message, or null. */
  get armed() { return this.target; }

  get mappings() { return this.current; }

  /** Takes mappings from elsewhere (the preferences); an armed target stays armed. */
  set mappings(value) { this.current = sanitizeMappings(value); }

  /** Waits for a message for `target` (replacing any target already armed); throws for an unknown target. */
  arm(target) {
    if (targetKind(target) === null) throw new Error(`there is no MIDI target ${JSON.stringify(target)}`);
    this.target = target;
  }

  cancel() { this.target = null; }

  /**
   * Offers a message. When armed and the message fits, binds its source to the target, disarms, and gives
   * `{source, target, mappings}` (the new mappings); otherwise gives null and changes nothing. Throws when
   * the mappings are full (and stays armed).
   */
  handle(message) {
    if (this.target === null || !accepts(this.target, message)) return null;
    const source = sourceKey(message);
    const mappings = bindSource(this.current, source, this.target);
    const target = this.target;
    this.current = mappings;
    this.target = null;
    this.learntNote = source;
    return { source, target, mappings };
  }

  /** Whether `message` is the note off of the note just learnt: taken once, so that it plays nothing. */
  takesRelease(message) {
    if (this.learntNote === null || message?.type !== 'noteOff' && message?.type !== 'noteOn') return false;
    const taken = message.type === 'noteOff' && sourceKey(message) === this.learntNote;
    this.learntNote = null;
    return taken;
  }
}
