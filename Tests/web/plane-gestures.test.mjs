// The editing plane's gestures, fed recorded pointer sequences: one finger draws a range, two grab the plane
// to pan and pinch (the part ruler across only, the voice ruler down only), no zoom while panning, one finger
// pans on after a grab, a fling coasts and a tap stops it without drawing; the wheel pans and zooms.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { applyRange, rangeInView } from '../../Sources/WebClient/Web/compose/plane/editing-range.js';
import { GESTURE_DEFAULTS, PlaneGestures } from '../../Sources/WebClient/Web/compose/plane/plane-gestures.js';
import { makeView } from '../../Sources/WebClient/Web/compose/plane/plane-view.js';

const touch = (id, type, x, y, t, area = 'plane') => ({ id, type, x, y, t, area });
const play = (gestures, events) => events.flatMap((event) => gestures.handle(event));
const ofType = (actions, type) => actions.filter((action) => action.type === type);
const total = (actions, key) => ofType(actions, 'pan').reduce((sum, pan) => sum + pan[key], 0);
const product = (actions) => ofType(actions, 'zoom').reduce((factor, zoom) => factor * zoom.factor, 1);
const close = (actual, expected, message) => assert.ok(Math.abs(actual - expected) < 1e-9, `${message ?? ''} ${actual} ≠ ${expected}`);

/** Two fingers flung left at 2 px per ms for 50 ms, let go at once. */
const flingLeft = ({ dx = -20, dy = 0 } = {}) => [
  ...twoFingers({ from: [600, 100, 600, 200], steps: 5, dx, dy }),
  touch(1, 'up', 600 + 5 * dx, 100 + 5 * dy, 50), touch(2, 'up', 600 + 5 * dx, 200 + 5 * dy, 50),
];

/** Two fingers moving together from (x1, y1) and (x2, y2), each by (dx, dy) per step, a step every 10 ms. */
function twoFingers({ from: [x1, y1, x2, y2], steps, dx = 0, dy = 0, spread = 0, t = 0, area = 'plane' }) {
  const events = [touch(1, 'down', x1, y1, t, area), touch(2, 'down', x2, y2, t, area)];
  for (let step = 1; step <= steps; step += 1) {
    const time = t + step * 10;
    events.push(touch(1, 'move', x1 + step * dx - step * spread, y1 + step * dy, time, area));
    events.push(touch(2, 'move', x2 + step * dx + step * spread, y2 + step * dy, time, area));
  }
  return events;
}

test('one finger draws a range from where it went down to where it is, and lets it go', () => {
  const gestures = new PlaneGestures();
  const actions = play(gestures, [
    touch(1, 'down', 100, 50, 0), touch(1, 'move', 150, 50, 16), touch(1, 'move', 220, 52, 32), touch(1, 'up', 220, 52, 48),
  ]);
  const from = { x: 100, y: 50 };
  assert.deepEqual(actions, [
    { type: 'range', from, to: from },
    { type: 'range', from, to: { x: 150, y: 50 } },
    { type: 'range', from, to: { x: 220, y: 52 } },
    { type: 'commitRange', from, to: { x: 220, y: 52 } },
  ]);
  assert.equal(gestures.mode, 'idle');
  // What the page does with it: a plane of one bar in 960 px (the raster 1/4 beat, 60 px): from tick 400 to
  // 880, one event over the cells they touch.
  const view = makeView({ width: 960, height: 400, ticks: 3840, rows: 4 });
  const commit = actions[3];
  const result = applyRange([], rangeInView(view, commit.from, commit.to, 3840), 3840);
  assert.deepEqual(result.event, { start: 240, length: 720, gain: 1 });
  // The mouse draws the same way.
  assert.deepEqual(ofType(play(new PlaneGestures(), [touch('mouse', 'down', 5, 5, 0), touch('mouse', 'up', 5, 5, 90)]), 'commitRange').length, 1);
});

test('a drawing let go outside its score changes nothing; over a ruler or cancelled, it is forgotten', () => {
  const view = makeView({ width: 960, height: 400, ticks: 3840, rows: 4 });
  const pastTheEnd = play(new PlaneGestures(), [touch(1, 'down', 900, 50, 0), touch(1, 'move', 990, 50, 20), touch(1, 'up', 1000, 50, 40)]);
  const commit = pastTheEnd.at(-1);
  assert.equal(commit.type, 'commitRange');
  assert.deepEqual(applyRange([{ start: 3600, length: 240, gain: 1 }], rangeInView(view, commit.from, commit.to, 3840), 3840), { action: 'none' });
  const otherRow = play(new PlaneGestures(), [touch(1, 'down', 100, 50, 0), touch(1, 'up', 100, 150, 40)]).at(-1);
  assert.deepEqual(applyRange([], rangeInView(view, otherRow.from, otherRow.to, 3840), 3840), { action: 'none' });
  const overRuler = play(new PlaneGestures(), [touch(1, 'down', 100, 50, 0), touch(1, 'up', 100, 420, 40, 'partRuler')]);
  assert.deepEqual(overRuler.at(-1), { type: 'cancelRange' });
  const cancelled = play(new PlaneGestures(), [touch(1, 'down', 100, 50, 0), touch(1, 'cancel', 100, 50, 40)]);
  assert.deepEqual(cancelled.at(-1), { type: 'cancelRange' });
});

test('two fingers grab the plane: the range the first began is cancelled, and they pan it both ways', () => {
  const gestures = new PlaneGestures();
  const actions = play(gestures, twoFingers({ from: [100, 100, 200, 100], steps: 5, dx: 10, dy: 5 }));
  assert.deepEqual(actions.slice(0, 3), [
    { type: 'range', from: { x: 100, y: 100 }, to: { x: 100, y: 100 } }, { type: 'cancelRange' }, { type: 'held', on: true },
  ]);
  close(total(actions, 'dx'), 50);
  close(total(actions, 'dy'), 25);
  assert.equal(ofType(actions, 'zoom').length, 0);
  assert.equal(ofType(actions, 'commitRange').length, 0);
  // Held still for 200 ms, then let go: no coasting, the overlay goes.
  const release = play(gestures, [touch(1, 'up', 150, 125, 250), touch(2, 'up', 250, 125, 260)]);
  assert.deepEqual(release, [{ type: 'held', on: false }]);
  assert.deepEqual(gestures.frame(300), []);
  assert.equal(gestures.mode, 'idle');
});

test('a pinch on the part ruler zooms and pans time only, from where it passed the threshold', () => {
  const gestures = new PlaneGestures();
  // Fingers 100 px apart across, parting by 10 px a step to 200, drifting down as they go.
  const events = twoFingers({ from: [300, 10, 400, 12], steps: 10, spread: 5, dy: 2, area: 'partRuler' });
  const actions = [...play(gestures, events), ...gestures.frame(110)];
  assert.deepEqual(actions[0], { type: 'held', on: true }, 'a lone finger on a ruler shows nothing until a second comes');
  assert.ok(ofType(actions, 'zoom').every((zoom) => zoom.axis === 'x'));
  // 110 px is within the threshold (1.15); zooming starts at 120 px and follows to 200.
  close(product(actions), 200 / 120);
  assert.ok(ofType(actions, 'pan').every((pan) => pan.dy === 0), 'no vertical pan on the part ruler');
  assert.ok(ofType(actions, 'zoom').every((zoom) => zoom.factor < 1.1), 'no jump when zooming starts');
});

test('a pinch on the voice ruler zooms and pans voices only', () => {
  const gestures = new PlaneGestures();
  const events = [touch(1, 'down', 10, 300, 0, 'voiceRuler'), touch(2, 'down', 12, 200, 0, 'voiceRuler')];
  for (let step = 1; step <= 10; step += 1) {
    events.push(touch(1, 'move', 10 + step * 3, 300 - step * 5, step * 10, 'voiceRuler'));  // closing to 0 apart…
    events.push(touch(2, 'move', 12 + step * 3, 200 + step * 5, step * 10, 'voiceRuler'));
  }
  const actions = [...play(gestures, events), ...gestures.frame(110)];
  assert.ok(ofType(actions, 'zoom').length > 0);
  assert.ok(ofType(actions, 'zoom').every((zoom) => zoom.axis === 'y' && zoom.factor < 1), 'closing zooms out');
  // …but the span counts as a fingertip at least: from 80 (past 1/1.15 of 100), down to 44.
  close(product(actions), 44 / 80);
  assert.ok(ofType(actions, 'pan').every((pan) => pan.dx === 0), 'no horizontal pan on the voice ruler');
});

test('two fingers panning with their distance wavering do not zoom; a pinch on the plane zooms both ways', () => {
  const gestures = new PlaneGestures();
  const spans = [100, 108, 95, 112, 90, 104, 100];
  const events = [touch(1, 'down', 100, 300, 0), touch(2, 'down', 200, 300, 0)];
  spans.forEach((span, step) => {
    const x = 100 + step * 40;
    events.push(touch(1, 'move', x, 300 - step * 20, step * 16 + 16), touch(2, 'move', x + span, 300 - step * 20, step * 16 + 16));
  });
  const actions = [...play(gestures, events), ...gestures.frame(200)];
  assert.equal(ofType(actions, 'zoom').length, 0, 'within the threshold: no zoom at all');
  close(total(actions, 'dx'), 240);
  close(total(actions, 'dy'), -120);
  // On the plane the pinch zooms both axes, about the fingers' middle.
  const plane = new PlaneGestures();
  const pinch = [...play(plane, twoFingers({ from: [400, 300, 500, 300], steps: 6, spread: 10 })), ...plane.frame(100)];
  const zooms = ofType(pinch, 'zoom');
  assert.ok(zooms.every((zoom) => zoom.axis === 'xy' && zoom.focus.y === 300));
  close(product(pinch), 220 / 120);
});

test('fingers report one at a time: a pinch is judged on whole input frames, a still finger included', () => {
  // Two fingers 100 px apart flicked 60 px right in one frame: between the two reports they are 40 px apart.
  const flick = new PlaneGestures();
  const actions = [
    ...play(flick, [touch(1, 'down', 100, 300, 0), touch(2, 'down', 200, 300, 0)]),
    ...play(flick, [touch(1, 'move', 160, 300, 16), touch(2, 'move', 260, 301, 18)]),
    ...play(flick, [touch(1, 'move', 220, 300, 32), touch(2, 'move', 320, 299, 33)]),
    ...flick.frame(40),
  ];
  assert.equal(ofType(actions, 'zoom').length, 0, 'the span in between never counts');
  close(total(actions, 'dx'), 120);
  // One finger held still, the other moving away: its own reports end each frame, and the pinch zooms.
  const anchored = new PlaneGestures();
  const events = [touch(1, 'down', 100, 300, 0), touch(2, 'down', 200, 300, 0)];
  for (let step = 1; step <= 8; step += 1) events.push(touch(2, 'move', 200 + step * 10, 300, step * 10));
  const pinch = [...play(anchored, events), ...anchored.frame(90)];
  close(product(pinch), 180 / 120, 'from 120 px (past 1.15) to 180');
});

test('after a two-finger grab one finger pans on, without a jump, until all fingers are up', () => {
  const gestures = new PlaneGestures();
  play(gestures, twoFingers({ from: [100, 100, 200, 100], steps: 2, dx: 10 }));
  const lift = play(gestures, [touch(2, 'up', 220, 100, 30)]);
  assert.deepEqual(lift, [], 'the middle moves from two fingers to one: no pan');
  const onward = play(gestures, [touch(1, 'move', 150, 130, 40), touch(1, 'move', 180, 130, 50)]);
  assert.equal(ofType(onward, 'range').length, 0, 'the finger left does not draw');
  close(total(onward, 'dx'), 60);
  close(total(onward, 'dy'), 30);
  // A finger put back makes a pair again, which may pinch.
  play(gestures, [touch(3, 'down', 280, 130, 60)]);
  assert.equal(gestures.mode, 'holding');
  assert.deepEqual(play(gestures, [touch(1, 'up', 180, 130, 400), touch(3, 'up', 280, 130, 400)]), [{ type: 'held', on: false }]);
});

test('let go moving, the plane coasts, slowing exponentially at the frame times given, then lets go', () => {
  const gestures = new PlaneGestures();
  // Two fingers flung left at 2 px per ms.
  const actions = play(gestures, flingLeft());
  assert.equal(ofType(actions, 'held').length, 1, 'the overlay stays while it coasts');
  assert.equal(gestures.mode, 'coasting');
  const frames = [];
  for (let t = 66; gestures.mode === 'coasting'; t += 16) frames.push(...gestures.frame(t));
  const pans = ofType(frames, 'pan');
  assert.ok(pans.every((pan) => pan.dx < 0 && pan.dy === 0));
  for (let i = 1; i < pans.length; i += 1) assert.ok(Math.abs(pans[i].dx) < Math.abs(pans[i - 1].dx), 'slowing');
  // It travels v·τ less what is left when it stops (τ = 325 ms): 650 px less at most 6.5 px.
  const travelled = -total(frames, 'dx');
  assert.ok(travelled > 650 - GESTURE_DEFAULTS.stopSpeed * 325 && travelled < 650, `${travelled}`);
  assert.deepEqual(frames.at(-1), { type: 'held', on: false });
  assert.equal(pans.length, Math.ceil(325 * Math.log(2 / 0.02) / 16));
  assert.deepEqual(gestures.frame(10_000), []);
});

test('coasting goes as far whatever the frames: uneven frame times give the same path', () => {
  const flung = () => {
    const gestures = new PlaneGestures();
    play(gestures, flingLeft({ dx: -10, dy: 6 }));
    return gestures;
  };
  const even = flung(), uneven = flung();
  const evenFrames = [60, 70, 80, 90, 100, 110, 120, 130, 140, 150].flatMap((t) => even.frame(t));
  const unevenFrames = [53, 97, 98, 150].flatMap((t) => uneven.frame(t));
  close(total(evenFrames, 'dx'), total(unevenFrames, 'dx'));
  close(total(evenFrames, 'dy'), total(unevenFrames, 'dy'));
  assert.deepEqual(uneven.frame(150), [], 'no time passed: no motion');
});

test('a tap while it coasts stops it and draws nothing; then a finger draws again', () => {
  const gestures = new PlaneGestures();
  play(gestures, flingLeft());
  gestures.frame(66);
  gestures.frame(82);
  // The stopping tap wobbles a little, as fingers do.
  const tap = play(gestures, [touch(3, 'down', 400, 150, 90), touch(3, 'move', 404, 153, 100), touch(3, 'up', 404, 153, 140)]);
  assert.deepEqual(tap, [{ type: 'held', on: false }], 'no range, no pan: only the overlay goes');
  assert.deepEqual(gestures.frame(150), [], 'stopped');
  assert.deepEqual(play(gestures, [touch(4, 'down', 400, 150, 300)]), [{ type: 'range', from: { x: 400, y: 150 }, to: { x: 400, y: 150 } }]);
});

test('a finger put down while it coasts takes it over: past the slop it pans on, and may fling again', () => {
  const gestures = new PlaneGestures();
  play(gestures, flingLeft());
  const actions = play(gestures, [
    touch(3, 'down', 400, 150, 90), touch(3, 'move', 390, 150, 100), touch(3, 'move', 370, 150, 110), touch(3, 'move', 340, 150, 120),
  ]);
  assert.equal(ofType(actions, 'range').length, 0);
  close(total(actions, 'dx'), -50, 'the slop is not counted: no jump when it starts');
  play(gestures, [touch(3, 'move', 300, 150, 130), touch(3, 'up', 300, 150, 130)]);
  assert.equal(gestures.mode, 'coasting');
});

test('a lone finger on a ruler pans along it once past the slop; a tap there neither pans nor draws', () => {
  assert.deepEqual(play(new PlaneGestures(), [touch(1, 'down', 100, 10, 0, 'partRuler'), touch(1, 'up', 103, 10, 80, 'partRuler')]),
    [{ type: 'tap', area: 'partRuler', at: { x: 103, y: 10 } }]);
  const gestures = new PlaneGestures();
  const actions = play(gestures, [
    touch(1, 'down', 10, 100, 0, 'voiceRuler'), touch(1, 'move', 10, 106, 10, 'voiceRuler'),
    touch(1, 'move', 10, 115, 20, 'voiceRuler'), touch(1, 'move', 16, 140, 30, 'voiceRuler'),
  ]);
  assert.deepEqual(actions, [{ type: 'held', on: true }, { type: 'pan', dx: 0, dy: 5 }, { type: 'pan', dx: 0, dy: 25 }],
    'the slop is not counted, and the voice ruler does not pan time');
});

test('the wheel pans, ctrl+wheel zooms about the pointer, shift chooses time and alt voices', () => {
  const wheel = (event) => new PlaneGestures().wheel({ x: 300, y: 200, area: 'plane', deltaX: 0, deltaY: 0, ...event });
  assert.deepEqual(wheel({ deltaY: 100 }), [{ type: 'pan', dx: 0, dy: -100 }], 'down the voices');
  assert.deepEqual(wheel({ deltaX: 30, deltaY: 0 }), [{ type: 'pan', dx: -30, dy: 0 }], "a trackpad's sideways scroll");
  assert.deepEqual(wheel({ deltaY: 100, shiftKey: true }), [{ type: 'pan', dx: -100, dy: 0 }], 'shift: along time');
  assert.deepEqual(wheel({ deltaX: 100, shiftKey: true }), [{ type: 'pan', dx: -100, dy: 0 }], 'as browsers that turn shift+wheel sideways');
  assert.deepEqual(wheel({ deltaX: 40, deltaY: 10, altKey: true }), [{ type: 'pan', dx: 0, dy: -40 }], 'alt: voices only');
  assert.deepEqual(wheel({ deltaY: 100, area: 'partRuler' }), [{ type: 'pan', dx: -100, dy: 0 }], 'the part ruler scrolls time');
  assert.deepEqual(wheel({ deltaY: 100, area: 'voiceRuler' }), [{ type: 'pan', dx: 0, dy: -100 }]);
  assert.deepEqual(wheel({ deltaY: 3, deltaMode: 1 }), [{ type: 'pan', dx: 0, dy: -48 }], 'lines are 16 px');
  const zoomIn = wheel({ deltaY: -100, ctrlKey: true });
  assert.equal(zoomIn.length, 1);
  assert.equal(zoomIn[0].axis, 'xy');
  close(zoomIn[0].factor, Math.exp(100 / 500));
  assert.deepEqual(zoomIn[0].focus, { x: 300, y: 200 });
  assert.equal(wheel({ deltaY: 100, ctrlKey: true, shiftKey: true })[0].axis, 'x');
  assert.ok(wheel({ deltaY: 100, ctrlKey: true, shiftKey: true })[0].factor < 1, 'down zooms out');
  assert.equal(wheel({ deltaY: 100, ctrlKey: true, altKey: true })[0].axis, 'y');
  assert.equal(wheel({ deltaY: 100, ctrlKey: true, area: 'voiceRuler' })[0].axis, 'y');
  assert.deepEqual(wheel({ deltaY: 0, ctrlKey: true }), []);
  assert.deepEqual(wheel({ deltaY: Number.NaN }), []);
});

test('the wheel stops a coasting plane and does nothing while a finger draws', () => {
  const coasting = new PlaneGestures();
  play(coasting, flingLeft());
  assert.deepEqual(coasting.wheel({ deltaY: 10, x: 0, y: 0, area: 'plane' }), [{ type: 'held', on: false }, { type: 'pan', dx: 0, dy: -10 }]);
  assert.deepEqual(coasting.frame(100), []);
  const drawing = new PlaneGestures();
  drawing.handle(touch(1, 'down', 10, 10, 0));
  assert.deepEqual(drawing.wheel({ deltaY: 10, x: 0, y: 0, area: 'plane' }), []);
});

test('reset lets everything go and says what to undo; stray events are ignored', () => {
  const drawing = new PlaneGestures();
  drawing.handle(touch(1, 'down', 10, 10, 0));
  assert.deepEqual(drawing.reset(), [{ type: 'cancelRange' }]);
  const holding = new PlaneGestures();
  play(holding, twoFingers({ from: [0, 0, 100, 0], steps: 1 }));
  assert.deepEqual(holding.reset(), [{ type: 'held', on: false }]);
  assert.equal(holding.mode, 'idle');
  const idle = new PlaneGestures();
  assert.deepEqual(idle.reset(), []);
  assert.deepEqual(play(idle, [touch(9, 'move', 1, 1, 0), touch(9, 'up', 1, 1, 0), touch(1, 'down', 0, 0, 0, 'elsewhere')]), []);
  assert.deepEqual(play(idle, [touch(1, 'down', 0, 0, 0), touch(1, 'down', 5, 5, 1)]).length, 1, 'a repeated down is ignored');
});

test('a finger tapped on a ruler, not moving, is a tap there; moved, it pans and taps nothing', () => {
  const tapped = play(new PlaneGestures(), [touch(1, 'down', 300, 10, 0, 'partRuler'), touch(1, 'move', 303, 12, 30, 'partRuler'), touch(1, 'up', 303, 12, 60, 'partRuler')]);
  assert.deepEqual(tapped, [{ type: 'tap', area: 'partRuler', at: { x: 303, y: 12 } }]);
  const panned = play(new PlaneGestures(), [touch(1, 'down', 300, 10, 0, 'partRuler'), touch(1, 'move', 360, 10, 30, 'partRuler'), touch(1, 'up', 360, 10, 400, 'partRuler')]);
  assert.equal(ofType(panned, 'tap').length, 0);
  assert.ok(ofType(panned, 'pan').length > 0);
  // A finger that stops a coasting plane taps nothing either.
  const gestures = new PlaneGestures();
  play(gestures, flingLeft());
  assert.equal(ofType(play(gestures, [touch(3, 'down', 300, 10, 80, 'partRuler'), touch(3, 'up', 300, 10, 120, 'partRuler')]), 'tap').length, 0);
});
