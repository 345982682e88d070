// Outlines drawn partially, for a form's animated drawing: trimming by arc length, one pen or in stages.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  contourLength, drawingProgress, pathLength, prismStages, stageProgress, trimContour, trimContours, trimStaged,
} from '../../Sources/WebClient/Web/console/form/trimmed-path.js';
import { random } from './seeded-random.mjs';

const square = { closed: true, points: [0, 0, 1, 0, 1, 1, 0, 1] };
const hook = { closed: false, points: [0, 0, 3, 0, 3, 4] };

function near(actual, expected, message) {
  assert.equal(actual.length, expected.length, `${message}: ${JSON.stringify(actual)}`);
  actual.forEach((value, i) => assert.ok(Math.abs(value - expected[i]) < 1e-12, `${message}: ${JSON.stringify(actual)}`));
}

test('lengths count the closing segment of a closed contour and not of an open one', () => {
  assert.equal(contourLength(square), 4);
  assert.equal(contourLength({ ...square, closed: false }), 3);
  assert.equal(contourLength(hook), 7);
  assert.equal(pathLength([square, hook]), 11);
  assert.equal(contourLength({ closed: true, points: [0.2, 0.3] }), 0);
  assert.equal(contourLength({ closed: true, points: [] }), 0);
});

test('a contour trimmed from a to b of its length starts and ends at those distances, through the corners between', () => {
  near(trimContour(square, 0, 0.5).points, [0, 0, 1, 0, 1, 1], 'half the square');
  near(trimContour(square, 0.125, 0.375).points, [0.5, 0, 1, 0, 1, 0.5], 'round the first corner');
  near(trimContour(square, 0.8, 1).points, [0, 0.8, 0, 0], 'the closing segment');
  near(trimContour(hook, 0, 5 / 7).points, [0, 0, 3, 0, 3, 2], 'the hook');
  near(trimContour(hook, 3 / 7, 1).points, [3, 0, 3, 4], 'from a corner');
  assert.equal(trimContour(square, 0, 0.5).closed, false);
  assert.deepEqual(trimContour(square, 0, 1), square, 'the whole of a closed contour stays closed');
  assert.deepEqual(trimContour(square, -1, 2), square, 'the fractions are clamped');
  assert.equal(trimContour(square, 0.5, 0.5), null);
  assert.equal(trimContour(square, 0.7, 0.2), null);
  assert.equal(trimContour(square, Number.NaN, Number.NaN), null);
  assert.deepEqual(trimContour({ closed: true, points: [0.1, 0.2] }, 0, 0.3), { closed: false, points: [0.1, 0.2] });
});

test('a trimmed part is as long as the share of the contour asked for', () => {
  const next = random(4);
  for (let n = 0; n < 50; n += 1) {
    const points = [];
    const count = 2 + Math.floor(next() * 10);
    for (let i = 0; i < count; i += 1) points.push(next() - 0.5, next() - 0.5);
    const contour = { closed: next() < 0.5, points };
    const total = contourLength(contour);
    const a = next();
    const b = a + next() * (1 - a);
    const part = trimContour(contour, a, b);
    if (b - a < 1e-9) continue;
    assert.ok(Math.abs(contourLength(part) - (b - a) * total) < 1e-9, JSON.stringify({ contour, a, b }));
  }
});

test('one pen draws the contours in order, each whole before the next begins', () => {
  assert.deepEqual(trimContours([square, hook], 0), []);
  const early = trimContours([square, hook], 2 / 11);
  assert.equal(early.length, 1);
  near(early[0].points, [0, 0, 1, 0, 1, 1], 'the square half drawn');
  const later = trimContours([square, hook], 6 / 11);
  assert.equal(later.length, 2);
  assert.deepEqual(later[0], square, 'a contour drawn whole is closed again, to be filled');
  near(later[1].points, [0, 0, 2, 0], 'the hook begun');
  assert.deepEqual(trimContours([square, hook], 1), [square, hook]);
  assert.deepEqual(trimContours([square, hook], 7), [square, hook]);
  const dot = { closed: true, points: [0.4, 0.4] };
  assert.deepEqual(trimContours([square, dot, hook], 4 / 11), [square, dot],
    'a contour of no length appears when the pen reaches it');
  assert.deepEqual(trimContours([dot], 0), []);
});

test('in stages, each contour is traced during its stage, all of a stage together, in painting order', () => {
  const stages = [{ contours: [1], interval: [0, 0.5] }, { contours: [0, 2], interval: [0.5, 1] }];
  const third = { closed: false, points: [0, 0, 0, 1] };
  assert.deepEqual(trimStaged([square, hook, third], 0.25, stages).map(({ index }) => index), [1]);
  near(trimStaged([square, hook, third], 0.25, stages)[0].contour.points, [0, 0, 3, 0, 3, 0.5], 'the hook half way');
  const late = trimStaged([square, hook, third], 0.75, stages);
  assert.deepEqual(late.map(({ index }) => index), [0, 1, 2]);
  near(late[0].contour.points, [0, 0, 1, 0, 1, 1], 'the square half way');
  near(late[2].contour.points, [0, 0, 0, 0.5], 'the line half way');
  assert.deepEqual(late[1].contour, hook);
  assert.equal(stageProgress(0.3, [0.4, 0.6]), 0);
  assert.equal(stageProgress(0.5, [0.4, 0.6]), 0.5);
  assert.equal(stageProgress(0.9, [0.4, 0.6]), 1);
  assert.equal(stageProgress(Number.NaN, [0.4, 0.6]), 0);
});

test("the prism's nine paths are staged as seed 004 draws them: prism, beam, dispersion, then the rainbow", () => {
  const stages = prismStages(9);
  const byName = Object.fromEntries(stages.map((stage) => [stage.name, stage]));
  assert.deepEqual(byName.prism, { name: 'prism', contours: [8], interval: [0, 0.4] });
  assert.deepEqual(byName.beam.interval, [0.4, 0.6]);
  assert.deepEqual(byName.dispersion.interval, [0.6, 0.75]);
  assert.deepEqual(byName.rainbow.contours, [2, 3, 4, 5, 6, 7]);
  assert.deepEqual(stages.flatMap((stage) => stage.contours).sort((a, b) => a - b), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
});

test('another number of prism paths is staged by the painting order: beam, dispersion, rainbow between, prism last', () => {
  assert.equal(prismStages(0), null);
  assert.equal(prismStages(undefined), null);
  assert.deepEqual(prismStages(1).map((s) => [s.name, s.contours]), [['prism', [0]]]);
  assert.deepEqual(prismStages(2).map((s) => [s.name, s.contours]), [['beam', [0]], ['prism', [1]]]);
  assert.deepEqual(prismStages(3).map((s) => [s.name, s.contours]), [['beam', [0]], ['dispersion', [1]], ['prism', [2]]]);
  const twelve = Object.fromEntries(prismStages(12).map((s) => [s.name, s.contours]));
  assert.deepEqual(twelve, { beam: [0], dispersion: [1], rainbow: [2, 3, 4, 5, 6, 7, 8, 9, 10], prism: [11] });
  // Every path is in exactly one stage, whatever the count; the prism is always drawn first.
  for (let n = 1; n <= 20; n++) {
    const stages = prismStages(n);
    assert.deepEqual(stages.flatMap((s) => s.contours).sort((a, b) => a - b), Array.from({ length: n }, (_, i) => i), `n = ${n}`);
    assert.deepEqual(stages.find((s) => s.name === 'prism').interval, [0, 0.4]);
    const done = trimStaged(Array.from({ length: n }, () => square), 1, stages);
    assert.equal(done.length, n);
  }
});

test('the drawing eases from 0 to 1 over its time', () => {
  assert.equal(drawingProgress(0), 0);
  assert.equal(drawingProgress(-5), 0);
  assert.equal(drawingProgress(750, 1500), 0.5);
  assert.equal(drawingProgress(1500, 1500), 1);
  assert.equal(drawingProgress(9000), 1);
  assert.equal(drawingProgress(10, 0), 1);
  let last = 0;
  for (let ms = 0; ms <= 1500; ms += 50) {
    const t = drawingProgress(ms);
    assert.ok(t >= last);
    last = t;
  }
});
