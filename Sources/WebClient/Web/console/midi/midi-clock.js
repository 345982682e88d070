// MIDI clock in (docs/console.md, "MIDI"): the real-time messages of one MIDI input — 0xF8 clock (24 a
// beat), 0xFA start, 0xFB continue, 0xFC stop — with the moments they came (Web MIDI's `event.timeStamp`, in
// milliseconds), read into a tempo, whether the clock runs and the beat since start; and when the console
// sends that tempo to the engine (`{"type": "tempo", "bpm": X}`). No DOM here: midi-input.js feeds it.
//
// - The tempo: the median of the last 48 intervals between clocks (at least 24: a beat's worth) is the tick
//   the clock keeps. It is then refined over the same clocks: each is numbered by the ticks since the first
//   (an interval counting as the whole number of median ticks nearest it, so that a dropped clock counts two
//   and two clocks in one packet count 0 and 2), and the tick is the median of the slopes — time apart over
//   ticks apart — of the pairs of clocks a beat or more apart (pairs across a pause of more than four ticks
//   left out). The jitter of when each clock came is then divided by a beat's worth of ticks, and a clock
//   that came late moves only the slopes it is in, which the median leaves aside.
// - A clock silent for CLOCK_LOST_MILLISECONDS has stopped: what it said is forgotten (a new clock, or the
//   same one at another tempo, starts afresh) and it has no tempo until it has ticked a beat again.
// - Start (0xFA) runs the clock from the top: the beat count starts again, the first clock after it being
//   the first of beat 1. Continue (0xFB) runs it on from where it stopped; stop (0xFC) stops it. Clocks count
//   beats only while it runs (as the MIDI specification has it); the tempo is read from every clock, running
//   or not. Start and stop send nothing to the engine: it has neither.
// - Sending (ClockTempo): the tempo rounded to 0.1 BPM and kept within the engine's 20…300, sent when it is
//   0.5 BPM or more from the one last sent (the first at once), at most four times a second.

/** Clocks a beat (a quarter note), as MIDI has them. */
export const CLOCKS_PER_BEAT = 24;

/** The real-time messages the clock reads. */
export const REAL_TIME = Object.freeze({ clock: 0xF8, start: 0xFA, continue: 0xFB, stop: 0xFC });

/** The intervals between clocks the tempo is read from: the newest 48 at most, 24 at least. */
export const INTERVALS_KEPT = 48;
export const INTERVALS_NEEDED = 24;

/** An interval longer than this many ticks (the median's) is a pause, not ticks dropped: no slope is read across it. */
export const PAUSE_TICKS = 4;

/** A clock silent this long has stopped (a clock at 20 BPM ticks every 125 ms). */
export const CLOCK_LOST_MILLISECONDS = 1000;

/** Clocks stamped this much before the one before are taken as at the same moment (timestamps' rounding). */
const TIME_SLACK_MILLISECONDS = 1;

/** The shortest tick read as one (a clock at 2,500 BPM): a median shorter than it is clocks in packets, not a tick. */
const SHORTEST_TICK_MILLISECONDS = 1;

/** The tempi the engine takes (docs/live-protocol.md): what is sent is kept within them. */
export const TEMPO_RANGE = Object.freeze([20, 300]);

/** How far the tempo moves before it is sent again, in BPM, and how often it is sent at most. */
export const SEND_STEP_BPM = 0.5;
export const SEND_MILLISECONDS = 250;

const REAL_TIME_BYTES = new Set(Object.values(REAL_TIME));
const finite = (x) => typeof x === 'number' && Number.isFinite(x);

/** The clock's real-time bytes in a Web MIDI message (a Uint8Array or an array), in order; everything else skipped. */
export function realTimeBytes(bytes) {
  const out = [];
  if (!bytes || typeof bytes.length !== 'number') return out;
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = Number(bytes[i]) & 0xFF;
    if (REAL_TIME_BYTES.has(byte)) out.push(byte);
  }
  return out;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The tempo (BPM) the intervals between clocks (milliseconds, oldest first) say: the median interval is the
 * tick; each clock is numbered by the ticks since the first (an interval counting the whole number of ticks
 * nearest it); the tick is then the median of the slopes between clocks at least a beat apart — their time
 * apart over their ticks apart — leaving out pairs across a pause. Null with fewer than INTERVALS_NEEDED
 * intervals, or none that make a tick.
 */
export function clockTempo(intervals) {
  if (!Array.isArray(intervals) || intervals.length < INTERVALS_NEEDED) return null;
  const recent = intervals.slice(-INTERVALS_KEPT).filter((interval) => finite(interval) && interval >= 0);
  if (recent.length < INTERVALS_NEEDED) return null;
  const tick = median(recent);
  if (!(tick >= SHORTEST_TICK_MILLISECONDS)) return null;
  // Each clock: its time, its number of ticks, and the stretch between pauses it is in.
  const times = [0];
  const numbers = [0];
  const stretches = [0];
  for (const interval of recent) {
    const count = Math.round(interval / tick);
    times.push(times.at(-1) + interval);
    numbers.push(numbers.at(-1) + count);
    stretches.push(stretches.at(-1) + (count > PAUSE_TICKS ? 1 : 0));
  }
  const slopes = [];
  for (let i = 0; i < times.length; i += 1) {
    for (let j = times.length - 1; j > i; j -= 1) {
      const apart = numbers[j] - numbers[i];
      if (apart < CLOCKS_PER_BEAT) break;
      if (stretches[i] === stretches[j]) slopes.push((times[j] - times[i]) / apart);
    }
  }
  return 60000 / ((slopes.length > 0 ? median(slopes) : tick) * CLOCKS_PER_BEAT);
}

/** One MIDI input's clock: `receive(status, time)` for each real-time message, in the order they came. */
export class MidiClock {
  constructor() {
    this.reset();
  }

  /** Forgets everything: no tempo, stopped, no beat. */
  reset() {
    this.intervals = [];
    this.lastClock = null;
    this.tempo = null;
    this.running = false;
    /** Clocks counted since start (while running): the beat is worked out from them. */
    this.clocks = 0;
  }

  /**
   * Reads one real-time message (`status`: REAL_TIME's) that came at `time` (milliseconds). Returns whether
   * what the clock says (`tempo`, `running`, `beat`) may have changed; other bytes change nothing.
   */
  receive(status, time) {
    switch (status) {
      case REAL_TIME.clock: return this.#clock(time);
      case REAL_TIME.start:
        this.running = true;
        this.clocks = 0;
        return true;
      case REAL_TIME.continue:
        this.running = true;
        return true;
      case REAL_TIME.stop:
        this.running = false;
        return true;
      default: return false;
    }
  }

  #clock(time) {
    if (this.running) this.clocks += 1;
    if (!finite(time)) return this.running;
    const last = this.lastClock;
    if (last === null || time < last - TIME_SLACK_MILLISECONDS || time - last > CLOCK_LOST_MILLISECONDS) {
      // The first clock, a clock that went back, or one after a silence: the tempo is read afresh.
      this.lastClock = time;
      this.intervals = [];
      this.tempo = null;
      return true;
    }
    this.lastClock = Math.max(time, last);
    this.intervals.push(Math.max(time - last, 0));
    if (this.intervals.length > INTERVALS_KEPT) this.intervals.splice(0, this.intervals.length - INTERVALS_KEPT);
    this.tempo = clockTempo(this.intervals);
    return true;
  }

  /** The beat the clock is in since start (1 for the first 24 clocks), or 0 before its first clock. */
  get beat() {
    return this.clocks === 0 ? 0 : Math.floor((this.clocks - 1) / CLOCKS_PER_BEAT) + 1;
  }

  /** Whether the clock ticked within CLOCK_LOST_MILLISECONDS of `now`. */
  isTicking(now) {
    return this.lastClock !== null && finite(now) && now - this.lastClock <= CLOCK_LOST_MILLISECONDS;
  }

  /** What it says at `now`: `{ tempo, running, beat }`, the tempo null once the clock has been silent too long. */
  reading(now) {
    return { tempo: this.isTicking(now) ? this.tempo : null, running: this.running, beat: this.beat };
  }
}

/** A tempo as the engine is sent it: rounded to 0.1 BPM, within 20…300. Null for what is not a tempo. */
export function tempoToSend(bpm) {
  if (!finite(bpm) || bpm <= 0) return null;
  const rounded = Math.round(bpm * 10) / 10;
  return Math.min(Math.max(rounded, TEMPO_RANGE[0]), TEMPO_RANGE[1]);
}

/** The intent that sets the engine's tempo. */
export function tempoIntent(bpm) {
  return { type: 'tempo', bpm };
}

/**
 * When the clock's tempo is sent: `offer(bpm, now)` gives the tempo to send now (tempoToSend's) or null —
 * the first at once; after it, one SEND_STEP_BPM or more from the last sent, and not within
 * SEND_MILLISECONDS of it. A move held back for the time is given by the next offer after `dueAt`.
 */
export class ClockTempo {
  constructor({ step = SEND_STEP_BPM, milliseconds = SEND_MILLISECONDS } = {}) {
    this.step = step;
    this.milliseconds = milliseconds;
    this.reset();
  }

  /** Forgets what was sent: the next tempo offered goes at once. */
  reset() {
    this.sent = null;
    this.sentAt = -Infinity;
    /** When a move held back may go (milliseconds), or null when none is. */
    this.dueAt = null;
  }

  offer(bpm, now) {
    const tempo = tempoToSend(bpm);
    if (tempo === null || !finite(now)) return null;
    if (this.sent !== null && Math.abs(tempo - this.sent) < this.step - 1e-9) {
      this.dueAt = null;
      return null;
    }
    if (now - this.sentAt < this.milliseconds) {
      this.dueAt = this.sentAt + this.milliseconds;
      return null;
    }
    this.sent = tempo;
    this.sentAt = now;
    this.dueAt = null;
    return tempo;
  }
}

/**
 * The clock for a person: "MIDI clock: 123.0 BPM, running", "MIDI clock: 123.0 BPM, stopped", "MIDI clock:
 * no clock, stopped" (none heard, or silent too long); "MIDI clock: off" when no input is chosen.
 */
export function clockText(reading, chosen = true) {
  if (!chosen) return 'MIDI clock: off';
  const tempo = finite(reading?.tempo) ? `${reading.tempo.toFixed(1)} BPM` : 'no clock';
  return `MIDI clock: ${tempo}, ${reading?.running ? 'running' : 'stopped'}`;
}

/** The beat since start for a person: "Beat 5", or "" before the first clock after start. */
export function beatText(reading) {
  return reading?.beat > 0 ? `Beat ${reading.beat}` : '';
}

/**
 * The "Clock from" select's options for the MIDI inputs there are (`[{id, name}]`) and the source chosen
 * (`{id, name}` or null): `{ options: [{ value, label }], value }` — "none" (value ''), then each input; the
 * source chosen, where it is not connected now, too ("Name (not connected)"), so that what is chosen shows.
 */
export function clockChoices(inputs, source) {
  const options = [{ value: '', label: 'none' }];
  const seen = new Set();
  for (const input of Array.isArray(inputs) ? inputs : []) {
    const id = String(input?.id ?? '');
    if (id === '' || seen.has(id)) continue;
    seen.add(id);
    options.push({ value: id, label: typeof input.name === 'string' && input.name !== '' ? input.name : 'MIDI input' });
  }
  const value = source?.id ? String(source.id) : '';
  if (value !== '' && !seen.has(value)) options.push({ value, label: `${source.name ?? value} (not connected)` });
  return { options, value };
}
