// Ableton Link as the console shows it (docs/live-protocol.md, `link`): the server's `link` messages read
// into the store's `link`, the beat within the quantum carried forward between messages (they come ten
// times a second), the dot of the beat indicator that is lit and the beat it says, and the `link` request
// that joins or leaves a session and sets the quantum. No DOM here.

/** The quantum a performer may set: whole beats, 1 to 64, as the server takes it (Link's default is 4). */
export const QUANTUM_RANGE = Object.freeze([1, 64]);
export const DEFAULT_QUANTUM = 4;

/** The most dots the beat indicator shows: a longer quantum is shown in as many equal parts. */
export const MAX_BEAT_DOTS = 16;

/** The beat is carried forward from the last message for at most this long (then it waits for the next). */
export const LINK_EXTRAPOLATION_MILLISECONDS = 1000;

const finite = (x) => typeof x === 'number' && Number.isFinite(x);

/**
 * A `link` message read into `{ enabled, peers, tempo, beat, phase, quantum, playing, problem }`: `peers` a
 * whole count, `tempo` in BPM or null, `beat` and `phase` numbers or null, `quantum` a positive number (the
 * default where it is not one), `problem` what went wrong for the performer to hear (the session started and
 * nothing could play), a non-empty string or null. Null when it is not a link message.
 */
export function parseLink(message) {
  if (!message || typeof message !== 'object' || message.type !== 'link') return null;
  return {
    enabled: message.enabled === true,
    peers: Number.isSafeInteger(message.peers) && message.peers >= 0 ? message.peers : 0,
    tempo: finite(message.tempo) && message.tempo > 0 ? message.tempo : null,
    beat: finite(message.beat) ? message.beat : null,
    phase: finite(message.phase) ? message.phase : null,
    quantum: finite(message.quantum) && message.quantum > 0 ? message.quantum : DEFAULT_QUANTUM,
    playing: message.playing === true,
    problem: typeof message.problem === 'string' && message.problem.trim() !== '' ? message.problem : null,
  };
}

/**
 * The phase within the quantum (0 ≤ phase < quantum) at `now`, the link having been said at `at` (both in
 * milliseconds): the message's phase (or its beat modulo the quantum) carried forward at its tempo for at
 * most LINK_EXTRAPOLATION_MILLISECONDS. Null when the link is off or says no beat.
 */
export function phaseAt(link, at, now) {
  if (!link?.enabled) return null;
  const start = link.phase ?? link.beat;
  if (start === null || start === undefined) return null;
  const elapsed = finite(at) && finite(now) ? Math.min(Math.max(now - at, 0), LINK_EXTRAPOLATION_MILLISECONDS) : 0;
  const beats = start + (link.tempo ? (elapsed / 60000) * link.tempo : 0);
  const q = link.quantum;
  return ((beats % q) + q) % q;
}

/** How many dots the beat indicator shows: one a beat of the quantum (rounded), 1 to MAX_BEAT_DOTS. */
export function beatDotCount(quantum) {
  const q = finite(quantum) && quantum > 0 ? Math.round(quantum) : DEFAULT_QUANTUM;
  return Math.min(Math.max(q, 1), MAX_BEAT_DOTS);
}

/**
 * The dot lit for a phase within the quantum (from 0): the beat's, where there is a dot a beat; the part
 * of the quantum the phase is in, where the quantum is longer than the dots. −1 when there is none to light.
 */
export function beatDot(phase, quantum) {
  if (!finite(phase)) return -1;
  const q = finite(quantum) && quantum > 0 ? quantum : DEFAULT_QUANTUM;
  const count = beatDotCount(q);
  return Math.min(Math.max(Math.floor((phase / q) * count + 1e-9), 0), count - 1);
}

/**
 * What the beat indicator says of `phase` (phaseAt; null: no beat) in `link`'s quantum: `{ beat, beats, text }`
 * — `beat` from 1 to `beats` (the quantum in whole beats; a dot may stand for several), 0 when there is none,
 * and `text` its accessible value ("Beat 2 of 4", "No beat yet", "Link is off").
 */
export function beatReading(phase, link) {
  const beats = Math.max(1, Math.round(link?.quantum ?? DEFAULT_QUANTUM));
  const beat = phase === null || phase === undefined ? 0 : Math.min(Math.floor(phase), beats - 1) + 1;
  const text = beat === 0 ? (link?.enabled ? 'No beat yet' : 'Link is off') : `Beat ${beat} of ${beats}`;
  return { beat, beats, text };
}

/** The link for a person: "Off", "Alone · 120.0 BPM", "2 peers · 120.0 BPM". */
export function linkText(link) {
  if (!link?.enabled) return 'Off';
  const peers = link.peers === 0 ? 'Alone' : `${link.peers} ${link.peers === 1 ? 'peer' : 'peers'}`;
  return link.tempo === null ? peers : `${peers} · ${link.tempo.toFixed(1)} BPM`;
}

/** What to tell the performer of the link: its problem while joined, else nothing (null). */
export function linkProblem(link) {
  return link?.enabled && link.problem ? link.problem : null;
}

/** A quantum typed by a performer: a whole number of beats within QUANTUM_RANGE, or null when it is not one. */
export function readQuantum(text) {
  const value = Number(String(text ?? '').trim());
  if (String(text ?? '').trim() === '' || !Number.isInteger(value)) return null;
  return value >= QUANTUM_RANGE[0] && value <= QUANTUM_RANGE[1] ? value : null;
}

/** The request that joins (or leaves) a Link session with a quantum: `{"type": "link", "enabled", "quantum"}`. */
export function linkIntent(enabled, quantum) {
  const q = readQuantum(quantum) ?? DEFAULT_QUANTUM;
  return { type: 'link', enabled: enabled === true, quantum: q };
}
