// What the editing plane measures of itself, for tests and benchmarks (bench/plane_fps.py): how many frames
// it drew and how long each took, and for each editing range drawn, the time from its input event to the
// end of the frame that painted it — the frame after the one that drew it, when the browser has shown it.
// No DOM and no clock here: the plane passes the times in (milliseconds).

/** How many of the latest samples are kept. */
const KEPT = 1000;

/** The plane's frame and latency measures. */
export class PlaneStats {
  #framesDrawn = 0;
  #drawMs = [];
  #latencies = [];
  /** The range input waiting to be shown: `{ input, drawn }`, or null. */
  #pending = null;

  /** A range was drawn from an input event at time `input`: timed until a frame has shown it. */
  rangeInput(input) { this.#pending = { input, drawn: false }; }

  /** Whether a range input waits to be shown (the plane draws on until it has been). */
  get waiting() { return this.#pending !== null; }

  /** A frame was drawn, in `milliseconds`. */
  frameDrawn(milliseconds) {
    keep(this.#drawMs, milliseconds);
    this.#framesDrawn += 1;
  }

  /** An animation frame ends at `now`: the one after the frame that drew the waiting range has shown it. */
  frameEnded(now) {
    const painted = this.#pending;
    if (painted?.drawn) {
      keep(this.#latencies, now - painted.input);
      this.#pending = null;
    } else if (painted) {
      painted.drawn = true;
    }
  }

  /** `{ framesDrawn, latencies, drawMs }`: copies of the measures so far (the latest KEPT of each list). */
  get measured() { return { framesDrawn: this.#framesDrawn, latencies: [...this.#latencies], drawMs: [...this.#drawMs] }; }
}

function keep(samples, value) {
  samples.push(value);
  if (samples.length > KEPT) samples.shift();
}
