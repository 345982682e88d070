// Which instances are drawn on the coarse fill layer, and how it lines up with the picture.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { Shape } from '../../Sources/WebClient/Web/view/analytic-forms.js';
import {
  COARSE_FILL_MIN_RADIUS, COARSE_FILL_SCALE, coarseArea, coarseLayerSize, fillsCoarsely, pictureToCoarse,
  splitCoarseFills, usesCoarseFills,
} from '../../Sources/WebClient/Web/view/coarse-fills.js';
import { fitCanvasArea } from '../../Sources/WebClient/Web/view/canvas-area.js';
import { QUALITY_LEVELS } from '../../Sources/WebClient/Web/view/quality-ladder.js';
import { Blend } from '../../Sources/WebClient/Web/shared/frames.js';

test('only large additive discs fill coarsely', () => {
  assert.ok(fillsCoarsely(Shape.disc, Blend.additive, COARSE_FILL_MIN_RADIUS));
  assert.ok(!fillsCoarsely(Shape.disc, Blend.additive, COARSE_FILL_MIN_RADIUS * 0.99), 'a small disc');
  assert.ok(!fillsCoarsely(Shape.annulus, Blend.additive, 0.5), 'a ring keeps its sharp edges');
  assert.ok(!fillsCoarsely(Shape.picture, Blend.additive, 0.5));
  for (const blend of [Blend.sourceOver, Blend.screen, Blend.multiply]) assert.ok(!fillsCoarsely(Shape.disc, blend, 0.5));
});

test('the split takes the additive entries before the first of another blend, keeping every order', () => {
  const entry = (name, blend, shape = Shape.disc, radius = 0.4) => ({ name, blend, shape, radius });
  const entries = [
    entry('a', Blend.additive), entry('ring', Blend.additive, Shape.annulus), entry('small', Blend.additive, Shape.disc, 0.05),
    entry('b', Blend.additive), entry('over', Blend.sourceOver), entry('late', Blend.additive),
  ];
  const { fine, coarse } = splitCoarseFills(entries);
  assert.deepEqual(coarse.map((e) => e.name), ['a', 'b']);
  assert.deepEqual(fine.map((e) => e.name), ['ring', 'small', 'over', 'late']);
  assert.deepEqual(splitCoarseFills([entry('first', Blend.screen), entry('after', Blend.additive)]).coarse, []);
});

test('full quality draws every pixel; every lower rung of the ladder draws large fills coarsely', () => {
  assert.ok(!usesCoarseFills(QUALITY_LEVELS[0]));
  for (const level of QUALITY_LEVELS.slice(1)) assert.ok(usesCoarseFills(level), JSON.stringify(level));
  assert.ok(usesCoarseFills({ resolution: 0.5, trailResolution: 0.5 }), 'a pinned lower resolution');
});

test('a point of the canvas lies at the same place on the picture and on its coarse layer', () => {
  for (const [width, height] of [[256, 144], [205, 115], [300, 300], [1, 1]]) {
    const area = fitCanvasArea(width, height), size = coarseLayerSize(width, height), coarse = coarseArea(area);
    assert.ok(size.width >= width * COARSE_FILL_SCALE && size.height >= height * COARSE_FILL_SCALE);
    assert.ok(size.width < width * COARSE_FILL_SCALE + 1 && size.height < height * COARSE_FILL_SCALE + 1);
    const [sx, sy, ox, oy] = pictureToCoarse(height, size);
    for (const [u, v] of [[0, 0], [0.5, 0.25], [1, 1]]) {
      // The canvas point (u, v) on the picture, in window coordinates (y up)…
      const windowX = area.x + u * area.width, windowY = height - (area.y + v * area.height);
      // …maps onto the coarse layer's texture where the coarse canvas area puts it (rows from the bottom).
      const expectedU = (coarse.x + u * coarse.width) / size.width;
      const expectedV = (size.height - (coarse.y + v * coarse.height)) / size.height;
      assert.ok(Math.abs(windowX * sx + ox - expectedU) < 1e-9);
      assert.ok(Math.abs(windowY * sy + oy - expectedV) < 1e-9);
    }
  }
});
