// The forms a lumi can take (Sources/Instrument/Forms/Form.swift, and the prism drawing of seed 004) with
// their parameters and ranges, for the form panel: names for people, defaults, and a key that names a
// form whatever the order of its JSON; and the `form` intents a change sends, for the form panel and MIDI
// alike. No DOM here.

import { formatNumber } from '../../shared/numbers.js';
import { pendingSettings } from '../panel-kit/lumi-features.js';

/** The prism drawing's parameters as `PrismParameters.cover`. */
export const PRISM_COVER = Object.freeze({ lightFraction: 0.55, prismFraction: 0.4, dispersionSize: 0.2, rainbowSize: 0.15 });

/** Each kind with its label and parameters (`integer` ones are whole numbers). */
export const FORM_KINDS = Object.freeze([
  { kind: 'circle', label: 'Circle', params: [] },
  { kind: 'polygon', label: 'Polygon', params: [{ name: 'sides', label: 'Sides', min: 3, max: 64, step: 1, integer: true, default: 6 }] },
  {
    kind: 'star', label: 'Star', params: [
      { name: 'points', label: 'Points', min: 2, max: 64, step: 1, integer: true, default: 5 },
      { name: 'innerRadius', label: 'Inner radius', min: 0, max: 1, step: 0.01, default: 0.4 },
    ],
  },
  { kind: 'ring', label: 'Ring', params: [{ name: 'innerRadius', label: 'Inner radius', min: 0, max: 1, step: 0.01, default: 0.6 }] },
  { kind: 'line', label: 'Line', params: [] },
  { kind: 'rose', label: 'Rose', params: [{ name: 'petals', label: 'Petals', min: 1, max: 64, step: 1, integer: true, default: 5 }] },
  {
    kind: 'prism', label: 'Prism', params: [
      { name: 'lightFraction', label: 'Light', min: 0, max: 1, step: 0.01, default: PRISM_COVER.lightFraction },
      { name: 'prismFraction', label: 'Prism', min: 0, max: 1, step: 0.01, default: PRISM_COVER.prismFraction },
      { name: 'dispersionSize', label: 'Dispersion', min: 0, max: 1, step: 0.01, default: PRISM_COVER.dispersionSize },
      { name: 'rainbowSize', label: 'Rainbow', min: 0, max: 1, step: 0.01, default: PRISM_COVER.rainbowSize },
    ],
  },
].map((entry) => Object.freeze({ ...entry, params: Object.freeze(entry.params.map((p) => Object.freeze(p))) })));

const BY_KIND = new Map(FORM_KINDS.map((entry) => [entry.kind, entry]));

/** The kind's entry, or undefined. */
export function formKind(kind) {
  return BY_KIND.get(kind);
}

/** A form of `kind` with its default parameters, or with those of `remembered` (an earlier form of that kind). */
export function defaultForm(kind, remembered = null) {
  const entry = BY_KIND.get(kind);
  if (!entry) return null;
  const form = { kind };
  for (const param of entry.params) {
    const value = remembered?.kind === kind ? remembered[param.name] : undefined;
    form[param.name] = typeof value === 'number' ? value : param.default;
  }
  return form;
}

/** `form` with one parameter set: kept in its range, whole where it must be. */
export function withParam(form, name, value) {
  const param = BY_KIND.get(form?.kind)?.params.find((p) => p.name === name);
  if (!param) return form;
  let v = Math.min(Math.max(value, param.min), param.max);
  if (param.integer) v = Math.round(v);
  return { ...form, [name]: v };
}

/** A parameter's name for people, as its slider is named: "Polygon sides", "Star inner radius"; the prism's as they are ("Light"). */
export function formParamName(entry, param) {
  return entry.kind === 'prism' ? param.label : `${entry.label} ${param.label.toLowerCase()}`;
}

/**
 * The design's form a change builds on: the one last sent while the engine has not said it back (`pending`,
 * lumi-features.js), else the engine's; null when the engine has said none.
 */
export function formSetting(state, pending = pendingSettings) {
  const engine = engineForm(state);
  return pending ? pending.base('form', engine) : engine;
}

/** The design's form as the engine says it, or null. */
const engineForm = (state) => state?.design?.form ?? null;

/** The `form` intent for `form`, recorded in `pending` as the newest sent. */
export function formIntent(form, pending = pendingSettings) {
  pending?.record('form', form, engineForm);
  return { type: 'form', form };
}

/**
 * The `form` intent that sets parameter `name` of a form of `kind` to `value` (withParam: kept in its range),
 * built on formSetting and recorded; null when the form is of another kind.
 */
export function formParamIntent(state, kind, name, value, pending = pendingSettings) {
  const form = formSetting(state, pending);
  if (!form || form.kind !== kind) return null;
  return formIntent(withParam(form, name, value), pending);
}

/** The JSON of a value with its keys sorted at every level: one key for one form, whatever order it came in. */
export function canonicalJSON(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJSON).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonicalJSON(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The key a form is cached and compared under. */
export const formKey = (form) => canonicalJSON(form);

/** A form for a person: "Ring, inner radius 0.82", "Star, 5 points, inner radius 0.4", "Prism". */
export function describeForm(form) {
  const entry = BY_KIND.get(form?.kind);
  if (!entry) return form?.kind ? String(form.kind) : 'No form';
  const parts = entry.params.map((param) => {
    const value = form[param.name];
    if (typeof value !== 'number') return null;
    if (form.kind === 'prism') return null;
    if (param.integer) return `${value} ${param.label.toLowerCase()}`;
    return `${param.label.toLowerCase()} ${formatNumber(value)}`;
  }).filter(Boolean);
  return [entry.label, ...parts].join(', ');
}
