// MIDI's "Fire NAME" targets: a note that fires a fixture the stage never drives (a smoke machine, a hazer, a laser,
// a strobe: fixture-channels.js's isNeverDriven, as the Fixtures panel's buttons) while it is held — note on sends
// `{"type": "fixtures", "fire": NAME, "on": true}` on the live socket, note off the same with `false`
// (docs/fixtures.md). The targets come from the patch, `fire:NAME`, and change when it does: a mapping to a fixture
// the patch no longer has to fire is kept (the patch may have it again) but plays nothing. No DOM here.

import { isNeverDriven } from '../fixtures/fixture-channels.js';

const PREFIX = 'fire:';

/** The target that fires the fixture `name`. */
export function fireTarget(name) {
  return `${PREFIX}${name}`;
}

/** The fixture a `fire:NAME` target fires, or null when `target` is not one. */
export function firedFixture(target) {
  if (typeof target !== 'string' || !target.startsWith(PREFIX) || target.length === PREFIX.length) return null;
  return target.slice(PREFIX.length);
}

/** The names of the fixtures `patch` (the store's, or null before it is known) has to fire, in its order. */
export function fireableFixtures(patch) {
  const fixtures = Array.isArray(patch?.fixtures) ? patch.fixtures : [];
  return fixtures.filter(isNeverDriven).map((fixture) => String(fixture.name));
}

/** The "Fire NAME" targets of `patch`, in its order. */
export function fireTargets(patch) {
  return fireableFixtures(patch).map(fireTarget);
}

/**
 * The intents a note mapped to the `fire:NAME` target sends: note on fires it, note off lets it rest; nothing for a
 * control change, nor for a fixture that is not among `fireable` (the names the patch has to fire: fireableFixtures).
 */
export function fireIntents(message, target, fireable) {
  const name = firedFixture(target);
  if (name === null || !fireable || ![...fireable].includes(name)) return [];
  if (message?.type === 'noteOn') return [{ type: 'fixtures', fire: name, on: true }];
  if (message?.type === 'noteOff') return [{ type: 'fixtures', fire: name, on: false }];
  return [];
}

/**
 * A fire target for a person: "Fire Smoke" — with why it plays nothing when its fixture is not among `fireable`
 * (null: the patch not yet known).
 */
export function describeFireTarget(target, fireable = undefined) {
  const name = firedFixture(target);
  if (name === null) return String(target);
  if (fireable === undefined) return `Fire ${name}`;
  if (fireable === null) return `Fire ${name} (the patch is not known yet)`;
  return [...fireable].includes(name) ? `Fire ${name}` : `Fire ${name} (not in the patch: plays nothing)`;
}
