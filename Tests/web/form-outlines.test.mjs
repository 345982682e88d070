// The form panel's forms: their parameters, names and keys, and their outlines asked of the engine once.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { OUTLINE_BATCH, OutlineCache } from '../../Sources/WebClient/Web/console/form/form-outlines.js';
import {
  FORM_KINDS, PRISM_COVER, canonicalJSON, defaultForm, describeForm, formKey, withParam,
} from '../../Sources/WebClient/Web/console/form/form-kinds.js';

// The forms' kinds, ranges and starting values are the twin-rule table's, which the engine's Form is held to too.
const table = JSON.parse(readFileSync(new URL('../fixtures/twin-rules/form-and-motion.json', import.meta.url), 'utf8'));
const formIn = (kind) => table.forms.find((form) => form.kind === kind);
const startOf = (kind) => Object.fromEntries([['kind', kind], ...formIn(kind).params.map((param) => [param.name, param.default])]);
const rangeOf = (kind, name) => formIn(kind).params.find((param) => param.name === name).range;

const outlineOf = (form) => ({ form, strokeOnly: form.kind === 'line', contours: [{ closed: true, points: [0, 0, 1, 0, 0, 1] }] });

/** A fake engine: answers with outlines, refusing any batch that holds a form of a kind it does not know. */
function fakeEngine(known = ['circle', 'polygon', 'star', 'ring', 'line', 'rose']) {
  const calls = [];
  const fetch = async (forms) => {
    calls.push(forms.map((form) => form.kind));
    const unknown = forms.find((form) => !known.includes(form.kind));
    if (unknown) throw new Error(`unknown form "${unknown.kind}"`);
    return forms.map(outlineOf);
  };
  return { calls, fetch };
}

test('form kinds: the six of Form.swift and the prism, with their ranges and defaults', () => {
  assert.deepEqual(FORM_KINDS.map((k) => k.kind), table.forms.map((form) => form.kind));
  assert.deepEqual(defaultForm('star'), startOf('star'));
  assert.deepEqual(defaultForm('prism'), { kind: 'prism', ...PRISM_COVER });
  assert.deepEqual(startOf('prism'), { kind: 'prism', ...PRISM_COVER });
  assert.deepEqual(FORM_KINDS.find((k) => k.kind === 'prism').params.map((p) => p.label), ['Light', 'Prism', 'Dispersion', 'Rainbow']);
  assert.deepEqual(defaultForm('star', { kind: 'star', points: 9, innerRadius: 0.2 }), { kind: 'star', points: 9, innerRadius: 0.2 });
  assert.deepEqual(defaultForm('ring', { kind: 'star', points: 9, innerRadius: 0.2 }), startOf('ring'));
  assert.equal(defaultForm('blob'), null);
  const [fewestSides, mostSides] = rangeOf('polygon', 'sides');
  assert.deepEqual(withParam({ kind: 'polygon', sides: 6 }, 'sides', mostSides + 6.4), { kind: 'polygon', sides: mostSides });
  assert.deepEqual(withParam({ kind: 'polygon', sides: 6 }, 'sides', fewestSides + 1.6), { kind: 'polygon', sides: fewestSides + 2 });
  assert.deepEqual(withParam({ kind: 'ring', innerRadius: 0.5 }, 'innerRadius', -1), { kind: 'ring', innerRadius: rangeOf('ring', 'innerRadius')[0] });
  assert.deepEqual(withParam({ kind: 'circle' }, 'sides', 5), { kind: 'circle' });
});

test('a form is named for a person and keyed whatever the order of its keys', () => {
  assert.equal(describeForm({ kind: 'ring', innerRadius: 0.82 }), 'Ring, inner radius 0.82');
  assert.equal(describeForm({ kind: 'star', points: 5, innerRadius: 0.4 }), 'Star, 5 points, inner radius 0.4');
  assert.equal(describeForm({ kind: 'polygon', sides: 6 }), 'Polygon, 6 sides');
  assert.equal(describeForm({ kind: 'prism', ...PRISM_COVER }), 'Prism');
  assert.equal(describeForm({ kind: 'circle' }), 'Circle');
  assert.equal(describeForm({ kind: 'blob' }), 'blob');
  assert.equal(describeForm(null), 'No form');
  assert.equal(formKey({ kind: 'star', innerRadius: 0.4, points: 5 }), formKey({ points: 5, kind: 'star', innerRadius: 0.4 }));
  assert.notEqual(formKey({ kind: 'star', innerRadius: 0.4, points: 5 }), formKey({ kind: 'star', innerRadius: 0.4, points: 6 }));
  assert.equal(canonicalJSON({ b: [2, { d: 1, c: null }], a: 'x' }), '{"a":"x","b":[2,{"c":null,"d":1}]}');
});

test('outlines are asked for once, together, and kept by form', async () => {
  const engine = fakeEngine();
  let changes = 0;
  const cache = new OutlineCache(engine.fetch, { onChange: () => { changes += 1; } });
  const forms = [{ kind: 'circle' }, { kind: 'ring', innerRadius: 0.8 }, { innerRadius: 0.8, kind: 'ring' }];
  assert.equal(cache.get(forms[0]).status, 'unknown');
  const done = cache.request(forms);
  assert.equal(cache.get(forms[0]).status, 'pending');
  await done;
  assert.deepEqual(engine.calls, [['circle', 'ring']]);
  assert.equal(changes, 1);
  assert.deepEqual(cache.get({ kind: 'circle' }), { status: 'ready', outline: outlineOf({ kind: 'circle' }) });
  await cache.request(forms);
  await cache.request([{ kind: 'circle' }, null, 'x']);
  assert.equal(engine.calls.length, 1, 'nothing asked twice');
});

test('a batch refused for one form: the others are asked for alone, and the refused one is left for a while', async () => {
  const engine = fakeEngine();
  let now = 0;
  const cache = new OutlineCache(engine.fetch, { now: () => now });
  const prism = { kind: 'prism', ...PRISM_COVER };
  await cache.request([{ kind: 'circle' }, prism, { kind: 'line' }]);
  assert.deepEqual(engine.calls, [['circle', 'prism', 'line'], ['circle'], ['prism'], ['line']]);
  assert.equal(cache.get({ kind: 'circle' }).status, 'ready');
  assert.equal(cache.get({ kind: 'line' }).status, 'ready');
  assert.deepEqual(cache.get(prism), { status: 'failed', error: 'unknown form "prism"', at: 0 });
  now = 5000;
  await cache.request([prism]);
  assert.equal(engine.calls.length, 4, 'not asked again at once');
  now = 10_001;
  await cache.request([prism]);
  assert.equal(engine.calls.length, 5, 'asked again after a while');
});

test('more than 64 forms go in several requests; a wrong answer is a failure', async () => {
  const engine = fakeEngine();
  const cache = new OutlineCache(engine.fetch);
  const forms = Array.from({ length: 100 }, (_, i) => ({ kind: 'polygon', sides: 3 + (i % 62), n: i }));
  await cache.request(forms);
  assert.deepEqual(engine.calls.map((c) => c.length), [OUTLINE_BATCH, 36]);
  const short = new OutlineCache(async () => []);
  await short.request([{ kind: 'circle' }]);
  assert.equal(short.get({ kind: 'circle' }).status, 'failed');
  const empty = new OutlineCache(async (forms) => forms.map(() => ({})));
  await empty.request([{ kind: 'circle' }]);
  assert.deepEqual(empty.get({ kind: 'circle' }).error, 'the engine sent no outline');
});
