// The editing plane's raster: the quantization step follows the zoom, a cell never narrower than a fingertip
// nor finer than the model allows; snapping, the lines a view shows, and each axis's zoom limits.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  FINEST_STEP, FINGERTIP, MAX_PX_PER_TICK, MIN_ROW_PX, TICKS_PER_BEAT, rasterLabel, rasterLadder, rasterLines, rasterStep,
  snapCeil, snapFloor, snapRound, zoomLimitsX, zoomLimitsY,
} from '../../Sources/WebClient/Web/compose/plane/plane-raster.js';

const beat = TICKS_PER_BEAT, bar = 4 * beat;

test('the ladder: 1/64 beat up to a beat, the doubled beats that divide a bar, then bars doubling', () => {
  assert.equal(FINEST_STEP, 15);
  assert.deepEqual(rasterLadder(4, 8 * bar), [15, 30, 60, 120, 240, 480, 960, 1920, bar, 2 * bar, 4 * bar, 8 * bar]);
  assert.deepEqual(rasterLadder(3, 2 * 3 * beat), [15, 30, 60, 120, 240, 480, 960, 2880, 5760], 'no 2 beats in a bar of 3');
  assert.deepEqual(rasterLadder(6, 6 * beat).slice(-3), [960, 1920, 5760], '2 beats divide a bar of 6, 4 do not');
  assert.ok(rasterLadder().every((step) => Number.isInteger(step) && step >= 1), 'whole ticks, never finer than one');
  assert.throws(() => rasterLadder(0), RangeError);
  assert.throws(() => rasterLadder(2.5), RangeError);
});

test('the step follows the zoom: the finest whose cell is at least a fingertip wide', () => {
  const table = [
    // [CSS px per tick, the step chosen]
    [MAX_PX_PER_TICK, 15],      // zoomed in all the way: 1/64 beat, two fingertips
    [44 / 15, 15],              // exactly a fingertip
    [44 / 15 - 0.001, 30],      // a hair narrower: the next step
    [0.1, 480],                 // 1/2 beat is 48 px
    [44 / 960, 960],            // a beat is exactly a fingertip
    [0.03, 1920],               // a beat is 28.8 px: two beats
    [0.01, bar * 2],            // a bar is 38.4 px: two bars
    [1e-6, bar * 16_384],       // very far out: bars keep doubling
    [100, 15],                  // beyond the zoom limit still never finer than 1/64 beat
  ];
  for (const [scale, step] of table) assert.equal(rasterStep(scale), step, `at ${scale} px per tick`);
  assert.equal(rasterStep(0.03, { beatsPerBar: 3 }), bar * 3 / 4, 'in a bar of 3 there are no two beats: the bar');
  assert.throws(() => rasterStep(0), RangeError);
  assert.throws(() => rasterStep(Number.NaN), RangeError);
});

test('at every zoom a cell is at least a fingertip, and the next finer step would not be', () => {
  for (let exponent = -7; exponent <= Math.log10(MAX_PX_PER_TICK); exponent += 0.01) {
    const scale = 10 ** exponent;
    for (const beatsPerBar of [3, 4, 7]) {
      const step = rasterStep(scale, { beatsPerBar });
      assert.ok(step * scale >= FINGERTIP, `${step} ticks at ${scale}`);
      const ladder = rasterLadder(beatsPerBar, step * 2);
      const finer = ladder[ladder.indexOf(step) - 1];
      if (finer !== undefined) assert.ok(finer * scale < FINGERTIP, `${finer} would do at ${scale}`);
    }
  }
});

test('steps have names for people', () => {
  assert.equal(rasterLabel(15), '1/64 beat');
  assert.equal(rasterLabel(240), '1/4 beat');
  assert.equal(rasterLabel(960), '1 beat');
  assert.equal(rasterLabel(1920), '2 beats');
  assert.equal(rasterLabel(bar), '1 bar');
  assert.equal(rasterLabel(8 * bar), '8 bars');
  assert.equal(rasterLabel(2880, 3), '1 bar');
});

test('snapping to the raster: down, up and to the nearest line, from the part start', () => {
  assert.equal(snapFloor(1000, 240), 960);
  assert.equal(snapFloor(960, 240), 960);
  assert.equal(snapFloor(-1, 240), -240);
  assert.equal(snapCeil(1000, 240), 1200);
  assert.equal(snapCeil(960, 240), 960);
  assert.equal(snapRound(1079, 240), 960);
  assert.equal(snapRound(1080, 240), 1200, 'halfway rounds up');
});

test('the lines a view shows: every step from the first at or after its start, marked bar, beat or step', () => {
  assert.deepEqual(rasterLines(900, 1500, 240), [
    { tick: 960, kind: 'beat' }, { tick: 1200, kind: 'step' }, { tick: 1440, kind: 'step' },
  ]);
  assert.deepEqual(rasterLines(0, 2 * bar, 1920).map((line) => line.kind), ['bar', 'beat', 'bar', 'beat', 'bar']);
  assert.equal(rasterLines(0, 1e9, 15).length, 512, 'never more than maxLines');
  assert.equal(rasterLines(0, 1e9, 15, { maxLines: 3 }).length, 3);
  assert.deepEqual(rasterLines(500, 400, 15), [], 'an empty stretch');
  // A view 1,000 px wide at any zoom holds at most 1000 / 44 + 1 lines.
  for (const scale of [0.001, 0.05, 1, MAX_PX_PER_TICK]) {
    const step = rasterStep(scale);
    assert.ok(rasterLines(10_000, 10_000 + 1000 / scale, step).length <= 1000 / FINGERTIP + 1);
  }
});

test('zoom limits: time out to the whole part, in to 1/64 beat two fingertips wide; voices out to all rows, in to one', () => {
  assert.deepEqual(zoomLimitsX({ viewPx: 1000, ticks: 16 * bar }), { min: 1000 / (16 * bar), max: MAX_PX_PER_TICK });
  assert.equal(MAX_PX_PER_TICK * 15, 2 * FINGERTIP);
  assert.equal(zoomLimitsX({ viewPx: 1000, ticks: 15 }).min, MAX_PX_PER_TICK, 'a tiny part: out no further than in');
  assert.equal(zoomLimitsX({ viewPx: 1000, ticks: 0 }).min, MAX_PX_PER_TICK);
  assert.deepEqual(zoomLimitsY({ viewPx: 600, rows: 32 }), { min: 600 / 32, max: 600 });
  assert.equal(zoomLimitsY({ viewPx: 600, rows: 1000 }).min, MIN_ROW_PX, 'many rows: no thinner than MIN_ROW_PX');
  assert.deepEqual(zoomLimitsY({ viewPx: 600, rows: 1 }), { min: 600, max: 600 });
  assert.deepEqual(zoomLimitsY({ viewPx: 20, rows: 1 }), { min: 20, max: 44 }, 'a tiny view still zooms in to a fingertip');
});
