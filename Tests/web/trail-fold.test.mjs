// The waiting frames' trail steps folded into one clear, one fade pass and scaled stamps: which frames are
// stamped, what is counted, and — on a small trail layer simulated byte by byte as the GPU works it — that
// the folded layer is the layer stepped frame by frame, within the fades' rounding.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { MAX_FOLDED_FADES, chooseStamped, foldTrailSteps } from '../../Sources/WebClient/Web/view/trail-fold.js';
import { random } from './seeded-random.mjs';

/** A waiting frame as TrailBacklog keeps it (only what the fold reads). */
const waiting = (step, stamps = true) => ({ step, stamps });

test('within the budget every frame with stamps is stamped; beyond it the newest and others spread evenly', () => {
  assert.deepEqual(chooseStamped(0, 4), []);
  assert.deepEqual(chooseStamped(3, 4), [0, 1, 2]);
  assert.deepEqual(chooseStamped(4, 4), [0, 1, 2, 3]);
  assert.deepEqual(chooseStamped(8, 1), [7]);
  assert.deepEqual(chooseStamped(8, 2), [0, 7]);
  assert.deepEqual(chooseStamped(8, 4), [0, 2, 5, 7]);
  assert.deepEqual(chooseStamped(5, 0), [4], 'a budget below one still stamps the newest');
  for (let count = 1; count <= 8; count += 1) {
    for (let budget = 1; budget <= 8; budget += 1) {
      const chosen = chooseStamped(count, budget);
      assert.equal(chosen.length, Math.min(count, budget));
      assert.equal(chosen[chosen.length - 1], count - 1, 'the newest is always stamped');
      assert.ok(chosen.every((c, i) => i === 0 || c > chosen[i - 1]), 'ascending, none twice');
      const gaps = chosen.slice(1).map((c, i) => c - chosen[i]);
      if (gaps.length > 0) assert.ok(Math.max(...gaps) - Math.min(...gaps) <= 1, `spread evenly: ${chosen}`);
    }
  }
});

test('one fade pass with every fade in turn, each stamped frame scaled by the fades after it', () => {
  const plan = foldTrailSteps([waiting({ fade: 200 }), waiting({}, false), waiting({ fade: 128 }), waiting({ fade: 64 })]);
  assert.equal(plan.clear, false);
  assert.deepEqual(plan.fades, [200, 128, 64]);
  assert.deepEqual(plan.stamps, [{ index: 0, gain: (128 / 256) * (64 / 256) }, { index: 2, gain: 64 / 256 }, { index: 3, gain: 1 }]);
  assert.equal(plan.folded, 3, 'all but one frame had its step folded into another');
  assert.equal(plan.givenUp, 0);
  assert.deepEqual(foldTrailSteps([]), { clear: false, fades: [], stamps: [], folded: 0, givenUp: 0 });
  assert.deepEqual(foldTrailSteps([waiting({ fade: 250 })]), { clear: false, fades: [250], stamps: [{ index: 0, gain: 1 }], folded: 0, givenUp: 0 });
});

test('a clear inside the run discards everything before it: one clear, no fade, only the stamps after', () => {
  const plan = foldTrailSteps([
    waiting({ fade: 200 }), waiting({ clear: true }), waiting({ fade: 250 }), waiting({ clear: true }, false), waiting({ fade: 128 }),
  ]);
  assert.equal(plan.clear, true);
  assert.deepEqual(plan.fades, [], 'fading a cleared layer changes nothing');
  assert.deepEqual(plan.stamps, [{ index: 4, gain: 1 }]);
  assert.equal(plan.givenUp, 0, 'stamps a later clear wipes out are not given up: the layer is as stepping leaves it');
  assert.equal(plan.folded, 4);

  // A fade to nothing is a clear; the clearing frame's own stamps count.
  const zero = foldTrailSteps([waiting({ fade: 100 }), waiting({ fade: 0 }), waiting({ fade: 128 })]);
  assert.equal(zero.clear, true);
  assert.deepEqual(zero.stamps, [{ index: 1, gain: 0.5 }, { index: 2, gain: 1 }]);
});

test('over the budget the frames not stamped are counted as given up', () => {
  const run = Array.from({ length: 8 }, (_, i) => waiting({ fade: 250 }, i !== 3));
  const plan = foldTrailSteps(run, 2);
  assert.deepEqual(plan.stamps.map((s) => s.index), [0, 7]);
  assert.equal(plan.givenUp, 5);
  assert.equal(plan.folded, 7);
  assert.equal(foldTrailSteps(run, 4).givenUp, 3);
  assert.equal(foldTrailSteps(run, 8).givenUp, 0);
});

test('more fades than one pass applies: the oldest are multiplied into one', () => {
  const run = Array.from({ length: MAX_FOLDED_FADES + 3 }, () => waiting({ fade: 128 }, false));
  const { fades } = foldTrailSteps(run);
  assert.equal(fades.length, MAX_FOLDED_FADES);
  assert.deepEqual(fades, [256 / 16, ...Array(MAX_FOLDED_FADES - 1).fill(128)], "four halvings in one");
});

// A small trail layer of premultiplied RGBA bytes, worked as the GPU works it: FADE_FRAGMENT's fade
// (each byte × scale / 256, rounded down) and blending in floating point, rounded to a byte once per draw.

const PIXELS = 48;

const toByte = (value) => Math.min(255, Math.max(0, Math.round(value)));

function fade(layer, scale) {
  for (let i = 0; i < layer.length; i += 1) layer[i] = (layer[i] * scale) >> 8;
}

/**
 * Draws one stamp (a premultiplied colour per pixel, 0…255 as the shader outputs it) with its colour scaled
 * by `gain`, as setScaledBlend sets the blend: additive f·S + D; source-over f·S + (1 − a)·D.
 */
function stamp(layer, source, blend, gain) {
  for (let p = 0; p < PIXELS; p += 1) {
    const alpha = source[p * 4 + 3] / 255;
    for (let c = 0; c < 4; c += 1) {
      const i = p * 4 + c;
      layer[i] = toByte(gain * source[i] + (blend === 'additive' ? 1 : 1 - alpha) * layer[i]);
    }
  }
}

/**
 * A run of `length` waiting frames, deterministic from `seed`, and a layer to start from. For additive
 * trails, colours stay small enough that no byte saturates (a saturated sum is not linear: there the fold
 * and the steps part, as they must).
 */
function randomRun(seed, length, blend) {
  const next = random(seed), additive = blend === 'additive';
  const layer = new Uint8Array(PIXELS * 4);
  for (let p = 0; p < PIXELS; p += 1) {
    const alpha = Math.floor(next() * (additive ? 60 : 256));
    layer[p * 4 + 3] = alpha;
    for (let c = 0; c < 3; c += 1) layer[p * 4 + c] = Math.floor(next() * (alpha + 1));
  }
  const persistence = next();
  const run = [];
  for (let k = 0; k < length; k += 1) {
    // Frames a 60th to a 15th of a second apart; now and then an erase.
    const scale = Math.round(Math.pow(persistence, (1 + 3 * next()) / 60) * 256);
    const step = next() < 0.05 ? { clear: true } : scale < 256 ? { fade: scale } : {};
    const sources = [];
    const count = next() < 0.8 ? 1 + Math.floor(next() * 3) : 0;
    for (let s = 0; s < count; s += 1) {
      const source = new Float64Array(PIXELS * 4);
      for (let p = 0; p < PIXELS; p += 1) {
        const coverage = next() < 0.3 ? 0 : next();
        const alpha = Math.floor(next() * (additive ? 8 : 256)) * coverage;
        source[p * 4 + 3] = alpha;
        for (let c = 0; c < 3; c += 1) source[p * 4 + c] = next() * alpha;
      }
      sources.push(source);
    }
    run.push({ step, stamps: count > 0, sources });
  }
  return { layer, run };
}

/** The layer stepped frame by frame: each frame's clear or fade, then its stamps if it is stamped. */
function stepped(start, run, stamped, blend) {
  const layer = Uint8Array.from(start);
  run.forEach(({ step, sources }, k) => {
    if (step.clear) layer.fill(0);
    else if (step.fade !== undefined) fade(layer, step.fade);
    if (stamped.has(k)) for (const source of sources) stamp(layer, source, blend, 1);
  });
  return layer;
}

/** The layer as the renderer brings it up to date with a plan: one clear, one fade pass, scaled stamps. */
function folded(start, run, plan, blend, scaleStamps = true) {
  const layer = Uint8Array.from(start);
  if (plan.clear) layer.fill(0);
  for (const scale of plan.fades) fade(layer, scale);  // in one pass on the GPU, the same arithmetic
  for (const { index, gain } of plan.stamps) {
    for (const source of run[index].sources) stamp(layer, source, blend, scaleStamps ? gain : 1);
  }
  return layer;
}

/**
 * The bound held: per byte, the folded layer is within 2 + the number of fades after the oldest stamped
 * frame of the stepped one. Stepping rounds a stamp's share down once more at each later fade than the
 * fold does (up to one each), and the two round their blends differently (up to one between them, as each
 * blend rounds to the nearest and later fades and blends only shrink the difference).
 */
function boundFor(run, plan) {
  if (plan.stamps.length === 0) return 0;
  return 2 + run.slice(plan.stamps[0].index + 1).filter(({ step }) => step.fade !== undefined).length;
}

function compareRuns(blend, { budget = 8, scaleStamps = true, runs = 600 } = {}) {
  let worstExcess = -Infinity, total = 0, bytes = 0;
  for (let seed = 1; seed <= runs; seed += 1) {
    const { layer, run } = randomRun(seed, 1 + (seed % 8), blend);
    const plan = foldTrailSteps(run, budget);
    const expected = stepped(layer, run, new Set(plan.stamps.map((s) => s.index)), blend);
    const actual = folded(layer, run, plan, blend, scaleStamps);
    const bound = boundFor(run, plan);
    for (let i = 0; i < expected.length; i += 1) {
      const difference = Math.abs(expected[i] - actual[i]);
      worstExcess = Math.max(worstExcess, difference - bound);
      total += difference;
      bytes += 1;
    }
  }
  return { worstExcess, mean: total / bytes };
}

for (const blend of ['additive', 'source-over']) {
  test(`folding ${blend} stamps gives the layer stepping gives, within the fades' rounding`, () => {
    for (const budget of [8, 4, 1]) {
      const { worstExcess, mean } = compareRuns(blend, { budget });
      assert.ok(worstExcess <= 0, `budget ${budget}: a byte off by ${worstExcess} more than the bound`);
      assert.ok(mean < 0.75, `budget ${budget}: mean difference ${mean}`);
    }
  });

  test(`${blend} stamps not scaled by the fades after them break the bound (the comparison can fail)`, () => {
    const { worstExcess, mean } = compareRuns(blend, { scaleStamps: false });
    assert.ok(worstExcess > 5, `worst excess ${worstExcess}`);
    assert.ok(mean > 0.5, `mean ${mean}`);
  });
}

test('fades alone fold exactly: one pass of fades in turn is the fades one by one', () => {
  for (let seed = 1; seed <= 200; seed += 1) {
    const { layer, run } = randomRun(seed, 1 + (seed % 8), 'source-over');
    const bare = run.map(({ step }) => ({ step, stamps: false, sources: [] }));
    const plan = foldTrailSteps(bare);
    assert.deepEqual(folded(layer, bare, plan, 'source-over'), stepped(layer, bare, new Set(), 'source-over'));
  }
});
