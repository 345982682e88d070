// The canvas page's edit mode (issue 35): on a mapped output, Shift+Space shows its corners — or its grid's
// points — as handles over the picture, to drag (mouse or touch) where the projector shines, or to move a
// device pixel at a time with the arrow keys. The picture follows at once (the view draws the draft); each
// move PUTs the whole output to /api/outputs/NAME, one request in flight, the last position always sent.
// Escape or Shift+Space leaves. The handles' arithmetic is edit-handles.js.

import { MAIN_OUTPUT } from '../shared/outputs.js';
import { h } from '../shared/dom.js';
import { editHandles, moveHandle, nudgedPoint } from './edit-handles.js';
import { LatestRequest } from './latest-request.js';
import { refusalMessage } from '../shared/sender.js';

const SVG = 'http://www.w3.org/2000/svg';

/** Stores `output` whole on the server; answers the output stored, or throws with the server's reason. */
async function putOutput(output) {
  const response = await fetch(`/api/outputs/${encodeURIComponent(output.name)}`, {
    method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(output),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`the output was not saved: ${refusalMessage(response.status, text)}`);
  return JSON.parse(text);
}

/** The edit mode of one canvas page, over the view that draws it. */
export class EditMode {
  /** Edits the output `view` (startCanvasView's) shows, its handles placed over `canvas`. */
  constructor(canvas, view) {
    this.canvas = canvas;
    this.view = view;
    this.layer = null;
    this.selected = 0;
    /** The handle being dragged (its index), or null. */
    this.dragging = null;
    /** Whether the last answer was a refusal: the stored output is then shown again once nothing is sent. */
    this.refused = false;
    this.requests = new LatestRequest(putOutput, {
      onAnswer: () => { this.refused = false; },
      onError: (error) => {
        this.refused = true;
        this.say(error.message);
      },
      onIdle: () => this.settle(),
    });
  }

  /** Nothing is sent any more: out of the mode, or after a refusal, the picture is the stored output again. */
  settle() {
    if (this.active && !this.refused) return;
    this.refused = false;
    this.view.previewOutput(null);
    if (this.active && this.dragging === null && this.view.output) this.render(this.view.output);
  }

  /** Whether the handles are shown. */
  get active() { return this.layer !== null; }

  /** Enters the mode (on a mapped output) or leaves it. */
  toggle() {
    if (this.active) this.leave();
    else this.enter();
  }

  enter() {
    const output = this.view.output;
    if (!output || output.name === MAIN_OUTPUT) return;
    this.outline = document.createElementNS(SVG, 'svg');
    this.outline.setAttribute('viewBox', '0 0 1 1');
    this.outline.setAttribute('preserveAspectRatio', 'none');
    this.outline.setAttribute('class', 'edit-outline');
    this.outline.setAttribute('aria-hidden', 'true');
    this.note = h('p', { class: 'edit-note', role: 'status' });
    this.handles = h('div', { class: 'edit-handles' });
    this.layer = h('div', { class: 'edit-layer', role: 'group', 'aria-label': `Edit output ${output.name}` }, this.outline, this.handles, this.note);
    document.body.append(this.layer);
    this.selected = 0;
    this.say(`Editing “${output.name}”: drag a corner where the projector shines; arrow keys move the chosen one a pixel. Escape or Shift+Space leaves.`);
    this.render(output);
    this.handles.children[0]?.focus();
  }

  leave() {
    this.layer?.remove();
    this.layer = null;
    this.dragging = null;
    if (!this.requests.busy) this.view.previewOutput(null);
  }

  /** Follows a change of the output shown (from the server or from a drag); leaves when it is gone. */
  outputChanged(output) {
    if (!this.active) return;
    if (!output || output.name === MAIN_OUTPUT) this.leave();
    else if (this.dragging === null) this.render(output);
  }

  /** Takes a key press in the mode: Escape leaves, the arrows move the chosen handle. Whether it was taken. */
  keydown(event) {
    if (!this.active || event.ctrlKey || event.metaKey || event.altKey) return false;
    if (event.key === 'Escape' || event.code === 'Escape') {
      this.leave();
      return true;
    }
    const output = this.view.output, handle = output && editHandles(output)[this.selected];
    if (!handle) return false;
    const rect = this.canvas.getBoundingClientRect(), ratio = window.devicePixelRatio || 1;
    const point = nudgedPoint(handle.point, event, { x: 1 / (rect.width * ratio), y: 1 / (rect.height * ratio) });
    if (!point) return false;
    this.move(this.selected, point);
    return true;
  }

  /** Moves handle `index` to `point` (window units): drawn at once, sent to the server; refused moves said. */
  move(index, point) {
    const output = this.view.output;
    if (!output) return;
    const moved = moveHandle(output, index, point);
    if (moved.error) {
      this.say(`That move is refused: ${moved.error}.`);
      return;
    }
    this.say('');
    this.view.previewOutput(moved.output);
    this.requests.offer(moved.output);
    this.render(moved.output);
  }

  say(text) {
    if (this.note) this.note.textContent = text;
  }

  /** Places the handles and the outline for `output`. */
  render(output) {
    const handles = editHandles(output);
    while (this.handles.children.length > handles.length) this.handles.lastChild.remove();
    while (this.handles.children.length < handles.length) this.handles.append(this.makeHandle(this.handles.children.length));
    handles.forEach(({ label, point: [x, y] }, index) => {
      const button = this.handles.children[index];
      button.style.left = `${x * 100}%`;
      button.style.top = `${y * 100}%`;
      button.setAttribute('aria-label', `${label}: ${Math.round(x * 1000) / 10} % across, ${Math.round(y * 1000) / 10} % down`);
      button.classList.toggle('selected', index === this.selected);
    });
    this.drawOutline(output);
  }

  /** The outline: the corners' quadrilateral, or the grid's rows and columns. */
  drawOutline(output) {
    const lines = [];
    if (output.grid) {
      const { columns, rows, points } = output.grid;
      for (let j = 0; j < rows; j += 1) lines.push(points.slice(j * columns, (j + 1) * columns));
      for (let i = 0; i < columns; i += 1) lines.push(points.filter((_, k) => k % columns === i));
    } else {
      lines.push([...output.corners, output.corners[0]]);
    }
    this.outline.replaceChildren(...lines.map((line) => {
      const polyline = document.createElementNS(SVG, 'polyline');
      polyline.setAttribute('points', line.map(([x, y]) => `${x},${y}`).join(' '));
      return polyline;
    }));
  }

  /** A handle's button: chosen by focus or press, dragged by a pointer (mouse, pen or touch). */
  makeHandle(index) {
    const button = h('button', { type: 'button', class: 'edit-handle' });
    const choose = () => {
      this.selected = index;
      for (const [k, other] of [...this.handles.children].entries()) other.classList.toggle('selected', k === index);
    };
    button.addEventListener('focus', choose);
    button.addEventListener('pointerdown', (event) => {
      event.preventDefault();
      choose();
      button.focus();
      this.dragging = index;
      button.setPointerCapture(event.pointerId);
    });
    button.addEventListener('pointermove', (event) => {
      if (this.dragging !== index) return;
      const rect = this.canvas.getBoundingClientRect();
      this.move(index, [(event.clientX - rect.left) / rect.width, (event.clientY - rect.top) / rect.height]);
    });
    const release = () => { if (this.dragging === index) this.dragging = null; };
    button.addEventListener('pointerup', release);
    button.addEventListener('pointercancel', release);
    return button;
  }
}
