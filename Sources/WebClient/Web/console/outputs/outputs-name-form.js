// The Outputs panel's name form (panel-outputs.js): "Output name" with its button — "Create output" for New,
// "Save name" for Rename — and "Cancel". It keeps what was typed until it is saved or cancelled: a refusal
// (the panel's own check, outputs-model.js's readOutputName, or the server's — another console's change in
// between too) is said in it. Nothing but `open` fills it: news of the outputs never touches what is typed.
// It knows the output it renames (`target`, followed through renames) and the revision of the outputs it was
// opened on (`base`), which the panel moves on after a refusal.

import { element } from '../panel-kit/console-panel.js';
import { uid } from '../../shared/dom.js';

/** The form; `onSave(name)` and `onCancel()` are the panel's. `mode` says what it is open for: 'new' or 'rename'. */
export class OutputNameForm {
  constructor({ onSave, onCancel }) {
    this.onSave = onSave;
    this.onCancel = onCancel;
    this.mode = null;
    this.target = null;
    this.base = null;
    const titleId = uid('output-name-form');
    const inputId = uid('output-name');
    this.title = element('h3', { id: titleId, class: 'output-form-title' }, 'New output');
    this.input = element('input', { type: 'text', id: inputId, autocomplete: 'off', spellcheck: 'false', required: true });
    this.error = element('p', { class: 'output-form-error', role: 'alert' });
    this.save = element('button', { type: 'submit', class: 'list-button small primary' }, 'Create output');
    this.element = element('form', {
      class: 'output-name-form', 'aria-labelledby': titleId, novalidate: true, hidden: true,
      onsubmit: (event) => { event.preventDefault(); this.onSave(this.input.value); },
      onkeydown: (event) => { if (event.key === 'Escape') { event.preventDefault(); this.onCancel(); } },
    },
    this.title,
    element('div', { class: 'output-form-field' }, element('label', { for: inputId }, 'Output name'), this.input),
    this.error,
    element('div', { class: 'output-buttons' },
      this.save,
      element('button', { type: 'button', class: 'list-button small', onclick: () => this.onCancel() }, 'Cancel')));
  }

  /** Whether the form shows. */
  get isOpen() { return !this.element.hidden; }

  /**
   * Shows the form for `mode` ('new' or 'rename', of the output called `name`) with `name` typed and selected,
   * on the outputs of revision `base`.
   */
  open(mode, name, title, { base = null } = {}) {
    this.mode = mode;
    this.target = mode === 'rename' ? name : null;
    this.base = base;
    this.title.textContent = title;
    this.save.textContent = mode === 'new' ? 'Create output' : 'Save name';
    this.input.value = name;
    this.showError('');
    this.setBusy(false);
    this.element.hidden = false;
    this.input.focus();
    this.input.select();
  }

  close() {
    this.element.hidden = true;
    this.mode = null;
    this.target = null;
    this.base = null;
    this.showError('');
  }

  /** Says what is wrong (empty: nothing), taking the focus to the name. */
  showError(text) {
    this.error.textContent = text;
    this.input.toggleAttribute('aria-invalid', text !== '');
    if (text) this.input.focus();
  }

  /** While the request is under way the form cannot be sent again. */
  setBusy(busy) {
    this.save.disabled = busy;
  }
}
