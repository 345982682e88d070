// The stage's outputs as the Outputs panel reads, shows and edits them (issue 35; docs/outputs.md, "Two
// consoles at once"): the live `outputs` and `canvases` messages and GET /api/outputs read, with the outputs'
// revision, the list changed by an answer, an output with its defaults, the names the panel offers, "Two
// projectors", the bodies of the requests and the slider values in words. No DOM here.
//
// The server is the one judge of an output: it checks it whole (a convex quadrilateral, the ranges) and its
// refusal is what the panel shows — a corner dragged where the server will not have it is sent, refused and
// goes back. What is checked here is only what a form can say before anything is sent: a name (the text
// rule, shared/outputs.js's, and not taken), a field that is not a number. The output's shape, defaults and
// bounds are shared/outputs.js's.

import { MAIN_OUTPUT, OUTPUT_LIMITS, defaultOutput, validateOutputName } from '../../shared/outputs.js';
import { capitalized } from '../../shared/text-rule.js';
import { readRevision } from '../../shared/revisions.js';

/** A new output with every field at its default (shared/outputs.js's): the whole stage on the whole window. */
export { defaultOutput };

/** The output that always exists: the whole stage, unwarped. It cannot be deleted or renamed. */
export const MAIN = MAIN_OUTPUT;

/** The only fields of Main that may change. */
export const MAIN_FIELDS = Object.freeze(['brightness', 'testPattern']);

/** The test patterns, as the server names them (null: none), with the select's values and labels. */
export const PATTERN_CHOICES = Object.freeze([
  Object.freeze({ pattern: null, value: 'none', label: 'None' }),
  Object.freeze({ pattern: 'grid', value: 'grid', label: 'Grid' }),
  Object.freeze({ pattern: 'white', value: 'white', label: 'White' }),
]);

/** The ranges the server takes, as [lowest, highest]. */
export const LIMITS = Object.freeze({
  blend: Object.freeze([0, OUTPUT_LIMITS.featherMost]), gamma: Object.freeze([OUTPUT_LIMITS.gammaLowest, OUTPUT_LIMITS.gammaHighest]),
  brightness: Object.freeze([0, 1]), grid: Object.freeze([OUTPUT_LIMITS.gridFewest, OUTPUT_LIMITS.gridMost]),
});

/** The blend's sides, in the order the sliders show them. */
export const BLEND_SIDES = Object.freeze(['left', 'right', 'top', 'bottom']);

/** "Two projectors": how wide each half is, in stage units. */
export const PROJECTOR_WIDTH = 0.575;
/** "Two projectors": how far the halves overlap, in stage units (each blends across it). */
export const OVERLAP = 0.15;

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const finite = (value, fallback) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const isPoint = (value) => Array.isArray(value) && value.length === 2 && value.every(Number.isFinite);

/** A grid as sent, or null when `value` is not one (points checked only for their shape). */
function readGrid(value) {
  if (!isObject(value) || !Number.isInteger(value.columns) || !Number.isInteger(value.rows)) return null;
  if (!Array.isArray(value.points) || value.points.length !== value.columns * value.rows || !value.points.every(isPoint)) return null;
  return { columns: value.columns, rows: value.rows, points: value.points.map(([x, y]) => [x, y]) };
}

/** An output as the server sends it, read defensively (a missing or malformed field: its default); null without a name. */
export function parseOutput(value) {
  if (!isObject(value) || typeof value.name !== 'string' || value.name === '') return null;
  const output = defaultOutput(value.name);
  if (isObject(value.slice)) {
    for (const key of ['x', 'y', 'width', 'height']) output.slice[key] = finite(value.slice[key], output.slice[key]);
  }
  if (Array.isArray(value.corners) && value.corners.length === 4 && value.corners.every(isPoint)) {
    output.corners = value.corners.map(([x, y]) => [x, y]);
  }
  output.grid = readGrid(value.grid);
  if (isObject(value.blend)) {
    for (const key of [...BLEND_SIDES, 'gamma']) output.blend[key] = finite(value.blend[key], output.blend[key]);
  }
  if (Array.isArray(value.mask) && value.mask.every(isPoint)) output.mask = value.mask.map(([x, y]) => [x, y]);
  output.brightness = finite(value.brightness, 1);
  output.testPattern = PATTERN_CHOICES.some((entry) => entry.pattern === value.testPattern) ? value.testPattern : null;
  return output;
}

/** A list of outputs read, those that are not outputs left out. */
export function parseOutputs(list) {
  return Array.isArray(list) ? list.map(parseOutput).filter(Boolean) : [];
}

/**
 * The live message `{"type": "outputs", "revision": N, "outputs": […], "renamed"?: {from, to}}` read:
 * `{ outputs, renamed, revision }` (`revision` null when the server does not say it), or null.
 */
export function parseOutputsMessage(message) {
  if (!isObject(message) || message.type !== 'outputs' || !Array.isArray(message.outputs)) return null;
  const renamed = isObject(message.renamed) && typeof message.renamed.from === 'string' && typeof message.renamed.to === 'string'
    ? { from: message.renamed.from, to: message.renamed.to } : null;
  return { outputs: parseOutputs(message.outputs), renamed, revision: readRevision(message.revision) };
}

/** How many canvases show each output (name → count), the counts that are not whole numbers left out. */
function readCanvases(value) {
  const canvases = {};
  if (isObject(value)) {
    for (const [name, count] of Object.entries(value)) if (Number.isInteger(count) && count >= 0) canvases[name] = count;
  }
  return canvases;
}

/**
 * GET /api/outputs's answer (or a 409's `current`) read: `{ outputs, canvases, revision }` (canvases: name →
 * how many show it; revision null when the server does not say it), or null.
 */
export function parseOutputsAnswer(answer) {
  if (!isObject(answer) || !Array.isArray(answer.outputs)) return null;
  return { outputs: parseOutputs(answer.outputs), canvases: readCanvases(answer.canvases), revision: readRevision(answer.revision) };
}

/** The live `{"type": "canvases", "showing": {"Main": 1, "Left": 2}}` read: name → how many show it (absent: none), or null. */
export function parseCanvasesMessage(message) {
  if (!isObject(message) || message.type !== 'canvases' || !isObject(message.showing)) return null;
  return readCanvases(message.showing);
}

/** The output called `name` in `outputs`, or null. */
export function outputNamed(outputs, name) {
  return outputs?.find((output) => output.name === name) ?? null;
}

/** Whether `output` is Main, of which only the brightness and the test pattern change. */
export function isMain(output) {
  return output?.name === MAIN;
}

/** `outputs` with `output` in place of the one of its name (added at the end when there is none). */
export function withOutput(outputs, output) {
  const at = outputs.findIndex((old) => old.name === output.name);
  return at < 0 ? [...outputs, output] : outputs.map((old, index) => (index === at ? output : old));
}

/** `outputs` with the one called `from` replaced by `output` (renamed), in its place; added at the end when there is none. */
export function withRenamed(outputs, from, output) {
  const at = outputs.findIndex((old) => old.name === from);
  const others = outputs.filter((old) => old.name !== output.name || old.name === from);
  if (at < 0) return withOutput(others, output);
  return others.map((old) => (old.name === from ? output : old));
}

/** `outputs` without the one called `name`. */
export function withoutOutput(outputs, name) {
  return outputs.filter((output) => output.name !== name);
}

/** How many canvases show the output called `name`, as `canvases` (name → count) says: absent is none; null while not said. */
export function canvasCount(canvases, name) {
  if (!isObject(canvases)) return null;
  return Number.isInteger(canvases[name]) ? canvases[name] : 0;
}

/** How many canvases show an output, in words ("no canvas", "1 canvas", "3 canvases"); '' when not known. */
export function canvasesText(count) {
  if (!Number.isInteger(count)) return '';
  if (count === 0) return 'no canvas';
  return count === 1 ? '1 canvas' : `${count} canvases`;
}

/** "Output N", the first N no output of `outputs` is called. */
export function freeOutputName(outputs, stem = 'Output') {
  const names = new Set(outputs.map((output) => output.name));
  for (let n = outputs.length; ; n += 1) if (n > 0 && !names.has(`${stem} ${n}`)) return `${stem} ${n}`;
}

/**
 * `typed` read as the name of a new output, or of the one called `current` renamed: `{ name }` (as the
 * server keeps it: NFC, trimmed) or `{ error }` — the text rule's refusal, or the name taken.
 */
export function readOutputName(typed, outputs, current = null) {
  const read = validateOutputName(String(typed ?? ''));
  if (read.error) return { error: `${capitalized(read.error)}.` };
  const { name } = read;
  if (name !== current && outputNamed(outputs, name)) return { error: `Another output is called “${name}”: a name is one output's.` };
  return { name };
}

/** The body of PUT /api/outputs/{name}: the whole output, its fields only. */
export function outputBody(output) {
  const { name, slice, corners, grid, blend, mask, brightness, testPattern } = output;
  return { name, slice, corners, grid, blend, mask, brightness, testPattern };
}

/** The body of PUT /api/outputs/Main: its name and only what may change of it (the rest keeps its default). */
export function mainBody(output) {
  const body = { name: MAIN };
  for (const field of MAIN_FIELDS) body[field] = output[field];
  return body;
}

/** The body a change of `output` is sent with: the whole output (outputBody) — for Main only what may change of it (mainBody). */
export function changeBody(output) {
  return isMain(output) ? mainBody(output) : outputBody(output);
}

/** The live intent that makes the canvases showing `name` say it large for a while. */
export function identifyIntent(name) {
  return { type: 'identifyOutput', name };
}

/** Where a canvas showing `name` opens. */
export function canvasHref(name) {
  return `/canvas?output=${encodeURIComponent(name)}`;
}

/** The select's value for a test pattern ('none' for null). */
export function patternValue(pattern) {
  return PATTERN_CHOICES.find((entry) => entry.pattern === pattern)?.value ?? 'none';
}

/** The test pattern a select's value names (null for 'none'). */
export function patternOf(value) {
  return PATTERN_CHOICES.find((entry) => entry.value === value)?.pattern ?? null;
}

/**
 * "Two projectors": Left (the stage's left 57.5 %) and Right (its right 57.5 %), overlapping by 15 % of the
 * stage and blended across the overlap (each feather the overlap's share of its own slice), gamma 2.2.
 */
export function twoProjectors() {
  const feather = OVERLAP / PROJECTOR_WIDTH;
  const half = (name, x, side) => ({
    ...defaultOutput(name),
    slice: { x, y: 0, width: PROJECTOR_WIDTH, height: 1 },
    blend: { left: 0, right: 0, top: 0, bottom: 0, gamma: 2.2, [side]: feather },
  });
  return [half('Left', 0, 'right'), half('Right', Math.round((1 - PROJECTOR_WIDTH) * 1e6) / 1e6, 'left')];
}

/** The name the panel shows after a rename: `renamed.to` when the one shown was renamed, else `selected`. */
export function followRename(selected, renamed) {
  return renamed && renamed.from === selected ? renamed.to : selected;
}

/** A share as the sliders say it: "26%". */
export function percentText(value) {
  return `${Math.round(finite(value, 0) * 100)}%`;
}

/** A gamma as its slider says it: "2.2". */
export function gammaText(value) {
  return String(Number(finite(value, 0).toFixed(2)));
}
