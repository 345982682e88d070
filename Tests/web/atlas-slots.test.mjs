// Which atlas layer holds which picture, and which is given up for a new one.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { AtlasSlots } from '../../Sources/WebClient/Web/view/atlas-slots.js';

function drawn(slots, form, stroke, generation = 1) {
  const claimed = slots.claim(form, stroke, generation);
  if (claimed) slots.markReady(claimed.layer);
  return claimed;
}

test('a picture is found once drawn, and only from the same geometry', () => {
  const slots = new AtlasSlots({ capacity: 2, maxCapacity: 4 });
  assert.equal(slots.find(0, 0, 1), -1);
  const claimed = slots.claim(0, 0, 1);
  assert.equal(slots.find(0, 0, 1), -1, 'not before it is drawn');
  slots.markReady(claimed.layer);
  assert.equal(slots.find(0, 0, 1), claimed.layer);
  assert.equal(slots.find(0, 0, 2), -1, 'a form described again is drawn again');
  assert.equal(drawn(slots, 0, 0, 2).layer, claimed.layer, 'into the same layer');
});

test('the atlas grows by doubling up to its bound', () => {
  const slots = new AtlasSlots({ capacity: 2, maxCapacity: 5 });
  assert.deepEqual([0, 1].map((form) => drawn(slots, form, 0).capacity), [2, 2]);
  assert.deepEqual(drawn(slots, 2, 0), { layer: 2, capacity: 4 });
  drawn(slots, 3, 0);
  assert.deepEqual(drawn(slots, 4, 0), { layer: 4, capacity: 5 });
});

test('when full, the least recently used layer is reused — never one the current frame uses', () => {
  const slots = new AtlasSlots({ capacity: 3, maxCapacity: 3 });
  for (const form of [0, 1, 2]) drawn(slots, form, 0);
  slots.beginFrame();
  slots.find(0, 0, 1);
  slots.find(2, 0, 1);
  slots.beginFrame();
  slots.find(2, 0, 1);
  const reused = drawn(slots, 9, 0);
  assert.equal(reused.layer, 1, 'form 1 was used longest ago');
  assert.equal(slots.find(1, 0, 1), -1);
  assert.equal(drawn(slots, 8, 0).layer, 0, 'then form 0');
  assert.equal(slots.claim(7, 0, 1), null, 'every layer is in use by this frame');
});

test('a stand-in: the nearest stroke width of the same form, filled stands in for filled only', () => {
  const slots = new AtlasSlots({ capacity: 8, maxCapacity: 8 });
  const filled = drawn(slots, 0, 0).layer, thin = drawn(slots, 0, 10).layer, thick = drawn(slots, 0, 40).layer;
  drawn(slots, 1, 22);
  assert.equal(slots.nearest(0, 20, 1), thin);
  assert.equal(slots.nearest(0, 30, 1), thick);
  assert.equal(slots.nearest(0, 0, 1), filled);
  assert.equal(slots.nearest(2, 10, 1), -1);
  assert.equal(slots.nearest(0, 10, 2), -1, 'not from older geometry');
});
