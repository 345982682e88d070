// Everything the console and the composition lab send goes through here: intents and requests over the
// live socket (docs/live-protocol.md) and requests to the library's HTTP API (docs/library-api.md). A
// refusal becomes one line for the performer — the server's own `{"error": "…"}` when it gives one — never
// a stack trace. No DOM here (the socket and fetch are the browser's, or a test's).
//
// Its interface (the console's panels, the lab, the damaged records): `sender.send(intent)` → whether it
// went; `await sender.api(method, path, body)` → the answer's JSON, or throws an ApiError with a one-line
// message; `await sender.request(…)` → `{ ok, data, revision }` or `{ ok: false, status, error, body }`, the
// failure also shown to the performer. A change of what several consoles edit at once (the fixture patch, the
// outputs) says the revision its copy came from (`{ ifMatch: N }`, sent as `If-Match: "N"`); the answer's
// `ETag` is read back as `revision` (shared/revisions.js).

import { LiveConnection, liveURL } from './live.js';
import { formatETag, parseETag } from './revisions.js';

/** The API's addresses (docs/library-api.md). Chordsets are named by id; chords by number, from 1; outputs by name. */
export const apiPaths = Object.freeze({
  chordsets: '/api/chordsets',
  chordset: (id) => `/api/chordsets/${encodeURIComponent(id)}`,
  duplicate: (id) => `/api/chordsets/${encodeURIComponent(id)}/duplicate`,
  restore: (id) => `/api/chordsets/${encodeURIComponent(id)}/restore`,
  moveChord: (id) => `/api/chordsets/${encodeURIComponent(id)}/chords/move`,
  play: (id) => `/api/chordsets/${encodeURIComponent(id)}/play`,
  exportFile: (id) => `/api/chordsets/${encodeURIComponent(id)}/export`,
  importFile: '/api/chordsets/import',
  factoryChordsets: '/api/factory-chordsets',
  preferences: '/api/preferences',
  pairing: '/api/pairing',
  listening: '/api/listening',
  fixtures: '/api/fixtures',
  fixturesTest: '/api/fixtures/test',
  fixturesDmx: '/api/fixtures/dmx',
  fixtureProfiles: '/api/fixture-profiles',
  outputs: '/api/outputs',
  output: (name) => `/api/outputs/${encodeURIComponent(name)}`,
  renameOutput: (name) => `/api/outputs/${encodeURIComponent(name)}/rename`,
});

const STATUS_WORDS = {
  400: 'the request was refused', 401: 'this device is not paired (open the address with its token)',
  403: 'the server refused this page', 404: 'not found', 405: 'the server does not take this request',
  409: 'the library is full', 413: 'it is too large', 415: 'it is not a file the library reads',
  500: 'the server failed', 502: 'the server cannot be reached', 503: 'the server is busy',
};

/** The longest message shown, in characters. */
export const MESSAGE_LENGTH = 240;

/** A message cut to one line of at most MESSAGE_LENGTH characters. */
export function oneLine(text) {
  const line = String(text ?? '').split(/\r?\n/).map((part) => part.trim()).find((part) => part !== '') ?? '';
  return line.length > MESSAGE_LENGTH ? `${line.slice(0, MESSAGE_LENGTH - 1)}…` : line;
}

/**
 * Why a request was refused, in one line: the body's `error` when it is the API's JSON, else words for
 * the status (`404 not found`). An HTML page or a stack trace in the body is never shown.
 */
export function refusalMessage(status, bodyText) {
  try {
    const body = JSON.parse(bodyText);
    if (body && typeof body.error === 'string' && oneLine(body.error) !== '') return oneLine(body.error);
  } catch {
    // not JSON: say what the status means
  }
  return `${STATUS_WORDS[status] ?? 'the server refused it'} (${status})`;
}

/**
 * A refused request: `message` is one line for a person, `status` the HTTP status (0: no answer), `body` the
 * refusal's JSON when it was JSON (a stale copy's 409 carries the copy as it now is: `current`), else null.
 */
export class ApiError extends Error {
  constructor(message, status, body = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** `text` as JSON, or null when it is not. */
function jsonOrNull(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A response's body as JSON (null when empty), or an ApiError saying why it was refused. */
export async function readAnswer(response) {
  const text = await response.text();
  if (!response.ok) throw new ApiError(refusalMessage(response.status, text), response.status, jsonOrNull(text));
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('the server answered with something that is not JSON', response.status);
  }
}

/**
 * A page's one sender (the console's, the lab's). `onMessage(message)` hears the live socket's messages
 * (snapshot, changed, library, music, transport, recording), `onConnectionChange(connected)` its state, `onError(message)` the engine's
 * refusals, and `onProblem(line)` every failure a performer should read.
 */
export class Sender {
  constructor({
    location = globalThis.location, onMessage = () => {}, onConnectionChange = () => {}, onError = () => {},
    onProblem = () => {}, fetchFunction = (...args) => globalThis.fetch(...args), Connection = LiveConnection,
  } = {}) {
    this.location = location;
    this.handlers = { onMessage, onConnectionChange, onError };
    this.onProblem = onProblem;
    this.fetchFunction = fetchFunction;
    this.Connection = Connection;
    this.live = null;
  }

  /** Opens the live socket (no frames: the page reads the state; the console's canvas preview has its own). */
  start() {
    if (this.live) return;
    this.live = new this.Connection(liveURL(this.location, { frames: false }), {
      onMessage: (message) => this.handlers.onMessage(message),
      onConnectionChange: (connected) => this.handlers.onConnectionChange(connected),
      onError: (message) => this.handlers.onError(oneLine(message)),
    });
  }

  /** Whether intents can be sent now. */
  get connected() { return this.live?.connected === true; }

  /**
   * Sends an intent (or a request such as `{"type": "chordsetStep", "offset": 1}`) to the engine. While the
   * socket is down it is dropped (a late gesture would be wrong) and false is returned.
   */
  send(intent) {
    if (!intent || !this.live) return false;
    return this.live.send(intent);
  }

  /**
   * A request to the library's API: `method`, `path` (from apiPaths), an optional JSON `body` — or, with
   * `{ bytes }`, bytes sent as they are (an import; a `File` or `Blob` too), labelled `contentType`
   * ('application/json' unless said; a sound file is 'application/octet-stream'). Resolves to the answer's
   * JSON (null for none); rejects with an ApiError whose message is one line for the performer (the API's
   * own `error`, or what the status means; "the server cannot be reached" when there was no answer).
   * Callers say it where it belongs (`onProblem`, or next to what failed). `ifMatch`: the revision the
   * change was made on, sent as `If-Match` (none: the change is taken whatever the revision).
   */
  async api(method, path, body, options = {}) {
    return (await this.exchange(method, path, body, options)).data;
  }

  /** The same request, resolving to `{ data, revision }`: the answer's JSON and the revision its ETag says (null: none). */
  async exchange(method, path, body, { bytes, contentType = 'application/json', ifMatch } = {}) {
    const init = { method, headers: { Accept: 'application/json' }, credentials: 'same-origin' };
    const condition = formatETag(ifMatch);
    if (condition !== null) init.headers['If-Match'] = condition;
    if (bytes !== undefined) {
      init.body = bytes;
      init.headers['Content-Type'] = contentType;
    } else if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers['Content-Type'] = 'application/json';
    }
    let response;
    try {
      response = await this.fetchFunction(path, init);
    } catch {
      throw new ApiError('the server cannot be reached', 0);
    }
    const data = await readAnswer(response);
    return { data, revision: parseETag(response.headers?.get?.('ETag')) };
  }

  /**
   * The same request, never rejecting: `{ ok: true, data, revision }` (`revision`: the answer's ETag read, null
   * without one) or `{ ok: false, status, error, body }` (`body`: the refusal's JSON, or null); a failure is
   * also told to `onProblem` as "Could not DOING: WHY" (`doing`, e.g. "rename the chordset") unless `quiet`.
   */
  async request(method, path, body, { bytes, contentType, ifMatch, doing, quiet = false } = {}) {
    try {
      const { data, revision } = await this.exchange(method, path, body, { bytes, contentType, ifMatch });
      return { ok: true, data, revision };
    } catch (error) {
      const line = oneLine(error?.message ?? error);
      if (!quiet) this.onProblem(doing ? `Could not ${doing}: ${line}` : line);
      return { ok: false, status: error?.status ?? 0, error: line, body: error?.body ?? null };
    }
  }
}
