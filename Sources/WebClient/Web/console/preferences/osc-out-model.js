// OSC out as the Preferences panel edits it (docs/osc.md, "Being followed"; docs/library-api.md, `oscOut`):
// the targets the library keeps read from the preferences, a target typed by the performer read by the
// server's own rule (`HOST:PORT` or `[IPv6]:PORT`, a port 1…65535) and written as the server keeps it, the
// PATCH bodies that add or remove one (the whole list each time), and what `GET /status` says of each target
// followed — the kept ones and the command line's (`--osc-out`). The server has the last word: what cannot be
// read here is sent as it was typed, and the server's refusal is what the performer is shown. No DOM here.

/** The most targets the library keeps. */
export const MAX_OSC_TARGETS = 16;

/** Where the server says what it sends and to whom (`oscOut` in it). */
export const STATUS_PATH = '/status';

/** How often the panel asks the server what was sent, while it shows. */
export const STATUS_REFRESH_MILLISECONDS = 5000;

/** The longest target the server reads, in characters (a host of 253, brackets, a colon, a port). */
const MAX_TARGET_LENGTH = 262;

/** The targets kept in `preferences` (GET or PATCH /api/preferences): its `oscOut`, read defensively. */
export function keptTargets(preferences) {
  const list = preferences?.oscOut;
  if (!Array.isArray(list)) return [];
  return list.filter((target) => typeof target === 'string' && target !== '');
}

/**
 * `text` read as a target by the server's rule — the last colon parts the host from the port; brackets
 * around the host are taken off — and written as the server keeps it: `host:port`, or `[host]:port` when
 * the host has a colon (an IPv6 address), the port in plain digits. Null when it is not a target by that
 * rule (the server will say why).
 */
export function normaliseTarget(text) {
  const kept = String(text ?? '').normalize('NFC').trim();
  if (kept === '' || [...kept].length > MAX_TARGET_LENGTH) return null;
  const colon = kept.lastIndexOf(':');
  if (colon < 0) return null;
  const portText = kept.slice(colon + 1);
  if (!/^\+?[0-9]+$/.test(portText)) return null;
  const port = Number(portText.replace(/^\+/, ''));
  if (!Number.isInteger(port) || port < 1 || port > 65535) return null;
  let host = kept.slice(0, colon);
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  if (host === '' || [...host].length > 253 || /[ \/[\]]/.test(host)) return null;
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
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
