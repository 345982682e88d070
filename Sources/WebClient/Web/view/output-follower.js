// Which output a canvas shows, followed through the server's `outputs` messages (docs/live-protocol.md): the
// page's address names it (`/canvas?output=NAME`, Main when it names none); every message lists every
// output, and one that follows a rename says so, so that a canvas showing "A" goes on to show "B". An output
// that does not exist (yet, or any more) is drawn black, and said. No DOM here.

import { MAIN_OUTPUT, defaultOutput, validateOutput, validateOutputName } from '../shared/outputs.js';

/** The query parameter naming the output a canvas shows. */
export const OUTPUT_PARAMETER = 'output';

/**
 * The output a page's address (`location.search`) asks for: `{ name, problem }`, the name as the server
 * stores names (Main when none is given), `problem` a sentence when the given one is not a name at all.
 */
export function outputFromAddress(search) {
  const given = new URLSearchParams(search).get(OUTPUT_PARAMETER);
  if (given === null || given.trim() === '') return { name: MAIN_OUTPUT, problem: null };
  const named = validateOutputName(given);
  if (named.name) return { name: named.name, problem: null };
  return { name: given, problem: `the address names no output the server could have: ${named.error}` };
}

/** The page's address `href` showing the output `name` instead (every other part kept). */
export function addressForOutput(href, name) {
  const url = new URL(href);
  url.searchParams.set(OUTPUT_PARAMETER, name);
  return url.href;
}

/** The live socket's address for a canvas showing the output `name` (the server counts canvases per output). */
export function outputLiveURL(frameURL, name) {
  return `${frameURL}${frameURL.includes('?') ? '&' : '?'}${OUTPUT_PARAMETER}=${encodeURIComponent(name)}`;
}

/** Whether two outputs are the same in every field. */
export function sameOutput(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The output a canvas shows, as the server's messages tell it. */
export class OutputFollower {
  /** Follows the output named `name` (`problem`: what is wrong with the address, if anything). */
  constructor(name, problem = null) {
    this.name = name;
    this.addressProblem = problem;
    /** The output drawn (as validateOutput gives it), or null: black. Main is known before any message. */
    this.output = name === MAIN_OUTPUT ? defaultOutput(MAIN_OUTPUT) : null;
    /** Why the output is not drawn, once the server has said which outputs there are. */
    this.problem = problem;
  }

  /**
   * Takes a live message. An `outputs` message answers `{ changed, renamed }`: whether the output drawn (or
   * its problem) changed, and whether it is now called otherwise (`this.name`). Any other message: null.
   */
  receive(message) {
    if (message?.type !== 'outputs' || !Array.isArray(message.outputs)) return null;
    const before = JSON.stringify([this.output, this.problem]);
    const { from, to } = message.renamed ?? {};
    const renamed = typeof from === 'string' && typeof to === 'string' && from === this.name && to !== from;
    if (renamed) this.name = to;
    this.show(message.outputs.find((output) => output?.name === this.name));
    return { changed: renamed || JSON.stringify([this.output, this.problem]) !== before, renamed };
  }

  /** Shows `listed` (the server's output of this name, or undefined when there is none). */
  show(listed) {
    if (this.addressProblem) return;
    if (listed === undefined && this.name === MAIN_OUTPUT) listed = defaultOutput(MAIN_OUTPUT);
    if (listed === undefined) {
      this.output = null;
      this.problem = `output “${this.name}” does not exist`;
      return;
    }
    const { output, error } = validateOutput(listed);
    this.output = output ?? null;
    this.problem = error ? `output “${this.name}” cannot be drawn: ${error}` : null;
  }

  /** Whether an `identifyOutput` message asks this canvas to show its name. */
  identifies(message) {
    return message?.type === 'identifyOutput' && message.name === this.name;
  }
}
