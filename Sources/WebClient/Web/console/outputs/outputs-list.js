// The Outputs panel's list (panel-outputs.js): the stage's outputs as the list "Outputs" — each its name (a
// button that selects it), how many canvases show it, and "Open canvas for NAME" (a new window on
// /canvas?output=NAME) — and the buttons acting on the one selected: "New output", "Rename", "Delete" and
// "Identify" (each described by the output's name). Main is neither renamed nor deleted. The list is rebuilt
// only when what it says changes, the focus kept on its buttons; what the buttons do is the panel's.

import { element, replaceKeepingFocus } from '../panel-kit/console-panel.js';
import { canvasCount, canvasHref, canvasesText } from './outputs-model.js';

/** The list and its buttons; `onSelect(name)`, `onNew()`, `onRename()`, `onDelete()` and `onIdentify()` are the panel's. */
export class OutputList {
  constructor({ onSelect, onNew, onRename, onDelete, onIdentify }) {
    this.onSelect = onSelect;
    this.shown = '';
    this.list = element('ul', { class: 'outputs-list', 'aria-label': 'Outputs' });
    const button = (label, onclick, extra = {}) => element('button', { type: 'button', class: 'list-button small', onclick, ...extra }, label);
    this.newButton = button('New output', onNew);
    this.renameButton = button('Rename', onRename);
    this.deleteButton = button('Delete', onDelete, { class: 'list-button small danger' });
    this.identifyButton = button('Identify', onIdentify);
    this.element = element('div', { class: 'outputs-choice' }, this.list,
      element('div', { class: 'output-buttons' }, this.newButton, this.renameButton, this.deleteButton, this.identifyButton));
  }

  /**
   * Shows `outputs` with `selected` (a name) chosen and how many `canvases` show each (null: not said yet);
   * the buttons act on `output`, the one shown (null: none), renamed and deleted only when `editable`.
   */
  draw(outputs, { selected, canvases, output, editable }) {
    this.drawItems(outputs, selected, canvases);
    this.renameButton.disabled = this.deleteButton.disabled = !editable;
    this.identifyButton.disabled = !output;
    for (const button of [this.renameButton, this.deleteButton, this.identifyButton]) {
      button.setAttribute('aria-description', output ? output.name : '');
    }
  }

  /** The items, rebuilt only when what they say changes (the focus stays on their buttons otherwise). */
  drawItems(outputs, selected, canvases) {
    const signature = JSON.stringify([outputs.map((output) => output.name), selected, canvases]);
    if (signature === this.shown) return;
    this.shown = signature;
    replaceKeepingFocus(this.list, outputs.map((output) => this.item(output, output.name === selected, canvases)), 'button, a');
  }

  item(output, selected, canvases) {
    return element('li', { class: `output-item${selected ? ' is-selected' : ''}` },
      element('button', {
        type: 'button', class: 'output-name', 'aria-pressed': String(selected), onclick: () => this.onSelect(output.name),
      }, output.name),
      element('span', { class: 'output-canvases' }, canvasesText(canvasCount(canvases, output.name))),
      element('a', {
        class: 'list-button small', href: canvasHref(output.name), target: '_blank', rel: 'noopener', 'aria-label': `Open canvas for ${output.name}`,
      }, 'Open canvas'));
  }
}
