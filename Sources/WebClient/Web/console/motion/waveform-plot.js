// The oscillators' waveforms as the engine computes them (Sources/Instrument/Oscillators/Waveform.swift,
// Oscillator.swift, StableRandom.swift and Geometry's Turns), for the motion panel's plots: the same
// arithmetic in the same order, so a plot shows what the lumis do — both held to the values of
// Tests/fixtures/twin-rules/waveforms.json; and what a plot says in words. No DOM here.

import { formatRate } from '../panel-kit/lumi-features.js';
import { formatNumber } from '../../shared/numbers.js';

/** The waveforms' names, as in files and intents. */
export const WAVEFORM_KINDS = Object.freeze(['sine', 'triangle', 'saw', 'square', 'pulse', 'sample-and-hold']);

/** The waveforms' names for a person. */
export const WAVEFORM_LABELS = Object.freeze({
  sine: 'Sine', triangle: 'Triangle', saw: 'Saw', square: 'Square', pulse: 'Pulse', 'sample-and-hold': 'Sample & hold',
});

/**
 * What the plot of feature `f`'s `oscillator` (null: the engine sent none) says to a screen reader: "Size: Sine
 * at 0.5 Hz, depth 0.2, phase 0".
 */
export function plotDescription(f, oscillator) {
  if (!oscillator) return `${f.label}: the engine has sent no oscillator`;
  const waveform = WAVEFORM_LABELS[oscillator.waveform?.kind] ?? 'unknown waveform';
  return `${f.label}: ${waveform} at ${formatRate(oscillator.rate)}, depth ${formatNumber(oscillator.depth)}, phase ${formatNumber(oscillator.phase)}`;
}

const TWO_POW_52 = 2 ** 52;

/** `Turns.nearestWhole`: the whole number nearest to x, by truncating x ± 0.5. */
export function nearestWhole(x) {
  if (!(Math.abs(x) < TWO_POW_52)) return Number.isFinite(x) ? x : 0;
  return Math.trunc(x + (x < 0 ? -0.5 : 0.5));
}

/** `Turns.floor`: the largest whole number not above x; NaN and the infinities give 0. */
export function turnsFloor(x) {
  if (!(Math.abs(x) < TWO_POW_52)) return Number.isFinite(x) ? x : 0;
  const truncated = Math.trunc(x);
  return truncated > x ? truncated - 1 : truncated;
}

/** `Double.wrappedUnit`: the fractional part in 0…1 (also of negative numbers); 0 for NaN and infinities. */
export function wrappedUnit(x) {
  const fraction = x - turnsFloor(x);
  return fraction < 1 ? fraction : 0;
}

/** `Turns.sin`: sin(2π·turns) by the engine's polynomial (within 1e-7 of the true sine). */
export function turnsSin(turns) {
  let x = turns - nearestWhole(turns);
  if (x > 0.25) x = 0.5 - x;
  else if (x < -0.25) x = -0.5 - x;
  const t = x * (2 * Math.PI);
  const t2 = t * t;
  return t * (1 + t2 * (-1 / 6 + t2 * (1 / 120 + t2 * (-1 / 5040 + t2 * (1 / 362_880 + t2 * (-1 / 39_916_800))))));
}

const MASK64 = (1n << 64n) - 1n;

/** `StableRandom.bits` (SplitMix64's finaliser) of a UInt64 seed and an Int64 index, as BigInts. */
export function stableBits(seed, index) {
  let z = (BigInt.asUintN(64, seed) + BigInt.asUintN(64, index) * 0x9E3779B97F4A7C15n) & MASK64;
  z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & MASK64;
  z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & MASK64;
  return z ^ (z >> 31n);
}

/** `StableRandom.unit`: a number in 0…1 from a seed and an index. */
export function stableUnit(seed, index) {
  return Number(stableBits(BigInt(seed), BigInt(index)) >> 11n) * 2 ** -53;
}

/** A waveform's seed as a BigInt (a JSON number above 2^53 has already lost its last digits). */
function seedOf(waveform) {
  const seed = waveform?.seed ?? 0;
  if (typeof seed === 'bigint') return seed;
  if (typeof seed === 'string' && /^\d+$/.test(seed)) return BigInt(seed);
  return Number.isFinite(seed) ? BigInt(Math.trunc(seed)) : 0n;
}

/** The sample-and-hold level of the cycle that holds `phase`: the step between two random points. */
function sampleAndHold(seed, phase) {
  const clamped = Math.min(Math.max(phase, -9.0e15), 9.0e15);
  const cycle = BigInt(turnsFloor(clamped));
  return (stableUnit(seed, cycle + 1n) - 0.5) - (stableUnit(seed, cycle) - 0.5);
}

/** The waveform's value (−1…1) at `phase` cycles, as `Waveform.sample`. An unknown kind gives 0. */
export function sampleWaveform(waveform, phase) {
  switch (waveform?.kind) {
    case 'sine': return turnsSin(phase);
    case 'triangle': return 1 - 4 * Math.abs(wrappedUnit(phase + 0.25) - 0.5);
    case 'saw': return 2 * wrappedUnit(phase + 0.5) - 1;
    case 'square': return wrappedUnit(phase) < 0.5 ? 1 : -1;
    case 'pulse': return wrappedUnit(phase) < (waveform.width ?? 0.5) ? 1 : -1;
    case 'sample-and-hold': return sampleAndHold(seedOf(waveform), phase);
    default: return 0;
  }
}

/** Where in a cycle (0…1) the waveform jumps; the plot draws those edges upright. */
export function waveformJumps(waveform) {
  switch (waveform?.kind) {
    case 'saw': return [0.5];
    case 'square': return [0, 0.5];
    case 'pulse': {
      const width = waveform.width ?? 0.5;
      return width > 0 && width < 1 ? [0, width] : [];
    }
    case 'sample-and-hold': return [0];
    default: return [];
  }
}

/**
 * The waveform over `cycles` cycles from `phase`, as a polyline `[x0, y0, x1, y1, …]` with x in cycles
 * (0…cycles) and y its value −1…1: `samples` even steps, plus both sides of every jump (the side before
 * it taken a hair earlier), so square and saw edges are drawn upright.
 */
export function waveformPolyline(waveform, { phase = 0, cycles = 2, samples = 96 } = {}) {
  const xs = new Set();
  for (let i = 0; i <= samples; i++) xs.add((cycles * i) / samples);
  const jumps = new Set();
  for (const jump of waveformJumps(waveform)) {
    for (let k = Math.floor(phase - jump) - 1; k <= Math.ceil(phase - jump + cycles) + 1; k++) {
      const x = jump + k - phase;
      if (x > 0 && x <= cycles) {
        xs.add(x);
        jumps.add(x);
      }
    }
  }
  const sorted = [...xs].sort((a, b) => a - b);
  const out = [];
  const epsilon = 1e-9;
  for (const x of sorted) {
    if (jumps.has(x)) out.push(x, sampleWaveform(waveform, phase + x - epsilon));
    out.push(x, sampleWaveform(waveform, phase + x));
  }
  return out;
}

/** An oscillator's cycles at a moment (`elapsed` seconds, the global `beat`), as `Oscillator.Compiled`. */
export function oscillatorCycles(oscillator, { elapsed = 0, beat = 0 } = {}) {
  const rate = oscillator?.rate ?? {};
  const phase = oscillator?.phase ?? 0;
  if (rate.beats !== undefined) return phase + (1 / rate.beats) * beat;
  return phase + (rate.hertz ?? 0) * elapsed;
}

/** A feature's unlimited value at a moment: base + offset + depth · waveform(cycles), as `FeatureSetting.rawValue`. */
export function featureValue(setting, moment) {
  const oscillator = setting?.oscillator ?? {};
  const constant = (setting?.base ?? 0) + (oscillator.offset ?? 0);
  const depth = oscillator.depth ?? 0;
  if (depth === 0) return constant;
  return constant + depth * sampleWaveform(oscillator.waveform, oscillatorCycles(oscillator, moment));
}
