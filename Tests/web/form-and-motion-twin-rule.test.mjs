// The forms and motions the panels offer (Tests/fixtures/twin-rules/form-and-motion.json), which the engine's Form,
// Motion and EdgeBehavior are held to as well (Tests/InstrumentTests/FormAndMotionTwinRuleTests.swift): the kinds
// in the engine's order, each parameter's range and the value a new one of the kind starts at.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { FORM_KINDS, defaultForm, withParam } from '../../Sources/WebClient/Web/console/form/form-kinds.js';
import { EDGES, MOTION_KINDS, defaultMotion } from '../../Sources/WebClient/Web/console/motion/motion-kinds.js';

const table = JSON.parse(readFileSync(new URL('../fixtures/twin-rules/form-and-motion.json', import.meta.url), 'utf8'));

/** A panel's kinds as the table writes them. */
const asTable = (kinds) => kinds.map(({ kind, params }) => ({
  kind,
  params: params.map((param) => ({ name: param.name, range: [param.min, param.max], default: param.default, ...(param.integer ? { integer: true } : {}) })),
}));

/** A kind as a new one starts, by the table. */
const started = ({ kind, params }) => Object.fromEntries([['kind', kind], ...params.map((param) => [param.name, param.default])]);

test('the form panel offers the engine\'s forms, each parameter in its range, starting where the table says', () => {
  assert.deepEqual(asTable(FORM_KINDS), table.forms);
  for (const form of table.forms) assert.deepEqual(defaultForm(form.kind), started(form), form.kind);
});

test('a form\'s parameter set past its range is kept at its end, as the engine would keep it', () => {
  for (const form of table.forms) {
    for (const param of form.params) {
      const [lowest, highest] = param.range;
      assert.equal(withParam(started(form), param.name, lowest - 1)[param.name], lowest, `${form.kind} ${param.name}`);
      assert.equal(withParam(started(form), param.name, highest + 1)[param.name], highest, `${form.kind} ${param.name}`);
    }
  }
});

test('the motion panel offers the engine\'s motions and edges, each slider within what the engine keeps', () => {
  assert.deepEqual(asTable(MOTION_KINDS), table.motions);
  assert.deepEqual(EDGES.map(([edge]) => edge), table.edges);
  for (const motion of table.motions) {
    const expected = motion.kind === 'follow' ? null : started(motion);
    assert.deepEqual(defaultMotion(motion.kind), expected, `${motion.kind} (follow comes from a stroke)`);
  }
});
