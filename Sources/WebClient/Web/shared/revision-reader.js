// Reads a thing the server revises (the music library, say) again when a change of it is told: at most one
// read at a time, a change told during a read read after it, and nothing read when what is held is already as
// new as the change told (a page that made the change took its answer first). No DOM: `read` is the caller's.

/** Keeps what a page holds of a revised thing as new as the changes told of it. */
export class RevisionReader {
  /**
   * `read()` resolves to `{ ok, data }` (sender.request's answer: a failure is said there); `held()` is the
   * revision the page holds (null: nothing yet); `take(data)` takes what was read.
   */
  constructor(read, { held, take }) {
    this.read = read;
    this.held = held;
    this.take = take;
    /** The newest revision told, and whether the next read is to be made whatever is held. */
    this.wanted = 0;
    this.always = false;
    this.reading = null;
  }

  /** A change to `revision` was told: it is read, unless what is held is as new. Resolves when read. */
  told(revision) {
    this.wanted = Math.max(this.wanted, revision);
    return this.#start();
  }

  /** Reads it again whatever is held (the connection came back: changes may have gone untold). */
  again() {
    this.always = true;
    return this.#start();
  }

  #stale() {
    const held = this.held();
    return this.always || held === null || held === undefined || held < this.wanted;
  }

  #start() {
    if (this.reading) return this.reading;
    if (!this.#stale()) return Promise.resolve();
    // Begun on the next turn, so that `reading` is set before the loop can end and clear it.
    this.reading = Promise.resolve().then(() => this.#loop());
    return this.reading;
  }

  async #loop() {
    try {
      do {
        this.always = false;
        const answer = await this.read();
        if (!answer?.ok) return;  // said by the reader; the next change told reads again
        this.take(answer.data);
      } while (this.#stale());
    } finally {
      this.reading = null;
    }
  }
}
