// The stage's picture in the Fixtures panel (panel-fixtures.js): the 16:9 stage as an SVG with every fixture
// on it — a point as a dot, an area as a rectangle, a strip as a line from its start (a filled dot) to its
// end (a ring) — named beside it. Each fixture is a focusable button ("Par 1 on the stage"): a drag (mouse,
// pen or finger: pointer events) moves it, a tap or Enter selects it, the arrow keys move the focused one a
// small step (shift: a larger one). Arithmetic in fixtures-geometry.js; the panel sends the patch.

import { element } from '../console-panel.js';
import { uid } from '../../shared/dom.js';
import {
  VIEW, centreOf, dragMove, isDrag, keyMove, labelAt, movedBy, shapeOf,
} from '../fixtures-geometry.js';

const SVG = 'http://www.w3.org/2000/svg';

/** An SVG element with its attributes. */
function svg(tag, attributes = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  return node;
}

/** Sizes in CSS pixels, drawn whatever the picture's size: a dot's radius, the reach of a finger around a
 * dot and along a strip (a strip's line is panel-fixtures.css's, which does not scale). */
const DOT_RADIUS = 6;
const HIT_RADIUS = 14;
const HIT_WIDTH = 24;

/**
 * The picture: `element` to place in the panel, `draw(fixtures, { selected, blackout })` after every change.
 * `onSelect(name)`, `onMove(name, fixture)` while a drag moves it, `onDrop(name, fixture)` when it is let
 * go, `onCancel(name)` when the drag is lost, `onNudge(name, dx, dy)` for an arrow key.
 */
export class FixturesStage {
  constructor({ onSelect, onMove, onDrop, onCancel, onNudge }) {
    Object.assign(this, { onSelect, onMove, onDrop, onCancel, onNudge });
    this.fixtures = [];
    this.items = new Map();
    this.drag = null;
    const hintId = uid('stage-hint');
    this.marks = svg('g', { class: 'stage-marks' });
    this.labels = svg('g', { class: 'stage-labels', 'aria-hidden': 'true' });
    this.picture = svg('svg', {
      class: 'fixtures-picture', viewBox: `0 0 ${VIEW.width} ${VIEW.height}`, role: 'group', 'aria-label': 'Stage',
      'aria-describedby': hintId, preserveAspectRatio: 'none',
    });
    this.picture.append(
      svg('rect', { class: 'stage-ground', x: 0, y: 0, width: VIEW.width, height: VIEW.height }),
      svg('path', { class: 'stage-grid', d: this.gridPath() }),
      this.marks, this.labels);
    this.element = element('div', { class: 'fixtures-stage' }, this.picture,
      element('p', { class: 'visually-hidden', id: hintId }, 'Drag a fixture, or focus it and use the arrow keys (with shift, further), to move it; Enter selects it.'));
    this.listen();
    this.resize = new ResizeObserver(() => this.draw(this.fixtures, this.options));
    this.resize.observe(this.picture);
  }

  /** Thirds across and down, faintly: where a fixture stands reads at a glance. */
  gridPath() {
    const { width: w, height: h } = VIEW;
    return [1, 2].map((i) => `M${(w * i) / 3} 0V${h}M0 ${(h * i) / 3}H${w}`).join('');
  }

  /** Units of the picture per CSS pixel, as it is drawn now. */
  get unit() {
    const width = this.picture.clientWidth || this.picture.getBoundingClientRect().width;
    return width > 0 ? VIEW.width / width : 4;
  }

  draw(fixtures, options = {}) {
    this.fixtures = fixtures;
    this.options = options;
    this.picture.classList.toggle('is-blackout', options.blackout === true);
    const names = new Set(fixtures.map((fixture) => fixture.name));
    for (const [name, item] of this.items) {
      if (names.has(name)) continue;
      item.group.remove();
      item.label.remove();
      this.items.delete(name);
    }
    for (const fixture of fixtures) this.drawFixture(fixture, options.selected === fixture.name);
  }

  /** One fixture's marks, made once and kept (a drag and the focus stay on them), redrawn in place. */
  drawFixture(fixture, selected) {
    const shape = shapeOf(fixture);
    let item = this.items.get(fixture.name);
    if (item && item.kind !== shape?.kind) {
      item.group.remove();
      item.label.remove();
      item = null;
    }
    if (!item) {
      item = { kind: shape?.kind, group: svg('g', { class: 'stage-fixture', tabindex: 0, role: 'button' }), label: svg('text', { class: 'stage-label' }) };
      item.group.dataset.name = fixture.name;
      item.group.setAttribute('aria-label', `${fixture.name} on the stage`);
      this.marks.append(item.group);
      this.labels.append(item.label);
      this.items.set(fixture.name, item);
    }
    item.group.classList.toggle('is-selected', selected);
    item.group.setAttribute('aria-pressed', String(selected));
    const centre = centreOf(fixture);
    if (centre) item.group.setAttribute('aria-description', `at ${centre.x.toFixed(2)}, ${centre.y.toFixed(2)}`);
    item.group.replaceChildren(...(shape ? this.marksOf(shape) : []));
    const at = labelAt(fixture);
    item.label.textContent = fixture.name;
    if (at) {
      item.label.setAttribute('x', String(at.x));
      item.label.setAttribute('y', String(at.y));
      item.label.setAttribute('font-size', String(11 * this.unit));
    }
  }

  /** The SVG of a shape: what shows, and around it what a finger can take hold of. */
  marksOf(shape) {
    const unit = this.unit;
    const dot = (x, y, className, radius = DOT_RADIUS) => svg('circle', { class: className, cx: x, cy: y, r: radius * unit });
    if (shape.kind === 'point') return [dot(shape.x, shape.y, 'fixture-hit', HIT_RADIUS), dot(shape.x, shape.y, 'fixture-mark')];
    if (shape.kind === 'area') {
      return [svg('rect', { class: 'fixture-mark fixture-area', x: shape.x, y: shape.y, width: shape.width, height: shape.height })];
    }
    const line = (className) => svg('line', { class: className, x1: shape.x1, y1: shape.y1, x2: shape.x2, y2: shape.y2 });
    const hit = line('fixture-hit');
    hit.setAttribute('stroke-width', String(HIT_WIDTH * unit));
    return [
      hit, line('fixture-strip'),
      dot(shape.x1, shape.y1, 'fixture-mark'), dot(shape.x2, shape.y2, 'fixture-mark fixture-end', DOT_RADIUS - 1),
    ];
  }

  /** The fixture whose marks `target` is in, by name (null: the stage itself). */
  nameAt(target) {
    return target?.closest?.('.stage-fixture')?.dataset.name ?? null;
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
    const name = this.nameAt(event.target);
    if (!name || event.button > 0 || this.drag) return;
    const original = this.fixtures.find((fixture) => fixture.name === name);
    if (!original) return;
    event.preventDefault();
    this.items.get(name)?.group.focus({ preventScroll: true });
    this.picture.setPointerCapture(event.pointerId);
    const box = this.picture.getBoundingClientRect();
    this.drag = { name, original, moved: original, moving: false, pointerId: event.pointerId, start: { x: event.clientX, y: event.clientY }, box };
  }

  pointerMove(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    const now = { x: event.clientX, y: event.clientY };
    if (!drag.moving && !isDrag(drag.start, now)) return;
    drag.moving = true;
    const { dx, dy } = dragMove(drag.start, now, drag.box);
    drag.moved = movedBy(drag.original, dx, dy);
    this.onMove(drag.name, drag.moved);
  }

  pointerUp(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    this.drag = null;
    if (drag.moving) this.onDrop(drag.name, drag.moved);
    else this.onSelect(drag.name);
  }

  pointerCancel(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    this.drag = null;
    if (drag.moving) this.onCancel(drag.name);
  }

  keyDown(event) {
    const name = this.nameAt(event.target);
    if (!name || this.drag) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      this.onSelect(name);
      return;
    }
    const move = keyMove(event);
    if (!move) return;
    event.preventDefault();
    this.onNudge(name, move.dx, move.dy);
  }

  /** Whether a drag is under way (the panel keeps the patch it shows until it ends). */
  get dragging() { return this.drag?.moving === true; }

  /** Ends the drag under way without a drop (another console changed the patch: it is shown, and dragged anew). */
  letGo() {
    const drag = this.drag;
    if (!drag) return;
    this.drag = null;
    if (this.picture.hasPointerCapture?.(drag.pointerId)) this.picture.releasePointerCapture(drag.pointerId);
  }
}
