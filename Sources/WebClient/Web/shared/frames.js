// The canvas's wire formats (docs/live-protocol.md): binary frames and the forms message, decoded without
// touching the DOM or WebGL, so they are tested with `node --test`.

/** The four bytes every frame starts with. */
export const FRAME_MAGIC = 'IPF1';
/** Bytes of a frame's header. */
export const HEADER_SIZE = 24;
/** Bytes of each lit pane. */
export const PANE_SIZE = 12;
/** Bytes of each instance. */
export const INSTANCE_SIZE = 24;
/** Positions and sizes sent as integers are in 1/8192 of a canvas height. */
export const SCALE_UNIT = 8192;
/** Rotations are in 1/65536 of a turn. */
export const ROTATION_UNIT = 65536;
/** Stroke widths are in 1/512 of the form's unit size. */
export const STROKE_UNIT = 512;

/** The canvas layers an instance can be drawn on, from the bottom up. */
export const Layer = Object.freeze({ background: 0, panes: 1, trails: 2, lumis: 3 });
/** How an instance combines with what is under it. */
export const Blend = Object.freeze({ sourceOver: 0, additive: 1, screen: 2, multiply: 3 });

/** Byte offsets of the fields of one 24-byte instance record. */
export const InstanceField = Object.freeze({
  tx: 0, ty: 4, sx: 8, sy: 10, rotation: 12, red: 14, green: 15, blue: 16, opacity: 17,
  form: 18, strokeWidth: 20, layerAndBlend: 21, reserved: 22,
});

/** The instances of one frame: their raw 24-byte records (ready for the GPU) and a way to read them. */
export class InstanceRecords {
  /** `bytes` holds `count` records; its byte offset is a multiple of 4. */
  constructor(bytes, count) {
    this.bytes = bytes;
    this.count = count;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** Instance `i` decoded: translation and scale in canvas heights, rotation in turns, colour 0…1. */
  at(i) {
    if (!Number.isInteger(i) || i < 0 || i >= this.count) {
      throw new RangeError(`instance ${i} does not exist; this frame has ${this.count}`);
    }
    const v = this.view, o = i * INSTANCE_SIZE, flags = v.getUint8(o + InstanceField.layerAndBlend);
    const strokeByte = v.getUint8(o + InstanceField.strokeWidth);
    return {
      tx: v.getFloat32(o + InstanceField.tx, true),
      ty: v.getFloat32(o + InstanceField.ty, true),
      sx: v.getInt16(o + InstanceField.sx, true) / SCALE_UNIT,
      sy: v.getInt16(o + InstanceField.sy, true) / SCALE_UNIT,
      turns: v.getUint16(o + InstanceField.rotation, true) / ROTATION_UNIT,
      color: [
        v.getUint8(o + InstanceField.red) / 255, v.getUint8(o + InstanceField.green) / 255,
        v.getUint8(o + InstanceField.blue) / 255, v.getUint8(o + InstanceField.opacity) / 255,
      ],
      form: v.getUint16(o + InstanceField.form, true),
      strokeByte,
      strokeWidth: strokeByte / STROKE_UNIT,
      layer: flags & 0b11,
      blend: (flags >> 2) & 0b11,
    };
  }
}

/**
 * Decodes one binary frame (an ArrayBuffer or a view of one). Throws an Error saying what is wrong when
 * the bytes are not a frame or are too few for the counts in the header. Bytes past the end are ignored.
 */
export function decodeFrame(data) {
  const bytes = alignedBytes(data);
  if (bytes.byteLength < HEADER_SIZE) {
    throw new Error(`frame too short: ${bytes.byteLength} bytes, but a frame's header alone is ${HEADER_SIZE}`);
  }
  const magic = String.fromCharCode(bytes[0], bytes[1], bytes[2], bytes[3]);
  if (magic !== FRAME_MAGIC) {
    throw new Error(`not an Image Performer frame: it starts with ${JSON.stringify(magic)}, not "${FRAME_MAGIC}"`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const frame = view.getUint32(4, true);
  const instanceCount = view.getUint32(12, true);
  const paneCount = view.getUint16(16, true);
  const needed = HEADER_SIZE + paneCount * PANE_SIZE + instanceCount * INSTANCE_SIZE;
  if (bytes.byteLength < needed) {
    throw new Error(
      `frame ${frame} is truncated: ${bytes.byteLength} bytes, but ${paneCount} panes and ` +
      `${instanceCount} instances need ${needed}`);
  }
  const paneStart = HEADER_SIZE, instanceStart = HEADER_SIZE + paneCount * PANE_SIZE;
  const paneBytes = bytes.subarray(paneStart, instanceStart);
  return {
    frame,
    time: view.getFloat32(8, true),
    background: [bytes[18] / 255, bytes[19] / 255, bytes[20] / 255, bytes[21] / 255],
    trailPersistence: bytes[22] / 255,
    erasures: bytes[23],
    paneCount,
    panes: decodePanes(paneBytes, paneCount),
    paneBytes,
    instanceCount,
    instances: new InstanceRecords(bytes.subarray(instanceStart, needed), instanceCount),
  };
}

/** The lit panes of a frame: rectangles in canvas heights, colours 0…1 (alpha = the pane's level). */
function decodePanes(bytes, count) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), panes = [];
  for (let i = 0, o = 0; i < count; i += 1, o += PANE_SIZE) {
    panes.push({
      x: view.getInt16(o, true) / SCALE_UNIT,
      y: view.getInt16(o + 2, true) / SCALE_UNIT,
      width: view.getInt16(o + 4, true) / SCALE_UNIT,
      height: view.getInt16(o + 6, true) / SCALE_UNIT,
      color: [bytes[o + 8] / 255, bytes[o + 9] / 255, bytes[o + 10] / 255, bytes[o + 11] / 255],
    });
  }
  return panes;
}

/** The bytes of `data` as a Uint8Array starting on a 4-byte boundary (copied only when they do not). */
function alignedBytes(data) {
  let bytes;
  if (data instanceof ArrayBuffer) bytes = new Uint8Array(data);
  else if (ArrayBuffer.isView(data)) bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  else throw new TypeError('a frame is binary: pass an ArrayBuffer or a typed array');
  return bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
}

/** The linear part of an instance's transform from its unit square to the canvas: [a, b, c, d]. */
export function instanceTransform(sx, sy, turns) {
  const theta = turns * 2 * Math.PI, cos = Math.cos(theta), sin = Math.sin(theta);
  return [sx * cos, sx * sin, -sy * sin, sy * cos];
}

/**
 * Decodes a forms message (its JSON text or the parsed object) into
 * `[{ index, form, strokeOnly, contours: [{ closed, points: Float64Array [x0, y0, x1, y1, …] }] }]`,
 * points in the form's unit square centred on the origin, y down. Throws an Error naming what is wrong.
 */
export function decodeForms(message) {
  const parsed = typeof message === 'string' ? JSON.parse(message) : message;
  if (parsed === null || typeof parsed !== 'object' || !Array.isArray(parsed.forms)) {
    throw new Error('a forms message is an object with a "forms" array');
  }
  if (parsed.type !== undefined && parsed.type !== 'forms') {
    throw new Error(`expected a forms message, got one of type ${JSON.stringify(parsed.type)}`);
  }
  return parsed.forms.map((entry, position) => decodeFormEntry(entry, position));
}

function decodeFormEntry(entry, position) {
  const where = `form ${position} of the forms message`;
  if (entry === null || typeof entry !== 'object') throw new Error(`${where} is not an object`);
  const { index } = entry;
  if (!Number.isInteger(index) || index < 0 || index > 0xFFFF) {
    throw new Error(`${where} has index ${JSON.stringify(index)}; an index is a whole number 0…65535`);
  }
  if (!Array.isArray(entry.contours)) throw new Error(`form index ${index} has no "contours" array`);
  const contours = entry.contours.map((contour, c) => {
    const points = contour && contour.points;
    if (!Array.isArray(points) || points.length % 2 !== 0) {
      throw new Error(`contour ${c} of form index ${index} needs "points" as a flat array of x, y pairs`);
    }
    if (!points.every(Number.isFinite)) throw new Error(`contour ${c} of form index ${index} has a point that is not a number`);
    return { closed: contour.closed === true, points: Float64Array.from(points) };
  });
  return { index, form: entry.form ?? null, strokeOnly: entry.strokeOnly === true, contours };
}
