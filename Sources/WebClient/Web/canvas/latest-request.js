// Sends the newest of a stream of values, one request at a time: while a request is in flight, values offered
// wait, each replacing the last, and the newest goes when the answer comes — so a drag sends at the pace the
// server answers, and where the drag ended is always sent last. No DOM here: `send` is the caller's.

/** One request in flight at most; the last value offered always sent. */
export class LatestRequest {
  /**
   * Sends with `send(value)` (a promise); `onAnswer(answer, value)` after each success, `onError(error,
   * value)` after each failure, `onIdle()` when nothing is in flight or waiting any more.
   */
  constructor(send, { onAnswer = () => {}, onError = () => {}, onIdle = () => {} } = {}) {
    this.sendValue = send;
    this.handlers = { onAnswer, onError, onIdle };
    this.inFlight = false;
    /** The value waiting to go next (`{ value }`), or null. */
    this.waiting = null;
  }

  /** Whether a request is in flight or a value waits. */
  get busy() { return this.inFlight || this.waiting !== null; }

  /** Sends `value` now, or after the request in flight (replacing any value waiting). */
  offer(value) {
    if (this.inFlight) {
      this.waiting = { value };
      return;
    }
    this.run(value);
  }

  async run(value) {
    this.inFlight = true;
    try {
      this.handlers.onAnswer(await this.sendValue(value), value);
    } catch (error) {
      this.handlers.onError(error, value);
    }
    this.inFlight = false;
    const next = this.waiting;
    this.waiting = null;
    if (next) this.run(next.value);
    else this.handlers.onIdle();
  }
}
