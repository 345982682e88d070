// The colour panel's ribbons (seed 001): what to draw for a hue or purity selection (a centre and a range,
// both 0…1) and which intent a key sends. The engine holds the rules (Sources/Instrument/Color:
// RibbonSelection, Spectrum, Purity); this mirrors only what drawing needs. No DOM here.

import { pendingSettings } from '../panel-kit/lumi-features.js';

/** One pinch or wheel step of a range (RibbonSelection.step). */
export const RIBBON_STEP = 0.01;
/** How far an arrow key moves a centre; Page Up and Page Down move ten times as far. */
export const KEY_STEP = 0.01;
export const PAGE_STEP = 0.1;

/**
 * Seed 001's twelve spectral segments (Spectrum.segments), in ribbon order: each named hue's anchor on the
 * hue ribbon (`position`, in HSV hue space) and the hues that carry its name, above `begin` up to `end`.
 */
export const SPECTRUM = Object.freeze([
  { name: 'red-orange', position: 0.04, begin: -0.001, end: 0.08 },
  { name: 'orange', position: 0.10, begin: 0.08, end: 0.12 },
  { name: 'orange-yellow', position: 0.13, begin: 0.12, end: 0.15 },
  { name: 'yellow', position: 0.17, begin: 0.15, end: 0.18 },
  { name: 'yellow-green', position: 0.24, begin: 0.18, end: 0.30 },
  { name: 'green', position: 0.33, begin: 0.30, end: 0.42 },
  { name: 'green-blue', position: 0.50, begin: 0.42, end: 0.60 },
  { name: 'blue', position: 0.67, begin: 0.60, end: 0.71 },
  { name: 'blue-violet', position: 0.74, begin: 0.71, end: 0.78 },
  { name: 'violet', position: 0.80, begin: 0.78, end: 0.83 },
  { name: 'violet-red', position: 0.86, begin: 0.83, end: 0.90 },
  { name: 'red', position: 0.95, begin: 0.90, end: 1.00 },
].map((segment) => Object.freeze(segment)));

const clamp01 = (value) => Math.min(Math.max(value, 0), 1);
/** Rounds away the binary noise of repeated 0.01 steps (0.72 + 0.01 = 0.7300000000000001). */
const tidy = (value) => Math.round(value * 1e9) / 1e9;

/**
 * The named segment of a hue location, by seed 001's rule: the segment with `begin < location <= end`
 * (the first begins just below 0, so 0 is red-orange); red when none is (Spectrum.namedHue). A location
 * outside 0…1 wraps round the colour wheel first, as the engine's does; a location that is not a finite
 * number is red.
 */
export function namedColorAt(location) {
  const red = SPECTRUM[SPECTRUM.length - 1];
  if (typeof location !== 'number' || !Number.isFinite(location)) return red;
  const wrapped = location >= 0 && location <= 1 ? location : location - Math.floor(location);
  let named = red;
  for (const segment of SPECTRUM) {
    if (wrapped > segment.begin && wrapped <= segment.end) named = segment;
  }
  return named;
}

/** HSV (each 0…1, hue wrapping) to `[r, g, b]` 0…1: the hexcone conversion of HSVColor.components. */
export function hsvToRgb(hue, saturation, value) {
  const s = clamp01(saturation), v = clamp01(value);
  const h = (hue - Math.floor(hue)) * 6;
  const sector = Math.floor(h);
  const f = h - sector;
  const p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f));
  switch (sector) {
    case 0: return [v, t, p];
    case 1: return [q, v, p];
    case 2: return [p, v, t];
    case 3: return [p, q, v];
    case 4: return [t, p, v];
    default: return [v, p, q];
  }
}

/** `[r, g, b]` 0…1 as CSS `#rrggbb`. */
export function cssColor([red, green, blue]) {
  const byte = (component) => Math.round(clamp01(component) * 255).toString(16).padStart(2, '0');
  return `#${byte(red)}${byte(green)}${byte(blue)}`;
}

/**
 * The saturation and brightness of a purity (Purity.saturationAndBrightness): black at 0, the pure hue at
 * 0.5, white at 1 — below the middle black is mixed in, above it white.
 */
export function purityToSaturationBrightness(purity) {
  const p = Number.isFinite(purity) ? clamp01(purity) : 0.5;
  if (p <= 0.5) return { saturation: 1, brightness: p / 0.5 };
  return { saturation: 1 - (p - 0.5) / 0.5, brightness: 1 };
}

/** The CSS colour of a hue and a purity (the centres of a chord's or the controls' selections). */
export function colorAt(hue, purity) {
  const { saturation, brightness } = purityToSaturationBrightness(purity);
  return cssColor(hsvToRgb(hue, saturation, brightness));
}

/** The pure colour of a named segment: its anchor hue at full saturation and brightness (SpectralHue.color). */
export function spectralColor(segment) {
  return cssColor(hsvToRgb(segment.position, 1, 1));
}

/**
 * Where the thumb's centre is drawn, 0…1: the centre, moved if it must be so that the whole range
 * `centre ± range/2` lies on the ribbon (seed 001's thumbOffsetZeroOne).
 */
export function thumbCenter(center, range) {
  let offset = center;
  if (center < range / 2) offset = range / 2;
  if (center > 1 - range / 2) offset = 1 - range / 2;
  return offset;
}

/** The thumb's width in pixels on a ribbon `ribbonWidth` wide: 4 + range × width (seed 001). */
export function thumbWidth(range, ribbonWidth) {
  return 4 + range * ribbonWidth;
}

/** The thumb's left edge in pixels (it may stick out 2 px past either end, as seed 001's does). */
export function thumbLeft(center, range, ribbonWidth) {
  return thumbCenter(center, range) * ribbonWidth - thumbWidth(range, ribbonWidth) / 2;
}

/** The ribbon location (0…1, clamped) of a point `x` pixels from its left end. */
export function locationAt(x, ribbonWidth) {
  if (!(ribbonWidth > 0)) return 0;
  return clamp01(x / ribbonWidth);
}

/**
 * The range after one widening or narrowing step: on the 0.01 grid, never outside 0…1
 * (RibbonSelection.widen/narrow).
 */
export function steppedRange(range, widen) {
  const steps = Math.round(range / RIBBON_STEP) + (widen ? 1 : -1);
  return tidy(Math.min(Math.max(steps, 0), 100) * RIBBON_STEP);
}

/** The centre moved, if it must be, so that the range stays on the ribbon (RibbonSelection's rule). */
export function keepOnRibbon(center, range) {
  return tidy(thumbCenter(clamp01(center), range));
}

/** The hue ribbon's gradient: the twelve named hues at their positions (seed 001), `[{ offset, color }]`. */
export function hueGradientStops() {
  return SPECTRUM.map((segment) => ({ offset: segment.position, color: spectralColor(segment) }));
}

/**
 * The purity ribbon's gradient for a hue centre: black at 0, the named colour of the hue centre at 0.5 (its
 * pure spectral colour), white at 1. Purity's colours are linear in RGB between those three (HSV with full
 * saturation and falling value scales the pure colour towards black; full value and falling saturation
 * mixes it with white), so three stops draw it exactly.
 */
export function purityGradientStops(hueCenter) {
  return [
    { offset: 0, color: '#000000' },
    { offset: 0.5, color: spectralColor(namedColorAt(hueCenter)) },
    { offset: 1, color: '#ffffff' },
  ];
}

/** Gradient stops as a CSS `linear-gradient` from left to right. */
export function cssGradient(stops) {
  return `linear-gradient(to right, ${stops.map(({ offset, color }) => `${color} ${tidy(offset * 100)}%`).join(', ')})`;
}

/** How a purity centre reads: towards black below the middle, pure at it, towards white above. */
export function purityWord(center) {
  if (Math.abs(center - 0.5) < 0.005) return 'pure';
  return center < 0.5 ? 'toward black' : 'toward white';
}

/** What a screen reader says of a ribbon (`aria-valuetext`): its centre, what it is, and its range. */
export function ribbonValueText(ribbon, { center, range }) {
  const what = ribbon === 'hue' ? namedColorAt(center).name : purityWord(center);
  return `centre ${center.toFixed(2)}, ${what}, range ${range.toFixed(2)}`;
}

/**
 * The intent a key sends on a focused ribbon, or null for keys the ribbon leaves alone: arrows move the
 * centre by 0.01 (Page Up/Down by 0.1, Home/End to the ends); with Shift, Right/Up widen the range by one
 * step and Left/Down narrow it.
 */
export function ribbonKeyIntent(ribbon, { center }, { key, shiftKey = false, ctrlKey = false, metaKey = false, altKey = false }) {
  if (ctrlKey || metaKey || altKey) return null;
  const up = key === 'ArrowRight' || key === 'ArrowUp';
  const down = key === 'ArrowLeft' || key === 'ArrowDown';
  if (shiftKey && (up || down)) return { type: 'ribbonStep', ribbon, widen: up };
  let value;
  if (up) value = center + KEY_STEP;
  else if (down) value = center - KEY_STEP;
  else if (key === 'PageUp') value = center + PAGE_STEP;
  else if (key === 'PageDown') value = center - PAGE_STEP;
  else if (key === 'Home') value = 0;
  else if (key === 'End') value = 1;
  else return null;
  return { type: 'ribbonCenter', ribbon, value: tidy(clamp01(value)) };
}

/** A ribbon's centre last sent, in the page's record of settings sent (lumi-features.js's pendingSettings). */
const pendingCenter = (ribbon) => `ribbon:${ribbon}`;

/**
 * The intent a key sends on a focused ribbon (ribbonKeyIntent), built on the centre last sent while the engine
 * has not said it back (`pending`), and recorded there: keys pressed faster than the engine answers each move
 * on from the one before, even when the answer to an earlier key comes between them.
 */
export function ribbonKeyChange(ribbon, selection, event, pending = pendingSettings) {
  const center = pending.base(pendingCenter(ribbon), selection.center);
  const intent = ribbonKeyIntent(ribbon, { ...selection, center }, event);
  if (intent?.type === 'ribbonCenter') pending.record(pendingCenter(ribbon), intent.value, engineCenter(ribbon));
  return intent;
}

/** A ribbon's centre as the engine's state says it (its colours' hue or purity selection). */
const engineCenter = (ribbon) => (state) => state?.colors?.[ribbon]?.center ?? null;

/**
 * The intent a drag (or a MIDI knob) sends to put a ribbon's centre at `location` (0…1), recorded as sent in
 * `pending` (none: not recorded): a key moves on from it.
 */
export function ribbonCenterIntent(ribbon, location, pending = pendingSettings) {
  const intent = { type: 'ribbonCenter', ribbon, value: Number(location.toFixed(4)) };
  pending?.record(pendingCenter(ribbon), intent.value, engineCenter(ribbon));
  return intent;
}
