// The editing plane's raster (seed 003 §2.8, §2.11): how drawing atomic events is quantized, following the
// zoom. A raster cell is never narrower than a fingertip on the screen, so that a composer editing from far
// away does not put in micro timing by accident, and never finer than the model's tick; zooming in gives a
// finer raster. Also how far each axis may zoom. Ticks as the model counts them (960 to a beat, from the
// part's start: docs/composition.md); lengths on the screen in CSS pixels. No DOM here.
//
// The raster's steps are note values: 1/64, 1/32, … 1/2 of a beat, a beat, the whole-beat divisions of a bar
// that double a beat (2 beats in a bar of 4 or 6), a bar, then 2, 4, 8, … bars. The model has no bars; a bar
// is `beatsPerBar` beats (4 unless the caller says) counted from the part's start.

/** Ticks in one beat (MusicalTime.ticksPerBeat). */
export const TICKS_PER_BEAT = 960;
/** The narrowest a raster cell may be on the screen, in CSS pixels: a fingertip. */
export const FINGERTIP = 44;
/** The finest raster step: 1/64 of a beat (15 ticks). */
export const FINEST_STEP = TICKS_PER_BEAT / 64;
/** The longest an atomic part may be, in ticks (MusicalTime.longestPart: 10,000 beats). */
export const LONGEST_PART = 10_000 * TICKS_PER_BEAT;
/**
 * The closest the time axis zooms in, in CSS pixels per tick: the finest step two fingertips wide. Closer
 * would show nothing finer to draw.
 */
export const MAX_PX_PER_TICK = (2 * FINGERTIP) / FINEST_STEP;
/** The thinnest a voice row gets when many rows are zoomed out to fit, in CSS pixels. */
export const MIN_ROW_PX = 4;

function checkBeatsPerBar(beatsPerBar) {
  if (!Number.isInteger(beatsPerBar) || beatsPerBar < 1 || beatsPerBar > 64) {
    throw new RangeError(`a bar has 1 to 64 whole beats, not ${beatsPerBar}`);
  }
}

/** The steps below a bar, finest first: 1/64 beat … a beat, then whole beats that double up to the bar. */
function stepsBelowBar(beatsPerBar) {
  const steps = [];
  for (let step = FINEST_STEP; step <= TICKS_PER_BEAT; step *= 2) steps.push(step);
  for (let beats = 2; beats < beatsPerBar; beats *= 2) {
    if (beatsPerBar % beats === 0) steps.push(beats * TICKS_PER_BEAT);
  }
  return steps;
}

/**
 * The raster's steps in ticks, finest first, up to `longest` ticks (a part's longest by default): 1/64 beat
 * … a beat, the doubled beats that divide a bar, then 1, 2, 4, … bars.
 */
export function rasterLadder(beatsPerBar = 4, longest = LONGEST_PART) {
  checkBeatsPerBar(beatsPerBar);
  const steps = stepsBelowBar(beatsPerBar).filter((step) => step <= longest);
  for (let step = beatsPerBar * TICKS_PER_BEAT; step <= longest; step *= 2) steps.push(step);
  return steps;
}

/**
 * The raster step (ticks) at a zoom of `pxPerTick` CSS pixels per tick: the finest step of the ladder whose
 * cell is at least `minCellPx` (a fingertip) wide. Zoomed in beyond the finest step, the finest step: the
 * raster is never finer than 1/64 beat, and so never finer than a tick.
 */
export function rasterStep(pxPerTick, { beatsPerBar = 4, minCellPx = FINGERTIP } = {}) {
  if (!(pxPerTick > 0) || !Number.isFinite(pxPerTick)) {
    throw new RangeError(`a zoom is a positive number of pixels per tick, not ${pxPerTick}`);
  }
  checkBeatsPerBar(beatsPerBar);
  for (const step of stepsBelowBar(beatsPerBar)) if (step * pxPerTick >= minCellPx) return step;
  let step = beatsPerBar * TICKS_PER_BEAT;
  while (step * pxPerTick < minCellPx) step *= 2;
  return step;
}

/** A raster step's name for people: "1/16 beat", "2 beats", "1 bar", "8 bars". */
export function rasterLabel(step, beatsPerBar = 4) {
  const bar = beatsPerBar * TICKS_PER_BEAT;
  if (step < TICKS_PER_BEAT) return `1/${Math.round(TICKS_PER_BEAT / step)} beat`;
  if (step % bar === 0) return step === bar ? '1 bar' : `${step / bar} bars`;
  const beats = step / TICKS_PER_BEAT;
  return beats === 1 ? '1 beat' : `${beats} beats`;
}

/** The raster line at or before `tick` (raster lines lie at the multiples of `step` from the part's start). */
export function snapFloor(tick, step) {
  return Math.floor(tick / step) * step;
}

/** The raster line at or after `tick`. */
export function snapCeil(tick, step) {
  return Math.ceil(tick / step) * step;
}

/** The raster line nearest `tick` (halfway rounds up). */
export function snapRound(tick, step) {
  return Math.round(tick / step) * step;
}

/**
 * The raster lines from `from` to `to` ticks (both included), at most `maxLines` of them (the first ones),
 * each `{ tick, kind }`: kind "bar" on a bar line, "beat" on a beat, "step" between. At a zoom `rasterStep`
 * chose, a view `w` pixels wide holds at most w / 44 + 1 of them.
 */
export function rasterLines(from, to, step, { beatsPerBar = 4, maxLines = 512 } = {}) {
  const lines = [];
  if (!(step > 0) || !Number.isFinite(from) || !Number.isFinite(to)) return lines;
  const bar = beatsPerBar * TICKS_PER_BEAT;
  for (let tick = snapCeil(from, step); tick <= to && lines.length < maxLines; tick += step) {
    const kind = tick % bar === 0 ? 'bar' : tick % TICKS_PER_BEAT === 0 ? 'beat' : 'step';
    lines.push({ tick, kind });
  }
  return lines;
}

/**
 * How far the time axis zooms, in CSS pixels per tick, for a view `viewPx` wide showing `ticks` ticks: out
 * until all of them fit the view, in until the finest raster step is two fingertips wide.
 */
export function zoomLimitsX({ viewPx, ticks }) {
  const max = MAX_PX_PER_TICK;
  const fit = viewPx / Math.max(ticks, 1);
  return { min: Math.min(fit > 0 ? fit : max, max), max };
}

/**
 * How far the voice axis zooms, in CSS pixels per row, for a view `viewPx` tall showing `rows` rows: out until
 * all rows fit (but no thinner than MIN_ROW_PX), in until one row fills the view. Vertically the row is the
 * quantization: there is no finer raster.
 */
export function zoomLimitsY({ viewPx, rows }) {
  const max = Math.max(viewPx, FINGERTIP);
  const fit = viewPx / Math.max(rows, 1);
  return { min: Math.min(Math.max(fit > 0 ? fit : max, MIN_ROW_PX), max), max };
}
