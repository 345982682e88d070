// Forms' outlines as the engine draws them (POST /api/forms/outline), asked for once and kept by form: the
// form panel draws its gallery and preview from them. Forms are asked for together, at most 64 at a time;
// when a batch is refused (one bad form refuses them all) each form is asked for alone, so one the engine
// does not know does not hide the others. A form refused is asked for again only after a while. No DOM.

import { formKey } from './form-kinds.js';

/** The most forms one request may carry (docs/library-api.md). */
export const OUTLINE_BATCH = 64;
/** How long a refused form is left before it is asked for again, in milliseconds. */
export const RETRY_MILLISECONDS = 10_000;

/**
 * `fetchOutlines(forms)` resolves to the answer's `forms` (`[{form, strokeOnly, contours}]`, in the order
 * asked) or throws an Error. `onChange()` is called when outlines arrive or fail.
 */
export class OutlineCache {
  constructor(fetchOutlines, { onChange = () => {}, now = () => Date.now(), retryMilliseconds = RETRY_MILLISECONDS } = {}) {
    this.fetchOutlines = fetchOutlines;
    this.onChange = onChange;
    this.now = now;
    this.retryMilliseconds = retryMilliseconds;
    this.entries = new Map();
  }

  /** What is known of `form`: `{status: 'ready', outline}`, `{status: 'pending'}`, `{status: 'failed', error}`, or `{status: 'unknown'}`. */
  get(form) {
    return this.entries.get(formKey(form)) ?? { status: 'unknown' };
  }

  /** Asks for the outlines of those `forms` not known yet (nor failed lately). Resolves when the answers are in. */
  async request(forms) {
    const wanted = new Map();
    for (const form of forms) {
      if (!form || typeof form !== 'object') continue;
      const key = formKey(form);
      const entry = this.entries.get(key);
      if (entry?.status === 'ready' || entry?.status === 'pending') continue;
      if (entry?.status === 'failed' && this.now() - entry.at < this.retryMilliseconds) continue;
      wanted.set(key, form);
    }
    if (wanted.size === 0) return;
    for (const key of wanted.keys()) this.entries.set(key, { status: 'pending' });
    const batches = [];
    const all = [...wanted.entries()];
    for (let i = 0; i < all.length; i += OUTLINE_BATCH) batches.push(all.slice(i, i + OUTLINE_BATCH));
    await Promise.all(batches.map((batch) => this.#fetch(batch)));
  }

  async #fetch(batch) {
    try {
      const outlines = await this.fetchOutlines(batch.map(([, form]) => form));
      if (!Array.isArray(outlines) || outlines.length !== batch.length) throw new Error('the engine sent a different number of outlines');
      batch.forEach(([key], i) => {
        const outline = outlines[i];
        if (outline && Array.isArray(outline.contours)) this.entries.set(key, { status: 'ready', outline });
        else this.entries.set(key, { status: 'failed', error: 'the engine sent no outline', at: this.now() });
      });
    } catch (error) {
      if (batch.length > 1) {
        await Promise.all(batch.map((one) => this.#fetch([one])));
        return;
      }
      this.entries.set(batch[0][0], { status: 'failed', error: error?.message ?? String(error), at: this.now() });
    }
    this.onChange();
  }
}
