// Circles and rings drawn without the atlas: the bands of radii they cover, filled and stroked, against the
// forms' geometry; and the slots an animation frame gives them.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  ANALYTIC_SLOTS, AnalyticShapes, FEWEST_SEGMENTS, MOST_SEGMENTS, Shape, annulusSegments, isDisc, radialBands,
} from '../../Sources/WebClient/Web/view/analytic-forms.js';
import { shapeVertices } from '../../Sources/WebClient/Web/view/instance-shaders.js';
import { STROKE_UNIT } from '../../Sources/WebClient/Web/shared/frames.js';
import { random } from './seeded-random.mjs';

/** Whether a point at distance `r` from the centre is covered, by the forms' definition (Swift's Ring and Ellipse, stroked with closed outlines). */
function coveredByGeometry(form, strokeByte, r) {
  const hole = form.kind === 'ring' ? 0.5 * form.innerRadius : 0;
  if (strokeByte === 0) return r <= 0.5 && r >= hole;
  const half = strokeByte / STROKE_UNIT / 2;
  return Math.abs(r - 0.5) <= half || (hole > 0 && Math.abs(r - hole) <= half);
}

function coveredByBands([a1, b1, a2, b2], r) {
  return (r >= a1 && r <= b1) || (r >= a2 && r <= b2);
}

test('circles and rings, filled and stroked: the bands cover exactly what the form covers', () => {
  const next = random(12);
  const forms = [{ kind: 'circle' }, { kind: 'ring', innerRadius: 0 }, { kind: 'ring', innerRadius: 1 }];
  for (let i = 0; i < 40; i += 1) forms.push({ kind: 'ring', innerRadius: next() });
  for (const form of forms) {
    for (const strokeByte of [0, 1, 5, 40, 128, 200, 255]) {
      const bands = radialBands(form, strokeByte);
      const [a1, b1, a2, b2] = bands;
      assert.ok(a1 <= b1 && a2 <= b2, JSON.stringify({ form, strokeByte, bands }));
      assert.ok(a2 === b2 || b1 < a2, `bands overlap: ${JSON.stringify({ form, strokeByte, bands })}`);
      for (let k = 0; k <= 1000; k += 1) {
        const r = k * 0.001;
        // Points exactly on an edge may go either way (they are a pixel's antialiasing, not its coverage).
        const onEdge = bands.some((edge) => Math.abs(edge - r) < 1e-9);
        if (onEdge) continue;
        assert.equal(coveredByBands(bands, r), coveredByGeometry(form, strokeByte, r),
          `r = ${r} of ${JSON.stringify(form)} at stroke ${strokeByte}: bands ${bands}`);
      }
    }
  }
});

test('every other form, and nonsense, is left to the atlas', () => {
  for (const form of [{ kind: 'polygon', sides: 6 }, { kind: 'star', points: 5, innerRadius: 0.4 }, { kind: 'line' },
    { kind: 'rose', petals: 3 }, { kind: 'ring', innerRadius: 'wide' }, null, undefined]) {
    assert.equal(radialBands(form, 0), null, JSON.stringify(form));
  }
});

test('an animation frame gives each circle or ring at each stroke width one slot, while slots last', () => {
  const shapes = new AnalyticShapes(3);
  const circle = { index: 4, generation: 1, form: { kind: 'circle' } };
  const ring = { index: 7, generation: 2, form: { kind: 'ring', innerRadius: 0.5 } };
  const star = { index: 9, generation: 3, form: { kind: 'star', points: 5, innerRadius: 0.4 } };
  assert.equal(shapes.slotFor(circle, 0), 0);
  assert.equal(shapes.slotFor(ring, 0), 1);
  assert.equal(shapes.slotFor(circle, 0), 0, 'the same slot again');
  assert.equal(shapes.slotFor(star, 0), -1);
  assert.equal(shapes.slotFor(circle, 12), 2, 'another stroke width, another slot');
  assert.deepEqual(Array.from(shapes.bands.subarray(4, 8)), [0.25, 0.5, 0, 0]);
  assert.equal(shapes.slotFor(ring, 12), -1, 'every slot taken: the atlas draws it');
  // Described again, the form is another shape.
  assert.equal(shapes.slotFor({ ...ring, generation: 5, form: { kind: 'ring', innerRadius: 0.9 } }, 0), -1);
  shapes.beginFrame();
  assert.equal(shapes.slotFor({ ...ring, generation: 5, form: { kind: 'ring', innerRadius: 0.9 } }, 0), 0);
  assert.ok(Math.abs(shapes.bands[0] - 0.45) < 1e-6);
});

test('the bands are marked as changed only when a slot gets other radii', () => {
  const shapes = new AnalyticShapes(ANALYTIC_SLOTS);
  const ring = { index: 1, generation: 1, form: { kind: 'ring', innerRadius: 0.82 } };
  shapes.slotFor(ring, 0);
  shapes.changed = false;
  shapes.beginFrame();
  shapes.slotFor(ring, 0);
  assert.equal(shapes.changed, false, 'the same radii in the same slot');
  shapes.beginFrame();
  shapes.slotFor({ index: 2, generation: 1, form: { kind: 'circle' } }, 0);
  assert.equal(shapes.changed, true);
});

test('a disc is one band reaching the centre: filled circles, and strokes that fill them; rings are annuli', () => {
  const shapes = new AnalyticShapes();
  const entry = (generation, form) => ({ generation, form });
  const circle = entry(1, { kind: 'circle' }), ring = entry(2, { kind: 'ring', innerRadius: 0.5 });
  assert.equal(shapes.shapeOf(shapes.slotFor(circle, 0)), Shape.disc);
  assert.equal(shapes.shapeOf(shapes.slotFor(circle, STROKE_UNIT)), Shape.disc, 'a stroke as wide as the form fills it');
  assert.equal(shapes.shapeOf(shapes.slotFor(circle, 16)), Shape.annulus);
  assert.equal(shapes.shapeOf(shapes.slotFor(ring, 0)), Shape.annulus);
  assert.equal(isDisc([-1, 0.5, 0, 0]), true);
  assert.equal(isDisc([-1, 0.3, 0.4, 0.5]), false, 'a second band makes it a ring');
  assert.equal(isDisc([0.1, 0.5, 0, 0]), false);
});

test('the polygons round circles and rings have fewer sides on a small picture, within bounds', () => {
  assert.equal(annulusSegments(720), MOST_SEGMENTS);
  assert.equal(annulusSegments(2160), MOST_SEGMENTS);
  assert.equal(annulusSegments(180), FEWEST_SEGMENTS);
  assert.equal(annulusSegments(0), FEWEST_SEGMENTS);
  assert.equal(annulusSegments(Number.NaN), MOST_SEGMENTS, 'nonsense draws as finely as ever');
  let before = FEWEST_SEGMENTS;
  for (let pixels = 1; pixels <= 1000; pixels += 1) {
    const segments = annulusSegments(pixels);
    assert.ok(Number.isInteger(segments) && segments >= before, `${pixels} px: ${segments}`);
    before = segments;
  }
  // A strip round an annulus has two vertices a side and the first pair again; a disc's inside, one a corner.
  assert.equal(shapeVertices(Shape.annulus, 12), 26);
  assert.equal(shapeVertices(Shape.disc, 12), 26);
  assert.equal(shapeVertices('discInside', 12), 12);
  assert.equal(shapeVertices(Shape.picture, 12), 4);
});
