// The Outputs panel's controls for the output shown (panel-outputs.js), in three groups the panel places:
//
// - `lightElement`: "Test pattern" (None, Grid, White) and "Brightness" — the two that Main takes too.
// - `gridElement`: the grid's columns and rows ("Grid columns", "Grid rows", 2…17), "Add grid" (made from
//   the corners, so the picture stays where it was) and "Remove grid".
// - `blendElement`: the soft edges, "Blend left", "Blend right", "Blend top", "Blend bottom" (a share of the
//   slice's width or height, 0…50 %) and "Blend gamma" (1…3).
//
// Each change calls `onChange(changes)` with the fields changed (`{ blend }`, `{ brightness }`, `{ grid }`
// …); the panel makes the whole output of them and sends it. The sliders show the output the panel draws —
// what is being sent while it is sent, the stored output otherwise.

import { element } from '../panel-kit/console-panel.js';
import { uid } from '../../shared/dom.js';
import { BLEND_SIDES, LIMITS, PATTERN_CHOICES, gammaText, patternOf, patternValue, percentText } from './outputs-model.js';
import { withGrid, withoutGrid } from './outputs-geometry.js';

/** The sliders: their key, accessible name, visible label, range, step and words. */
const SLIDERS = Object.freeze([
  ...BLEND_SIDES.map((side) => ({
    key: side, name: `Blend ${side}`, label: side[0].toUpperCase() + side.slice(1), range: LIMITS.blend, step: 0.005, text: percentText,
  })),
  { key: 'gamma', name: 'Blend gamma', label: 'Gamma', range: LIMITS.gamma, step: 0.05, text: gammaText },
  { key: 'brightness', name: 'Brightness', label: 'Brightness', range: LIMITS.brightness, step: 0.01, text: percentText },
]);

/** The grid a new one has, each way. */
const DEFAULT_GRID = 3;

/** The controls; `onChange(changes)` is the panel's. */
export class OutputSettings {
  constructor({ onChange }) {
    this.onChange = onChange;
    this.output = null;
    this.sliders = {};
    for (const spec of SLIDERS) this.sliders[spec.key] = this.slider(spec);
    const patternId = uid('test-pattern');
    this.pattern = element('select', { id: patternId, onchange: () => this.onChange({ testPattern: patternOf(this.pattern.value) }) },
      PATTERN_CHOICES.map(({ value, label }) => element('option', { value }, label)));
    this.lightElement = element('div', { class: 'output-light' },
      element('div', { class: 'output-row' }, element('label', { for: patternId }, 'Test pattern'), this.pattern),
      this.sliders.brightness.row);
    this.blendElement = element('fieldset', { class: 'output-blend' }, element('legend', {}, 'Edge blend'),
      [...BLEND_SIDES, 'gamma'].map((key) => this.sliders[key].row));
    this.gridElement = this.buildGrid();
  }

  /** A labelled slider with its value in words beside it: `{ row, input, words, spec }`. */
  slider(spec) {
    const id = uid(`output-${spec.key}`);
    const input = element('input', {
      type: 'range', id, min: String(spec.range[0]), max: String(spec.range[1]), step: String(spec.step), 'aria-label': spec.name,
      oninput: () => this.slid(spec, Number(input.value)),
    });
    const words = element('output', { for: id, 'aria-hidden': 'true' });
    const row = element('div', { class: 'output-slider' }, element('label', { for: id }, spec.label), input, words);
    return { row, input, words, spec };
  }

  /** "Grid columns", "Grid rows", "Add grid", "Remove grid" and what is wrong with them. */
  buildGrid() {
    const field = (name) => {
      const id = uid('grid');
      const input = element('input', {
        type: 'number', id, min: String(LIMITS.grid[0]), max: String(LIMITS.grid[1]), step: '1', inputmode: 'numeric', value: String(DEFAULT_GRID),
      });
      return { input, row: element('div', { class: 'grid-field' }, element('label', { for: id }, name), input) };
    };
    this.columns = field('Grid columns');
    this.rows = field('Grid rows');
    this.addGrid = element('button', { type: 'button', class: 'list-button small', onclick: () => this.makeGrid() }, 'Add grid');
    this.removeGrid = element('button', {
      type: 'button', class: 'list-button small', onclick: () => this.output && this.onChange({ grid: withoutGrid(this.output).grid }),
    }, 'Remove grid');
    this.gridError = element('p', { class: 'grid-error', role: 'alert' });
    return element('fieldset', { class: 'output-grid' }, element('legend', {}, 'Grid warp'),
      element('div', { class: 'grid-fields' }, this.columns.row, this.rows.row),
      element('div', { class: 'output-buttons' }, this.addGrid, this.removeGrid),
      this.gridError);
  }

  /** A slider moved: its words, and the change. */
  slid(spec, value) {
    this.sliders[spec.key].words.textContent = spec.text(value);
    this.sliders[spec.key].input.setAttribute('aria-valuetext', spec.text(value));
    if (!this.output) return;
    if (spec.key === 'brightness') this.onChange({ brightness: value });
    else this.onChange({ blend: { ...this.output.blend, [spec.key]: value } });
  }

  /** "Add grid": the numbers read (whole, 2…17), the grid made from the corners. */
  makeGrid() {
    if (!this.output) return;
    const [min, max] = LIMITS.grid;
    const read = [this.columns, this.rows].map(({ input }) => Number(input.value));
    const wrong = read.findIndex((value) => !Number.isInteger(value) || value < min || value > max);
    this.gridError.textContent = wrong < 0 ? '' : `A grid has ${min} to ${max} points each way.`;
    [this.columns, this.rows].forEach(({ input }, index) => input.toggleAttribute('aria-invalid', index === wrong));
    if (wrong >= 0) {
      [this.columns, this.rows][wrong].input.focus();
      return;
    }
    this.onChange({ grid: withGrid(this.output, read[0], read[1]).grid });
  }

  /** Shows `output` (null: none); `editable` false for Main, whose test pattern and brightness alone change. */
  draw(output, { editable = false } = {}) {
    this.output = output;
    for (const { input, spec } of Object.values(this.sliders)) {
      const value = spec.key === 'brightness' ? output?.brightness : output?.blend[spec.key];
      input.disabled = !output || (spec.key !== 'brightness' && !editable);
      if (value === undefined) continue;
      if (Number(input.value) !== value) input.value = String(value);
      this.sliders[spec.key].words.textContent = spec.text(value);
      input.setAttribute('aria-valuetext', spec.text(value));
    }
    this.pattern.disabled = !output;
    if (output) this.pattern.value = patternValue(output.testPattern);
    for (const control of [this.columns.input, this.rows.input, this.addGrid]) control.disabled = !output || !editable;
    this.removeGrid.disabled = !output || !editable || !output.grid;
    this.addGrid.textContent = output?.grid ? 'Remake grid' : 'Add grid';
    if (output?.grid && document.activeElement !== this.columns.input && document.activeElement !== this.rows.input) {
      this.columns.input.value = String(output.grid.columns);
      this.rows.input.value = String(output.grid.rows);
    }
  }
}
