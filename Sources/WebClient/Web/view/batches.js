// A frame's instances arranged for the GPU: the trail stamps, then the lumis, each in their order, as the
// raw 24-byte records with the atlas layer written into the two reserved bytes; and the runs of
// consecutive instances that share a blend, each drawn with one instanced call. No DOM or WebGL here.

import { ATLAS_EXTENT } from './atlas.js';
import { INSTANCE_SIZE, InstanceField, Layer, SCALE_UNIT, STROKE_UNIT } from '../shared/frames.js';

const WORDS = INSTANCE_SIZE / 4;
/** Bytes 16–19 of a record: blue, opacity, then the form in the upper half. */
const FORM_WORD = (InstanceField.form - 2) / 4;
/** Bytes 20–23: stroke width, layer-and-blend, then the reserved half the atlas layer goes into. */
const STYLE_WORD = InstanceField.strokeWidth / 4;

/** A run of instances drawn with one call: the first record's position in the packed bytes and the count. */
export class Run {
  constructor(blend, first) {
    this.blend = blend;
    this.first = first;
    this.count = 0;
  }
}

/**
 * Packs `records` (InstanceRecords) for drawing. `atlasLayerOf(form, strokeByte)` says where the form's
 * picture lives, or −1 when it cannot be drawn yet (that instance is left out). Reuses `packed` when it is
 * large enough. Assumes a little-endian machine, as every WebGL platform is.
 * Returns `{ bytes, trails: [Run], lumis: [Run] }`.
 */
export function packInstances(records, atlasLayerOf, packed = null) {
  const count = records.count, bytes = records.bytes;
  const source = new Uint32Array(bytes.buffer, bytes.byteOffset, count * WORDS);
  let trailCount = 0;
  for (let i = 0; i < count; i += 1) {
    if ((bytes[i * INSTANCE_SIZE + InstanceField.layerAndBlend] & 0b11) === Layer.trails) trailCount += 1;
  }
  const needed = count * INSTANCE_SIZE;
  const out = packed && packed.byteLength >= needed ? packed : new Uint8Array(Math.max(needed, 64 * INSTANCE_SIZE));
  const target = new Uint32Array(out.buffer, out.byteOffset, out.byteLength / 4);
  const trails = [], lumis = [];
  // Trail stamps fill the records from the front, lumis from just after the last trail stamp's place.
  let trailNext = 0, lumiNext = trailCount;
  for (let i = 0; i < count; i += 1) {
    const flags = bytes[i * INSTANCE_SIZE + InstanceField.layerAndBlend];
    const layer = flags & 0b11;
    if (layer !== Layer.trails && layer !== Layer.lumis) continue;
    const from = i * WORDS;
    const form = source[from + FORM_WORD] >>> 16;
    const strokeByte = source[from + STYLE_WORD] & 0xFF;
    const atlasLayer = atlasLayerOf(form, strokeByte);
    if (atlasLayer < 0) continue;
    const blend = (flags >> 2) & 0b11;
    const runs = layer === Layer.trails ? trails : lumis;
    const slot = layer === Layer.trails ? trailNext++ : lumiNext++;
    let run = runs[runs.length - 1];
    if (!run || run.blend !== blend) runs.push(run = new Run(blend, slot));
    run.count += 1;
    const to = slot * WORDS;
    for (let w = 0; w < WORDS - 1; w += 1) target[to + w] = source[from + w];
    target[to + STYLE_WORD] = (source[from + STYLE_WORD] & 0xFFFF) | (atlasLayer << 16);
  }
  return { bytes: out, trails, lumis, byteLength: lumiNext * INSTANCE_SIZE };
}

/**
 * The area of the squares that hold the instances of `records` (InstanceRecords) with their strokes, in
 * square canvas heights, for the trail stamps and for the lumis: `{ trails, lumis }`; overlaps counted as
 * often as they are drawn. What drawing a frame costs grows with it. It is read from the records alone, as
 * frames arrive, so it is an upper bound: the renderer draws circles and rings as annuli and other forms on
 * the rectangle round them (a line's strip), which cover less.
 */
export function quadAreas(records) {
  const bytes = records.bytes, view = records.view;
  let trails = 0, lumis = 0;
  for (let o = 0; o < records.count * INSTANCE_SIZE; o += INSTANCE_SIZE) {
    const layer = bytes[o + InstanceField.layerAndBlend] & 0b11;
    if (layer !== Layer.trails && layer !== Layer.lumis) continue;
    const reach = Math.min(0.5 + (bytes[o + InstanceField.strokeWidth] * 0.5) / STROKE_UNIT + 0.02, ATLAS_EXTENT);
    const sx = view.getInt16(o + InstanceField.sx, true) / SCALE_UNIT, sy = view.getInt16(o + InstanceField.sy, true) / SCALE_UNIT;
    const area = 4 * reach * reach * Math.abs(sx * sy);
    if (layer === Layer.trails) trails += area;
    else lumis += area;
  }
  return { trails, lumis };
}
