// Writes that keep only the newest value waiting, for the panels that send what a drag, a fader or a held key
// changes (the Fixtures and Outputs panels): one write at a time, the value waiting replaced by a newer one.
// No DOM here.

/**
 * Writes that keep only the newest value waiting: `push(value)` writes it at once, or after the write
 * under way — one waiting value replacing another, so a fader or a held arrow key sends only where it got
 * to. Resolves with the answer of the last write of the run that carried it. An answer `stopsAfter` says
 * ends the run (a stale copy refused: the value waiting was made on it too, and is dropped).
 */
export class LatestWrite {
  constructor(write, { stopsAfter = () => false } = {}) {
    this.write = write;
    this.stopsAfter = stopsAfter;
    this.waiting = undefined;
    this.running = null;
  }

  /** Whether a write is under way. */
  get busy() { return this.running !== null; }

  /** Writes `value` now, or after the write under way (replacing any value waiting); resolves with the run's last answer. */
  push(value) {
    this.waiting = value;
    if (!this.running) this.running = this.#run();
    return this.running;
  }

  async #run() {
    let answer;
    try {
      while (this.waiting !== undefined) {
        const value = this.waiting;
        this.waiting = undefined;
        answer = await this.write(value);
        if (this.stopsAfter(answer)) this.waiting = undefined;
      }
    } finally {
      this.running = null;
    }
    return answer;
  }
}
