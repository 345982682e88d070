// The editing plane (seed 003 §2.10–2.11) as a custom element, `<editing-plane>`: the selected pair's part
// columns along time and voice rows down, with a part ruler above and a voice ruler beside it, drawn on
// canvases; one finger (or the mouse) draws an editing range, two fingers pan and pinch (plane-gestures.js).
// For keyboards and assistive technology the same plane is a grid named "Editing plane": a row per voice,
// a gridcell per visible raster cell (or per column of a composed part), selected where something plays.
//
// The page sets `plane` (plane-model.js planeOf) and `transport` (the engine's transport status, for the
// playhead), and hears these events:
//   range   { range }    a range let go inside its score: the page asks the engine (plane-model.js editsForRange)
//   locate  { seconds }  the part ruler tapped: play from there
//   row     { row }      the row the performer works on changed (the one "Make unique" acts on)
//   open    { part, voice }  a composed plane's cell opened (double tap, Enter with shift): select its pair

import { rasterLabel, rasterLines, rasterStep } from './plane-raster.js';
import {
  cellAt, columnAt, makeView, panView, resizeView, rowAt, tickAt, visibleRows, visibleTicks, xOfTick, yOfRow, zoomView,
} from './plane-view.js';
import { editingRange } from './editing-range.js';
import { PlaneGestures } from './plane-gestures.js';
import { planeTimeOfSeconds, secondsOfPlaneTime, tickLabel } from './plane-model.js';

/** The voice ruler's width and the part ruler's height, in CSS pixels. */
const RULER = { width: 132, height: 34 };
/** The most gridcells one row of the accessible grid holds (the visible ones). */
const MAX_GRID_COLUMNS = 64;
/** Two taps this close (ms) on one cell of a composed plane open it. */
const DOUBLE_TAP_MS = 350;

const COLORS = Object.freeze({
  background: '#0b0c10', rowEven: '#12141b', rowOdd: '#0f1117', outside: '#050609', line: '#2c303b',
  bar: 'rgba(221, 224, 231, 0.34)', beat: 'rgba(221, 224, 231, 0.16)', step: 'rgba(221, 224, 231, 0.07)',
  sound: '#5ec8c0', light: '#ffc861', silent: '#8d93a1', composed: '#9a8cff',
  cellOn: 'rgba(127, 176, 255, 0.20)', cellOff: 'rgba(255, 255, 255, 0.02)', preview: 'rgba(221, 224, 231, 0.55)',
  range: 'rgba(255, 48, 48, 0.45)', rangeEdge: '#ff3030', cancel: 'rgba(141, 147, 161, 0.35)',
  playhead: '#ffffff', loop: 'rgba(127, 176, 255, 0.18)', focus: '#ffd166', text: '#dde0e7', muted: '#8d93a1',
  shared: '#ff9f6e', selectedRow: 'rgba(127, 176, 255, 0.10)',
});

const STYLE = `
[hidden] { display: none !important; }
:host { display: block; position: relative; min-height: 0; min-width: 0; font: 13px system-ui, sans-serif; color: ${COLORS.text}; }
.frame { position: absolute; inset: 0; display: grid; grid-template-columns: ${RULER.width}px 1fr;
  grid-template-rows: ${RULER.height}px 1fr; background: ${COLORS.background}; touch-action: none;
  user-select: none; -webkit-user-select: none; outline: none; }
.frame:focus-within { box-shadow: inset 0 0 0 2px rgba(255, 209, 102, 0.35); }
canvas { display: block; width: 100%; height: 100%; touch-action: none; }
.corner { grid-area: 1 / 1; display: flex; align-items: center; justify-content: center; font-size: 12px;
  color: ${COLORS.muted}; border-right: 1px solid ${COLORS.line}; border-bottom: 1px solid ${COLORS.line}; }
.part-ruler { grid-area: 1 / 2; border-bottom: 1px solid ${COLORS.line}; }
.voice-ruler { grid-area: 2 / 1; border-right: 1px solid ${COLORS.line}; }
.plane-box { grid-area: 2 / 2; position: relative; min-width: 0; min-height: 0; overflow: hidden; }
.held { position: absolute; inset: 0; background: rgba(221, 224, 231, 0.07); box-shadow: inset 0 0 0 2px rgba(127, 176, 255, 0.5);
  pointer-events: none; }
.empty { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; color: ${COLORS.muted};
  pointer-events: none; text-align: center; padding: 2em; }
.grid { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; }
`;

/** The editing plane of the selected pair. */
export class EditingPlane extends HTMLElement {
  #plane = null;
  #view = null;
  #gestures = new PlaneGestures();
  #range = null;          // the editing range shown: events `{ row, start, end, inside }`, cells `{ row, from, to, inside }`
  #held = false;
  #row = 0;               // the row worked on
  #focus = null;          // the keyboard's cell: events `{ row, tick }`, cells `{ row, column }`
  #transport = null;      // `{ seconds, playing, loop, at }`: the last status heard and when
  #dirty = true;
  #frame = null;
  #gridTimer = null;
  #lastTap = null;        // `{ t, row, column }`: the last tap on a composed plane's cell
  #pointerIds = new Map();
  #size = { width: 0, height: 0 };
  /** The range input waiting to be shown (`{ input, drawn }`), and how long each took (ms): see `stats`. */
  #latency = { pending: null, samples: [] };
  #framesDrawn = 0;
  #drawMs = [];

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = `<style>${STYLE}</style>
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
  get plane() { return this.#plane; }
  set plane(plane) {
    const samePair = plane && this.#plane && plane.part === this.#plane.part && plane.voice === this.#plane.voice && plane.kind === this.#plane.kind;
    this.#plane = plane;
    if (!plane) this.#view = null;
    else if (samePair && this.#view) this.#view = resizeView(this.#view, { ticks: Math.max(plane.extent, 1), rows: Math.max(plane.rows.length, 1) });
    else {
      this.#view = this.#size.width > 0 ? this.#newView() : null;
      this.#row = 0;
      this.#focus = null;
      this.#range = null;
    }
    if (plane && this.#row >= plane.rows.length) this.#row = Math.max(plane.rows.length - 1, 0);
    this.parts.empty.hidden = Boolean(plane && plane.rows.length > 0);
    this.parts.empty.textContent = plane ? 'This voice has no rows yet.' : 'Select a part and a voice.';
    this.#changed({ grid: true });
  }

  /** The row worked on: its index in `plane.rows`. */
  get row() { return this.#row; }

  /** The engine's transport status for this pair (or null when another plays): the playhead, the loop. */
  set transport(status) {
    this.#transport = status ? { ...status, at: performance.now() } : null;
    this.#changed();
  }

  /** What the fingers are doing: 'idle', 'drawing', 'holding' or 'coasting' (plane-gestures.js). */
  get gestureMode() { return this.#gestures.mode; }

  /** The view: `{ x, y }` axes (plane-view.js), for tests and for the page's loop button. */
  get view() { return this.#view; }

  /** The stretch of the pair the plane shows now, in seconds: `{ from, to }`. */
  get visibleSeconds() {
    if (!this.#view || !this.#plane) return null;
    const { from, to } = visibleTicks(this.#view);
    return { from: secondsOfPlaneTime(this.#plane, from), to: secondsOfPlaneTime(this.#plane, to) };
  }

  /**
   * What the plane measured: `framesDrawn`, and `latencies` — for each range drawn, the milliseconds from the
   * input event to the end of the frame that painted it (the frame after the one that drew it, when the
   * browser has shown it); `drawMs`, how long each of the last frames took to draw, in milliseconds.
   */
  get stats() { return { framesDrawn: this.#framesDrawn, latencies: [...this.#latency.samples], drawMs: [...this.#drawMs] }; }

  #newView() {
    return makeView({
      width: this.#size.width, height: this.#size.height,
      ticks: Math.max(this.#plane.extent, 1), rows: Math.max(this.#plane.rows.length, 1),
    });
  }

  #resize() {
    const box = this.parts.plane.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    this.#size = { width: box.width, height: box.height };
    for (const canvas of [this.parts.plane, this.parts.partRuler, this.parts.voiceRuler]) {
      const rect = canvas.getBoundingClientRect();
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.max(1, Math.round(rect.width * ratio));
      canvas.height = Math.max(1, Math.round(rect.height * ratio));
    }
    if (this.#plane) this.#view = this.#view ? resizeView(this.#view, this.#size) : this.#newView();
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
    const painted = this.#latency.pending;
    if (this.#dirty) {
      this.#dirty = false;
      const began = performance.now();
      this.#draw(t);
      this.#drawMs.push(performance.now() - began);
      if (this.#drawMs.length > 1000) this.#drawMs.shift();
      this.#framesDrawn += 1;
    }
    if (painted && painted.drawn) {
      // The frame after the one that drew it: the browser has shown it.
      this.#latency.samples.push(performance.now() - painted.input);
      if (this.#latency.samples.length > 1000) this.#latency.samples.shift();
      this.#latency.pending = null;
    } else if (painted) {
      painted.drawn = true;
    }
    if (this.#gestures.held || this.#transport?.playing || this.#latency.pending || this.#dirty) this.#schedule();
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
    if (!this.#view || !this.#plane) return;
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
    if (!this.#view) return;
    const { area, point } = this.#locate(event.clientX, event.clientY);
    if (area === 'outside') return;
    event.preventDefault();
    this.#apply(this.#gestures.wheel({
      deltaX: event.deltaX, deltaY: event.deltaY, deltaMode: event.deltaMode, ctrlKey: event.ctrlKey || event.metaKey,
      shiftKey: event.shiftKey, altKey: event.altKey, x: point.x, y: point.y, area,
    }), event.timeStamp);
  }

  /** Carries out the gesture machine's actions (plane-gestures.js) at input time `t`. */
  #apply(actions, t) {
    for (const action of actions) {
      switch (action.type) {
        case 'range':
          this.#range = this.#rangeOf(action.from, action.to);
          if (this.#range) this.#setRow(this.#range.row);
          this.#latency.pending = { input: t, drawn: false };
          this.#dirty = true;
          break;
        case 'commitRange': {
          const range = this.#rangeOf(action.from, action.to);
          this.#range = null;
          this.#dirty = true;
          if (range?.inside) this.#commit(range, t);
          break;
        }
        case 'cancelRange':
          this.#range = null;
          this.#dirty = true;
          break;
        case 'pan':
          this.#view = panView(this.#view, action.dx, action.dy);
          this.#changed({ grid: true });
          break;
        case 'zoom':
          this.#view = zoomView(this.#view, action.axis, action.factor, action.focus);
          this.#changed({ grid: true });
          break;
        case 'held':
          this.#held = action.on;
          this.parts.held.hidden = !action.on;
          this.#dirty = true;
          break;
        case 'tap':
          if (action.area === 'partRuler') this.#locateAt(action.at.x);
          else if (action.area === 'voiceRuler') {
            const row = rowAt(this.#view, action.at.y);
            if (row !== -1) this.#setRow(row);
          }
          break;
        default:
          break;
      }
    }
  }

  /** The range drawn from `from` to `to` (plane coordinates) on this plane, or null when it began outside every score. */
  #rangeOf(from, to) {
    const plane = this.#plane;
    if (plane.kind === 'events') {
      const step = rasterStep(this.#view.x.scale);
      return editingRange({ tick: tickAt(this.#view, from.x), row: rowAt(this.#view, from.y) },
        { tick: tickAt(this.#view, to.x), row: rowAt(this.#view, to.y) }, step, plane.extent);
    }
    const start = cellAt(this.#view, from, plane.columns);
    if (!start) return null;
    const column = columnAt(plane.columns, Math.min(Math.max(tickAt(this.#view, to.x), 0), plane.extent - 1e-6));
    const end = cellAt(this.#view, to, plane.columns);
    return { row: start.row, from: start.column, to: column, inside: end !== null && end.row === start.row };
  }

  #commit(range, t) {
    if (this.#plane.kind === 'cells' && range.from === range.to) {
      // A double tap on one cell opens it; the first tap of the two toggled it, the second puts it back.
      const last = this.#lastTap;
      this.#lastTap = { t, row: range.row, column: range.from };
      if (last && t - last.t < DOUBLE_TAP_MS && last.row === range.row && last.column === range.from) {
        this.#lastTap = null;
        this.#emit('range', { range });
        this.#open(range.row, range.from);
        return;
      }
    }
    this.#emit('range', { range });
  }

  #open(row, column) {
    const plane = this.#plane;
    if (plane.kind !== 'cells' || !plane.rows[row] || !plane.columns[column]) return;
    this.#emit('open', { part: plane.columns[column].part, voice: plane.rows[row].voice });
  }

  #locateAt(x) {
    const time = Math.min(Math.max(tickAt(this.#view, x), 0), this.#plane.extent);
    this.#emit('locate', { seconds: secondsOfPlaneTime(this.#plane, time) });
  }

  #setRow(row) {
    if (row === this.#row || row < 0) return;
    this.#row = row;
    this.#dirty = true;
    this.#emit('row', { row });
  }

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  // ——— the accessible grid ———

  #scheduleGrid() {
    if (this.#gridTimer !== null) return;
    this.#gridTimer = setTimeout(() => {
      this.#gridTimer = null;
      // Not while a finger moves the plane: after it has let go.
      if (this.#gestures.held) this.#scheduleGrid();
      else this.#buildGrid();
    }, 120);
  }

  /** The visible cells of the plane as the grid's rows and gridcells. */
  #gridColumns() {
    const plane = this.#plane, view = this.#view;
    if (plane.kind === 'cells') {
      const { from, to } = visibleTicks(view);
      return plane.columns
        .map((column, index) => ({ ...column, index }))
        .filter((column) => column.end > from && column.start < to)
        .slice(0, MAX_GRID_COLUMNS)
        .map((column) => ({ key: column.index, start: column.start, end: column.end, label: `${column.name} (${column.index + 1})` }));
    }
    const step = rasterStep(view.x.scale);
    const { from, to } = visibleTicks(view);
    const cells = [];
    for (let tick = Math.floor(from / step) * step; tick < to && tick < plane.extent && cells.length < MAX_GRID_COLUMNS; tick += step) {
      cells.push({ key: tick, start: tick, end: Math.min(tick + step, plane.extent), label: tickLabel(tick, step) });
    }
    return cells;
  }

  #buildGrid() {
    const grid = this.parts.grid;
    const plane = this.#plane;
    if (!plane || !this.#view) {
      grid.replaceChildren();
      return;
    }
    const hadFocus = this.shadowRoot.activeElement?.closest?.('.grid') !== null && this.shadowRoot.activeElement !== null;
    const columns = this.#gridColumns();
    const rows = visibleRows(this.#view);
    grid.setAttribute('aria-rowcount', String(plane.rows.length));
    grid.setAttribute('aria-description', plane.kind === 'events'
      ? `raster ${rasterLabel(rasterStep(this.#view.x.scale))}; Enter draws or deletes an event; arrows move`
      : 'Enter lets a cell play or mutes it; Shift+Enter opens it; arrows move');
    const focus = this.#focus ?? { row: rows.from, key: columns[0]?.key };
    const children = [];
    for (let row = rows.from; row < rows.to; row += 1) {
      const record = plane.rows[row];
      const line = document.createElement('div');
      line.setAttribute('role', 'row');
      line.setAttribute('aria-rowindex', String(row + 1));
      const header = document.createElement('div');
      header.setAttribute('role', 'rowheader');
      header.textContent = record.shared > 1 ? `${record.name} (shared by ${record.shared})` : record.name;
      line.append(header);
      for (const column of columns) {
        const cell = document.createElement('div');
        cell.setAttribute('role', 'gridcell');
        cell.dataset.row = String(row);
        cell.dataset.key = String(column.key);
        const on = plane.kind === 'cells'
          ? record.cells[column.key].playing
          : record.events.some((event) => event.start < column.end && column.start < event.start + event.length);
        cell.setAttribute('aria-selected', String(on));
        cell.textContent = `${column.label}${plane.kind === 'cells' ? (on ? ', plays' : ', muted') : on ? ', event' : ''}`;
        const focused = focus.row === row && focus.key === column.key;
        cell.tabIndex = focused ? 0 : -1;
        line.append(cell);
      }
      children.push(line);
    }
    grid.replaceChildren(...children);
    if (!grid.querySelector('[tabindex="0"]')) {
      const first = grid.querySelector('[role="gridcell"]');
      if (first) first.tabIndex = 0;
    }
    if (hadFocus) grid.querySelector('[tabindex="0"]')?.focus();
  }

  #focusIn(event) {
    const cell = event.target.closest?.('[role="gridcell"]');
    if (!cell) return;
    this.#focus = { row: Number(cell.dataset.row), key: Number(cell.dataset.key) };
    this.#setRow(this.#focus.row);
    this.#dirty = true;
    this.#schedule();
  }

  #key(event) {
    const cell = event.target.closest?.('[role="gridcell"]');
    if (!cell || !this.#plane) return;
    const row = Number(cell.dataset.row), key = Number(cell.dataset.key);
    const plane = this.#plane;
    const columns = this.#gridColumns();
    const index = columns.findIndex((column) => column.key === key);
    const moveTo = (nextRow, nextIndex) => {
      if (nextRow < 0 || nextRow >= plane.rows.length) return;
      let target = columns[nextIndex];
      if (!target) {
        // Past the visible cells: the plane moves on by a cell.
        const width = (columns[0] ? columns[0].end - columns[0].start : 0) * this.#view.x.scale;
        if (width === 0 || nextIndex < 0 && columns[0].start <= 0 || nextIndex >= columns.length && columns.at(-1).end >= plane.extent) return;
        this.#view = panView(this.#view, nextIndex < 0 ? width : -width, 0);
        const moved = this.#gridColumns();
        target = nextIndex < 0 ? moved[0] : moved.at(-1);
        if (!target) return;
      }
      const rowsShown = visibleRows(this.#view);
      if (nextRow < rowsShown.from) this.#view = panView(this.#view, 0, this.#view.y.scale * (rowsShown.from - nextRow));
      else if (nextRow >= rowsShown.to - 1 && nextRow < plane.rows.length) {
        const bottom = yOfRow(this.#view, nextRow + 1);
        if (bottom > this.#view.y.viewPx) this.#view = panView(this.#view, 0, this.#view.y.viewPx - bottom);
      }
      this.#focus = { row: nextRow, key: target.key };
      this.#setRow(nextRow);
      this.#buildGrid();
      this.parts.grid.querySelector(`[data-row="${nextRow}"][data-key="${target.key}"]`)?.focus();
      this.#changed();
    };
    switch (event.key) {
      case 'ArrowRight': moveTo(row, index + 1); break;
      case 'ArrowLeft': moveTo(row, index - 1); break;
      case 'ArrowDown': moveTo(row + 1, index); break;
      case 'ArrowUp': moveTo(row - 1, index); break;
      case 'Home': moveTo(row, 0); break;
      case 'End': moveTo(row, columns.length - 1); break;
      case 'Enter':
      case ' ': {
        const column = columns[index];
        if (!column) return;
        if (plane.kind === 'cells' && event.shiftKey) this.#open(row, column.key);
        else if (plane.kind === 'cells') this.#emit('range', { range: { row, from: column.key, to: column.key, inside: true } });
        else this.#emit('range', { range: { row, start: column.start, end: column.end, inside: true, at: { tick: column.start, row } } });
        break;
      }
      default:
        return;
    }
    event.preventDefault();
  }

  // ——— drawing ———

  #draw(now) {
    const plane = this.#plane, view = this.#view;
    const ratio = window.devicePixelRatio || 1;
    const context = this.parts.plane.getContext('2d');
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    const { width, height } = this.#size;
    context.fillStyle = COLORS.outside;
    context.fillRect(0, 0, width, height);
    if (!plane || !view) {
      this.#drawRulers(null);
      return;
    }
    const step = plane.kind === 'events' ? rasterStep(view.x.scale) : null;
    this.parts.corner.textContent = step ? rasterLabel(step) : `${plane.columns.length} parts`;
    const left = Math.max(xOfTick(view, 0), 0), right = Math.min(xOfTick(view, plane.extent), width);
    const rows = visibleRows(view);
    // Rows.
    for (let row = rows.from; row < rows.to; row += 1) {
      const top = yOfRow(view, row), bottom = yOfRow(view, row + 1);
      context.fillStyle = row === this.#row ? COLORS.selectedRow : row % 2 === 0 ? COLORS.rowEven : COLORS.rowOdd;
      context.fillRect(left, top, right - left, bottom - top);
    }
    if (plane.kind === 'events') this.#drawEvents(context, plane, view, rows, step, height);
    else this.#drawCells(context, plane, view, rows);
    this.#drawLoop(context, plane, view, height);
    this.#drawRange(context, plane, view);
    this.#drawFocus(context, plane, view);
    this.#drawPlayhead(context, plane, view, height, now);
    this.#drawRulers(step, now);
  }

  #drawEvents(context, plane, view, rows, step, height) {
    const { from, to } = visibleTicks(view);
    // The raster: bars, beats, steps.
    for (const line of rasterLines(from, Math.min(to, plane.extent), step, { maxLines: 1024 })) {
      context.fillStyle = COLORS[line.kind];
      context.fillRect(Math.round(xOfTick(view, line.tick)), 0, 1, height);
    }
    for (let row = rows.from; row < rows.to; row += 1) {
      const record = plane.rows[row];
      const top = yOfRow(view, row), rowHeight = view.y.scale;
      const inset = Math.min(4, rowHeight * 0.12);
      context.fillStyle = COLORS[record.kind] ?? COLORS.silent;
      const events = record.events;
      // Events are sorted by start: skip those that end before the view (a long one may start far before).
      for (let index = 0; index < events.length; index += 1) {
        const event = events[index];
        if (event.start > to) break;
        if (event.start + event.length < from) continue;
        const x = xOfTick(view, event.start), w = Math.max(event.length * view.x.scale, 2);
        context.globalAlpha = 0.45 + 0.55 * (event.gain ?? 1);
        context.fillRect(x + 0.5, top + inset, w - 1, rowHeight - 2 * inset);
        if (event.continues) {
          context.globalAlpha = 1;
          context.fillStyle = COLORS.background;
          context.fillRect(x, top + inset, 2, rowHeight - 2 * inset);
          context.fillStyle = COLORS[record.kind] ?? COLORS.silent;
        }
      }
      context.globalAlpha = 1;
      if (record.shared > 1) {
        context.strokeStyle = COLORS.shared;
        context.setLineDash([4, 4]);
        context.strokeRect(Math.max(xOfTick(view, 0), 0) + 0.5, top + 0.5, Math.min(xOfTick(view, plane.extent), view.x.viewPx) - Math.max(xOfTick(view, 0), 0) - 1, rowHeight - 1);
        context.setLineDash([]);
      }
    }
  }

  #drawCells(context, plane, view, rows) {
    const { from, to } = visibleTicks(view);
    for (let row = rows.from; row < rows.to; row += 1) {
      const record = plane.rows[row];
      const top = yOfRow(view, row), rowHeight = view.y.scale;
      const inset = Math.min(3, rowHeight * 0.1);
      for (let column = Math.max(columnAt(plane.columns, from), 0); column < plane.columns.length; column += 1) {
        const { start, end } = plane.columns[column];
        if (start > to) break;
        const x = xOfTick(view, start), w = (end - start) * view.x.scale;
        const cell = record.cells[column];
        context.fillStyle = cell.playing ? COLORS.cellOn : COLORS.cellOff;
        context.fillRect(x + 1, top + inset, w - 2, rowHeight - 2 * inset);
        if (cell.preview.length > 0 && rowHeight > 6) {
          context.fillStyle = cell.playing ? COLORS[record.kind] ?? COLORS.preview : COLORS.muted;
          context.globalAlpha = cell.playing ? 0.85 : 0.3;
          const h = Math.max((rowHeight - 2 * inset) * 0.5, 2), y = top + (rowHeight - h) / 2;
          for (const event of cell.preview) {
            if (event.start + start > to || event.start + event.length + start < from) continue;
            context.fillRect(xOfTick(view, start + event.start), y, Math.max(event.length * view.x.scale, 1), h);
          }
          context.globalAlpha = 1;
        }
        if (!cell.playing && w > 16 && rowHeight > 12) {
          context.strokeStyle = COLORS.muted;
          context.beginPath();
          context.moveTo(x + 4, top + rowHeight - inset - 3);
          context.lineTo(x + w - 4, top + inset + 3);
          context.stroke();
        }
      }
    }
    context.fillStyle = COLORS.line;
    for (const column of plane.columns) {
      if (column.start < from || column.start > to) continue;
      context.fillRect(Math.round(xOfTick(view, column.start)), 0, 1, view.y.viewPx);
    }
  }

  #drawRange(context, plane, view) {
    const range = this.#range;
    if (!range) return;
    const start = plane.kind === 'events' ? range.start : plane.columns[Math.min(range.from, range.to)].start;
    const end = plane.kind === 'events' ? range.end : plane.columns[Math.max(range.from, range.to)].end;
    const x = xOfTick(view, start), w = (end - start) * view.x.scale;
    const top = yOfRow(view, range.row), h = view.y.scale;
    context.fillStyle = range.inside ? COLORS.range : COLORS.cancel;
    context.fillRect(x, top, w, h);
    context.strokeStyle = range.inside ? COLORS.rangeEdge : COLORS.muted;
    context.lineWidth = 1.5;
    if (!range.inside) context.setLineDash([6, 4]);
    context.strokeRect(x + 0.75, top + 0.75, w - 1.5, h - 1.5);
    context.setLineDash([]);
    context.lineWidth = 1;
  }

  #drawFocus(context, plane, view) {
    const focus = this.#focus;
    if (!focus || this.shadowRoot.activeElement === null) return;
    const column = this.#gridColumns().find((one) => one.key === focus.key);
    if (!column) return;
    context.strokeStyle = COLORS.focus;
    context.lineWidth = 2;
    context.strokeRect(xOfTick(view, column.start) + 1, yOfRow(view, focus.row) + 1, (column.end - column.start) * view.x.scale - 2, view.y.scale - 2);
    context.lineWidth = 1;
  }

  /** The playhead's place on the plane's time axis now, or null when this pair does not play. */
  #playheadTime(now) {
    const transport = this.#transport;
    if (!transport || !this.#plane) return null;
    let seconds = transport.seconds;
    if (transport.playing) {
      seconds += Math.max(0, now - transport.at) / 1000;
      if (transport.loop && seconds >= transport.loop[1]) {
        const length = transport.loop[1] - transport.loop[0];
        seconds = length > 0 ? transport.loop[0] + ((seconds - transport.loop[0]) % length) : transport.loop[0];
      }
      // Never ahead of the next status by more than its interval: the engine has the last word.
      seconds = Math.min(seconds, transport.seconds + 0.25, transport.duration);
    }
    return planeTimeOfSeconds(this.#plane, seconds);
  }

  #drawPlayhead(context, plane, view, height, now) {
    const time = this.#playheadTime(now);
    if (time === null) return;
    const x = Math.round(xOfTick(view, time));
    if (x < -2 || x > view.x.viewPx + 2) return;
    context.fillStyle = COLORS.playhead;
    context.fillRect(x - 1, 0, 2, height);
  }

  #drawLoop(context, plane, view, height) {
    const loop = this.#transport?.loop;
    if (!loop) return;
    const from = xOfTick(view, planeTimeOfSeconds(plane, loop[0])), to = xOfTick(view, planeTimeOfSeconds(plane, loop[1]));
    context.fillStyle = COLORS.loop;
    context.fillRect(from, 0, to - from, height);
  }

  #drawRulers(step, now) {
    const ratio = window.devicePixelRatio || 1;
    const plane = this.#plane, view = this.#view;
    const part = this.parts.partRuler.getContext('2d');
    const partWidth = this.parts.partRuler.width / ratio, partHeight = this.parts.partRuler.height / ratio;
    part.setTransform(ratio, 0, 0, ratio, 0, 0);
    part.fillStyle = COLORS.background;
    part.fillRect(0, 0, partWidth, partHeight);
    const voices = this.parts.voiceRuler.getContext('2d');
    const voiceWidth = this.parts.voiceRuler.width / ratio, voiceHeight = this.parts.voiceRuler.height / ratio;
    voices.setTransform(ratio, 0, 0, ratio, 0, 0);
    voices.fillStyle = COLORS.background;
    voices.fillRect(0, 0, voiceWidth, voiceHeight);
    if (!plane || !view) return;
    part.font = '12px system-ui, sans-serif';
    part.textBaseline = 'middle';
    const { from, to } = visibleTicks(view);
    if (this.#transport?.loop) {
      const loop = this.#transport.loop;
      part.fillStyle = 'rgba(127, 176, 255, 0.45)';
      const a = xOfTick(view, planeTimeOfSeconds(plane, loop[0])), b = xOfTick(view, planeTimeOfSeconds(plane, loop[1]));
      part.fillRect(a, partHeight - 6, b - a, 6);
    }
    if (plane.kind === 'events') {
      // Bar numbers, and beats when there is room.
      const labelStep = Math.max(step, 960);
      for (const line of rasterLines(from, Math.min(to, plane.extent), step, { maxLines: 1024 })) {
        const x = Math.round(xOfTick(view, line.tick));
        part.fillStyle = line.kind === 'bar' ? COLORS.text : COLORS.muted;
        part.fillRect(x, line.kind === 'bar' ? 8 : line.kind === 'beat' ? 18 : 25, 1, partHeight);
        if (line.tick % labelStep === 0 && (line.kind === 'bar' || step * view.x.scale >= 40)) {
          const beat = line.tick / 960;
          part.fillText(line.kind === 'bar' ? String(beat / 4 + 1) : `${Math.floor(beat / 4) + 1}.${(beat % 4) + 1}`, x + 4, 13);
        }
      }
    } else {
      for (const column of plane.columns) {
        if (column.end < from || column.start > to) continue;
        const x = xOfTick(view, column.start), w = (column.end - column.start) * view.x.scale;
        part.fillStyle = COLORS.line;
        part.fillRect(Math.round(x), 0, 1, partHeight);
        part.fillStyle = COLORS.text;
        part.save();
        part.beginPath();
        part.rect(x + 1, 0, w - 2, partHeight);
        part.clip();
        part.fillText(column.name, Math.max(x, 0) + 6, partHeight / 2);
        part.restore();
      }
    }
    const time = this.#playheadTime(now ?? performance.now());
    if (time !== null) {
      const x = xOfTick(view, time);
      part.fillStyle = COLORS.playhead;
      part.beginPath();
      part.moveTo(x - 6, partHeight - 10);
      part.lineTo(x + 6, partHeight - 10);
      part.lineTo(x, partHeight);
      part.fill();
    }
    // The voice ruler: each row's name, what it plays, shared scores marked.
    voices.textBaseline = 'middle';
    const rows = visibleRows(view);
    for (let row = rows.from; row < rows.to; row += 1) {
      const record = plane.rows[row];
      const top = yOfRow(view, row), h = view.y.scale;
      voices.fillStyle = row === this.#row ? '#1d2230' : row % 2 === 0 ? COLORS.rowEven : COLORS.rowOdd;
      voices.fillRect(0, top, voiceWidth, h);
      voices.fillStyle = COLORS[record.kind] ?? COLORS.silent;
      voices.fillRect(0, top + 1, 4, h - 2);
      voices.fillStyle = COLORS.line;
      voices.fillRect(0, Math.round(top + h) - 1, voiceWidth, 1);
      if (h >= 11) {
        voices.font = `${Math.min(13, Math.max(9, h * 0.45))}px system-ui, sans-serif`;
        voices.fillStyle = COLORS.text;
        const badge = record.shared > 1 ? `×${record.shared}` : '';
        voices.fillText(record.name, 10, top + h / 2, voiceWidth - 16 - (badge ? 28 : 0));
        if (badge) {
          voices.fillStyle = COLORS.shared;
          voices.fillText(badge, voiceWidth - 32, top + h / 2);
        }
      }
    }
  }
}

customElements.define('editing-plane', EditingPlane);
