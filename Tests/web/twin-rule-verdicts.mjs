// The console's verdicts on the twin rules' cases, for Tests/python/test_twin_rules_hostile.py, which asks the
// real server for its own on the same cases and requires the two to agree. Reads
// `{"outputs": [body, …], "fixture-patch": [body, …], "light-from-sound": [light, …]}` on stdin (any of them) —
// each body a JSON value as hostile-sample.mjs writes it, each light `{cues, sensitivity, tempo, ticks}` — and
// prints, rule by rule and case by case, what the console makes of it (a light: `{"events": [[start, length,
// gain], …]}`, the events the lab's preview shows and Apply would score); a body:
//   {"kept": value}              what it would keep (the server must keep the same);
//   {"refused": words}           refused by the rule in these words (the server's must be the same);
//   {"refused": words, "own": true}  refused in the form's own words, before the rule (a field that is no
//                                number): the server must refuse, in words of its own;
//   {"sent": fixtures}           (a patch) sent as the form makes it, the patch's layout being the server's;
//   {"outside": why}             a body the console cannot make at all: the server must refuse it.
import { cueEvents } from '../../Sources/WebClient/Web/compose/light-from-sound/light-from-sound-model.js';
import { checkedFixture, formFields, readFields } from '../../Sources/WebClient/Web/console/fixtures/fixture-fields.js';
import { validateOutput } from '../../Sources/WebClient/Web/shared/outputs.js';
import { revived } from './hostile-sample.mjs';

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const isNumber = (value) => typeof value === 'number';
const isPoint = (value) => isObject(value) && isNumber(value.x) && isNumber(value.y);

/** The output rule: shared/outputs.js's validateOutput, what the canvas and the console hold an output to. */
function outputVerdict(body) {
  const { output, error } = validateOutput(body);
  return error === undefined ? { kept: output } : { refused: error };
}

/** Why the Fixtures form cannot say `fixture` (a value it has no field for, or no field can hold), or null. */
function unsayable(fixture) {
  if (!isObject(fixture)) return 'a fixture that is no object';
  if (typeof fixture.name !== 'string' || typeof fixture.kind !== 'string') return 'a name or a kind that is no text';
  for (const key of ['universe', 'address']) {
    if (!isNumber(fixture[key])) return `a ${key} that is no number`;
    if (Number.isInteger(fixture[key]) && !Number.isSafeInteger(fixture[key])) return `a ${key} past what a JavaScript number holds exactly`;
  }
  for (const key of ['gamma', 'level']) if (fixture[key] !== undefined && fixture[key] !== null && !isNumber(fixture[key])) return `a ${key} that is no number`;
  const places = ['point', 'area', 'strip'].filter((key) => key in fixture);
  if (places.length !== 1) return `${places.length} places`;
  const { point, area, strip } = fixture;
  if (places[0] === 'point' && !isPoint(point)) return 'a point that is no two numbers';
  if (places[0] === 'area' && !(isPoint(area) && isNumber(area.width) && isNumber(area.height))) return 'an area that is no four numbers';
  if (places[0] === 'strip' && !(isObject(strip) && isPoint(strip.from) && isPoint(strip.to) && isNumber(strip.pixels))) {
    return 'a strip that is no two points and a number';
  }
  return null;
}

/**
 * The fixture patch's rule as the Fixtures form holds it: the fixtures added in turn through the form (each
 * written into its fields, read back, and held to the rule beside those before it), the first refusal said;
 * else the patch the form would send.
 */
function patchVerdict(body) {
  if (!isObject(body) || !Array.isArray(body.fixtures)) return { outside: 'a body that is no patch' };
  const sent = [];
  for (const fixture of body.fixtures) {
    const why = unsayable(fixture);
    if (why) return { outside: why };
    const read = readFields(formFields(fixture));
    if (read.error) return { refused: read.error, own: true };
    const checked = checkedFixture(read.fixture, sent);
    if (checked.error) return { refused: checked.error };
    sent.push(checked.fixture);
  }
  return { sent };
}

/** The kept-cue rule: the lab's cueEvents, what its preview shows of light from sound. */
function lightVerdict({ cues, sensitivity, tempo, ticks }) {
  return { events: cueEvents(cues, { sensitivity, tempo, ticks }).map(({ start, length, gain }) => [start, length, gain]) };
}

const RULES = { outputs: outputVerdict, 'fixture-patch': patchVerdict, 'light-from-sound': lightVerdict };

let text = '';
for await (const chunk of process.stdin) text += chunk;
const asked = JSON.parse(text);
const verdicts = Object.fromEntries(Object.entries(asked).map(([rule, bodies]) => [rule, bodies.map((body) => {
  try {
    return RULES[rule](revived(body));
  } catch (error) {
    return { threw: String(error?.stack ?? error) };
  }
})]));
process.stdout.write(JSON.stringify(verdicts));
