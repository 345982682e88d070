// The canvas's wire formats: binary frames built byte by byte here, decoded by frames.js.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  Blend, INSTANCE_SIZE, Layer, PANE_SIZE, decodeForms, decodeFrame, instanceTransform,
} from '../../Sources/WebClient/Web/shared/frames.js';
import { encodeFrame } from './frame-bytes.mjs';

const lumi = {
  tx: 0.25, ty: 0.75, sx: 8192, sy: -4096, rotation: 16384, rgba: [255, 0, 51, 204], form: 3, stroke: 20,
  layer: Layer.lumis, blend: Blend.screen,
};
const trailStamp = {
  tx: 1.5, ty: 0.125, sx: 819, sy: 819, rotation: 0, rgba: [0, 255, 0, 255], form: 65535, stroke: 0,
  layer: Layer.trails, blend: Blend.multiply,
};

test('the header: frame number, time, background, persistence and erasures', () => {
  const frame = decodeFrame(encodeFrame({ frame: 4_000_000_000, time: 12.25, persistence: 255, erasures: 255 }));
  assert.equal(frame.frame, 4_000_000_000);
  assert.equal(frame.time, 12.25);
  assert.deepEqual(frame.background, [10 / 255, 20 / 255, 30 / 255, 1]);
  assert.equal(frame.trailPersistence, 1);
  assert.equal(frame.erasures, 255);
  assert.equal(frame.instanceCount, 0);
  assert.equal(frame.instances.count, 0);
  assert.deepEqual(frame.panes, []);
});

test('panes: rectangles in 1/8192 of a canvas height, negative positions kept, colours 0…1', () => {
  const frame = decodeFrame(encodeFrame({
    panes: [
      { x: 4096, y: -2048, width: 8192, height: 16384, rgba: [255, 128, 0, 64] },
      { x: 0, y: 0, width: 1, height: 32767, rgba: [0, 0, 0, 0] },
    ],
  }));
  assert.equal(frame.paneCount, 2);
  assert.deepEqual(frame.panes[0], { x: 0.5, y: -0.25, width: 1, height: 2, color: [1, 128 / 255, 0, 64 / 255] });
  assert.equal(frame.panes[1].width, 1 / 8192);
  assert.equal(frame.panes[1].height, 32767 / 8192);
  assert.equal(frame.paneBytes.byteLength, 2 * PANE_SIZE);
});

test('instances: position, scale (mirrored sy negative), rotation, colour, form, stroke, layer and blend', () => {
  const frame = decodeFrame(encodeFrame({ panes: [{ x: 0, y: 0, width: 8192, height: 8192, rgba: [1, 2, 3, 4] }], instances: [lumi, trailStamp] }));
  assert.equal(frame.instanceCount, 2);
  assert.equal(frame.instances.bytes.byteLength, 2 * INSTANCE_SIZE);
  assert.equal(frame.instances.bytes.byteOffset % 4, 0, 'records start on a 4-byte boundary, for the GPU');
  const first = frame.instances.at(0);
  assert.equal(first.tx, 0.25);
  assert.equal(first.ty, 0.75);
  assert.equal(first.sx, 1);
  assert.equal(first.sy, -0.5);
  assert.equal(first.turns, 0.25);
  assert.deepEqual(first.color, [1, 0, 51 / 255, 204 / 255]);
  assert.equal(first.form, 3);
  assert.equal(first.strokeByte, 20);
  assert.equal(first.strokeWidth, 20 / 512);
  assert.equal(first.layer, Layer.lumis);
  assert.equal(first.blend, Blend.screen);
  const second = frame.instances.at(1);
  assert.equal(second.tx, 1.5);
  assert.equal(second.form, 65535);
  assert.equal(second.strokeWidth, 0);
  assert.equal(second.layer, Layer.trails);
  assert.equal(second.blend, Blend.multiply);
  assert.throws(() => frame.instances.at(2), RangeError);
});

test('the largest rotation is just short of a turn', () => {
  const frame = decodeFrame(encodeFrame({ instances: [{ ...lumi, rotation: 65535 }] }));
  assert.equal(frame.instances.at(0).turns, 65535 / 65536);
});

test('every layer and blend survives the shared byte', () => {
  for (const layer of Object.values(Layer)) {
    for (const blend of Object.values(Blend)) {
      const decoded = decodeFrame(encodeFrame({ instances: [{ ...lumi, layer, blend }] })).instances.at(0);
      assert.deepEqual([decoded.layer, decoded.blend], [layer, blend]);
    }
  }
});

test('a view of a frame at an odd offset decodes as the frame itself', () => {
  const frame = new Uint8Array(encodeFrame({ instances: [lumi] }));
  const shifted = new Uint8Array(frame.byteLength + 1);
  shifted.set(frame, 1);
  const decoded = decodeFrame(shifted.subarray(1));
  assert.equal(decoded.instances.bytes.byteOffset % 4, 0);
  assert.deepEqual(decoded.instances.at(0), decodeFrame(frame).instances.at(0));
});

test('bytes that are not a frame are refused with a clear error', () => {
  const bytes = new Uint8Array(encodeFrame());
  bytes[3] = 0x32;  // "IPF2"
  assert.throws(() => decodeFrame(bytes.buffer), /not an Image Performer frame: it starts with "IPF2", not "IPF1"/);
  assert.throws(() => decodeFrame(new ArrayBuffer(10)), /frame too short: 10 bytes/);
  assert.throws(() => decodeFrame('IPF1'), TypeError);
});

test('a frame too short for the counts in its header is refused', () => {
  const full = encodeFrame({ instances: [lumi, trailStamp], panes: [{ x: 0, y: 0, width: 1, height: 1, rgba: [0, 0, 0, 0] }] });
  assert.doesNotThrow(() => decodeFrame(full));
  assert.throws(() => decodeFrame(full.slice(0, full.byteLength - 1)), /frame 7 is truncated: 83 bytes, but 1 panes and 2 instances need 84/);
  assert.throws(() => decodeFrame(encodeFrame({ paneCount: 1 })), /truncated/);
  assert.throws(() => decodeFrame(encodeFrame({ instanceCount: 0xFFFFFFFF })), /truncated/);
});

test('bytes after the last instance are ignored', () => {
  const frame = new Uint8Array(encodeFrame({ instances: [lumi] }));
  const longer = new Uint8Array(frame.byteLength + 8);
  longer.set(frame);
  assert.equal(decodeFrame(longer.buffer).instanceCount, 1);
});

test('the instance transform: identity at scale 1 and no turn', () => {
  const [a, b, c, d] = instanceTransform(1, 1, 0);
  assert.deepEqual([a, b, Math.abs(c), d], [1, 0, 0, 1]);
});

test('the instance transform: a quarter turn takes x down and y left, scaled', () => {
  const [a, b, c, d] = instanceTransform(2, 3, 0.25);
  assert.ok(Math.abs(a) < 1e-12 && Math.abs(d) < 1e-12);
  assert.equal(b, 2);
  assert.equal(c, -3);
});

test('the instance transform: a mirrored form has a negative determinant', () => {
  const [a, b, c, d] = instanceTransform(1, -1, 0.1);
  assert.ok(a * d - b * c < 0);
});

test('forms: geometry by index, stroke-only flag, contours open or closed', () => {
  const message = JSON.stringify({
    type: 'forms',
    forms: [
      { index: 0, form: { kind: 'polygon', sides: 3 }, strokeOnly: false, contours: [{ closed: true, points: [0, -0.5, 0.43, 0.25, -0.43, 0.25] }] },
      { index: 1, form: { kind: 'line' }, strokeOnly: true, contours: [{ closed: false, points: [-0.5, 0, 0.5, 0] }] },
    ],
  });
  const forms = decodeForms(message);
  assert.equal(forms.length, 2);
  assert.equal(forms[0].index, 0);
  assert.deepEqual(forms[0].form, { kind: 'polygon', sides: 3 });
  assert.equal(forms[0].strokeOnly, false);
  assert.equal(forms[0].contours[0].closed, true);
  assert.deepEqual(Array.from(forms[0].contours[0].points), [0, -0.5, 0.43, 0.25, -0.43, 0.25]);
  assert.equal(forms[1].strokeOnly, true);
  assert.equal(forms[1].contours[0].closed, false);
  assert.deepEqual(decodeForms(JSON.parse(message)), forms, 'the parsed object decodes the same');
});

test('forms: malformed messages are refused naming what is wrong', () => {
  assert.throws(() => decodeForms('{"type":"forms"}'), /"forms" array/);
  assert.throws(() => decodeForms({ type: 'changed', forms: [] }), /type "changed"/);
  assert.throws(() => decodeForms({ forms: [{ index: -1, contours: [] }] }), /index -1/);
  assert.throws(() => decodeForms({ forms: [{ index: 2 }] }), /form index 2 has no "contours"/);
  assert.throws(() => decodeForms({ forms: [{ index: 2, contours: [{ points: [1, 2, 3] }] }] }), /x, y pairs/);
  assert.throws(() => decodeForms({ forms: [{ index: 2, contours: [{ points: [1, 'a'] }] }] }), /not a number/);
  assert.throws(() => decodeForms('not json'), SyntaxError);
});
