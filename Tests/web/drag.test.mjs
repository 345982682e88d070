// Dragging an item in a list: when a press becomes a drag, and where the item lands.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { dropPlace, isDrag, nearestIndex } from '../../Sources/WebClient/Web/shared/drag.js';

test('a press becomes a drag past the threshold; a dropped item takes the place it is dropped at', () => {
  assert.equal(isDrag({ x: 0, y: 0 }, { x: 3, y: 4 }), false);
  assert.equal(isDrag({ x: 0, y: 0 }, { x: 6, y: 0 }), true);
  const middles = [10, 30, 50, 70];  // four items, 20 px each
  assert.equal(dropPlace(middles, 5, 2), 0, 'above the first');
  assert.equal(dropPlace(middles, 45, 2), 2, 'back where it was');
  assert.equal(dropPlace(middles, 55, 2), 2, 'just below its own middle: still its place');
  assert.equal(dropPlace(middles, 65, 0), 2, 'the first dropped between the third and fourth');
  assert.equal(dropPlace(middles, 95, 0), 3, 'below the last');
  const boxes = [0, 1, 2, 3].map((i) => ({ x: i * 50, y: 0, width: 40, height: 30 }));
  assert.equal(nearestIndex(boxes, { x: 118, y: 10 }), 2);
  assert.equal(nearestIndex(boxes, { x: -100, y: 10 }), 0);
  assert.equal(nearestIndex([], { x: 0, y: 0 }), -1);
});
