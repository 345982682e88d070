// The editing plane (seed 003 §2.10–2.11) as a custom element, `<editing-plane>`: the selected pair's part
// columns along time and voice rows down, with a part ruler above and a voice ruler beside it, drawn on
// canvases; one finger (or the mouse) draws an editing range, two fingers pan and pinch (plane-gestures.js).
// For keyboards and assistive technology the same plane is a grid named "Editing plane": a row per voice,
// a gridcell per visible raster cell (or per column of a composed part), selected where something plays
// (plane-grid.js). How it is drawn is plane-drawing.js; its look, editing-plane.css.
//
// The page sets `plane` (plane-model.js planeOf) and `transport` (the engine's transport status, for the
// playhead), and hears these events:
//   range   { range }    a range let go inside its score: the page asks the engine (plane-model.js editsForRange)
//   locate  { seconds }  the part ruler tapped: play from there
//   row     { row }      the row the performer works on changed (the one "Make unique" acts on)
//   cell    { cell }     a composed plane's cell worked on (`cell` below) was focused (a tap on one: `range`)
//   open    { part, voice }  a composed plane's cell opened (double tap, Enter with shift): select its pair
//
// What the plane shows and how the gestures and the grid's keys change it is its state (plane-state.js); the
// element carries the pointer, the wheel and the keys to it, and draws, dispatches and measures what it says.

import { adoptStyleSheet, loadStyleSheet } from '../../shared/style-sheets.js';
import { PlaneGestures } from './plane-gestures.js';
import { drawPlane } from './plane-drawing.js';
import { gridColumns, gridKeyAction, renderGrid } from './plane-grid.js';
import { PlaneState } from './plane-state.js';
import { PlaneStats } from './plane-stats.js';

/** The plane's look (editing-plane.css): read once, adopted by the plane's shadow root. */
const PLANE_STYLE = await loadStyleSheet(new URL('./editing-plane.css', import.meta.url));

/** The editing plane of the selected pair. */
export class EditingPlane extends HTMLElement {
  #state = new PlaneState();
  #gestures = new PlaneGestures();
  #transport = null;      // `{ seconds, playing, loop, at }`: the last status heard and when
  #dirty = true;
  #frame = null;
  #gridTimer = null;
  #pointerIds = new Map();
  #stats = new PlaneStats();

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = `
      <div class="frame">
        <div class="corner" aria-hidden="true"></div>
        <canvas class="part-ruler" data-area="partRuler" aria-hidden="true"></canvas>
        <canvas class="voice-ruler" data-area="voiceRuler" aria-hidden="true"></canvas>
        <div class="plane-box">
          <canvas class="plane" data-area="plane" aria-hidden="true"></canvas>
          <div class="held" hidden></div>
          <div class="empty" hidden></div>
          <div class="grid" role="grid" aria-label="Editing plane" aria-multiselectable="true"></div>
        </div>
      </div>`;
    adoptStyleSheet(root, PLANE_STYLE);
    this.parts = {
      frame: root.querySelector('.frame'), corner: root.querySelector('.corner'),
      partRuler: root.querySelector('.part-ruler'), voiceRuler: root.querySelector('.voice-ruler'),
      plane: root.querySelector('.plane'), held: root.querySelector('.held'), empty: root.querySelector('.empty'),
      grid: root.querySelector('.grid'),
    };
    const frame = this.parts.frame;
    for (const type of ['pointerdown', 'pointermove', 'pointerup', 'pointercancel']) frame.addEventListener(type, (event) => this.#pointer(event));
    frame.addEventListener('wheel', (event) => this.#wheel(event), { passive: false });
    frame.addEventListener('contextmenu', (event) => event.preventDefault());
    this.parts.grid.addEventListener('keydown', (event) => this.#key(event));
    this.parts.grid.addEventListener('focusin', (event) => this.#focusIn(event));
    this.resizeObserver = new ResizeObserver(() => this.#resize());
  }

  connectedCallback() {
    this.resizeObserver.observe(this.parts.plane);
    window.addEventListener('blur', this.#lostFocus);
    this.#resize();
  }

  disconnectedCallback() {
    this.resizeObserver.disconnect();
    window.removeEventListener('blur', this.#lostFocus);
    if (this.#frame !== null) cancelAnimationFrame(this.#frame);
    this.#frame = null;
  }

  #lostFocus = () => this.#apply(this.#gestures.reset(), performance.now());

  /** The plane shown (plane-model.js planeOf), or null for none. A new pair is shown whole; the same pair keeps its view. */
  get plane() { return this.#state.plane; }
  set plane(plane) {
    this.#state.show(plane);
    this.parts.empty.hidden = Boolean(plane && plane.rows.length > 0);
    this.parts.empty.textContent = plane ? 'This voice has no rows yet.' : 'Select a part and a voice.';
    this.#changed({ grid: true });
  }

  /** The row worked on: its index in `plane.rows`. */
  get row() { return this.#state.row; }

  /** On a composed part's plane, the cell worked on, `{ row, column }` (the keyboard's, or the last tapped); else null. */
  get cell() { return this.#state.cell; }

  /** The engine's transport status for this pair (or null when another plays): the playhead, the loop. */
  set transport(status) {
    this.#transport = status ? { ...status, at: performance.now() } : null;
    this.#changed();
  }

  /** What the fingers are doing: 'idle', 'drawing', 'holding' or 'coasting' (plane-gestures.js). */
  get gestureMode() { return this.#gestures.mode; }

  /** The view: `{ x, y }` axes (plane-view.js), for tests and for the page's loop button. */
  get view() { return this.#state.view; }

  /** The stretch of the pair the plane shows now, in seconds: `{ from, to }`. */
  get visibleSeconds() { return this.#state.visibleSeconds; }

  /**
   * What the plane measured: `framesDrawn`, and `latencies` — for each range drawn, the milliseconds from the
   * input event to the end of the frame that painted it (the frame after the one that drew it, when the
   * browser has shown it); `drawMs`, how long each of the last frames took to draw, in milliseconds.
   */
  get stats() { return this.#stats.measured; }

  #resize() {
    const box = this.parts.plane.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    const size = { width: box.width, height: box.height };
    for (const canvas of [this.parts.plane, this.parts.partRuler, this.parts.voiceRuler]) {
      const rect = canvas.getBoundingClientRect();
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.max(1, Math.round(rect.width * ratio));
      canvas.height = Math.max(1, Math.round(rect.height * ratio));
    }
    this.#state.resize(size);
    this.#changed({ grid: true });
  }

  /** Something shown changed: draw at the next frame; `grid`: the accessible grid follows soon after. */
  #changed({ grid = false } = {}) {
    this.#dirty = true;
    if (grid) this.#scheduleGrid();
    this.#schedule();
  }

  #schedule() {
    if (this.#frame === null && this.isConnected) this.#frame = requestAnimationFrame((t) => this.#tick(t));
  }

  #tick(t) {
    this.#frame = null;
    if (this.#gestures.held) this.#apply(this.#gestures.frame(t), t);
    if (this.#transport?.playing) this.#dirty = true;  // the playhead moves on between the engine's statuses
    if (this.#dirty) {
      this.#dirty = false;
      const began = performance.now();
      this.#draw(t);
      this.#stats.frameDrawn(performance.now() - began);
    }
    this.#stats.frameEnded(performance.now());
    if (this.#gestures.held || this.#transport?.playing || this.#stats.waiting || this.#dirty) this.#schedule();
  }

  // ——— input ———

  /** The area under a point of the frame (client coordinates) and the point in the plane's own coordinates. */
  #locate(clientX, clientY) {
    const plane = this.parts.plane.getBoundingClientRect();
    const point = { x: clientX - plane.left, y: clientY - plane.top };
    const frame = this.parts.frame.getBoundingClientRect();
    const inFrame = clientX >= frame.left && clientX < frame.right && clientY >= frame.top && clientY < frame.bottom;
    let area = 'outside';
    if (inFrame && point.x >= 0 && point.y >= 0 && point.x < plane.width && point.y < plane.height) area = 'plane';
    else if (inFrame && point.y < 0 && point.x >= 0) area = 'partRuler';
    else if (inFrame && point.x < 0 && point.y >= 0) area = 'voiceRuler';
    return { area, point };
  }

  #pointer(event) {
    if (!this.#state.view || !this.#state.plane) return;
    if (event.pointerType === 'mouse' && event.type === 'pointerdown' && event.button !== 0) return;
    const id = event.pointerType === 'mouse' ? 'mouse' : event.pointerId;
    const { area, point } = this.#locate(event.clientX, event.clientY);
    const type = { pointerdown: 'down', pointermove: 'move', pointerup: 'up', pointercancel: 'cancel' }[event.type];
    if (type === 'down') {
      try {
        this.parts.frame.setPointerCapture(event.pointerId);
      } catch {
        // The pointer is gone already (or was never the browser's): its moves come to the frame anyway.
      }
      this.#pointerIds.set(id, event.pointerId);
    } else if (!this.#pointerIds.has(id)) {
      return;
    }
    if (type === 'up' || type === 'cancel') this.#pointerIds.delete(id);
    event.preventDefault();
    this.#apply(this.#gestures.handle({ id, type, x: point.x, y: point.y, t: event.timeStamp, area }), event.timeStamp);
    this.#schedule();
  }

  #wheel(event) {
    if (!this.#state.view) return;
    const { area, point } = this.#locate(event.clientX, event.clientY);
    if (area === 'outside') return;
    event.preventDefault();
    this.#apply(this.#gestures.wheel({
      deltaX: event.deltaX, deltaY: event.deltaY, deltaMode: event.deltaMode, ctrlKey: event.ctrlKey || event.metaKey,
      shiftKey: event.shiftKey, altKey: event.altKey, x: point.x, y: point.y, area,
    }), event.timeStamp);
  }

  /** Carries out the gesture machine's actions (plane-gestures.js) at input time `t`, through the state. */
  #apply(actions, t) {
    for (const action of actions) this.#perform(this.#state.apply(action, t), t);
  }

  /** Does what a change of the state asks (plane-state.js): the overlay, the events, the timing, the drawing. */
  #perform(change, t) {
    if (change.held !== undefined) this.parts.held.hidden = !change.held;
    for (const [type, detail] of change.events) this.#emit(type, detail);
    if (change.open) for (const [type, detail] of this.#state.open(change.open.row, change.open.column)) this.#emit(type, detail);
    if (change.rangeDrawn) this.#stats.rangeInput(t);
    if (change.grid) this.#changed({ grid: true });
    else if (change.redraw) this.#dirty = true;
  }

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  // ——— drawing (plane-drawing.js) ———

  #draw(now) {
    const state = this.#state;
    const corner = drawPlane(this.parts, {
      plane: state.plane, view: state.view, size: state.size, row: state.row, range: state.range,
      focus: this.shadowRoot.activeElement === null ? null : state.focusCell(), transport: this.#transport, now,
    });
    if (corner !== null) this.parts.corner.textContent = corner;
  }

  // ——— the accessible grid (plane-grid.js) ———

  #scheduleGrid() {
    if (this.#gridTimer !== null) return;
    this.#gridTimer = setTimeout(() => {
      this.#gridTimer = null;
      // Not while a finger moves the plane: after it has let go.
      if (this.#gestures.held) this.#scheduleGrid();
      else this.#buildGrid();
    }, 120);
  }

  #buildGrid() {
    const active = this.shadowRoot.activeElement;
    const { plane, view, focus } = this.#state;
    renderGrid(this.parts.grid, plane, view, focus, active?.closest?.('.grid') !== null && active !== null);
  }

  #focusIn(event) {
    const cell = event.target.closest?.('[role="gridcell"]');
    if (!cell) return;
    this.#perform(this.#state.focusOn(Number(cell.dataset.row), Number(cell.dataset.key)));
    this.#changed();
  }

  #key(event) {
    const cell = event.target.closest?.('[role="gridcell"]');
    const plane = this.#state.plane;
    if (!cell || !plane) return;
    const row = Number(cell.dataset.row), key = Number(cell.dataset.key);
    const columns = gridColumns(plane, this.#state.view);
    const action = gridKeyAction(plane, columns, row, columns.findIndex((column) => column.key === key), event);
    if (!action) return;
    event.preventDefault();
    if (action.range) this.#emit('range', { range: action.range });
    else if (action.open) this.#perform({ events: [], open: action.open });
    else this.#moveFocus(columns, action.move.row, action.move.index);
  }

  /** Moves the keyboard's cell to row `row`, column `index` of `columns` (or just past them: the plane moves on). */
  #moveFocus(columns, row, index) {
    const change = this.#state.moveFocus(columns, row, index);
    if (!change) return;
    this.#perform(change);
    this.#buildGrid();
    this.parts.grid.querySelector(`[data-row="${row}"][data-key="${change.target}"]`)?.focus();
    this.#changed();
  }
}

customElements.define('editing-plane', EditingPlane);
