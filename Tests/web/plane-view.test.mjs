// The editing plane's view: ticks and rows to pixels and back, panning within bounds, zooming each axis
// about a focus within its limits, and what lies under a point (tick, row, column, event, cell).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { MAX_PX_PER_TICK } from '../../Sources/WebClient/Web/compose/plane/plane-raster.js';
import {
  EDGE_MARGIN, cellAt, columnAt, eventAt, makeView, panView, pointAt, resizeView, rowAt, tickAt, visibleRows,
  visibleTicks, xOfTick, yOfRow, zoomView,
} from '../../Sources/WebClient/Web/compose/plane/plane-view.js';

const bar = 3840;
/** A plane 1,000 × 640 px of 16 bars and 32 voices. */
const plane = () => makeView({ width: 1000, height: 640, ticks: 16 * bar, rows: 32 });
const close = (actual, expected, message) => assert.ok(Math.abs(actual - expected) < 1e-9, `${message ?? ''} ${actual} ≠ ${expected}`);

test('a new view shows the whole plane: ticks and rows map to pixels and back', () => {
  const view = plane();
  close(view.x.scale, 1000 / (16 * bar));
  assert.equal(view.y.scale, 20);
  assert.equal(xOfTick(view, 0), 0);
  close(xOfTick(view, 16 * bar), 1000);
  assert.equal(yOfRow(view, 3), 60);
  close(tickAt(view, 500), 8 * bar);
  assert.equal(rowAt(view, 59.9), 2);
  assert.equal(rowAt(view, 60), 3);
  assert.equal(rowAt(view, -1), -1, 'above the first row');
  assert.equal(rowAt(view, 640), -1, 'below the last');
  const point = pointAt(view, { x: 250, y: 30 });
  close(point.tick, 4 * bar);
  assert.equal(point.row, 1);
  assert.deepEqual(visibleRows(view), { from: 0, to: 32 });
  assert.equal(visibleTicks(view).from, 0);
  close(visibleTicks(view).to, 16 * bar);
});

test('zooming keeps the content under the focus where it was, on the axes asked for only', () => {
  const view = plane();
  const focus = { x: 300, y: 200 };
  const before = pointAt(view, focus);
  const x = zoomView(view, 'x', 4, focus);
  close(x.x.scale, view.x.scale * 4);
  assert.equal(x.y, view.y, 'time only');
  close(tickAt(x, focus.x), before.tick);
  const y = zoomView(view, 'y', 2, focus);
  assert.equal(y.x, view.x, 'voices only');
  assert.equal(y.y.scale, 40);
  close(y.y.origin + focus.y / y.y.scale, view.y.origin + focus.y / view.y.scale);
  const both = zoomView(view, 'xy', 2, focus);
  assert.ok(both.x.scale > view.x.scale && both.y.scale > view.y.scale);
});

test('zoom stays within the limits, and a bad factor changes nothing', () => {
  const view = plane();
  assert.equal(zoomView(view, 'x', 1e9, { x: 0, y: 0 }).x.scale, MAX_PX_PER_TICK);
  assert.equal(zoomView(view, 'x', 0.001, { x: 0, y: 0 }).x.scale, view.x.min, 'out no further than the whole part');
  assert.equal(zoomView(view, 'y', 1e9, { x: 0, y: 0 }).y.scale, 640, 'one row fills the view');
  assert.equal(zoomView(view, 'x', Number.NaN, { x: 0, y: 0 }).x, view.x);
  assert.equal(zoomView(view, 'x', -2, { x: 0, y: 0 }).x, view.x);
});

test('panning moves the content with the finger, but not far past the content’s ends', () => {
  const view = zoomView(plane(), 'xy', 4, { x: 0, y: 0 });
  const moved = panView(view, -100, -40);
  close(xOfTick(moved, 0), -100, 'content moved left by 100 px');
  close(yOfRow(moved, 0), -40);
  // Past the start: no more than the margin.
  const start = panView(view, 10_000, 10_000);
  close(xOfTick(start, 0), EDGE_MARGIN);
  close(yOfRow(start, 0), EDGE_MARGIN);
  // Past the end: the last tick and row stop a margin inside the view.
  const end = panView(view, -1e7, -1e7);
  close(xOfTick(end, 16 * bar), 1000 - EDGE_MARGIN);
  close(yOfRow(end, 32), 640 - EDGE_MARGIN);
  // Zoomed out to fit, the content moves by at most its margin.
  const fit = plane();
  close(xOfTick(panView(fit, 500, 0), 0), EDGE_MARGIN);
  close(xOfTick(panView(fit, -500, 0), 0), -EDGE_MARGIN);
  // Zooming about a point near the edge is stopped by the edge as well.
  const zoomedOut = zoomView(panView(view, 10_000, 0), 'x', 0.5, { x: 900, y: 0 });
  assert.ok(xOfTick(zoomedOut, 0) <= EDGE_MARGIN + 1e-9);
});

test('a resized view keeps its zoom and place as far as it may', () => {
  const view = panView(zoomView(plane(), 'xy', 4, { x: 0, y: 0 }), -300, -100);
  const wider = resizeView(view, { width: 1200 });
  assert.equal(wider.x.scale, view.x.scale);
  assert.equal(wider.x.origin, view.x.origin);
  assert.equal(wider.x.viewPx, 1200);
  const shorter = resizeView(view, { ticks: bar });
  assert.ok(shorter.x.origin <= bar, 'a part shortened under the view: the view moves back to it');
  const fewerRows = resizeView(view, { rows: 2 });
  assert.equal(fewerRows.y.extent, 2);
  assert.ok(fewerRows.y.origin <= 2);
});

test('a view that showed all of a part shows all of it once its length or its rows change', () => {
  const whole = plane();
  const longer = resizeView(whole, { ticks: 32 * bar });
  close(longer.x.scale, 1000 / (32 * bar), 'zoomed out to the new length');
  close(visibleTicks(longer).to, 32 * bar);
  const shorter = resizeView(whole, { ticks: 8 * bar });
  close(visibleTicks(shorter).to, 8 * bar);
  close(xOfTick(shorter, 8 * bar), 1000);
  const moreRows = resizeView(whole, { rows: 64 });
  assert.equal(moreRows.y.scale, 10);
  // Zoomed in, the zoom stays what it was when the part grows.
  const zoomed = zoomView(whole, 'x', 4, { x: 0, y: 0 });
  close(resizeView(zoomed, { ticks: 32 * bar }).x.scale, zoomed.x.scale);
});

test('hit testing: the column of a composed part, the event of a row, the cell of a pair', () => {
  // A A B A: four columns, the third twice as long.
  const columns = [
    { start: 0, end: bar }, { start: bar, end: 2 * bar }, { start: 2 * bar, end: 4 * bar }, { start: 4 * bar, end: 5 * bar },
  ];
  assert.equal(columnAt(columns, 0), 0);
  assert.equal(columnAt(columns, bar - 1), 0);
  assert.equal(columnAt(columns, bar), 1, 'a column ends where the next begins');
  assert.equal(columnAt(columns, 3 * bar), 2);
  assert.equal(columnAt(columns, 5 * bar - 0.5), 3);
  assert.equal(columnAt(columns, 5 * bar), -1, 'past the last');
  assert.equal(columnAt(columns, -1), -1);
  assert.equal(columnAt([], 0), -1);

  const events = [{ start: 0, length: 240 }, { start: 960, length: 960 }, { start: 1200, length: 240 }];
  assert.equal(eventAt(events, 0), 0);
  assert.equal(eventAt(events, 239.5), 0);
  assert.equal(eventAt(events, 240), -1, 'an event ends before its end');
  assert.equal(eventAt(events, 1000), 1);
  assert.equal(eventAt(events, 1300), 2, 'overlapping events: the one drawn on top');

  const view = makeView({ width: 1000, height: 400, ticks: 5 * bar, rows: 4 });  // 200 px a bar, 100 px a row
  assert.deepEqual(cellAt(view, { x: 450, y: 150 }, columns), { column: 2, row: 1 });
  assert.deepEqual(cellAt(view, { x: 999, y: 399 }, columns), { column: 3, row: 3 });
  assert.equal(cellAt(view, { x: 1001, y: 150 }, columns), null, 'past the last column');
  assert.equal(cellAt(view, { x: 450, y: 401 }, columns), null, 'below the last row');
});
