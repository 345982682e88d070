// The editing plane as a grid for keyboards and assistive technology (editing-plane.js): a row per visible
// voice, a gridcell per visible raster cell (or per column of a composed part), selected where something
// plays (read only on a composed voice's row of an atomic part, which shows what plays under it); which
// cells those are, the grid's elements, what a key does there, and where an arrow key moves the keyboard's
// cell — panning the plane when it leaves what is shown.

import { tickLabel } from './plane-model.js';
import { rasterLabel, rasterStep } from './plane-raster.js';
import { panView, visibleRows, visibleTicks, yOfRow } from './plane-view.js';

/** The most gridcells one row of the accessible grid holds (the visible ones). */
export const MAX_GRID_COLUMNS = 64;

/** The visible cells of `plane` in `view` as the grid's columns: `{ key, start, end, label }`. No DOM. */
export function gridColumns(plane, view) {
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

/**
 * What a row of an events plane that cannot be edited says (a composed voice's: plane-model.js eventsUnder):
 * "read only: 12 events of 4 voices play under it", or, when the look was cut at its limits, "read only: 2000
 * or more events play under it" ("too much lies under it to show", when it met none). No DOM.
 */
export function underDescription(record) {
  const count = (n, one) => `${n} ${one}${n === 1 ? '' : 's'}`;
  const events = record.events.length;
  if (record.cut) return events === 0 ? 'read only: too much lies under it to show' : `read only: ${events} or more events play under it`;
  return `read only: ${count(events, 'event')} of ${count(record.lanes?.length ?? 0, 'voice')} ${events === 1 ? 'plays' : 'play'} under it`;
}

/**
 * Fills `grid` (the element with role grid) with the visible rows and cells; the keyboard's cell (`focus`,
 * `{ row, key }`, or the first visible when null) is the one Tab reaches, and takes the focus when
 * `refocus` (the grid had it).
 */
export function renderGrid(grid, plane, view, focus, refocus) {
  if (!plane || !view) {
    grid.replaceChildren();
    return;
  }
  const columns = gridColumns(plane, view);
  const rows = visibleRows(view);
  grid.setAttribute('aria-rowcount', String(plane.rows.length));
  grid.setAttribute('aria-description', plane.kind === 'events'
    ? `raster ${rasterLabel(rasterStep(view.x.scale))}; Enter draws or deletes an event; arrows move`
    : 'Enter lets a cell play or mutes it; Shift+Enter opens it; arrows move');
  const tabStop = focus ?? { row: rows.from, key: columns[0]?.key };
  const children = [];
  for (let row = rows.from; row < rows.to; row += 1) {
    const record = plane.rows[row];
    const line = document.createElement('div');
    line.setAttribute('role', 'row');
    line.setAttribute('aria-rowindex', String(row + 1));
    const header = document.createElement('div');
    header.setAttribute('role', 'rowheader');
    header.textContent = record.shared > 1 ? `${record.name} (shared by ${record.shared})` : record.name;
    const readOnly = plane.kind === 'events' && !record.editable;
    if (readOnly) header.setAttribute('aria-description', underDescription(record));
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
      if (readOnly) cell.setAttribute('aria-readonly', 'true');
      cell.textContent = `${column.label}${cellState(plane, readOnly, on)}`;
      const focused = tabStop.row === row && tabStop.key === column.key;
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
  if (refocus) grid.querySelector('[tabindex="0"]')?.focus();
}

/** What a gridcell says after its place: whether something plays there (`on`), and how. */
function cellState(plane, readOnly, on) {
  if (plane.kind === 'cells') return on ? ', plays' : ', muted';
  if (readOnly) return on ? ', something plays under it' : '';
  return on ? ', event' : '';
}

/**
 * Where the keyboard's cell goes from the visible `columns` to row `nextRow`, column `nextIndex` (which may
 * lie just past those shown): `{ view, target }` — the view moved on by a cell or a row where the target
 * was not shown, and the target column — or null when there is nothing there. No DOM.
 */
export function gridMove(plane, view, columns, nextRow, nextIndex) {
  if (nextRow < 0 || nextRow >= plane.rows.length) return null;
  let target = columns[nextIndex];
  if (!target) {
    // Past the visible cells: the plane moves on by a cell.
    const width = (columns[0] ? columns[0].end - columns[0].start : 0) * view.x.scale;
    if (width === 0 || nextIndex < 0 && columns[0].start <= 0 || nextIndex >= columns.length && columns.at(-1).end >= plane.extent) return null;
    view = panView(view, nextIndex < 0 ? width : -width, 0);
    const moved = gridColumns(plane, view);
    target = nextIndex < 0 ? moved[0] : moved.at(-1);
    if (!target) return null;
  }
  const rowsShown = visibleRows(view);
  if (nextRow < rowsShown.from) view = panView(view, 0, view.y.scale * (rowsShown.from - nextRow));
  else if (nextRow >= rowsShown.to - 1 && nextRow < plane.rows.length) {
    const bottom = yOfRow(view, nextRow + 1);
    if (bottom > view.y.viewPx) view = panView(view, 0, view.y.viewPx - bottom);
  }
  return { view, target };
}

/**
 * What a key (`{ key, shiftKey }`) does on the gridcell at `row`, `index` of `columns`: `{ move: { row,
 * index } }` (arrows, Home, End; the index may lie just past the columns), `{ open: { row, column } }`
 * (Shift+Enter on a composed part's cell: select its pair), `{ range }` (Enter or Space: a cell let play or
 * muted, an event drawn or deleted over the cell), or null for a key the grid leaves alone. No DOM.
 */
export function gridKeyAction(plane, columns, row, index, { key, shiftKey }) {
  switch (key) {
    case 'ArrowRight': return { move: { row, index: index + 1 } };
    case 'ArrowLeft': return { move: { row, index: index - 1 } };
    case 'ArrowDown': return { move: { row: row + 1, index } };
    case 'ArrowUp': return { move: { row: row - 1, index } };
    case 'Home': return { move: { row, index: 0 } };
    case 'End': return { move: { row, index: columns.length - 1 } };
    case 'Enter':
    case ' ': {
      const column = columns[index];
      if (!column) return null;
      if (plane.kind === 'cells' && shiftKey) return { open: { row, column: column.key } };
      if (plane.kind === 'cells') return { range: { row, from: column.key, to: column.key, inside: true } };
      return { range: { row, start: column.start, end: column.end, inside: true, at: { tick: column.start, row } } };
    }
    default:
      return null;
  }
}
