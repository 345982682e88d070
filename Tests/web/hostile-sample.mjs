// The seeded hostile cases node --test reads: bench/hostile_input.py is their one generator (the house's, whose
// cases also go to the real server); `python bench/hostile_input.py` writes a sample of them to
// Tests/fixtures/hostile/outputs.json, and Tests/python/test_twin_rules_hostile.py holds the file to what the
// generator makes now. A number JSON cannot hold (NaN, ±Infinity) is written there as {"$number": "NaN"}.
import { readFileSync } from 'node:fs';

const NUMBERS = Object.freeze({ NaN: Number.NaN, Infinity: Number.POSITIVE_INFINITY, '-Infinity': Number.NEGATIVE_INFINITY });

/** `value` with each {"$number": …} the number it stands for. */
export function revived(value) {
  if (Array.isArray(value)) return value.map(revived);
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0] === '$number' && value.$number in NUMBERS) return NUMBERS[value.$number];
  return Object.fromEntries(keys.map((key) => [key, revived(value[key])]));
}

/**
 * The outputs' sample: `outputs`, each `{ address, body, refused }` (the address the body's name when the file
 * leaves it out; `refused`: built to be refused), and `names`, each `{ text, kept }` (what the text rule keeps
 * of it as an output's name, or null).
 */
export function outputSample() {
  const sample = JSON.parse(readFileSync(new URL('../fixtures/hostile/outputs.json', import.meta.url), 'utf8'));
  return {
    outputs: sample.outputs.map(({ address, body, refused }) => ({ address: address ?? body.name, body: revived(body), refused })),
    names: sample.names,
  };
}
