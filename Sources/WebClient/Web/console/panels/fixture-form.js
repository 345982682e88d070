// The Fixtures panel's form (panel-fixtures.js): one fixture's fields — "Fixture name", "Kind", "Universe",
// "Address", "Place" (point, area or strip) and that place's numbers, "Gamma" and "Level" — with "Save
// fixture" and "Cancel". It keeps what was typed until it is saved or cancelled: a refusal (its own check,
// fixture-fields.js, or the server's — another console's change in between too) is said in it, beside the
// field to fix when there is one. Nothing but `open` fills its fields: news of the patch never touches them.
// It knows which fixture it edits by the name it was opened on (`editing`, null for a new one) and the
// revision of the patch it was opened on (`base`), which the panel moves on after a refusal.

import { element } from '../console-panel.js';
import { uid } from '../../shared/dom.js';
import { FIELD_LABELS, PLACE_FIELDS } from '../fixture-fields.js';
import { FIXTURE_KINDS, PLACE_KINDS } from '../fixtures-model.js';

/** The number fields: `[field, step, min, max]`. */
const NUMBER_FIELDS = Object.freeze([
  ['universe', '1', '1', '63999'], ['address', '1', '1', '512'], ['x', 'any', '0', '1'], ['y', 'any', '0', '1'],
  ['width', 'any', '0', '1'], ['height', 'any', '0', '1'], ['fromX', 'any', '0', '1'], ['fromY', 'any', '0', '1'],
  ['toX', 'any', '0', '1'], ['toY', 'any', '0', '1'], ['pixels', '1', '1', '2048'], ['gamma', 'any', '1', '3'],
  ['level', 'any', '0', '1'],
]);

/** The form, its fields and its saying what is wrong; `onSave(fields)` and `onCancel()` are the panel's. */
export class FixtureForm {
  constructor({ onSave, onCancel }) {
    this.onSave = onSave;
    this.onCancel = onCancel;
    this.editing = null;
    this.base = null;
    this.inputs = {};
    this.rows = {};
    const titleId = uid('fixture-form');
    this.title = element('h3', { id: titleId, class: 'fixture-form-title' }, 'Add a fixture');
    this.error = element('p', { class: 'fixture-form-error', role: 'alert' });
    this.save = element('button', { type: 'submit', class: 'list-button primary' }, 'Save fixture');
    this.element = element('form', {
      class: 'fixture-form', 'aria-labelledby': titleId, novalidate: true, hidden: true,
      onsubmit: (event) => { event.preventDefault(); this.onSave(this.values()); },
      onkeydown: (event) => { if (event.key === 'Escape') { event.preventDefault(); this.onCancel(); } },
    },
    this.title,
    element('div', { class: 'fixture-form-grid' }, this.buildFields()),
    this.error,
    element('div', { class: 'fixture-form-buttons' },
      this.save,
      element('button', { type: 'button', class: 'list-button', onclick: () => this.onCancel() }, 'Cancel')));
  }

  /** Every field's row, in the form's order. */
  buildFields() {
    this.inputs.name = element('input', { type: 'text', autocomplete: 'off', spellcheck: 'false', required: true });
    this.inputs.kind = element('select', {}, FIXTURE_KINDS.map(({ kind, label }) => element('option', { value: kind }, label)));
    this.inputs.place = element('select', { onchange: () => this.showPlace() }, PLACE_KINDS.map((kind) => element('option', { value: kind }, kind)));
    for (const [field, step, min, max] of NUMBER_FIELDS) {
      this.inputs[field] = element('input', { type: 'number', step, min, max, inputmode: step === '1' ? 'numeric' : 'decimal' });
    }
    const order = ['name', 'kind', 'universe', 'address', 'place', 'x', 'y', 'width', 'height', 'fromX', 'fromY', 'toX', 'toY', 'pixels', 'gamma', 'level'];
    return order.map((field) => {
      const id = uid(`fixture-${field}`);
      this.inputs[field].id = id;
      const row = element('div', { class: `fixture-field fixture-field-${field}` }, element('label', { for: id }, FIELD_LABELS[field]), this.inputs[field]);
      this.rows[field] = row;
      return row;
    });
  }

  /** Whether the form shows. */
  get isOpen() { return !this.element.hidden; }

  /**
   * Shows the form with `fields` (fixture-fields.js): a new fixture (`editing` null) or the one called
   * `editing`, as the patch of revision `base` has it.
   */
  open(fields, { editing = null, base = null, title = 'Add a fixture' } = {}) {
    this.editing = editing;
    this.base = base;
    this.title.textContent = title;
    for (const [field, input] of Object.entries(this.inputs)) input.value = fields[field] ?? '';
    this.showError('');
    this.showPlace();
    this.setBusy(false);
    this.element.hidden = false;
    this.inputs.name.focus();
    this.inputs.name.select();
  }

  close() {
    this.element.hidden = true;
    this.editing = null;
    this.base = null;
    this.showError('');
  }

  /** What is typed, field by field. */
  values() {
    return Object.fromEntries(Object.entries(this.inputs).map(([field, input]) => [field, input.value]));
  }

  /** Says what is wrong (empty: nothing), marking `field` and taking the focus to it when given. */
  showError(text, field = null) {
    this.error.textContent = text;
    for (const [name, input] of Object.entries(this.inputs)) input.toggleAttribute('aria-invalid', name === field && text !== '');
    if (field && this.inputs[field]) this.inputs[field].focus();
  }

  /** Only the fields of the place chosen show. */
  showPlace() {
    const shown = new Set(PLACE_FIELDS[this.inputs.place.value] ?? []);
    for (const fields of Object.values(PLACE_FIELDS)) {
      for (const field of fields) this.rows[field].hidden = !shown.has(field);
    }
  }

  /** While the patch is being sent the form cannot be sent again. */
  setBusy(busy) {
    this.save.disabled = busy;
  }
}
