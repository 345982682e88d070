// The calibration picture in the Outputs panel (panel-outputs.js): the output's window, 16:9, as an SVG —
// the quadrilateral the slice lands on, the grid's lines through its points, the mask in grey — with a
// handle on each corner or, with a grid, on each of its points. Each handle is a focusable button ("Corner 1
// of Left", "Point 2, 3 of Left"): a drag (mouse, pen or finger: the picture editor's pointer wiring,
// panel-kit/picture-editor.js) moves it, the arrow keys move the focused one a pixel of the picture (shift:
// ten). Arithmetic in outputs-geometry.js; the panel sends the output.

import { element } from '../panel-kit/console-panel.js';
import { uid } from '../../shared/dom.js';
import {
  LARGE_PIXELS, VIEW, WINDOW_PICTURE, arrowPixels, gridLines, handlePoint, handlesOf, isDrag, movedHandle, pageToWindow, pixelSize,
  toPicture,
} from './outputs-geometry.js';
import { PictureEditor, svg } from '../panel-kit/picture-editor.js';

/** Points (window or stage units) as an SVG `points` attribute in the picture's units. */
export function pointsAttribute(points) {
  return points.map((point) => {
    const { x, y } = toPicture(point);
    return `${x},${y}`;
  }).join(' ');
}

/** Sizes in CSS pixels, whatever the picture's size: a handle's dot, and the reach of a finger around it. */
const DOT_RADIUS = 6;
const HIT_RADIUS = 16;
/** Where a corner's number goes from it (CSS pixels): inside the window, whichever corner of it it pins. */
const NUMBER_OFFSETS = Object.freeze([[10, 18], [-18, 18], [-18, -8], [10, -8]]);

/**
 * The picture: `element` to place in the panel, `draw(output, { editable })` after every change.
 * `onMove(output)` while a handle is dragged, `onDrop(output)` when it is let go, `onCancel()` when the
 * drag is lost, `onNudge(output)` for an arrow key — each with the whole output, the handle moved.
 */
export class OutputCalibration extends PictureEditor {
  constructor({ onMove, onDrop, onCancel, onNudge }) {
    super();
    Object.assign(this, { onMove, onDrop, onCancel, onNudge });
    this.output = null;
    this.editable = false;
    this.items = new Map();
    const hintId = uid('calibration-hint');
    const { x, y, width, height } = WINDOW_PICTURE;
    this.quad = svg('polygon', { class: 'output-quad' });
    this.lines = svg('g', { class: 'output-grid-lines' });
    this.mask = svg('polygon', { class: 'output-mask' });
    this.handles = svg('g', { class: 'output-handles' });
    this.numbers = svg('g', { class: 'output-numbers', 'aria-hidden': 'true' });
    this.picture = svg('svg', {
      class: 'output-calibration-picture', viewBox: `${x} ${y} ${width} ${height}`, role: 'group', 'aria-label': 'Output window',
      'aria-describedby': hintId, preserveAspectRatio: 'none',
    });
    this.picture.append(
      svg('rect', { class: 'output-window', x: 0, y: 0, width: VIEW.width, height: VIEW.height }),
      this.quad, this.lines, this.mask, this.numbers, this.handles);
    this.hint = element('p', { class: 'visually-hidden', id: hintId },
      `Drag a corner, or focus it and use the arrow keys (a pixel; with shift, ${LARGE_PIXELS}), to move it where the projector shows it.`);
    this.element = element('div', { class: 'output-calibration' }, this.picture, this.hint);
    this.listen(this.picture, { across: WINDOW_PICTURE.width, isDrag });
    this.resize = new ResizeObserver(() => { if (this.output) this.draw(this.output, { editable: this.editable }); });
    this.resize.observe(this.picture);
  }

  /** Draws `output` (null: nothing); its handles only when `editable` (Main's window is never warped). */
  draw(output, { editable = false } = {}) {
    this.output = output;
    this.editable = editable && output !== null;
    if (!output) {
      this.quad.setAttribute('points', '');
      this.lines.replaceChildren();
      this.mask.setAttribute('points', '');
      this.clearHandles();
      return;
    }
    this.quad.setAttribute('points', pointsAttribute(output.corners));
    this.lines.replaceChildren(...gridLines(output.grid).map((line) => svg('polyline', { points: pointsAttribute(line) })));
    this.mask.setAttribute('points', output.mask ? pointsAttribute(output.mask) : '');
    const handles = this.editable ? handlesOf(output) : [];
    const keys = new Set(handles.map((handle) => handle.key));
    for (const [key, item] of this.items) {
      if (keys.has(key)) continue;
      item.group.remove();
      item.number.remove();
      this.items.delete(key);
    }
    for (const handle of handles) this.drawHandle(handle);
  }

  clearHandles() {
    for (const item of this.items.values()) {
      item.group.remove();
      item.number.remove();
    }
    this.items.clear();
  }

  /**
   * One handle, made once and kept (a drag and the focus stay on it), moved in place: its circle (what a
   * finger takes hold of, centred on the point) and, for a corner, its number beside it, inside the window.
   */
  drawHandle(handle) {
    let item = this.items.get(handle.key);
    if (!item) {
      item = { group: svg('g', { class: 'output-handle', tabindex: 0, role: 'button' }), number: svg('text', { class: 'handle-number' }) };
      item.group.dataset.key = handle.key;
      this.handles.append(item.group);
      this.numbers.append(item.number);
      this.items.set(handle.key, item);
    }
    const { group, number } = item;
    group.classList.toggle('is-corner', handle.corner !== null);
    group.setAttribute('aria-label', handle.label);
    const [wx, wy] = handle.point;
    group.setAttribute('aria-description', `at ${wx.toFixed(3)}, ${wy.toFixed(3)} of the window`);
    const { x, y } = toPicture(handle.point);
    const unit = this.unit;
    group.replaceChildren(
      svg('circle', { class: 'handle-hit', cx: x, cy: y, r: HIT_RADIUS * unit }),
      svg('circle', { class: 'handle-dot', cx: x, cy: y, r: (handle.corner !== null ? DOT_RADIUS : DOT_RADIUS - 2) * unit }));
    number.textContent = handle.corner !== null ? String(handle.corner + 1) : '';
    if (handle.corner !== null) {
      const [dx, dy] = NUMBER_OFFSETS[handle.corner];
      Object.entries({ x: x + dx * unit, y: y + dy * unit, 'font-size': 12 * unit }).forEach(([name, value]) => number.setAttribute(name, String(value)));
    }
  }

  /** The handle `target` is in, by key (null: none). */
  keyAt(target) {
    return target?.closest?.('.output-handle')?.dataset.key ?? null;
  }

  /** A press on a handle takes hold of it, where the pointer held it (null: not on a handle, or nothing shown). */
  grab(target, start, box) {
    const key = this.keyAt(target);
    const point = key && this.output ? handlePoint(this.output, key) : null;
    if (!point) return null;
    const grabbed = pageToWindow(start, box);
    return {
      key, original: this.output, point, offset: [point[0] - grabbed[0], point[1] - grabbed[1]], moved: this.output,
      focus: this.items.get(key)?.group,
    };
  }

  dragTo(drag, now) {
    const [x, y] = pageToWindow(now, drag.box);
    drag.moved = movedHandle(drag.original, drag.key, [x + drag.offset[0], y + drag.offset[1]]);
    this.onMove(drag.moved);
  }

  dropped(drag) { this.onDrop(drag.moved); }

  cancelled() { this.onCancel(); }

  keyDown(event) {
    const key = this.keyAt(event.target);
    if (!key || this.drag || !this.output) return;
    const move = arrowPixels(event);
    if (!move) return;
    event.preventDefault();
    const pixel = pixelSize(this.picture.getBoundingClientRect());
    const point = handlePoint(this.output, key);
    const moved = movedHandle(this.output, key, [point[0] + move.dx * pixel.x, point[1] + move.dy * pixel.y]);
    if (handlePoint(moved, key).some((value, axis) => value !== point[axis])) this.onNudge(moved);
  }
}
