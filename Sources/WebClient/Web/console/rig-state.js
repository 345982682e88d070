// The rig as the server has it, kept with its revisions: what two consoles may edit at once (shared/revisions.js;
// docs/fixtures.md and docs/outputs.md, "Two consoles at once"). The console's store (console-store.js) holds one
// and tells its listeners what each change returns; no DOM here.
//
// It is kept from the live messages and from the answers the panels give it — whichever comes, one older than
// the copy held is dropped (an answer and a message can cross); the first message of each connection is taken
// whatever its revision (a server started again counts from its own start):
// - the fixture patch (`fixturePatch`, on every connection and after every change: fixtures-model.js's
//   keptPatch), and the fixtures' master, blackout, strobing allowed, fixtures fired, head aimed by hand and
//   test (`fixtures`, whoever changed them: a console, a key, MIDI), which have no revision: the newest said is
//   kept;
// - the stage's outputs (`outputs`, on every connection and after every change of one: outputs-model.js), with
//   the rename the message says when it says one (`outputsRenamed`), and how many canvases show each
//   (`canvases`, whenever a canvas comes, goes or changes output, and from GET /api/outputs's answer).
// Every change returns the Set of what changed (`fixtures`, `fixturePatch`, `outputs`, `canvases`), empty when
// nothing did. All of it is kept while the socket is closed: it is the server's.

import { keptPatch, parseControls, parsePatch, parsePatchMessage } from './fixtures/fixtures-model.js';
import { parseCanvasesMessage, parseOutputsAnswer, parseOutputsMessage } from './outputs/outputs-model.js';
import { isOlder, readRevision } from '../shared/revisions.js';

/** The live messages that say the rig. */
export const RIG_MESSAGES = Object.freeze(['fixtures', 'fixturePatch', 'outputs', 'canvases']);

/** The live news whose first message of a connection is taken whatever its revision. */
const RESYNCED = Object.freeze(['fixturePatch', 'outputs']);

/** The fixture patch, its controls, the outputs and their canvases, as last said. */
export class RigState {
  constructor() {
    /** The fixture patch (fixtures-model.js's keptPatch: `{ revision, fixtures, universes, problems, targets, rate }`), or
     * null before it has been said. */
    this.fixturePatch = null;
    /** The fixtures' controls `{ master, blackout, allowStrobe, firing, aiming, test }` as last said, or null. */
    this.fixtureControls = null;
    /** The stage's outputs (outputs-model.js's parseOutput each) as last said, or null before they have been. */
    this.outputs = null;
    /** The rename the last news of the outputs said (`{ from, to }`), or null. */
    this.outputsRenamed = null;
    /** The outputs' revision (null: not said). */
    this.outputsRevision = null;
    /** How many canvases show each output (name → count; an output none shows is absent), or null before it has been said. */
    this.canvases = null;
    /** The news whose next live message is taken whatever its revision: the first of a connection. */
    this.resync = new Set(RESYNCED);
  }

  /** A live message of the rig (`fixtures`, `fixturePatch`, `outputs`, `canvases`); others change nothing. */
  applyMessage(message) {
    switch (message?.type) {
      case 'fixtures': return this.applyFixtureControls(message);
      case 'fixturePatch': return this.applyFixturePatch(message);
      case 'outputs': return this.applyOutputs(message);
      case 'canvases': return this.setCanvases(parseCanvasesMessage(message));
      default: return new Set();
    }
  }

  /** A connection opened: the next `fixturePatch` and `outputs` messages are taken whatever their revision. */
  connected() {
    this.resync = new Set(RESYNCED);
  }

  /** Whether the live message of `news` is the first of its connection, taken whatever its revision (and no longer). */
  #resyncing(news) {
    return this.resync.delete(news);
  }

  /** The fixtures' controls (the live `fixtures` message): the newest said replaces those held; always news. */
  applyFixtureControls(message) {
    const controls = parseControls(message);
    if (controls) this.fixtureControls = controls;
    return new Set(['fixtures']);
  }

  /** The live `fixturePatch` message: the patch, unless older than the one held. */
  applyFixturePatch(message) {
    const read = parsePatchMessage(message);
    if (!read) return new Set();
    return this.#keepPatch(read, this.#resyncing('fixturePatch'));
  }

  /**
   * An answer of /api/fixtures (a panel's GET, PUT, PATCH or test, or a 409's `current`): its patch, unless
   * older than the one held, and its controls.
   */
  setFixturePatch(answer) {
    const read = parsePatch(answer);
    if (!read) return new Set();
    const { master, blackout, allowStrobe, firing, aiming, test } = read;
    this.fixtureControls = { master, blackout, allowStrobe, firing, aiming, test };
    const what = this.#keepPatch(read, false);
    what.add('fixtures');
    return what;
  }

  #keepPatch(read, anyRevision) {
    const kept = keptPatch(this.fixturePatch, read, { anyRevision });
    if (!kept) return new Set();
    this.fixturePatch = kept;
    return new Set(['fixturePatch']);
  }

  /** The stage's outputs (the live `outputs` message): the list replaces the one held, unless older. */
  applyOutputs(message) {
    const read = parseOutputsMessage(message);
    if (!read) return new Set();
    return this.#keepOutputs(read, this.#resyncing('outputs'));
  }

  /**
   * The outputs as a panel's answer says them: `{ outputs, revision, renamed }` — a list the Outputs panel
   * made from an answer of PUT, DELETE or rename (the output as kept, the ETag's revision) — or GET
   * /api/outputs's answer (or a 409's `current`) read, with the canvases it counts. Dropped when older than
   * the list held.
   */
  setOutputs({ outputs, revision = null, renamed = null, canvases = null }) {
    if (!Array.isArray(outputs)) return new Set();
    const what = this.#keepOutputs({ outputs, revision, renamed }, false);
    if (canvases && what.size > 0) {
      this.canvases = canvases;
      what.add('canvases');
    }
    return what;
  }

  /** GET /api/outputs's answer, or a 409's `current`: the outputs, their revision and the canvases. */
  setOutputsAnswer(answer) {
    const read = parseOutputsAnswer(answer);
    return read ? this.setOutputs(read) : new Set();
  }

  #keepOutputs({ outputs, revision, renamed = null }, anyRevision) {
    if (!anyRevision && isOlder(revision, this.outputsRevision)) return new Set();
    this.outputs = outputs;
    this.outputsRenamed = renamed;
    this.outputsRevision = readRevision(revision) ?? this.outputsRevision;
    return new Set(['outputs']);
  }

  /** How many canvases show each output (the live `canvases` message): the newest said replaces the counts held. */
  setCanvases(canvases) {
    if (!canvases) return new Set();
    this.canvases = canvases;
    return new Set(['canvases']);
  }
}
