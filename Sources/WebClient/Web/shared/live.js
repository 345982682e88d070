// A WebSocket to the instrument that keeps itself open: the canvas's (`/live?frames=1`: binary frames and
// forms in, intents out) and the console's (`/live`: the engine's state in, intents out). When the
// connection drops it is made again, waiting longer after each failure (up to a few seconds).

import { decodeForms } from './frames.js';

/** The first wait before reconnecting, and the longest. */
export const RECONNECT_DELAY = Object.freeze({ first: 250, longest: 5000 });

/**
 * The address of the live socket for a page served from `location`: asking for binary frames (a canvas),
 * or, with `{ frames: false }`, for the state alone (a console).
 */
export function liveURL(location, { frames = true } = {}) {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/live${frames ? '?frames=1' : ''}`;
}

/**
 * A live connection that keeps itself open. Calls `onFrame(arrayBuffer)`, `onForms(forms)` (decoded),
 * `onError(message)` for the server's error messages and for messages that could not be read,
 * `onMessage(message)` for every other message (parsed: `snapshot`, `changed`, `library`, `recording`) and
 * `onConnectionChange(connected)`.
 */
export class LiveConnection {
  constructor(url, {
    onFrame = () => {}, onForms = () => {}, onError = () => {}, onMessage = () => {}, onConnectionChange = () => {},
  } = {}) {
    this.url = url;
    this.handlers = { onFrame, onForms, onError, onMessage, onConnectionChange };
    this.delay = RECONNECT_DELAY.first;
    this.socket = null;
    this.timer = null;
    this.closed = false;
    this.open();
  }

  /** Whether intents can be sent now. */
  get connected() { return this.socket !== null && this.socket.readyState === WebSocket.OPEN; }

  /** Sends an intent (an object, sent as JSON text); dropped while disconnected — a late gesture is wrong. */
  send(intent) {
    if (!this.connected) return false;
    this.socket.send(JSON.stringify(intent));
    return true;
  }

  /** Closes the connection for good. */
  close() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.socket) this.socket.close();
  }

  open() {
    let socket;
    try {
      socket = new WebSocket(this.url);
    } catch (error) {
      this.handlers.onError(`could not open the live connection: ${error.message}`);
      this.retry();
      return;
    }
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    socket.onopen = () => {
      this.delay = RECONNECT_DELAY.first;
      this.handlers.onConnectionChange(true);
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.handlers.onConnectionChange(false);
      this.retry();
    };
    socket.onerror = () => {};  // a close follows; reconnecting is handled there
  }

  retry() {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.open(), this.delay);
    this.delay = Math.min(this.delay * 2, RECONNECT_DELAY.longest);
  }

  receive(data) {
    if (data instanceof ArrayBuffer) {
      this.handlers.onFrame(data);
      return;
    }
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      this.handlers.onError('the server sent a text message that is not JSON');
      return;
    }
    try {
      if (message.type === 'forms') this.handlers.onForms(decodeForms(message));
      else if (message.type === 'error') this.handlers.onError(String(message.message ?? 'unknown error'));
      else this.handlers.onMessage(message);  // the state, for consoles; a canvas draws frames only
    } catch (error) {
      this.handlers.onError(error.message);
    }
  }
}
