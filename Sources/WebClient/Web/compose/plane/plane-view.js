// The editing plane's view transform (seed 003 §2.10): where the plane's content lies on the screen, panned
// and zoomed on each axis by itself — time across (ticks ↔ CSS pixels), voices down (rows ↔ CSS pixels) —
// and what lies under a point: its tick and row, the column (a composed part's child), the event, the cell.
// Views are plain values: every function returns a new one. No DOM here.
//
// An axis is `{ origin, scale, min, max, extent, viewPx }`: the content unit (tick or row) at the view's
// leading edge, CSS pixels per unit, the zoom limits (plane-raster.js), how many units the content has and
// how many pixels the view shows. A pixel `p` shows unit `origin + p / scale`.

import { FINGERTIP, zoomLimitsX, zoomLimitsY } from './plane-raster.js';

/**
 * How far (CSS pixels) the view may be panned past either end of the content: room to see the score's edge
 * and to let a range go outside it (which cancels it). A quarter of the view at most.
 */
export const EDGE_MARGIN = 2 * FINGERTIP;

/** The units (ticks or rows) the axis may start at, panned as far as it may go either way. */
function originBounds(axis) {
  const margin = Math.min(EDGE_MARGIN, axis.viewPx / 4) / axis.scale;
  const low = -margin;
  const high = axis.extent - axis.viewPx / axis.scale + margin;
  return { low, high: Math.max(high, low) };
}

/** The axis with its scale within its limits and its origin within its bounds. */
function clampAxis(axis) {
  const scale = Math.min(Math.max(axis.scale, axis.min), axis.max);
  const clamped = { ...axis, scale };
  const { low, high } = originBounds(clamped);
  return { ...clamped, origin: Math.min(Math.max(axis.origin, low), high) };
}

/**
 * A view of a plane `width` × `height` CSS pixels showing `ticks` ticks across and `rows` rows down, zoomed
 * out to show all of it (as far as the limits let) from the start and the first row.
 */
export function makeView({ width, height, ticks, rows }) {
  const limitsX = zoomLimitsX({ viewPx: width, ticks });
  const limitsY = zoomLimitsY({ viewPx: height, rows });
  return {
    x: clampAxis({ origin: 0, scale: limitsX.min, ...limitsX, extent: ticks, viewPx: width }),
    y: clampAxis({ origin: 0, scale: limitsY.min, ...limitsY, extent: rows, viewPx: height }),
  };
}

/**
 * The same view for a new size or new content (the window was resized, a part's length or the voice's rows
 * changed): the zoom limits worked out again, the zoom and the origin kept as far as they still may be — but
 * an axis zoomed out to show all its content shows all of its new content (a part made longer, a row added).
 */
export function resizeView(view, { width = view.x.viewPx, height = view.y.viewPx, ticks = view.x.extent, rows = view.y.extent }) {
  return {
    x: refitAxis(view.x, zoomLimitsX({ viewPx: width, ticks }), ticks, width),
    y: refitAxis(view.y, zoomLimitsY({ viewPx: height, rows }), rows, height),
  };
}

function refitAxis(axis, limits, extent, viewPx) {
  const showedAll = extent !== axis.extent && axis.scale <= axis.min * (1 + 1e-9);
  return clampAxis({ ...axis, ...limits, extent, viewPx, ...(showedAll ? { scale: limits.min } : {}) });
}

/** The view panned so that the content moves by `dx`, `dy` CSS pixels (as a finger drags it), within bounds. */
export function panView(view, dx, dy) {
  return {
    x: dx === 0 ? view.x : clampAxis({ ...view.x, origin: view.x.origin - dx / view.x.scale }),
    y: dy === 0 ? view.y : clampAxis({ ...view.y, origin: view.y.origin - dy / view.y.scale }),
  };
}

function zoomAxis(axis, factor, focusPx) {
  if (!(factor > 0) || !Number.isFinite(factor)) return axis;
  const under = axis.origin + focusPx / axis.scale;
  const scale = Math.min(Math.max(axis.scale * factor, axis.min), axis.max);
  return clampAxis({ ...axis, scale, origin: under - focusPx / scale });
}

/**
 * The view zoomed by `factor` (above 1 in) on `axis` ("x" time, "y" voices, "xy" both) about `focus`
 * ({ x, y } CSS pixels in the view): the content under the focus stays there, unless a limit or an edge
 * stops it.
 */
export function zoomView(view, axis, factor, focus) {
  return {
    x: axis.includes('x') ? zoomAxis(view.x, factor, focus.x) : view.x,
    y: axis.includes('y') ? zoomAxis(view.y, factor, focus.y) : view.y,
  };
}

/** The pixel across the view where `tick` lies. */
export function xOfTick(view, tick) {
  return (tick - view.x.origin) * view.x.scale;
}

/** The pixel down the view where row `row` begins (row + 0.5 is its middle). */
export function yOfRow(view, row) {
  return (row - view.y.origin) * view.y.scale;
}

/** The tick (fractional) at `x` pixels across the view. */
export function tickAt(view, x) {
  return view.x.origin + x / view.x.scale;
}

/** The row under `y` pixels down the view, or -1 when it is above the first row or below the last. */
export function rowAt(view, y) {
  const row = Math.floor(view.y.origin + y / view.y.scale);
  return row >= 0 && row < view.y.extent ? row : -1;
}

/** The content under a point of the view (`{ x, y }` CSS pixels): `{ tick, row }`, row -1 for none. */
export function pointAt(view, point) {
  return { tick: tickAt(view, point.x), row: rowAt(view, point.y) };
}

/** The ticks the view shows, `{ from, to }`, cut to the content. */
export function visibleTicks(view) {
  const from = Math.max(view.x.origin, 0);
  const to = Math.min(view.x.origin + view.x.viewPx / view.x.scale, view.x.extent);
  return { from, to: Math.max(from, to) };
}

/** The rows the view shows, at least in part: `{ from, to }`, `to` excluded. */
export function visibleRows(view) {
  const from = Math.max(Math.floor(view.y.origin), 0);
  const to = Math.min(Math.ceil(view.y.origin + view.y.viewPx / view.y.scale), view.y.extent);
  return { from, to: Math.max(from, to) };
}

/**
 * The column under `tick`: the index into `columns` (each `{ start, end }` in ticks, in order, end excluded,
 * as a composed part lays out its children), or -1 for none.
 * - Complexity: O(log n).
 */
export function columnAt(columns, tick) {
  let low = 0, high = columns.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (tick < columns[middle].start) high = middle - 1;
    else if (tick >= columns[middle].end) low = middle + 1;
    else return middle;
  }
  return -1;
}

/**
 * The event under `tick` among one row's `events` (each `{ start, length }`): the index of the last that
 * holds it (drawn last, so on top), or -1 for none.
 */
export function eventAt(events, tick) {
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const event = events[index];
    if (tick >= event.start && tick < event.start + event.length) return index;
  }
  return -1;
}

/**
 * The cell of a composed pair's plane under `point` (`{ x, y }` CSS pixels): `{ column, row }` (indices into
 * `columns` and the rows), or null when the point is off every column or row.
 */
export function cellAt(view, point, columns) {
  const column = columnAt(columns, tickAt(view, point.x));
  const row = rowAt(view, point.y);
  return column === -1 || row === -1 ? null : { column, row };
}
