// The calibration picture in the Outputs panel (panel-outputs.js): the output's window, 16:9, as an SVG —
// the quadrilateral the slice lands on, the grid's lines through its points, the mask in grey — with a
// handle on each corner or, with a grid, on each of its points. Each handle is a focusable button ("Corner 1
// of Left", "Point 2, 3 of Left"): a drag (mouse, pen or finger: pointer events) moves it, the arrow keys
// move the focused one a pixel of the picture (shift: ten). Arithmetic in outputs-geometry.js; the panel
// sends the output.

import { element } from '../console-panel.js';
import { uid } from '../../shared/dom.js';
import {
  LARGE_PIXELS, VIEW, WINDOW_PICTURE, arrowPixels, gridLines, handlePoint, handlesOf, isDrag, movedHandle, pageToWindow, pixelSize,
  toPicture,
} from './outputs-geometry.js';

const SVG = 'http://www.w3.org/2000/svg';

/** An SVG element with its attributes. */
export function svg(tag, attributes = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  return node;
}

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
export class OutputCalibration {
  constructor({ onMove, onDrop, onCancel, onNudge }) {
    Object.assign(this, { onMove, onDrop, onCancel, onNudge });
    this.output = null;
    this.editable = false;
    this.items = new Map();
    this.drag = null;
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
    this.listen();
    this.resize = new ResizeObserver(() => { if (this.output) this.draw(this.output, { editable: this.editable }); });
    this.resize.observe(this.picture);
  }

  /** Units of the picture per CSS pixel, as it is drawn now. */
  get unit() {
    // Its laid-out width, not its box on screen: a panel coming in is drawn while still scaled down.
    const width = this.picture.clientWidth || this.picture.getBoundingClientRect().width;
    return width > 0 ? WINDOW_PICTURE.width / width : 4;
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

  listen() {
    const picture = this.picture;
    picture.addEventListener('pointerdown', (event) => this.pointerDown(event));
    picture.addEventListener('pointermove', (event) => this.pointerMove(event));
    picture.addEventListener('pointerup', (event) => this.pointerUp(event));
    picture.addEventListener('pointercancel', (event) => this.pointerCancel(event));
    picture.addEventListener('lostpointercapture', (event) => this.pointerCancel(event));
    picture.addEventListener('keydown', (event) => this.keyDown(event));
  }

  pointerDown(event) {
    const key = this.keyAt(event.target);
    if (!key || event.button > 0 || this.drag || !this.output) return;
    const point = handlePoint(this.output, key);
    if (!point) return;
    event.preventDefault();
    this.items.get(key)?.group.focus({ preventScroll: true });
    this.picture.setPointerCapture(event.pointerId);
    const box = this.picture.getBoundingClientRect();
    const grabbed = pageToWindow({ x: event.clientX, y: event.clientY }, box);
    this.drag = {
      key, original: this.output, point, moving: false, pointerId: event.pointerId, start: { x: event.clientX, y: event.clientY },
      offset: [point[0] - grabbed[0], point[1] - grabbed[1]], box, moved: this.output,
    };
  }

  pointerMove(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    const now = { x: event.clientX, y: event.clientY };
    if (!drag.moving && !isDrag(drag.start, now)) return;
    drag.moving = true;
    const [x, y] = pageToWindow(now, drag.box);
    drag.moved = movedHandle(drag.original, drag.key, [x + drag.offset[0], y + drag.offset[1]]);
    this.onMove(drag.moved);
  }

  pointerUp(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    this.drag = null;
    if (drag.moving) this.onDrop(drag.moved);
  }

  pointerCancel(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    this.drag = null;
    if (drag.moving) this.onCancel();
  }

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

  /** Whether a drag is under way (the panel keeps the output it shows until it ends). */
  get dragging() { return this.drag?.moving === true; }

  /** Ends the drag under way without a drop (another console changed the outputs: they are shown, and dragged anew). */
  letGo() {
    const drag = this.drag;
    if (!drag) return;
    this.drag = null;
    if (this.picture.hasPointerCapture?.(drag.pointerId)) this.picture.releasePointerCapture(drag.pointerId);
  }
}
