// A frame's instances arranged for the GPU: the trail stamps, then the lumis, each in their order, as the
// raw 24-byte records with the atlas layer written into the two reserved bytes; and the runs of
// consecutive instances that share a blend and a shape (how the renderer draws them: analytic-forms.js),
// each drawn with one call. Additive instances may be drawn in any order (their sum is the same
// to the last bit, see groupedOrder), so within a stretch of them those of one shape are brought together:
// one call for each shape rather than one for each change of shape. Below full quality, the large additive
// discs go to runs of their own, drawn on the coarse fill layer (coarse-fills.js). No DOM or WebGL here.

import { Shape } from './analytic-forms.js';
import { ATLAS_EXTENT } from './atlas.js';
import { splitCoarseFills } from './coarse-fills.js';
import { Blend, INSTANCE_SIZE, InstanceField, Layer, SCALE_UNIT, STROKE_UNIT } from '../shared/frames.js';

const WORDS = INSTANCE_SIZE / 4;
/** Bytes 16–19 of a record: blue, opacity, then the form in the upper half. */
const FORM_WORD = (InstanceField.form - 2) / 4;
/** Bytes 20–23: stroke width, layer-and-blend, then the reserved half the atlas layer goes into. */
const STYLE_WORD = InstanceField.strokeWidth / 4;

/** A run of instances drawn with one call: the first record's position in the packed bytes and the count. */
export class Run {
  constructor(blend, first, shape = 0) {
    this.blend = blend;
    this.shape = shape;
    this.first = first;
    this.count = 0;
  }
}

/**
 * Packs `records` (InstanceRecords) for drawing. `atlasLayerOf(form, strokeByte)` says where the form's
 * picture lives, or −1 when it cannot be drawn yet (that instance is left out); `shapeOf(atlasLayer)`, how
 * an instance drawn from there is drawn (a small whole number; all alike by default). With `coarseFills`,
 * the large additive discs that may be drawn on the coarse fill layer (splitCoarseFills) are kept apart,
 * as runs of Shape.discQuad. Reuses `packed` when it is large enough. Assumes a little-endian machine, as
 * every WebGL platform is. Returns `{ bytes, trails: [Run], lumis: [Run], coarseTrails: [Run],
 * coarseLumis: [Run], byteLength }`.
 */
export function packInstances(records, atlasLayerOf, packed = null, shapeOf = () => 0, coarseFills = false) {
  const count = records.count, bytes = records.bytes;
  const source = new Uint32Array(bytes.buffer, bytes.byteOffset, count * WORDS);
  const kept = { [Layer.trails]: [], [Layer.lumis]: [] };
  for (let i = 0; i < count; i += 1) {
    const flags = bytes[i * INSTANCE_SIZE + InstanceField.layerAndBlend];
    const list = kept[flags & 0b11];
    if (!list) continue;
    const from = i * WORDS;
    const atlasLayer = atlasLayerOf(source[from + FORM_WORD] >>> 16, source[from + STYLE_WORD] & 0xFF);
    const shape = atlasLayer < 0 ? -1 : shapeOf(atlasLayer);
    const radius = coarseFills && shape === Shape.disc ? circleRadius(records.view, i * INSTANCE_SIZE) : 0;
    list.push({ from, atlasLayer, blend: (flags >> 2) & 0b11, shape, radius });
  }
  const needed = count * INSTANCE_SIZE;
  const out = packed && packed.byteLength >= needed ? packed : new Uint8Array(Math.max(needed, 64 * INSTANCE_SIZE));
  const target = new Uint32Array(out.buffer, out.byteOffset, out.byteLength / 4);
  const [trails, coarseTrails] = coarseFills ? parted(kept[Layer.trails]) : [kept[Layer.trails], []];
  const [lumis, coarseLumis] = coarseFills ? parted(kept[Layer.lumis]) : [kept[Layer.lumis], []];
  // The records in order: the trail stamps, those of them drawn coarsely, the lumis, those drawn coarsely.
  const runs = [], written = { slot: 0 };
  for (const [entries, shape] of [[trails, null], [coarseTrails, Shape.discQuad], [lumis, null], [coarseLumis, Shape.discQuad]]) {
    runs.push(writeRuns(groupedOrder(entries), written, source, target, shape));
  }
  return {
    bytes: out, trails: runs[0], coarseTrails: runs[1], lumis: runs[2], coarseLumis: runs[3],
    byteLength: written.slot * INSTANCE_SIZE,
  };
}

/** `entries` parted as splitCoarseFills parts them: `[fine, coarse]`. */
function parted(entries) {
  const { fine, coarse } = splitCoarseFills(entries);
  return [fine, coarse];
}

/** The radius, in canvas heights, of the circle the form's unit square holds, for the record at `offset`. */
function circleRadius(view, offset) {
  const sx = view.getInt16(offset + InstanceField.sx, true), sy = view.getInt16(offset + InstanceField.sy, true);
  return (0.5 * Math.min(Math.abs(sx), Math.abs(sy))) / SCALE_UNIT;
}

/**
 * The drawable `entries` (`{ shape, blend }`, in the frame's order; shape −1: left out) in the order they
 * are drawn: as they came, except that in each stretch of additive ones those of a shape come together, in
 * the order of their first. Additive blending adds each colour, rounded, to a stored byte, and clamps: the
 * order of the additions changes nothing.
 */
export function groupedOrder(entries) {
  const ordered = [];
  for (let i = 0; i < entries.length;) {
    let end = i + 1;
    while (end < entries.length && entries[end].blend === entries[i].blend) end += 1;
    const stretch = entries.slice(i, end).filter((entry) => entry.shape >= 0);
    if (entries[i].blend === Blend.additive) {
      const shapes = [...new Set(stretch.map((entry) => entry.shape))];
      for (const shape of shapes) for (const entry of stretch) if (entry.shape === shape) ordered.push(entry);
    } else {
      ordered.push(...stretch);
    }
    i = end;
  }
  return ordered;
}

/**
 * Copies the `ordered` entries' records into `target` from record `written.slot` on, moving it past them;
 * returns their runs, of `shapeAs` when given, else of the entries' shapes.
 */
function writeRuns(ordered, written, source, target, shapeAs = null) {
  const runs = [];
  let slot = written.slot, run = null;
  for (const { from, atlasLayer, blend, shape: own } of ordered) {
    const shape = shapeAs ?? own;
    if (!run || run.blend !== blend || run.shape !== shape) runs.push(run = new Run(blend, slot, shape));
    run.count += 1;
    const to = slot * WORDS;
    for (let w = 0; w < WORDS - 1; w += 1) target[to + w] = source[from + w];
    target[to + STYLE_WORD] = (source[from + STYLE_WORD] & 0xFFFF) | (atlasLayer << 16);
    slot += 1;
  }
  written.slot = slot;
  return runs;
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
