// OSC out as the Preferences panel edits it (docs/osc.md, "Being followed"; docs/library-api.md, `oscOut`):
// the targets the library keeps read from the preferences, a target typed by the performer read by the
// server's own rule (UserText's NetworkTarget: `HOST:PORT` or `[IPv6]:PORT`, a port 1…65535, both held to
// Tests/fixtures/twin-rules/osc-targets.json) and written as the server keeps it, the PATCH bodies that add or
// remove one (the whole list each time), and what `GET /status` says of each target followed — the kept ones
// and the command line's (`--osc-out`). The server has the last word: what cannot be read here is sent as it
// was typed, and the server's refusal (the same words as readTarget's) is what the performer is shown; how
// many targets it keeps is the server's to say. No DOM here.

import { checkedText } from '../../shared/text-rule.js';

/** Where the server says what it sends and to whom (`oscOut` in it). */
export const STATUS_PATH = '/status';

/** How often the panel asks the server what was sent, while it shows. */
export const STATUS_REFRESH_MILLISECONDS = 5000;

/** The longest target the server reads, in characters (a host of 253, brackets, a colon, a port). */
const MAX_TARGET_LENGTH = 262;

/** The longest host, in characters, and the characters it cannot hold. */
const MAX_HOST_LENGTH = 253;
const REFUSED_IN_HOST = Object.freeze([' ', '/', '[', ']']);

const graphemes = typeof Intl === 'object' && typeof Intl.Segmenter === 'function'
  ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/** `text`'s characters (extended grapheme clusters), as Swift's String holds them. */
function charactersOf(text) {
  return graphemes ? Array.from(graphemes.segment(text), ({ segment }) => segment) : [...text];
}

/** The targets kept in `preferences` (GET or PATCH /api/preferences): its `oscOut`, read defensively. */
export function keptTargets(preferences) {
  const list = preferences?.oscOut;
  if (!Array.isArray(list)) return [];
  return list.filter((target) => typeof target === 'string' && target !== '');
}

/**
 * `text` read as a target by the server's rule (NetworkTarget): the text rule's first (`checkedText`: composed,
 * trimmed, no control characters, at most 262 characters); then the last colon parts the host from the port (a
 * whole number 1…65535, a sign allowed); brackets around the host are taken off; the host is 1…253 characters,
 * with no space, slash or bracket — characters as Swift counts and compares them (grapheme clusters). `{ target }`
 * written as the server keeps it, `host:port` or `[host]:port` when the host has a colon (an IPv6 address), the
 * port in plain digits; or `{ error }`, why not, in the server's words.
 */
export function readTarget(text) {
  const checked = checkedText(text, 'a network target', { maximumLength: MAX_TARGET_LENGTH });
  if (checked.error) return { error: checked.error };
  const refusal = { error: `a network target is HOST:PORT (a port 1…65535), or [IPv6]:PORT; not “${checked.text}”` };
  const characters = charactersOf(checked.text);
  const colon = characters.lastIndexOf(':');
  if (colon < 0) return refusal;
  const portText = characters.slice(colon + 1).join('');
  const port = /^[+-]?[0-9]+$/.test(portText) ? Number(portText) : NaN;
  if (!(port >= 1 && port <= 65535)) return refusal;
  let host = characters.slice(0, colon);
  if (host[0] === '[' && host.at(-1) === ']') host = host.slice(1, -1);
  if (host.length === 0 || host.length > MAX_HOST_LENGTH || host.some((character) => REFUSED_IN_HOST.includes(character))) return refusal;
  const name = host.join('');
  return { target: host.includes(':') ? `[${name}]:${port}` : `${name}:${port}` };
}

/** `text` as the server keeps it as a target (readTarget), or null when it is none (the server will say why). */
export function normaliseTarget(text) {
  return readTarget(text).target ?? null;
}

/**
 * Adding what the performer typed to `kept`: `{ target, body }` — the target as the server keeps it (or,
 * when it cannot be read here, as typed, trimmed: the server refuses it and says why) and the PATCH body
 * with the whole list — or `{ problem }`, one line, when there is nothing to send (nothing typed, or a
 * target already in the list).
 */
export function addition(kept, typed) {
  const trimmed = String(typed ?? '').normalize('NFC').trim();
  if (trimmed === '') return { problem: 'Type where to send OSC, as host:port.' };
  const target = normaliseTarget(trimmed) ?? trimmed;
  const list = keptTargets({ oscOut: kept });
  if (list.includes(target)) return { problem: `OSC already goes to ${target}.` };
  return { target, body: { oscOut: [...list, target] } };
}

/** The PATCH body that removes the `index`th of `kept` (the rest in their order); null when there is none. */
export function removal(kept, index) {
  const list = keptTargets({ oscOut: kept });
  if (!Number.isInteger(index) || index < 0 || index >= list.length) return null;
  return { oscOut: list.filter((_, at) => at !== index) };
}

/**
 * The targets followed as `GET /status` says (`oscOut`): `[{ address, sent, problem }]`, `sent` a whole
 * count and `problem` a line or null; null when the status says nothing of them (an old server, no answer).
 */
export function parseFollowers(status) {
  const list = status?.oscOut;
  if (!Array.isArray(list)) return null;
  return list
    .filter((entry) => entry && typeof entry === 'object' && typeof entry.address === 'string')
    .map((entry) => ({
      address: entry.address,
      sent: Number.isSafeInteger(entry.sent) && entry.sent >= 0 ? entry.sent : 0,
      problem: typeof entry.problem === 'string' && entry.problem.trim() !== '' ? entry.problem.trim() : null,
    }));
}

/**
 * The rows the panel lists: each kept target (`{ address, kept: true, index, follower }`, `index` its place
 * in the kept list), then those followed from the command line (`kept: false`), each with what the status
 * says of it (`follower`, or null before it has said). The server follows the command line's targets first,
 * then the kept ones in their order; a kept target is matched to the last follower of its address not yet
 * matched, so one named both on the command line and in the preferences shows twice.
 */
export function followerRows(kept, followers) {
  const list = keptTargets({ oscOut: kept });
  const followed = Array.isArray(followers) ? [...followers] : [];
  const used = new Set();
  const rows = list.map((address, index) => {
    let match = -1;
    for (let at = followed.length - 1; at >= 0; at -= 1) {
      if (!used.has(at) && followed[at].address === address) { match = at; break; }
    }
    if (match >= 0) used.add(match);
    return { address, kept: true, index, follower: match >= 0 ? followed[match] : null };
  });
  const commandLine = followed
    .filter((_, at) => !used.has(at))
    .map((follower) => ({ address: follower.address, kept: false, index: -1, follower }));
  return [...rows, ...commandLine];
}

/** What a row says of its target: "12 messages sent", "not sent: no such host", or '' before the status has said. */
export function followerText(follower) {
  if (!follower) return '';
  if (follower.problem) return `not sent: ${follower.problem}`;
  return follower.sent === 1 ? '1 message sent' : `${follower.sent} messages sent`;
}
