// Edge blending: f(t) + f(1 − t) = 1 in linear light, the value written f^(1/gamma), and two overlapping
// outputs' feathers adding up to the whole light across their overlap on projectors of that gamma.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { blendCurve, blendValue, featherLight, featherValue } from '../../Sources/WebClient/Web/view/blend-curve.js';

const NONE = { left: 0, right: 0, top: 0, bottom: 0, gamma: 2.2 };

test('the curve runs 0 to 1, rising, and f(t) + f(1 − t) = 1', () => {
  assert.equal(blendCurve(0), 0);
  assert.equal(blendCurve(1), 1);
  assert.equal(blendCurve(0.5), 0.5);
  assert.equal(blendCurve(-3), 0);
  assert.equal(blendCurve(7), 1);
  let before = -1;
  for (let k = 0; k <= 1000; k += 1) {
    const t = k / 1000;
    assert.ok(Math.abs(blendCurve(t) + blendCurve(1 - t) - 1) < 1e-12, `t = ${t}`);
    assert.ok(blendCurve(t) >= before);
    before = blendCurve(t);
  }
});

test('the value written is f to the power 1/gamma, which the projector turns back into f', () => {
  for (const gamma of [1, 1.8, 2.2, 3]) {
    for (const t of [0, 0.1, 0.25, 0.5, 0.9, 1]) {
      assert.ok(Math.abs(blendValue(t, gamma) - blendCurve(t) ** (1 / gamma)) < 1e-15);
      assert.ok(Math.abs(blendValue(t, gamma) ** gamma - blendCurve(t)) < 1e-12);
    }
  }
  assert.equal(blendValue(0.3, 1), blendCurve(0.3));
});

test('no feathers leave full light; each edge fades towards its own side; corners multiply', () => {
  assert.equal(featherValue({ x: 0, y: 0 }, NONE), 1);
  const blend = { left: 0.2, right: 0.25, top: 0.1, bottom: 0, gamma: 2.2 };
  assert.equal(featherLight({ x: 0, y: 0.5 }, blend), 0);
  assert.equal(featherLight({ x: 0.1, y: 0.5 }, blend), 0.5);
  assert.equal(featherLight({ x: 0.5, y: 0.5 }, blend), 1);
  assert.equal(featherLight({ x: 1 - 0.125, y: 0.5 }, blend), 0.5);
  assert.equal(featherLight({ x: 0.5, y: 1 }, blend), 1, 'no bottom feather');
  assert.ok(Math.abs(featherLight({ x: 0.1, y: 0.05 }, blend) - 0.25) < 1e-12, 'half of half at a corner');
});

test('Left and Right overlapping by 20 % of the stage add up to the whole light at every column', () => {
  // Left shows the stage's 0…0.6, Right 0.4…1: each feathers a third of its slice towards the other.
  for (const gamma of [1, 2.2]) {
    const left = { ...NONE, right: 0.2 / 0.6, gamma }, right = { ...NONE, left: 0.2 / 0.6, gamma };
    for (let k = 0; k <= 200; k += 1) {
      const stage = 0.4 + (0.2 * k) / 200;
      const a = featherValue({ x: stage / 0.6, y: 0.5 }, left), b = featherValue({ x: (stage - 0.4) / 0.6, y: 0.5 }, right);
      assert.ok(Math.abs(a ** gamma + b ** gamma - 1) < 1e-9, `stage x ${stage}, gamma ${gamma}`);
    }
  }
});
