// What the Outputs panel shows of the output selected (panel-outputs.js): its name, its light — "Test pattern"
// and "Brightness" (outputs-settings.js), all that Main, the whole stage unwarped, lets change —, its window
// with the corners or the grid's points to drag (outputs-calibration.js) and the grid, its slice of the stage
// (outputs-slice.js) and its edge blend. Each editor hands back the whole output moved or the fields changed;
// the panel makes the output of them, shows it as edited and sends it.

import { element } from '../panel-kit/console-panel.js';
import { MAIN, isMain } from './outputs-model.js';
import { OutputCalibration } from './outputs-calibration.js';
import { OutputSettings } from './outputs-settings.js';
import { SliceEditor } from './outputs-slice.js';

/**
 * The output selected and its editors: `onEdit(output)` with the whole output a handle moved, `onChange(changes)`
 * with the fields the slice or a setting changed (`{ slice }`, `{ blend }`, …), `onSettle()` when a drag is lost.
 */
export class OutputDetail {
  constructor({ onEdit, onChange, onSettle }) {
    this.calibration = new OutputCalibration({ onMove: onEdit, onDrop: onEdit, onNudge: onEdit, onCancel: onSettle });
    this.slice = new SliceEditor({
      onMove: (slice) => onChange({ slice }), onDrop: (slice) => onChange({ slice }), onCancel: onSettle,
    });
    this.settings = new OutputSettings({ onChange });
    this.title = element('h3', {}, MAIN);
    this.mainNote = element('p', { class: 'outputs-note' }, 'Main shows the whole stage, unwarped: only its test pattern and brightness change.');
    this.element = element('div', { class: 'output-detail' },
      this.title,
      this.settings.lightElement,
      this.mainNote,
      element('h4', {}, 'Window'),
      this.calibration.element,
      this.settings.gridElement,
      element('h4', {}, 'Slice of the stage'),
      this.slice.element,
      this.settings.blendElement);
  }

  /** Whether a handle or the slice is being dragged. */
  get dragging() { return this.calibration.dragging || this.slice.dragging; }

  /** Draws `output` (null: none) among `outputs`; its window and slice move only when `editable`. */
  draw(output, outputs, { editable }) {
    this.title.textContent = output?.name ?? '';
    this.mainNote.hidden = !isMain(output);
    this.calibration.draw(output, { editable });
    this.slice.draw(output, outputs, { editable });
    this.settings.draw(output, { editable });
  }

  /** Lets go of a drag under way (the output it moved is gone: another console changed the outputs). */
  letGo() {
    this.calibration.letGo();
    this.slice.letGo();
    this.reset();
  }

  /** What the slice's fields say goes back to the stored slice (a refusal). */
  reset() { this.slice.reset(); }
}
