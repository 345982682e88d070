// A fixture as the Fixtures panel's form edits it: its fields as text (`formFields`), the fields of a new
// fixture placed after the others (`newFixtureFields`), and the fields read back into the fixture the
// server takes (`fixtureFromFields`) or what is wrong with one of them. No DOM here. Overlaps and the rest
// of the patch's rules are the server's: it refuses a clash with the first one named.

import { DEFAULT_GAMMA, FIXTURE_KINDS, LIMITS, PLACE_KINDS, placeKindOf } from './fixtures-model.js';

/** The form's fields, in order: the name of each and its label. */
export const FIELD_LABELS = Object.freeze({
  name: 'Fixture name', kind: 'Kind', universe: 'Universe', address: 'Address', place: 'Place', x: 'X', y: 'Y',
  width: 'Width', height: 'Height', fromX: 'From X', fromY: 'From Y', toX: 'To X', toY: 'To Y', pixels: 'Pixels',
  gamma: 'Gamma', level: 'Level',
});

/** The fields each place shows. */
export const PLACE_FIELDS = Object.freeze({
  point: Object.freeze(['x', 'y']),
  area: Object.freeze(['x', 'y', 'width', 'height']),
  strip: Object.freeze(['fromX', 'fromY', 'toX', 'toY', 'pixels']),
});

/** What a new fixture's place is until it is changed, as fields. */
const PLACE_DEFAULTS = Object.freeze({
  x: '0.5', y: '0.5', width: '0.2', height: '0.2', fromX: '0.1', fromY: '0.5', toX: '0.9', toY: '0.5', pixels: '30',
});

const text = (value) => (value === undefined || value === null ? '' : String(value));

/** The channels a light of `kind` takes (3 for a kind not known). */
export function channelsOf(kind) {
  return FIXTURE_KINDS.find((entry) => entry.kind === kind)?.channels ?? 3;
}

/** A fixture's fields, as text, for the form (a place's other fields keep their defaults). */
export function formFields(fixture) {
  const place = placeKindOf(fixture) ?? 'point';
  const fields = {
    ...PLACE_DEFAULTS, name: text(fixture.name), kind: text(fixture.kind), universe: text(fixture.universe),
    address: text(fixture.address), place, gamma: text(fixture.gamma ?? DEFAULT_GAMMA), level: text(fixture.level ?? 1),
  };
  if (place === 'point') Object.assign(fields, { x: text(fixture.point.x), y: text(fixture.point.y) });
  if (place === 'area') {
    const { x, y, width, height } = fixture.area;
    Object.assign(fields, { x: text(x), y: text(y), width: text(width), height: text(height) });
  }
  if (place === 'strip') {
    const { from, to, pixels } = fixture.strip;
    Object.assign(fields, { fromX: text(from?.x), fromY: text(from?.y), toX: text(to?.x), toY: text(to?.y), pixels: text(pixels) });
  }
  return fields;
}

/**
 * The channels a fixture takes, universe by universe: `[{ universe, first, last }]` — a strip's lights one
 * after another, continuing at channel 1 of the next universe when a light no longer fits (the server's rule).
 */
export function footprint(fixture) {
  const width = channelsOf(fixture.kind);
  const lights = placeKindOf(fixture) === 'strip' ? Math.max(1, Math.floor(fixture.strip.pixels) || 1) : 1;
  const spans = [];
  let universe = fixture.universe;
  let address = fixture.address;
  for (let light = 0; light < lights; light += 1) {
    if (address + width - 1 > 512 && light > 0) {
      universe += 1;
      address = 1;
    }
    const last = spans[spans.length - 1];
    if (last && last.universe === universe && last.last === address - 1) last.last = address + width - 1;
    else spans.push({ universe, first: address, last: address + width - 1 });
    address += width;
  }
  return spans;
}

/** The first channel of `universe` after every channel the `fixtures` take in it (1 when none does). */
export function nextAddress(fixtures, universe = 1) {
  let next = 1;
  for (const fixture of fixtures) {
    for (const span of footprint(fixture)) if (span.universe === universe) next = Math.max(next, span.last + 1);
  }
  return next;
}

/** "Fixture N", the first N no fixture of `fixtures` is called. */
export function freeName(fixtures, stem = 'Fixture') {
  const names = new Set(fixtures.map((fixture) => fixture.name));
  for (let n = fixtures.length + 1; ; n += 1) if (!names.has(`${stem} ${n}`)) return `${stem} ${n}`;
}

/** The fields of a new fixture: an rgb point in the middle, named and addressed after the `fixtures` (universe 1). */
export function newFixtureFields(fixtures) {
  const address = nextAddress(fixtures, 1);
  return {
    ...PLACE_DEFAULTS, name: freeName(fixtures), kind: 'rgb', universe: '1', address: String(address <= 512 ? address : 1),
    place: 'point', gamma: String(DEFAULT_GAMMA), level: '1',
  };
}

/** A field's number, or null when it is not one. */
function numberOf(value) {
  const trimmed = String(value ?? '').trim();
  if (trimmed === '') return null;
  const number = Number(trimmed.replace(',', '.'));
  return Number.isFinite(number) ? number : null;
}

/**
 * Reads the fields, each a number in [min, max] (whole when `whole`): `{ values }`, or `{ error, field }`
 * for the first that is not.
 */
function readNumbers(fields, specs) {
  const values = {};
  for (const [field, [min, max], whole] of specs) {
    const value = numberOf(fields[field]);
    const rule = `${FIELD_LABELS[field]} is ${whole ? 'a whole number' : 'a number'} from ${min} to ${max}`;
    if (value === null) return { error: `${rule}.`, field };
    if ((whole && !Number.isInteger(value)) || value < min || value > max) return { error: `${rule}; ${value} is not.`, field };
    values[field] = value;
  }
  return { values };
}

const STAGE = [0, 1];

/** The place the fields say, or `{ error, field }`. */
function placeFromFields(place, fields) {
  const wanted = PLACE_FIELDS[place].map((field) => [field, field === 'pixels' ? LIMITS.pixels : STAGE, field === 'pixels']);
  const read = readNumbers(fields, wanted);
  if (read.error) return read;
  const v = read.values;
  if (place === 'point') return { place: { point: { x: v.x, y: v.y } } };
  if (place === 'strip') return { place: { strip: { from: { x: v.fromX, y: v.fromY }, to: { x: v.toX, y: v.toY }, pixels: v.pixels } } };
  if (v.width <= 0 || v.height <= 0) return { error: 'An area has a width and a height above 0.', field: v.width <= 0 ? 'width' : 'height' };
  if (v.x + v.width > 1 + 1e-9) return { error: 'The area stays on the stage: X + Width is at most 1.', field: 'width' };
  if (v.y + v.height > 1 + 1e-9) return { error: 'The area stays on the stage: Y + Height is at most 1.', field: 'height' };
  return { place: { area: { x: v.x, y: v.y, width: v.width, height: v.height } } };
}

/**
 * The fixture the form's `fields` say, as the server takes it — `{ fixture }` — or what is wrong first,
 * `{ error, field }` (`field` the one to fix). `others` are the patch's other fixtures: a name is one
 * fixture's.
 */
export function fixtureFromFields(fields, others = []) {
  const name = text(fields.name).trim();
  if (name === '') return { error: 'A fixture has a name.', field: 'name' };
  if (others.some((fixture) => fixture.name === name)) return { error: `Another fixture is called “${name}”: a name is one fixture's.`, field: 'name' };
  if (!FIXTURE_KINDS.some((entry) => entry.kind === fields.kind)) return { error: 'Choose the kind of fixture.', field: 'kind' };
  if (!PLACE_KINDS.includes(fields.place)) return { error: 'Choose where the fixture stands: a point, an area or a strip.', field: 'place' };
  const read = readNumbers(fields, [
    ['universe', LIMITS.universe, true], ['address', LIMITS.address, true], ['gamma', LIMITS.gamma, false], ['level', LIMITS.level, false],
  ]);
  if (read.error) return read;
  const placed = placeFromFields(fields.place, fields);
  if (placed.error) return placed;
  const { universe, address, gamma, level } = read.values;
  return { fixture: { name, universe, address, kind: fields.kind, ...placed.place, gamma, level } };
}
