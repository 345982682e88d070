// When the trail layer is cleared and how much it fades: the Swift SceneRenderer's rules.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { NO_FADE, TrailClock, fadeScale } from '../../Sources/WebClient/Web/view/trail-clock.js';

test('the fade is the persistence to the power of the seconds elapsed, in 256ths', () => {
  assert.equal(fadeScale(0.5, 1), 128);
  assert.equal(fadeScale(0.5, 0.5), Math.round(Math.SQRT1_2 * 256));
  assert.equal(fadeScale(0.5, 0), NO_FADE);
  assert.equal(fadeScale(0.5, -3), 128, 'a jump back counts as a second');
  assert.equal(fadeScale(0.5, 7), 128, 'so does a jump of more than a second');
  assert.equal(fadeScale(0, 0.1), 0);
  assert.equal(fadeScale(1, 0.5), NO_FADE);
});

test('the first frame clears; frames after stamps fade; a new erasure count clears', () => {
  const clock = new TrailClock();
  const frame = (time, erasures = 0, trailPersistence = 0.25) => ({ time, erasures, trailPersistence });
  assert.deepEqual(clock.step(frame(0)), { clear: true });
  assert.deepEqual(clock.step(frame(0.5)), {}, 'nothing to fade before a stamp');
  clock.stamped();
  assert.equal(clock.mayShow, true);
  assert.deepEqual(clock.step(frame(1)), { fade: 128 });
  assert.deepEqual(clock.step(frame(1)), {}, 'no time, no fade');
  assert.deepEqual(clock.step(frame(1.5, 1)), { clear: true });
  assert.equal(clock.mayShow, false);
  assert.deepEqual(clock.step(frame(2, 1)), {});
  clock.reset();
  assert.deepEqual(clock.step(frame(9, 1)), { clear: true });
});
