// The forms the server has described, by index: what the atlas draws from. It outlives the WebGL context
// (a lost context re-creates the atlas from it) and the connection (a new server session re-describes what
// it uses before using it). No DOM or WebGL here.

/** The geometry of every form index described so far, each with a generation that grows when replaced. */
export class FormTable {
  constructor() {
    this.entries = new Map();
    this.nextGeneration = 1;
  }

  /**
   * Takes the forms of a forms message (as `decodeForms` returns them). An index described again with
   * different geometry gets a new generation, so pictures drawn from the old one are no longer used.
   */
  define(forms) {
    for (const form of forms) {
      const signature = formSignature(form);
      const known = this.entries.get(form.index);
      if (known && known.signature === signature) continue;
      this.entries.set(form.index, { ...form, signature, generation: this.nextGeneration++ });
    }
  }

  /** The form at `index` with its `generation`, or undefined if none was described. */
  get(index) { return this.entries.get(index); }

  /** Whether `index` has geometry. */
  has(index) { return this.entries.has(index); }
}

function formSignature(form) {
  return JSON.stringify([form.strokeOnly, form.contours.map((c) => [c.closed, Array.from(c.points)])]);
}
