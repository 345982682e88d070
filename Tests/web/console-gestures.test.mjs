// The console's gestures: pressure as velocity, pinches and ctrl+wheel as range steps, pads held by
// fingers and keys.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { PadTouches, PinchTracker, WheelSteps, velocityOf } from '../../Sources/WebClient/Web/console/panel-kit/console-gestures.js';

test('a touch or pen that reports pressure plays that hard; everything else at full strength', () => {
  assert.equal(velocityOf({ pointerType: 'touch', pressure: 0.8 }), 0.8);
  assert.equal(velocityOf({ pointerType: 'pen', pressure: 0.3 }), 0.3);
  assert.equal(velocityOf({ pointerType: 'touch', pressure: 0.5 }), 1, '0.5 is the default of devices without pressure');
  assert.equal(velocityOf({ pointerType: 'touch', pressure: 0 }), 1, '0 is "no pressure reported"');
  assert.equal(velocityOf({ pointerType: 'mouse', pressure: 0.9 }), 1, 'a mouse always plays at 1');
  assert.equal(velocityOf({ pointerType: 'pen', pressure: 1.4 }), 1);
  assert.equal(velocityOf({ pointerType: 'touch', pressure: Number.NaN }), 1);
  assert.equal(velocityOf({}), 1);
});

test('two fingers parting widen, closing narrow: one step per stepPixels of their distance', () => {
  const pinch = new PinchTracker({ stepPixels: 5 });
  pinch.down(1, { x: 100, y: 10 });
  assert.equal(pinch.move(1, { x: 90, y: 10 }), 0, 'one finger is not a pinch');
  pinch.down(2, { x: 200, y: 10 });  // 110 apart
  assert.equal(pinch.pinching, true);
  assert.equal(pinch.move(2, { x: 212, y: 10 }), 2, '12 px wider: two steps, 2 px kept');
  assert.equal(pinch.move(2, { x: 215, y: 10 }), 1, '3 more px: 5 since the last step');
  assert.equal(pinch.move(1, { x: 120, y: 10 }), -6, '30 px closer');
  pinch.down(3, { x: 0, y: 0 });
  assert.equal(pinch.move(3, { x: 500, y: 0 }), 0, 'a third finger is ignored');
  pinch.up(2);
  assert.equal(pinch.pinching, false);
  assert.equal(pinch.move(1, { x: 0, y: 10 }), 0);
});

test('ctrl+wheel: scrolling up widens, down narrows, a step per 10 px, lines counted as 16 px', () => {
  const wheel = new WheelSteps({ pixelsPerStep: 10 });
  assert.equal(wheel.add(-25), 2);
  assert.equal(wheel.add(-5), 1, 'the 5 px left over count');
  assert.equal(wheel.add(100), -10);
  assert.equal(wheel.add(1, 1), -1, 'one line is 16 px');
  assert.equal(wheel.add(Number.NaN), 0);
});

test('a pad sounds once however many fingers and keys hold it, and stops when the last lets go', () => {
  const pads = new PadTouches();
  assert.equal(pads.press('pointer:1', 2), true);
  assert.equal(pads.press('key:Digit3', 2), false, 'already held');
  assert.equal(pads.press('pointer:1', 2), false, 'the same finger twice');
  assert.equal(pads.press('pointer:2', 5), true);
  assert.equal(pads.release('pointer:1'), null, 'the key still holds pad 2');
  assert.equal(pads.release('key:Digit3'), 2);
  assert.equal(pads.release('key:Digit3'), null, 'released once');
  assert.equal(pads.isHeld(5), true);
  pads.press('pointer:3', 0);
  pads.press('pointer:4', 5);
  assert.deepEqual(pads.releaseAll(), [0, 5]);
  assert.equal(pads.isHeld(5), false);
});
