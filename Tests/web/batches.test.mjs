// Instances arranged for the GPU: trail stamps first, then lumis, in runs of one blend.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { packInstances } from '../../Sources/WebClient/Web/batches.js';
import { Blend, Layer, decodeFrame } from '../../Sources/WebClient/Web/frames.js';
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
  // Lumis still start after the place of the last trail stamp: a left-out stamp leaves a gap, never drawn.
  assert.deepEqual(packed.lumis.map((r) => [r.blend, r.first, r.count]), [[Blend.additive, 3, 1], [Blend.screen, 4, 1]]);
  assert.deepEqual(unpack(packed.bytes, [0, 1, 3, 4]).map((r) => r.form), [2, 6, 1, 5]);
});

test('a buffer large enough is reused', () => {
  const first = packInstances(frame.instances, () => 0);
  const second = packInstances(frame.instances, () => 0, first.bytes);
  assert.equal(second.bytes, first.bytes);
});
