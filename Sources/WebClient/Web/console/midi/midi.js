// MIDI messages as Web MIDI delivers them (a Uint8Array or an array of bytes), read defensively: note on
// and off, control change, channels 1–16, and the source keys that MIDI mappings are stored under
// (`note:CH:N`, `cc:CH:N`). System exclusive, system common and real-time bytes are skipped; a data byte
// with no status before it (running status, which Web MIDI does not deliver) is skipped too. No DOM here.

/** How many data bytes follow each channel-message status (by its high nibble). */
const CHANNEL_DATA_BYTES = { 0x8: 2, 0x9: 2, 0xA: 2, 0xB: 2, 0xC: 1, 0xD: 1, 0xE: 2 };
/** How many data bytes follow each system-common status. */
const SYSTEM_COMMON_DATA_BYTES = { 0xF1: 1, 0xF2: 2, 0xF3: 1, 0xF4: 0, 0xF5: 0, 0xF6: 0, 0xF7: 0 };

/**
 * The note and control messages in `bytes`, in order: `{type: 'noteOn', channel, note, velocity}` (velocity
 * 1…127), `{type: 'noteOff', channel, note, velocity}` (a note on with velocity 0 is a note off), `{type:
 * 'controlChange', channel, controller, value}`. Channels are 1–16. Other messages (program change, pitch
 * bend, aftertouch, system exclusive, clock…) are skipped whole; a message cut short is dropped.
 */
export function parseMidi(bytes) {
  const out = [];
  if (!bytes || typeof bytes.length !== 'number') return out;
  let i = 0;
  const n = bytes.length;
  const byteAt = (k) => Number(bytes[k]) & 0xFF;
  while (i < n) {
    const status = byteAt(i);
    if (status < 0x80 || status >= 0xF8) { i += 1; continue; } // a stray data byte, or real time
    if (status === 0xF0) {
      // System exclusive: up to its end (F7), or up to the next status that is not real time.
      i += 1;
      while (i < n && (byteAt(i) < 0x80 || byteAt(i) >= 0xF8)) i += 1;
      if (i < n && byteAt(i) === 0xF7) i += 1;
      continue;
    }
    const expected = status >= 0xF0 ? SYSTEM_COMMON_DATA_BYTES[status] : CHANNEL_DATA_BYTES[status >> 4];
    const data = [];
    i += 1;
    while (i < n && data.length < expected) {
      const byte = byteAt(i);
      if (byte >= 0xF8) { i += 1; continue; } // real time may fall between a message's bytes
      if (byte >= 0x80) break; // a new status: this message was cut short
      data.push(byte);
      i += 1;
    }
    if (data.length < expected || status >= 0xF0) continue;
    const channel = (status & 0x0F) + 1;
    switch (status >> 4) {
      case 0x8: out.push({ type: 'noteOff', channel, note: data[0], velocity: data[1] }); break;
      case 0x9:
        out.push(data[1] === 0
          ? { type: 'noteOff', channel, note: data[0], velocity: 0 }
          : { type: 'noteOn', channel, note: data[0], velocity: data[1] });
        break;
      case 0xB: out.push({ type: 'controlChange', channel, controller: data[0], value: data[1] }); break;
      default: break;
    }
  }
  return out;
}

/** The key a message's source is mapped under: `note:CH:N` for notes (on and off), `cc:CH:N` for controls. */
export function sourceKey(message) {
  if (!message) return null;
  if (message.type === 'noteOn' || message.type === 'noteOff') return `note:${message.channel}:${message.note}`;
  if (message.type === 'controlChange') return `cc:${message.channel}:${message.controller}`;
  return null;
}

const SOURCE_PATTERN = /^(note|cc):([1-9]|1[0-6]):(\d|[1-9]\d|1[01]\d|12[0-7])$/;

/** A source key read back (`{kind: 'note'|'cc', channel, number}`), or null when it is not one. */
export function parseSourceKey(key) {
  const match = typeof key === 'string' ? SOURCE_PATTERN.exec(key) : null;
  return match ? { kind: match[1], channel: Number(match[2]), number: Number(match[3]) } : null;
}

const NOTE_NAMES = ['C', 'C♯', 'D', 'D♯', 'E', 'F', 'F♯', 'G', 'G♯', 'A', 'A♯', 'B'];

/** A note's name with its octave, middle C (60) being C4. */
export function noteName(note) {
  return `${NOTE_NAMES[note % 12]}${Math.floor(note / 12) - 1}`;
}

/** A source key for a person: "Note C4 (60), channel 1", "Control 7, channel 2". */
export function describeSource(key) {
  const source = parseSourceKey(key);
  if (!source) return String(key);
  return source.kind === 'note'
    ? `Note ${noteName(source.number)} (${source.number}), channel ${source.channel}`
    : `Control ${source.number}, channel ${source.channel}`;
}
