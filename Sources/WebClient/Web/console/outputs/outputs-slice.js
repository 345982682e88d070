// The slice in the Outputs panel (panel-outputs.js): a picture of the stage, 16:9, with every output's slice
// on it faintly and the one shown's as a rectangle — a focusable button ("Slice of Left") a drag or the
// arrow keys move, with a handle at its bottom-right ("Slice size of Left") a drag or the arrow keys resize
// (a pixel of the picture; shift: ten) — and its four fields, "Slice X", "Slice Y", "Slice width" and
// "Slice height", sent when one is changed. What is wrong with a field is said beside them. The drags are the
// picture editor's (panel-kit/picture-editor.js); arithmetic in outputs-geometry.js; the panel sends the output.

import { element } from '../panel-kit/console-panel.js';
import { uid } from '../../shared/dom.js';
import {
  SLICE_LABELS, VIEW, WINDOW_PICTURE, arrowPixels, isDrag, movedSlice, pixelSize, resizedSlice, sliceFields, sliceFromFields, sliceRect,
} from './outputs-geometry.js';
import { PictureEditor, svg } from '../panel-kit/picture-editor.js';

/** The resize handle's half size and a name's size, in CSS pixels. */
const GRIP = 7;
const LABEL_SIZE = 11;

/**
 * The stage's picture and the slice's fields: `element` to place in the panel, `draw(output, outputs, {
 * editable })` after every change. `onMove(slice)` while it is dragged, `onDrop(slice)` when it is let go
 * or a key or a field changes it, `onCancel()` when a drag is lost.
 */
export class SliceEditor extends PictureEditor {
  constructor({ onMove, onDrop, onCancel }) {
    super();
    Object.assign(this, { onMove, onDrop, onCancel });
    this.output = null;
    this.editable = false;
    const { x, y, width, height } = WINDOW_PICTURE;
    this.others = svg('g', { class: 'stage-slices', 'aria-hidden': 'true' });
    this.rect = svg('rect', { class: 'slice-rect', tabindex: 0, role: 'button' });
    this.grip = svg('rect', { class: 'slice-grip', tabindex: 0, role: 'button' });
    this.picture = svg('svg', {
      class: 'output-stage-picture', viewBox: `${x} ${y} ${width} ${height}`, role: 'group', 'aria-label': 'Slice of the stage',
      preserveAspectRatio: 'none',
    });
    this.picture.append(svg('rect', { class: 'output-stage', x: 0, y: 0, width: VIEW.width, height: VIEW.height }), this.others, this.rect, this.grip);
    this.inputs = {};
    const fields = Object.entries(SLICE_LABELS).map(([field, label]) => {
      const id = uid(`slice-${field}`);
      this.inputs[field] = element('input', {
        type: 'number', id, min: '0', max: '1', step: '0.005', inputmode: 'decimal', onchange: () => this.fieldChanged(),
      });
      return element('div', { class: 'slice-field' }, element('label', { for: id }, label), this.inputs[field]);
    });
    this.error = element('p', { class: 'slice-error', role: 'alert' });
    this.element = element('div', { class: 'output-slice' }, this.picture, element('div', { class: 'slice-fields' }, fields), this.error);
    this.listen(this.picture, { across: WINDOW_PICTURE.width, isDrag });
  }

  /** Draws `output`'s slice among the others' (`outputs`); movable only when `editable`. */
  draw(output, outputs, { editable = false } = {}) {
    this.output = output;
    this.editable = editable && output !== null;
    const unit = this.unit;
    this.others.replaceChildren(...outputs.filter((other) => other.name !== output?.name).flatMap((other) => {
      const box = sliceRect(other.slice);
      const label = svg('text', { x: box.x + 6 * unit, y: box.y + box.height - 6 * unit, 'font-size': LABEL_SIZE * unit });
      label.textContent = other.name;
      return [svg('rect', { class: 'other-slice', ...box }), label];
    }));
    for (const input of Object.values(this.inputs)) input.disabled = !this.editable;
    this.rect.style.display = output ? '' : 'none';
    this.grip.style.display = this.editable ? '' : 'none';
    this.rect.setAttribute('tabindex', this.editable ? '0' : '-1');
    this.rect.setAttribute('aria-disabled', String(!this.editable));
    if (!output) return;
    const box = sliceRect(output.slice);
    for (const [name, value] of Object.entries(box)) this.rect.setAttribute(name, String(value));
    this.rect.setAttribute('aria-label', `Slice of ${output.name}`);
    this.grip.setAttribute('aria-label', `Slice size of ${output.name}`);
    const grip = GRIP * unit;
    Object.entries({ x: box.x + box.width - grip, y: box.y + box.height - grip, width: 2 * grip, height: 2 * grip })
      .forEach(([name, value]) => this.grip.setAttribute(name, String(value)));
    const fields = sliceFields(output.slice);
    for (const [field, input] of Object.entries(this.inputs)) {
      if (document.activeElement !== input && !input.hasAttribute('aria-invalid')) input.value = fields[field];
    }
  }

  /** A field changed: the slice they say sent, or what is wrong said. */
  fieldChanged() {
    if (!this.editable) return;
    const read = sliceFromFields(Object.fromEntries(Object.entries(this.inputs).map(([field, input]) => [field, input.value])));
    for (const [field, input] of Object.entries(this.inputs)) input.toggleAttribute('aria-invalid', field === read.field);
    this.error.textContent = read.error ?? '';
    if (read.slice) this.onDrop(read.slice);
  }

  /** What the fields say goes back to the stored slice (a refusal). */
  reset() {
    for (const input of Object.values(this.inputs)) input.removeAttribute('aria-invalid');
    this.error.textContent = '';
  }

  /** What a press on `target` takes hold of: 'move' (the slice), 'size' (its grip) or null. */
  partAt(target) {
    if (target === this.grip) return 'size';
    return target === this.rect ? 'move' : null;
  }

  /** The slice changed by (`dx`, `dy`) stage units, as `part` says. */
  changed(slice, part, dx, dy) {
    return part === 'size' ? resizedSlice(slice, dx, dy) : movedSlice(slice, dx, dy);
  }

  /** A press on the slice or its grip takes hold of it (null: elsewhere, or the slice cannot be moved). */
  grab(target) {
    const part = this.partAt(target);
    if (!part || !this.editable) return null;
    return { part, original: this.output.slice, focus: part === 'size' ? this.grip : this.rect };
  }

  dragTo(drag, now) {
    const pixel = pixelSize(drag.box);
    drag.slice = this.changed(drag.original, drag.part, (now.x - drag.start.x) * pixel.x, (now.y - drag.start.y) * pixel.y);
    this.onMove(drag.slice);
  }

  dropped(drag) { this.onDrop(drag.slice); }

  cancelled() { this.onCancel(); }

  keyDown(event) {
    const part = this.partAt(event.target);
    const move = arrowPixels(event);
    if (!part || !move || !this.editable || this.drag) return;
    event.preventDefault();
    const pixel = pixelSize(this.picture.getBoundingClientRect());
    const slice = this.changed(this.output.slice, part, move.dx * pixel.x, move.dy * pixel.y);
    if (Object.keys(slice).some((key) => slice[key] !== this.output.slice[key])) this.onDrop(slice);
  }
}
