// The editing plane's state (editing-plane.js) as a value: the plane shown (plane-model.js planeOf) and the
// view of it (plane-view.js), the editing range being drawn, whether the plane is held, the row worked on, the
// keyboard's cell and the last tap on a composed plane's cell. The gesture machine's actions (plane-gestures.js)
// and the accessible grid's keys (plane-grid.js) change it, and each change returns what the element does next:
//   { events, open, redraw, grid, held, rangeDrawn }
// `events` the plane's events to dispatch in order (`[type, detail]`: range, locate, row, cell); `open` a
// composed plane's cell `{ row, column }` to open after them (its pair as the plane then is: `open(row,
// column)`); `redraw` whether the picture changed, `grid` whether the view moved (the accessible grid follows),
// `held` the held overlay's new state (undefined: unchanged), `rangeDrawn` whether a range was drawn (timed
// until it shows).
// No DOM and no clock: input times come in.

import { makeView, panView, resizeView, rowAt, tickAt, visibleTicks, zoomView } from './plane-view.js';
import { planeRange } from './editing-range.js';
import { secondsOfPlaneTime } from './plane-model.js';
import { gridColumns, gridMove } from './plane-grid.js';

/** Two taps this close (ms) on one cell of a composed plane open it. */
export const DOUBLE_TAP_MS = 350;

/** What a change asks of the element: nothing, unless said. */
const effect = (more = {}) => ({ events: [], open: null, redraw: false, grid: false, held: undefined, rangeDrawn: false, ...more });

/** The plane, its view, the range, the row worked on and the keyboard's cell. */
export class PlaneState {
  constructor() {
    this.plane = null;
    this.view = null;
    this.size = { width: 0, height: 0 };
    this.range = null;     // the editing range shown: events `{ row, start, end, inside }`, cells `{ row, from, to, inside }`
    this.held = false;
    this.row = 0;          // the row worked on
    this.focus = null;     // the keyboard's cell `{ row, key }`: key, a raster cell's first tick or a column's index
    this.lastTap = null;   // `{ t, row, column }`: the last tap on a composed plane's cell
  }

  /** Shows `plane` (null: none): a new pair whole, from its first row; the same pair keeps its view and its row. */
  show(plane) {
    const previous = this.plane;
    const samePair = plane && previous && plane.part === previous.part && plane.voice === previous.voice && plane.kind === previous.kind;
    this.plane = plane;
    if (!plane) this.view = null;
    else if (samePair && this.view) this.view = resizeView(this.view, { ticks: Math.max(plane.extent, 1), rows: Math.max(plane.rows.length, 1) });
    else {
      this.view = this.size.width > 0 ? this.newView() : null;
      this.row = 0;
      this.focus = null;
      this.range = null;
    }
    if (plane && this.row >= plane.rows.length) this.row = Math.max(plane.rows.length - 1, 0);
  }

  /** The plane's area is now `size` (CSS pixels): the view follows, or is made. */
  resize(size) {
    this.size = size;
    if (this.plane) this.view = this.view ? resizeView(this.view, size) : this.newView();
  }

  newView() {
    return makeView({
      width: this.size.width, height: this.size.height,
      ticks: Math.max(this.plane.extent, 1), rows: Math.max(this.plane.rows.length, 1),
    });
  }

  /** On a composed part's plane, the cell worked on, `{ row, column }`; else null. */
  get cell() {
    const { plane, focus } = this;
    return plane?.kind === 'cells' && focus && plane.rows[focus.row] && plane.columns[focus.key] ? { row: focus.row, column: focus.key } : null;
  }

  /** The stretch of the pair the plane shows now, in seconds: `{ from, to }`, or null. */
  get visibleSeconds() {
    if (!this.view || !this.plane) return null;
    const { from, to } = visibleTicks(this.view);
    return { from: secondsOfPlaneTime(this.plane, from), to: secondsOfPlaneTime(this.plane, to) };
  }

  /** The keyboard's cell as drawn, `{ row, start, end }`, when it is shown; else null. */
  focusCell() {
    const focus = this.focus;
    if (!focus || !this.plane || !this.view) return null;
    const column = gridColumns(this.plane, this.view).find((one) => one.key === focus.key);
    return column ? { row: focus.row, start: column.start, end: column.end } : null;
  }

  /** Carries out one of the gesture machine's actions at input time `t`. */
  apply(action, t) {
    switch (action.type) {
      case 'range': {
        this.range = planeRange(this.plane, this.view, action.from, action.to);
        const row = this.range ? this.setRow(this.range.row) : effect();
        return { ...row, redraw: true, rangeDrawn: true };
      }
      case 'commitRange': {
        const range = planeRange(this.plane, this.view, action.from, action.to);
        this.range = null;
        return { ...(range?.inside ? this.commit(range, t) : effect()), redraw: true };
      }
      case 'cancelRange':
        this.range = null;
        return effect({ redraw: true });
      case 'pan':
        this.view = panView(this.view, action.dx, action.dy);
        return effect({ redraw: true, grid: true });
      case 'zoom':
        this.view = zoomView(this.view, action.axis, action.factor, action.focus);
        return effect({ redraw: true, grid: true });
      case 'held':
        this.held = action.on;
        return effect({ redraw: true, held: action.on });
      case 'tap':
        return this.tap(action);
      default:
        return effect();
    }
  }

  /** A range let go inside its score: the page asks the engine; on a composed plane a double tap on a cell opens it too. */
  commit(range, t) {
    if (this.plane.kind === 'cells' && range.from === range.to) {
      this.focus = { row: range.row, key: range.from };  // the cell worked on (and the grid's tab stop)
      // A double tap on one cell opens it; the first tap of the two toggled it, the second puts it back.
      const last = this.lastTap;
      this.lastTap = { t, row: range.row, column: range.from };
      if (last && t - last.t < DOUBLE_TAP_MS && last.row === range.row && last.column === range.from) {
        this.lastTap = null;
        return effect({ events: [['range', { range }]], open: { row: range.row, column: range.from } });
      }
    }
    return effect({ events: [['range', { range }]] });
  }

  /** A ruler tapped: the part ruler locates there, the voice ruler takes its row. */
  tap(action) {
    if (action.area === 'partRuler') {
      const time = Math.min(Math.max(tickAt(this.view, action.at.x), 0), this.plane.extent);
      return effect({ events: [['locate', { seconds: secondsOfPlaneTime(this.plane, time) }]] });
    }
    if (action.area === 'voiceRuler') {
      const row = rowAt(this.view, action.at.y);
      if (row !== -1) return this.setRow(row);
    }
    return effect();
  }

  /** The events that open a composed plane's cell at `row`, `column` (select its pair); none for another. */
  open(row, column) {
    const plane = this.plane;
    if (plane.kind !== 'cells' || !plane.rows[row] || !plane.columns[column]) return [];
    return [['open', { part: plane.columns[column].part, voice: plane.rows[row].voice }]];
  }

  /** The row worked on becomes `row` (said when it changes). */
  setRow(row) {
    if (row === this.row || row < 0) return effect();
    this.row = row;
    return effect({ events: [['row', { row }]], redraw: true });
  }

  /** The keyboard's cell is now `key` of `row` (a gridcell focused): its row worked on, a composed plane's cell said. */
  focusOn(row, key) {
    this.focus = { row, key };
    const change = this.setRow(row);
    if (this.plane?.kind === 'cells') change.events.push(['cell', { cell: this.cell }]);
    return { ...change, redraw: true };
  }

  /**
   * Moves the keyboard's cell to row `row`, column `index` of `columns` (or just past them: the plane moves on,
   * plane-grid.js gridMove); null when it cannot. Its `target` is the cell's key.
   */
  moveFocus(columns, row, index) {
    const move = gridMove(this.plane, this.view, columns, row, index);
    if (!move) return null;
    this.view = move.view;
    this.focus = { row, key: move.target.key };
    return { ...this.setRow(row), redraw: true, target: move.target.key };
  }
}
