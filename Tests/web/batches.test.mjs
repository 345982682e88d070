// Instances arranged for the GPU: trail stamps first, then lumis, in runs of one blend.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { groupedOrder, packInstances, quadAreas } from '../../Sources/WebClient/Web/view/batches.js';
import { Shape } from '../../Sources/WebClient/Web/view/analytic-forms.js';
import { Blend, Layer, decodeFrame } from '../../Sources/WebClient/Web/shared/frames.js';
import { encodeFrame } from './frame-bytes.mjs';

function instance(form, layer, blend, stroke = 0) {
  return { tx: form, ty: 0, sx: 8192, sy: 8192, rotation: 0, rgba: [255, 255, 255, 255], form, stroke, layer, blend };
}

const frame = decodeFrame(encodeFrame({
  instances: [
    instance(1, Layer.lumis, Blend.additive),
    instance(2, Layer.trails, Blend.sourceOver),
    instance(3, Layer.lumis, Blend.additive, 9),
    instance(4, Layer.trails, Blend.sourceOver),
    instance(5, Layer.lumis, Blend.screen),
    instance(6, Layer.trails, Blend.multiply),
    instance(7, Layer.panes, Blend.sourceOver),
  ],
}));

/** The records' forms, read back from packed bytes, and their atlas layers from the reserved bytes. */
function unpack(bytes, slots) {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return slots.map((slot) => ({ form: view.getUint16(slot * 24 + 18, true), atlas: view.getUint16(slot * 24 + 22, true) }));
}

test('trail stamps come first, then lumis, each in their order, in runs that share a blend', () => {
  const packed = packInstances(frame.instances, (form) => form * 10);
  assert.deepEqual(packed.trails.map((r) => [r.blend, r.first, r.count]), [[Blend.sourceOver, 0, 2], [Blend.multiply, 2, 1]]);
  assert.deepEqual(packed.lumis.map((r) => [r.blend, r.first, r.count]), [[Blend.additive, 3, 2], [Blend.screen, 5, 1]]);
  assert.deepEqual(unpack(packed.bytes, [0, 1, 2, 3, 4, 5]).map((r) => r.form), [2, 4, 6, 1, 3, 5]);
  assert.deepEqual(unpack(packed.bytes, [0, 3, 4]).map((r) => r.atlas), [20, 10, 30], 'atlas layers in the reserved bytes');
  assert.equal(packed.byteLength, 6 * 24);
});

test('the rest of each record is copied as it came', () => {
  const packed = packInstances(frame.instances, () => 0);
  const lumi = new DataView(packed.bytes.buffer, packed.bytes.byteOffset + 4 * 24, 24);
  assert.equal(lumi.getFloat32(0, true), 3);
  assert.equal(lumi.getInt16(8, true), 8192);
  assert.equal(lumi.getUint8(20), 9, 'stroke width');
  assert.equal(lumi.getUint8(21), Layer.lumis | (Blend.additive << 2));
});

test('the atlas is asked for each form and stroke width; instances it cannot draw are left out', () => {
  const asked = [];
  const packed = packInstances(frame.instances, (form, stroke) => {
    asked.push([form, stroke]);
    return form === 3 || form === 4 ? -1 : 0;
  });
  assert.deepEqual(asked, [[1, 0], [2, 0], [3, 9], [4, 0], [5, 0], [6, 0]]);
  assert.deepEqual(packed.trails.map((r) => [r.blend, r.first, r.count]), [[Blend.sourceOver, 0, 1], [Blend.multiply, 1, 1]]);
  // Lumis start just after the last trail stamp drawn: a left-out one leaves no gap.
  assert.deepEqual(packed.lumis.map((r) => [r.blend, r.first, r.count]), [[Blend.additive, 2, 1], [Blend.screen, 3, 1]]);
  assert.deepEqual(unpack(packed.bytes, [0, 1, 2, 3]).map((r) => r.form), [2, 6, 1, 5]);
  assert.equal(packed.byteLength, 4 * 24);
});

test('a buffer large enough is reused', () => {
  const first = packInstances(frame.instances, () => 0);
  const second = packInstances(frame.instances, () => 0, first.bytes);
  assert.equal(second.bytes, first.bytes);
});

test('runs split where the shape changes; additive instances of a shape come together, others keep their order', () => {
  const mixed = decodeFrame(encodeFrame({
    instances: [
      instance(1, Layer.lumis, Blend.additive), instance(2, Layer.lumis, Blend.additive),
      instance(3, Layer.lumis, Blend.additive), instance(4, Layer.lumis, Blend.additive),
      instance(5, Layer.lumis, Blend.sourceOver), instance(6, Layer.lumis, Blend.sourceOver),
      instance(7, Layer.lumis, Blend.sourceOver),
    ],
  }));
  // Odd forms are one shape (1), even ones another (2); form 4 cannot be drawn.
  const packed = packInstances(mixed.instances, (form) => (form === 4 ? -1 : form), null, (layer) => 1 + (layer % 2 === 0 ? 1 : 0));
  assert.deepEqual(packed.lumis.map((r) => [r.blend, r.shape, r.first, r.count]),
    [[Blend.additive, 1, 0, 2], [Blend.additive, 2, 2, 1], [Blend.sourceOver, 1, 3, 1], [Blend.sourceOver, 2, 4, 1], [Blend.sourceOver, 1, 5, 1]]);
  assert.deepEqual(unpack(packed.bytes, [0, 1, 2, 3, 4, 5]).map((r) => r.form), [1, 3, 2, 5, 6, 7]);
  assert.equal(packed.byteLength, 6 * 24);
});

test('grouping keeps the order within a shape, and a stretch of another blend ends the group', () => {
  const entry = (name, blend, shape) => ({ name, blend, shape });
  const order = groupedOrder([
    entry('a', Blend.additive, 0), entry('b', Blend.additive, 1), entry('c', Blend.additive, 0),
    entry('d', Blend.screen, 1), entry('e', Blend.additive, 1), entry('f', Blend.additive, 0), entry('g', Blend.additive, -1),
  ]);
  assert.deepEqual(order.map((e) => e.name), ['a', 'c', 'b', 'd', 'e', 'f']);
});

test('the area the quads cover, per layer: each quad as large as its form and stroke reach, in canvas heights', () => {
  const half = (layer, stroke = 0) => ({ ...instance(1, layer, Blend.additive, stroke), sx: 4096, sy: -4096 });
  const areas = quadAreas(decodeFrame(encodeFrame({
    instances: [half(Layer.lumis), half(Layer.lumis, 128), half(Layer.trails), half(Layer.panes), half(Layer.background)],
  })).instances);
  // A filled form reaches 0.52 of its size each way (a margin for filtering); one stroked a quarter of its
  // size wide, half that further; a mirrored form covers as much.
  const quad = (reach) => (2 * reach * 0.5) ** 2;
  assert.ok(Math.abs(areas.lumis - (quad(0.52) + quad(0.645))) < 1e-9, areas.lumis);
  assert.ok(Math.abs(areas.trails - quad(0.52)) < 1e-9, areas.trails);
  assert.deepEqual(quadAreas(decodeFrame(encodeFrame({ instances: [] })).instances), { trails: 0, lumis: 0 });
});

test('with coarse fills, the large additive discs before the first other blend go to runs of their own', () => {
  const sized = (form, layer, blend, scale) => ({ ...instance(form, layer, blend), sx: scale, sy: scale });
  const large = 8192 / 2, small = 8192 / 8;  // radii of a quarter and of a sixteenth of a canvas height
  const stage = decodeFrame(encodeFrame({
    instances: [
      sized(1, Layer.lumis, Blend.additive, large), sized(2, Layer.lumis, Blend.additive, small),
      sized(3, Layer.trails, Blend.additive, large), sized(4, Layer.lumis, Blend.additive, large),
      sized(5, Layer.lumis, Blend.screen, large), sized(6, Layer.lumis, Blend.additive, large),
    ],
  }));
  const discs = (coarse) => packInstances(stage.instances, () => 0, null, () => Shape.disc, coarse);
  const packed = discs(true);
  const runs = (list) => list.map((r) => [r.shape, r.first, r.count]);
  assert.deepEqual(runs(packed.trails), []);
  assert.deepEqual(runs(packed.coarseTrails), [[Shape.discQuad, 0, 1]]);
  assert.deepEqual(runs(packed.lumis), [[Shape.disc, 1, 1], [Shape.disc, 2, 1], [Shape.disc, 3, 1]]);
  assert.deepEqual(runs(packed.coarseLumis), [[Shape.discQuad, 4, 2]]);
  assert.deepEqual(unpack(packed.bytes, [0, 1, 2, 3, 4, 5]).map((r) => r.form), [3, 2, 5, 6, 1, 4]);
  const plain = discs(false);
  assert.deepEqual([plain.coarseTrails, plain.coarseLumis], [[], []], 'at full quality nothing is drawn coarsely');
  assert.deepEqual(runs(plain.lumis), [[Shape.disc, 1, 3], [Shape.disc, 4, 1], [Shape.disc, 5, 1]]);
});
