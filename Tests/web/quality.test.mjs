// The canvas page's quality: what the address asks for, and a controller that holds the frame rate by
// moving down and up the ladder — driven here by made-up animation frames (a 60 Hz display, a cost per
// level, seeded noise), never by the clock.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { PASS_PIXEL_COST, QualityController, drawingWork, qualityFromAddress } from '../../Sources/WebClient/Web/view/quality.js';
import { QUALITY_LEVELS } from '../../Sources/WebClient/Web/view/quality-ladder.js';
import { random } from './seeded-random.mjs';

const VSYNC = 1000 / 60;

/**
 * Runs `controller` for `seconds` of animation frames from `from` (ms): each frame costs `cost(setting, t)`
 * milliseconds, give or take `noise` (a fraction), and lasts whole display periods of `pace(t)` at least.
 * With `workHint`, the controller is told the frame's work as `cost` without noise (its unit: ms at a cost
 * of one). Returns the end time, every level change `[seconds, level]`, and every interval.
 */
function drive(controller, seconds, cost, { from = 0, seed = 1, noise = 0.2, pace = () => VSYNC, workHint = false } = {}) {
  const next = random(seed), changes = [], intervals = [];
  let t = from;
  while (t < from + seconds * 1000) {
    const setting = controller.levels[controller.level];
    const took = Math.max(cost(setting, t) * (1 + noise * (2 * next() - 1)), pace(t));
    const interval = Math.max(1, Math.ceil(took / VSYNC - 1e-9)) * VSYNC;
    t += interval;
    intervals.push(interval);
    const work = workHint ? (level) => cost(level, t) : undefined;
    if (controller.observe(t, { active: true, work })) changes.push([Math.round(t / 100) / 10, controller.level]);
  }
  return { end: t, changes, intervals };
}

/** A frame's cost growing with the pixels drawn: `k` ms for the full picture, trails alike, 1 ms a stamped frame. */
const fill = (k) => ({ resolution, trailResolution, stampBudget }) => 4 + k * resolution ** 2 + 0.9 * k * trailResolution ** 2 + stampBudget;

/** `cost` from the fifth second on, before it a light page (as a page starts, before anything is played). */
const fromFiveSeconds = (cost) => (setting, t) => (t < 5000 ? fill(2)(setting) : cost(setting, t));

/** Seconds spent off `level` until `end` (seconds), from a list of changes that begins at it. */
function timeAway(changes, level, end) {
  let away = 0;
  changes.forEach(([seconds, at], i) => {
    if (at !== level) away += (changes[i + 1]?.[0] ?? end) - seconds;
  });
  return away;
}

/**
 * The highest level (lowest index) at which frames come as often as at any level: whole display periods
 * of the cost at its noisiest.
 */
function fittingLevel(cost) {
  const periods = QUALITY_LEVELS.map((setting) => Math.ceil((cost(setting) * 1.2) / VSYNC));
  return periods.indexOf(Math.min(...periods));
}

test('the address pins the quality, or leaves it automatic; a bad value is said, never thrown', () => {
  assert.deepEqual(qualityFromAddress(''), { pinned: null, problem: null });
  assert.deepEqual(qualityFromAddress('?quality=auto'), { pinned: null, problem: null });
  assert.deepEqual(qualityFromAddress('?view=1&quality=full'), { pinned: { resolution: 1 }, problem: null });
  assert.deepEqual(qualityFromAddress('?quality=0.5'), { pinned: { resolution: 0.5 }, problem: null });
  assert.deepEqual(qualityFromAddress('?quality=.25'), { pinned: { resolution: 0.25 }, problem: null });
  assert.deepEqual(qualityFromAddress('?quality=1'), { pinned: { resolution: 1 }, problem: null });
  for (const bad of ['high', '0', '2', '-0.5', '0.05', '', '1e-1', 'NaN', 'Infinity', '0.5x', '%zz']) {
    const { pinned, problem } = qualityFromAddress(`?quality=${bad}`);
    assert.equal(pinned, null, bad);
    assert.match(problem, /quality=.*not auto, full or a resolution from 0\.1 to 1/, bad);
  }
});

test('a pinned quality never moves, however slow the page', () => {
  for (const pinned of [{ resolution: 1 }, { resolution: 0.5 }]) {
    const controller = new QualityController({ pinned });
    const { changes } = drive(controller, 30, () => 400, { workHint: true });
    assert.deepEqual(changes, []);
    assert.deepEqual(controller.setting, {
      level: 0, resolution: pinned.resolution, trailResolution: pinned.resolution, stampBudget: 4, pinned: true,
    });
  }
});

test('a page that keeps up stays at full quality', () => {
  const controller = new QualityController();
  assert.deepEqual(drive(controller, 120, fill(2)).changes, []);
  assert.deepEqual(controller.setting, { level: 0, ...QUALITY_LEVELS[0], pinned: false });
});

test('under a constant load the level settles where the frames fit, and stays', () => {
  for (const k of [20, 40, 100, 300]) {
    const controller = new QualityController();
    const { changes } = drive(controller, 400, fromFiveSeconds(fill(k)), { seed: k });
    const settled = controller.level;
    assert.ok(Math.abs(settled - fittingLevel(fill(k))) <= 1, `k ${k}: settled at ${settled}, fits at ${fittingLevel(fill(k))}`);
    // Within a few minutes it stays, but for a try of the level above every two minutes, which comes back
    // (at once where that level is clearly too slow; after a while where it is only just).
    const later = changes.filter(([seconds]) => seconds > 160);
    const away = timeAway(later, settled, 400);
    assert.ok(away <= 40, `k ${k}: ${away} s of 240 away from level ${settled}: ${JSON.stringify(changes)}`);
    const bursts = later.filter(([seconds], i) => i === 0 || seconds - later[i - 1][0] > 30);
    assert.ok(bursts.length <= 2, `k ${k}: ${JSON.stringify(later)}`);
    assert.ok(bursts.every(([seconds], i) => i === 0 || seconds - bursts[i - 1][0] >= 100), JSON.stringify(bursts));
  }
});

test('a load sitting at the threshold between two levels does not make the level swing', () => {
  // At one level a frame takes a display period, give or take: half the frames take one, half two.
  const level = 4, pixels = ({ resolution, trailResolution }) => resolution ** 2 + 0.9 * trailResolution ** 2;
  const cost = (setting) => 2 + (VSYNC - 2) * (pixels(setting) / pixels(QUALITY_LEVELS[level]));
  for (const seed of [1, 2, 3]) {
    const controller = new QualityController();
    const { changes } = drive(controller, 240, fromFiveSeconds(cost), { seed, noise: 0.15 });
    assert.ok([level, level + 1].includes(controller.level), `seed ${seed}: ended at ${controller.level}`);
    const after = changes.filter(([seconds]) => seconds > 40);
    const bursts = after.filter(([seconds], i) => i === 0 || seconds - after[i - 1][0] > 10);
    assert.ok(bursts.length <= 2 && timeAway(after, controller.level, 240) <= 10, `seed ${seed}: ${JSON.stringify(after)}`);
  }
});

test('when the load ends the quality climbs back to full', () => {
  for (const workHint of [false, true]) {
    const controller = new QualityController();
    const loaded = drive(controller, 30, fill(4000), { workHint });
    assert.equal(controller.level, QUALITY_LEVELS.length - 1, 'the heaviest load takes it to the bottom');
    const { changes } = drive(controller, 60, () => 3, { from: loaded.end, workHint });
    assert.equal(controller.level, 0);
    const back = changes.at(-1)[0] - loaded.end / 1000;
    assert.ok(back <= 30, `back at full quality ${back} s after the load ended`);
  }
});

test('a stalled page drops several levels at each frame', () => {
  const controller = new QualityController();
  const { changes, intervals } = drive(controller, 60, fromFiveSeconds(fill(5000)), { noise: 0 });
  assert.equal(controller.level, QUALITY_LEVELS.length - 1);
  assert.ok(changes.length <= 4, JSON.stringify(changes));
  // The model stalls (frames of seconds), and each stall is a decision: the first interval of a second or
  // more is not watered down by the quick ones before it.
  const slow = intervals.filter((interval) => interval > 1000);
  assert.ok(slow.length >= 2, 'the model stalls');
  assert.ok(slow.length <= changes.length, `${slow.length} stalls for ${changes.length} moves`);
  assert.ok(changes.at(-1)[0] <= 5 + 4 * 9.5 + 1, `at the bottom at ${changes.at(-1)[0]} s`);
});

test('told what each frame costs, the page does not stall on a sudden load: it goes to where it fits', () => {
  // Light for 10 s, then at once heavy enough to take a second and a half at full quality.
  const cost = (setting, t) => (t < 10_000 ? fill(4)(setting) : fill(600)(setting));
  const long = (intervals) => intervals.filter((interval) => interval > 10 * VSYNC).length;
  const told = drive(new QualityController(), 40, cost, { workHint: true, seed: 5 });
  const untold = drive(new QualityController(), 40, cost, { seed: 5 });
  // The first heavy frame is long (nothing says yet what work costs); the drop it causes, and a forecast
  // once two frames of alike work have been timed, end the long frames within two more.
  assert.ok(long(told.intervals) <= 3, `told: ${long(told.intervals)} long frames`);
  assert.ok(long(untold.intervals) > long(told.intervals), `untold: ${long(untold.intervals)} long frames`);
  // Given a first guess of the cost (too high, as the page's is), not even the first heavy frame is long;
  // quick frames bring the guess down, so the light page stays at full quality.
  const guessed = new QualityController({ costPerWork: 3 });
  const { intervals, changes } = drive(guessed, 40, cost, { workHint: true, seed: 5 });
  assert.equal(long(intervals), 0);
  assert.ok(changes[0][0] >= 10, `full quality while light: ${JSON.stringify(changes)}`);
  // Nor when the load comes just after the page's first moments, before it has judged a single second:
  // the quick frames of those moments have already brought the guess down.
  const early = (setting, t) => (t < 2_050 ? fill(4)(setting) : fill(600)(setting));
  const soon = drive(new QualityController({ costPerWork: 3 }), 20, early, { workHint: true, seed: 5 });
  assert.equal(long(soon.intervals), 0, JSON.stringify(soon.changes));
  assert.ok(soon.changes[0][0] >= 2, `full quality while light: ${JSON.stringify(soon.changes)}`);
});

test('a stall is judged by itself, not watered down by the quick frames before it', () => {
  const controller = new QualityController();
  let t = 0;
  for (; t < 5000; t += VSYNC) controller.observe(t, { active: true });
  assert.equal(controller.level, 0);
  // One animation frame of a second and a half: the page moves down at once, several levels.
  assert.equal(controller.observe(t + 1500, { active: true }), true);
  assert.ok(controller.level >= 3, `level ${controller.level}`);
});

test('a display (or a busy machine) slower than the page is not taken for a slow page', () => {
  // 30 frames a second whatever is drawn, from the start: full quality throughout.
  const thirty = new QualityController();
  assert.deepEqual(drive(thirty, 120, fill(2), { pace: () => 2 * VSYNC }).changes, []);
  // From 10 s on: a short descent shows that lowering the quality gains nothing, and it comes back.
  const slowed = new QualityController();
  const { changes } = drive(slowed, 120, fill(2), { pace: (t) => (t < 10_000 ? VSYNC : 2 * VSYNC) });
  assert.equal(slowed.level, 0, JSON.stringify(changes));
  assert.ok(changes.at(-1)[0] <= 25, JSON.stringify(changes));
  assert.ok(Math.max(...changes.map(([, level]) => level)) <= 3, JSON.stringify(changes));
});

test('the intervals of the last two seconds while frames arrived, and none across a hidden page', () => {
  const controller = new QualityController();
  let t = 0;
  for (let i = 0; i < 200; i += 1) controller.observe(t += i % 10 === 0 ? 50 : 20);
  assert.deepEqual(controller.frameMilliseconds(), { median: 20, p95: 50 });
  controller.restart();
  controller.observe(t += 60_000);
  for (let i = 0; i < 10; i += 1) controller.observe(t += 25, { active: i % 2 === 0 });
  const { median, p95 } = controller.frameMilliseconds();
  assert.ok(median === 25 && p95 === 25, `${median} ${p95}: the gap and the idle intervals are not counted`);
  assert.deepEqual(new QualityController().frameMilliseconds(), { median: 0, p95: 0 });
});

test('the work of the waiting frames: the newest lumis at the picture resolution, the budgeted stamps at the trails', () => {
  const entry = (stamps) => ({ stamps, areas: { lumis: 2, trails: 0.5 } });
  assert.equal(drawingWork([], 100), undefined);
  const work = drawingWork([entry(true), entry(false), entry(true), entry(true)], 100);
  const pass = PASS_PIXEL_COST * (16 / 9);
  assert.equal(work({ resolution: 1, trailResolution: 1, stampBudget: 4 }), 10_000 * ((2 + pass) + (0.5 * 3 + pass)));
  assert.equal(work({ resolution: 0.5, trailResolution: 0.5, stampBudget: 1 }), 10_000 * ((2 + pass) * 0.25 + (0.5 + pass) * 0.25));
});

test('after a heavy load on a machine busy elsewhere, the quality still climbs back once the stage is light', () => {
  // The machine stalls a tenth of the frames by up to 200 ms, during the load and after it, whatever the page
  // draws (the work the page is told leaves the stalls out). A light frame stalled once taught the page that
  // work cost ten times what it does; its forecast dropped the level it had climbed back to, and that failure,
  // under light work, made the level wait two minutes.
  for (const seed of [3, 4, 5, 6]) {
    const next = random(seed), controller = new QualityController();
    const run = (seconds, cost, from) => {
      let t = from;
      const changes = [];
      while (t < from + seconds * 1000) {
        const stall = next() < 0.1 ? 200 * next() : 0;
        const took = Math.max(cost(controller.levels[controller.level]) * (1 + 0.4 * (2 * next() - 1)) + stall, VSYNC);
        t += Math.max(1, Math.ceil(took / VSYNC - 1e-9)) * VSYNC;
        if (controller.observe(t, { active: true, work: (level) => cost(level) })) changes.push([Math.round(t / 100) / 10, controller.level]);
      }
      return { end: t, changes };
    };
    const loaded = run(60, fill(200), 0);
    assert.ok(controller.level >= QUALITY_LEVELS.length / 2, `seed ${seed}: the load takes it far down, not to ${controller.level}`);
    const { changes } = run(60, () => 3, loaded.end);
    assert.equal(controller.level, 0, `seed ${seed}: the levels after the load: ${JSON.stringify(changes)}`);
    const back = changes.at(-1)[0] - loaded.end / 1000;
    assert.ok(back <= 30, `seed ${seed}: back at full quality ${back} s after the load ended`);
  }
});
