// Stage outputs as the client checks them before the server does: defaults, names by the text rule, ranges,
// convex corners, grids, masks, Main's rule — and the seeded hostile cases of bench/hostile_input.py (the one
// generator, whose cases the server is held to as well: Tests/python/test_twin_rules_hostile.py), each kept or
// refused in one line as it was built to be.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  MAIN_OUTPUT, defaultOutput, gridCorners, isConvexQuad, validateOutput, validateOutputName,
} from '../../Sources/WebClient/Web/shared/outputs.js';
import { outputSample } from './hostile-sample.mjs';
import { random } from './seeded-random.mjs';

const sample = outputSample();

/** A good output named `name`, for the tests to spoil one field of. */
function goodOutput(name = 'Left') {
  return {
    name, slice: { x: 0, y: 0, width: 0.6, height: 1 }, corners: [[0.1, 0.1], [0.9, 0.05], [0.95, 0.9], [0.05, 0.95]], grid: null,
    blend: { left: 0, right: 0.3, top: 0, bottom: 0, gamma: 2.2 }, mask: null, brightness: 1, testPattern: null,
  };
}

test('a missing field keeps its default; unknown fields are left out', () => {
  assert.deepEqual(validateOutput({ name: 'Left' }), { output: defaultOutput('Left') });
  const { output } = validateOutput({ ...goodOutput(), colour: 'red' });
  assert.deepEqual(output, goodOutput());
  assert.equal('colour' in output, false);
  assert.deepEqual(validateOutput({ name: 'Left', blend: { right: 0.25 } }).output.blend, { left: 0, right: 0.25, top: 0, bottom: 0, gamma: 2.2 });
  // Null is missing, as the server's decoder takes it.
  assert.deepEqual(validateOutput({ name: 'Left', slice: null, corners: null, blend: { gamma: null }, brightness: null, mask: null }),
    { output: defaultOutput('Left') });
});

test('names are trimmed, NFC and 1 to 64 characters with no control characters', () => {
  assert.deepEqual(validateOutputName('  Left\u3000'), { name: 'Left' });
  assert.deepEqual(validateOutputName('Cafe\u0301'), { name: 'Café' });
  assert.deepEqual(validateOutputName('x'.repeat(64)), { name: 'x'.repeat(64) });
  assert.ok(validateOutputName('x'.repeat(65)).error);
  assert.deepEqual(validateOutputName('\u{1f44d}\u{1f3fd}'.repeat(64)), { name: '\u{1f44d}\u{1f3fd}'.repeat(64) }, 'a character is a grapheme');
  for (const bad of ['', '   ', 'A\u0000B', 'Left\n', '\ud800', 'a\u2028b', '\ufeffLeft', 'q' + '\u0301'.repeat(600), 7, null]) {
    assert.ok(validateOutputName(bad).error, JSON.stringify(bad));
  }
});

test('seeded hostile names: what the client stores is what the text rule says', () => {
  assert.ok(sample.names.length >= 50);
  for (const { text, kept } of sample.names) {
    const result = validateOutputName(text);
    assert.equal(result.name ?? null, kept, JSON.stringify(text.slice(0, 80)));
    if (result.error) assert.ok(!result.error.includes('\n') && result.error.length < 120);
  }
});

test('the corners must make a convex quadrilateral, turning either way', () => {
  assert.ok(isConvexQuad([[0, 0], [1, 0], [1, 1], [0, 1]]));
  assert.ok(isConvexQuad([[1, 0], [0, 0], [0, 1], [1, 1]]), 'mirrored, for rear projection');
  assert.ok(!isConvexQuad([[0, 0], [1, 1], [1, 0], [0, 1]]), 'a bow tie');
  assert.ok(!isConvexQuad([[0, 0], [1, 0], [0.3, 0.3], [0, 1]]), 'a dent');
  assert.ok(!isConvexQuad([[0, 0], [0.5, 0], [1, 0], [0, 1]]), 'three on a line');
  assert.ok(!isConvexQuad([[0, 0], [0, 0], [1, 1], [0, 1]]), 'two the same');
  const refused = validateOutput({ name: 'Left', corners: [[0, 0], [1, 1], [1, 0], [0, 1]] });
  assert.match(refused.error, /convex/);
});

test('every number is finite and in its range', () => {
  const cases = [
    [{ slice: { x: 0.5, y: 0, width: 0.6, height: 1 } }, /on the stage/],
    [{ slice: { x: 0, y: 0, width: 0, height: 1 } }, /above 0/],
    [{ slice: { x: 0, y: 0, width: NaN, height: 1 } }, /slice.width/],
    [{ corners: [[0, 0], [1, 0], [1, Infinity], [0, 1]] }, /corners/],
    [{ corners: [[0, 0], [1.2, 0], [1, 1], [0, 1]] }, /corners/],
    [{ blend: { left: 0.6 } }, /blend.left/],
    [{ blend: { gamma: 0.5 } }, /gamma/],
    [{ brightness: 2 }, /brightness/],
    [{ brightness: '1' }, /brightness/],
    [{ testPattern: 'black' }, /testPattern/],
    [{ mask: [[0, 0], [1, 0]] }, /mask/],
  ];
  for (const [fields, reason] of cases) {
    const { error } = validateOutput({ name: 'Left', ...fields });
    assert.match(error ?? '', reason, JSON.stringify(fields));
  }
  // Sums that pass 1 by rounding alone are the stage's edge.
  assert.ok(validateOutput({ name: 'Right', slice: { x: 0.4, y: 0, width: 0.6, height: 1 } }).output);
  assert.ok(validateOutput({ name: 'Right', slice: { x: 0.7, y: 0.1, width: 0.3, height: 0.9 } }).output);
});

test('a grid gives the corners, and corners given with it must be its outline', () => {
  const points = [[0.1, 0.1], [0.5, 0.05], [0.9, 0.1], [0.1, 0.9], [0.5, 0.95], [0.9, 0.9]];
  const grid = { columns: 3, rows: 2, points };
  assert.deepEqual(gridCorners(grid), [[0.1, 0.1], [0.9, 0.1], [0.9, 0.9], [0.1, 0.9]]);
  const { output } = validateOutput({ name: 'Dome', grid });
  assert.deepEqual(output.corners, gridCorners(grid));
  assert.deepEqual(output.grid, grid);
  assert.match(validateOutput({ name: 'Dome', grid, corners: [[0, 0], [1, 0], [1, 1], [0, 1]] }).error, /outer points/);
  assert.match(validateOutput({ name: 'Dome', grid: { columns: 3, rows: 2, points: points.slice(1) } }).error, /6 points/);
  assert.match(validateOutput({ name: 'Dome', grid: { columns: 18, rows: 2, points } }).error, /2 to 17/);
  assert.equal(validateOutput({ name: 'Dome', grid: null }).output.grid, null);
});

test('Main always shows the whole stage unwarped; its brightness and test pattern may change', () => {
  assert.deepEqual(validateOutput({ name: MAIN_OUTPUT, brightness: 0.5, testPattern: 'grid' }).output,
    { ...defaultOutput(MAIN_OUTPUT), brightness: 0.5, testPattern: 'grid' });
  for (const fields of [{ slice: { x: 0, y: 0, width: 0.5, height: 1 } }, { corners: [[0.1, 0], [1, 0], [1, 1], [0, 1]] },
    { blend: { left: 0.1 } }, { mask: [[0, 0], [0.1, 0], [0, 0.1]] }]) {
    assert.match(validateOutput({ name: MAIN_OUTPUT, ...fields }).error, /Main always shows the whole stage/);
  }
});

test('seeded cases: each kept or refused in one line as it was built to be, and nothing throws', () => {
  const built = { kept: 0, refused: 0 };
  for (const { address, body, refused } of sample.outputs) {
    let result;
    assert.doesNotThrow(() => { result = validateOutput(body); });
    built[refused ? 'refused' : 'kept'] += 1;
    if (refused) {
      // Refused here, or kept under a name that is not the address's: that the server refuses at its door.
      assert.ok(result.error || result.output.name !== address, JSON.stringify(body).slice(0, 300));
      if (result.error) assert.ok(!result.error.includes('\n') && result.error.length <= 160, result.error);
    } else {
      assert.equal(result.error, undefined, JSON.stringify(body).slice(0, 300));
      assert.equal(result.output.name, address);
      assert.deepEqual(validateOutput(result.output), result, 'what is kept is kept again as it is');
    }
  }
  assert.ok(built.kept >= 20 && built.refused >= 80, JSON.stringify(built));
  // A body built to throw where it is read (a getter) is refused, not thrown.
  const trap = { name: 'Left', get slice() { throw new Error('boom'); } };
  assert.deepEqual(validateOutput(trap), { error: 'the output could not be read' });
});

test('what validation gives back validates again to itself, and shares nothing with the body', () => {
  const next = random(5);
  for (let n = 0; n < 200; n += 1) {
    const body = goodOutput(`Out ${n}`);
    body.slice.width = 0.1 + next() * 0.5;
    body.brightness = next();
    body.blend.gamma = 1 + 2 * next();
    const { output } = validateOutput(body);
    assert.deepEqual(validateOutput(output), { output });
    body.corners[0][0] = 0.3;
    assert.notEqual(output.corners[0][0], 0.3);
  }
});
