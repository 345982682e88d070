// The fixture patch as the Fixtures panel reads, shows and edits it (docs/fixtures.md, "Over HTTP" and "Two
// consoles at once"): the server's answer and its live `fixturePatch` and `fixtures` messages read and kept
// together by revision, a fixture in words, a fixture's fields for the form and back, the bodies of the
// requests, and the writes that keep only the newest of several waiting. No DOM here.
//
// The server is the one judge of a patch: it checks it whole (names, overlaps, universes) and its refusal
// is what the panel shows. What is checked here is only what a form can say before anything is sent — a
// field that is not a number, a number out of its range, a place off the stage, a name taken —, in the
// server's own words where it has them.

import { isOlder, readRevision } from '../shared/revisions.js';

/** The kinds of fixture and how many channels a light of each takes (Sources/Fixtures/Fixture.swift). */
export const FIXTURE_KINDS = Object.freeze([
  Object.freeze({ kind: 'dimmer', channels: 1, label: 'dimmer (1 channel)' }),
  Object.freeze({ kind: 'rgb', channels: 3, label: 'rgb (3 channels)' }),
  Object.freeze({ kind: 'rgbw', channels: 4, label: 'rgbw (4 channels)' }),
  Object.freeze({ kind: 'rgbd', channels: 4, label: 'rgbd: rgb and dimmer (4)' }),
  Object.freeze({ kind: 'rgbwd', channels: 5, label: 'rgbwd: rgbw and dimmer (5)' }),
]);

/** Where a fixture stands: at a point, over an area, or along a strip of lights. */
export const PLACE_KINDS = Object.freeze(['point', 'area', 'strip']);

/** The ranges the server takes (docs/fixtures.md, "The patch"). */
export const LIMITS = Object.freeze({
  universe: Object.freeze([1, 63999]), address: Object.freeze([1, 512]), pixels: Object.freeze([1, 2048]),
  gamma: Object.freeze([1, 3]), level: Object.freeze([0, 1]), master: Object.freeze([0, 1]),
});

/** A fixture's gamma when it says none. */
export const DEFAULT_GAMMA = 2.2;

/** The test modes, as POST /api/fixtures/test names them, with their buttons' names. */
export const TEST_MODES = Object.freeze([
  Object.freeze({ mode: 'white', label: 'White' }), Object.freeze({ mode: 'black', label: 'Black' }),
  Object.freeze({ mode: 'identify', label: 'Identify' }), Object.freeze({ mode: 'off', label: 'Off' }),
]);

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const finite = (value, fallback) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const strings = (value) => (Array.isArray(value) ? value.filter((item) => typeof item === 'string') : []);
const fixed = (value, digits = 2) => finite(value, 0).toFixed(digits);

/** A test as the server says it (`{ mode, fixture? }`), or null for none. */
function readTest(value) {
  if (!isObject(value) || typeof value.mode !== 'string') return null;
  return { mode: value.mode, fixture: typeof value.fixture === 'string' ? value.fixture : null };
}

/** The fixtures and what they fill: the part of a patch the live `fixturePatch` message says too. */
function readFixtures(value) {
  return {
    revision: readRevision(value.revision),
    fixtures: value.fixtures.filter((fixture) => isObject(fixture) && typeof fixture.name === 'string'),
    universes: Array.isArray(value.universes) ? value.universes.filter(Number.isInteger) : [],
    problems: strings(value.problems),
  };
}

/**
 * The answer of GET, PUT or PATCH /api/fixtures (or POST /api/fixtures/test, or a 409's `current`), read:
 * `{ revision, fixtures, universes, master, blackout, test, targets, rate, problems }` — `revision` null when
 * the server does not say it, `test` null when none runs, `rate` null when the server does not say it. Null
 * when it is not a patch.
 */
export function parsePatch(answer) {
  if (!isObject(answer) || !Array.isArray(answer.fixtures)) return null;
  const { revision, fixtures, universes, problems } = readFixtures(answer);
  return {
    revision,
    fixtures,
    universes,
    master: Math.min(1, Math.max(0, finite(answer.master, 1))),
    blackout: answer.blackout === true,
    test: readTest(answer.test),
    targets: strings(answer.targets),
    rate: Number.isFinite(answer.rate) ? answer.rate : null,
    problems,
  };
}

/**
 * The live `{"type": "fixturePatch", "revision", "fixtures", "universes", "problems"}` read: `{ revision,
 * fixtures, universes, problems }`, or null when it is not one.
 */
export function parsePatchMessage(message) {
  if (!isObject(message) || message.type !== 'fixturePatch' || !Array.isArray(message.fixtures)) return null;
  return readFixtures(message);
}

/** The fixtures' controls as the live `{"type": "fixtures", "master", "blackout", "test"}` (or an answer) says them, or null. */
export function parseControls(message) {
  if (!isObject(message) || typeof message.blackout !== 'boolean' || !Number.isFinite(message.master)) return null;
  return { master: Math.min(1, Math.max(0, message.master)), blackout: message.blackout, test: readTest(message.test) };
}

/** The controls before any has been said: what a server started afresh has. */
export const DEFAULT_CONTROLS = Object.freeze({ master: 1, blackout: false, test: null });

/**
 * The patch a console keeps (`{ revision, fixtures, universes, problems, targets, rate }`) after `read` — an
 * answer's patch (parsePatch) or a live message's (parsePatchMessage) —, or null when `read` is older than
 * `held` (the two crossed) and is dropped; `anyRevision`: taken whatever its revision (the first news of a
 * new connection: a server started again counts from its own start). A live message says no `targets` nor
 * `rate`: those held are kept (null until an answer has said them).
 */
export function keptPatch(held, read, { anyRevision = false } = {}) {
  if (!read || (!anyRevision && isOlder(read.revision, held?.revision))) return null;
  return {
    revision: read.revision ?? held?.revision ?? null,
    fixtures: read.fixtures,
    universes: read.universes,
    problems: read.problems,
    targets: 'targets' in read ? read.targets : held?.targets ?? null,
    rate: 'rate' in read ? read.rate : held?.rate ?? null,
  };
}

/** The patch as the panel shows it: the kept patch with the controls (their defaults until said); null before any patch. */
export function shownPatch(patch, controls) {
  if (!patch) return null;
  const { master, blackout, test } = controls ?? DEFAULT_CONTROLS;
  return { ...patch, master, blackout, test };
}

/** Where a fixture stands: 'point', 'area' or 'strip' (null for none of them). */
export function placeKindOf(fixture) {
  return PLACE_KINDS.find((kind) => isObject(fixture?.[kind])) ?? null;
}

/** Its first channel as a lighting desk says it: "universe.address" ("1.4"). */
export function addressText(fixture) {
  return `${fixture.universe}.${fixture.address}`;
}

/** Where it stands, in words: "point 0.25, 0.50", "area 0.10, 0.20, 0.30 × 0.40", "strip of 60, 0.10, 0.90 → 0.90, 0.90". */
export function placeText(fixture) {
  const { point, area, strip } = fixture;
  switch (placeKindOf(fixture)) {
    case 'point': return `point ${fixed(point.x)}, ${fixed(point.y)}`;
    case 'area': return `area ${fixed(area.x)}, ${fixed(area.y)}, ${fixed(area.width)} × ${fixed(area.height)}`;
    case 'strip': return `strip of ${strip.pixels}, ${fixed(strip.from?.x)}, ${fixed(strip.from?.y)} → ${fixed(strip.to?.x)}, ${fixed(strip.to?.y)}`;
    default: return 'nowhere';
  }
}

/** The fixture called `name` in `fixtures`, or null. */
export function fixtureNamed(fixtures, name) {
  return fixtures.find((fixture) => fixture.name === name) ?? null;
}

/** `fixtures` with `fixture` in place of the one at `index` — or added at the end when `index` is null. */
export function withFixture(fixtures, fixture, index = null) {
  if (index === null || index < 0 || index >= fixtures.length) return [...fixtures, fixture];
  return fixtures.map((old, at) => (at === index ? fixture : old));
}

/** Where the fixture called `name` is in `fixtures` (the one a form edits), or null: a new one, or gone meanwhile. */
export function indexNamed(fixtures, name) {
  if (typeof name !== 'string') return null;
  const index = fixtures.findIndex((fixture) => fixture.name === name);
  return index < 0 ? null : index;
}

/** `fixtures` without the one at `index`. */
export function withoutFixture(fixtures, index) {
  return fixtures.filter((_, at) => at !== index);
}

/** The body of PUT /api/fixtures: the whole patch. */
export function patchBody(fixtures) {
  return { fixtures };
}

/** The body of POST /api/fixtures/test: `mode` for every fixture, or for the one called `name`; "off" for none. */
export function testBody(mode, name = null) {
  if (mode === 'off' || typeof name !== 'string' || name === '') return { mode };
  return { mode, fixture: name };
}

/** What the test running is, in words. */
export function testText(test) {
  if (!test) return 'No test: the fixtures show the stage.';
  const label = TEST_MODES.find((entry) => entry.mode === test.mode)?.label ?? test.mode;
  return test.fixture ? `Testing: ${label}, “${test.fixture}” (the others show the stage).` : `Testing: ${label}, every fixture.`;
}

/** Where the patch goes and how often, in words ('' while not read yet: the live message does not say it). */
export function outputText(patch) {
  if (!patch || !Array.isArray(patch.targets)) return '';
  const rate = patch.rate === null ? '' : ` at ${patch.rate} frames a second`;
  if (patch.targets.length === 0) return `Sent nowhere: start imager serve with --dmx (artnet:HOST or sacn:…)${rate ? `; it would go${rate}` : ''}.`;
  return `Sent to ${patch.targets.join(', ')}${rate}.`;
}

/** The master as the slider says it: "80%". */
export function masterText(master) {
  return `${Math.round(finite(master, 0) * 100)}%`;
}

/** Whether a key press toggles the blackout: B, without ctrl, alt or meta, and not a held key's repeat. */
export function isBlackoutKey({ key, code, ctrlKey = false, altKey = false, metaKey = false, repeat = false }) {
  if (ctrlKey || altKey || metaKey || repeat) return false;
  return code === 'KeyB' || key === 'b' || key === 'B';
}

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
