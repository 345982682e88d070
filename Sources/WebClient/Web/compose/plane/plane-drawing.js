// How the editing plane (editing-plane.js) is drawn: the plane's rows and what they play — events on the
// raster (a composed voice's row, read only, quieter: what plays under it, a thin lane per voice), or a
// composed part's cells — the loop, the editing range, the keyboard's cell and the playhead, and the part and
// voice rulers, on three 2D canvases. Everything drawn comes in the scene passed in.

import { rasterLabel, rasterLines, rasterStep } from './plane-raster.js';
import { columnAt, visibleRows, visibleTicks, xOfTick, yOfRow } from './plane-view.js';
import { planeTimeOfSeconds } from './plane-model.js';

/** The plane's colours (editing-plane.css repeats those of its frame, rulers' borders and empty note). */
export const COLORS = Object.freeze({
  background: '#0b0c10', rowEven: '#12141b', rowOdd: '#0f1117', outside: '#050609', line: '#2c303b',
  bar: 'rgba(221, 224, 231, 0.34)', beat: 'rgba(221, 224, 231, 0.16)', step: 'rgba(221, 224, 231, 0.07)',
  sound: '#5ec8c0', light: '#ffc861', silent: '#8d93a1', composed: '#9a8cff',
  cellOn: 'rgba(127, 176, 255, 0.20)', cellOff: 'rgba(255, 255, 255, 0.02)', preview: 'rgba(221, 224, 231, 0.55)',
  range: 'rgba(255, 48, 48, 0.45)', rangeEdge: '#ff3030', cancel: 'rgba(141, 147, 161, 0.35)',
  playhead: '#ffffff', loop: 'rgba(127, 176, 255, 0.18)', focus: '#ffd166', text: '#dde0e7', muted: '#8d93a1',
  shared: '#ff9f6e', selectedRow: 'rgba(127, 176, 255, 0.10)',
});

/**
 * Draws the plane and its two rulers on `canvases` (`{ plane, partRuler, voiceRuler }`, each sized to its
 * box at the device's pixel ratio) for `scene`: `{ plane, view, size, row, range, focus, transport, now }` —
 * the plane shown (plane-model.js), its view (plane-view.js), the plane canvas's size in CSS pixels, the row
 * worked on, the editing range drawn (or null), the keyboard's cell as `{ row, start, end }` (or null), the
 * transport status with the time it was heard (`at`), and the animation frame's time. Returns what the
 * corner between the rulers says (the raster, or how many parts), or null when no plane is shown.
 */
export function drawPlane(canvases, scene) {
  const { plane, view, size, now } = scene;
  const ratio = window.devicePixelRatio || 1;
  const context = canvases.plane.getContext('2d');
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  const { width, height } = size;
  context.fillStyle = COLORS.outside;
  context.fillRect(0, 0, width, height);
  if (!plane || !view) {
    drawRulers(canvases, scene, null);
    return null;
  }
  const step = plane.kind === 'events' ? rasterStep(view.x.scale) : null;
  const left = Math.max(xOfTick(view, 0), 0), right = Math.min(xOfTick(view, plane.extent), width);
  const rows = visibleRows(view);
  // Rows.
  for (let row = rows.from; row < rows.to; row += 1) {
    const top = yOfRow(view, row), bottom = yOfRow(view, row + 1);
    context.fillStyle = row === scene.row ? COLORS.selectedRow : row % 2 === 0 ? COLORS.rowEven : COLORS.rowOdd;
    context.fillRect(left, top, right - left, bottom - top);
  }
  if (plane.kind === 'events') drawEvents(context, plane, view, rows, step, height);
  else drawCells(context, plane, view, rows);
  drawLoop(context, plane, view, height, scene.transport);
  drawRange(context, plane, view, scene.range);
  drawFocus(context, view, scene.focus);
  drawPlayhead(context, view, height, playheadTime(scene.transport, plane, now));
  drawRulers(canvases, scene, step);
  return step ? rasterLabel(step) : `${plane.columns.length} parts`;
}

function drawEvents(context, plane, view, rows, step, height) {
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
    if (!record.editable) {
      drawUnder(context, record, view, top + inset, rowHeight - 2 * inset, { from, to });
      continue;
    }
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

/**
 * A composed voice's row on an atomic part: what plays under it (plane-model.js eventsUnder), read only —
 * each voice under it a thin lane in its kind's colour, fainter than an editable row's events, no marks of a
 * continued sound; `top` and `height` the row's inside, `from`–`to` the ticks shown.
 */
function drawUnder(context, record, view, top, height, { from, to }) {
  const lanes = record.lanes ?? [];
  // Thin whatever their number: a lane never more than a third of the row, the lanes centred in it.
  const laneHeight = Math.min(height / Math.max(lanes.length, 1), height / 3);
  const gap = laneHeight > 4 ? 1 : 0;
  const first = top + (height - laneHeight * Math.max(lanes.length, 1)) / 2;
  for (const event of record.events) {
    if (event.start > to) break;
    if (event.start + event.length < from) continue;
    const lane = lanes[event.lane];
    context.fillStyle = COLORS[lane?.kind] ?? COLORS.silent;
    context.globalAlpha = 0.2 + 0.4 * (event.gain ?? 1);
    const y = first + (lane ? event.lane * laneHeight : 0);
    const w = Math.max(event.length * view.x.scale, 2);  // a hairline apart from the next, as the row's own events
    context.fillRect(xOfTick(view, event.start) + 0.5, y + gap, w - 1, Math.max(laneHeight - 2 * gap, 1));
  }
  context.globalAlpha = 1;
}

function drawCells(context, plane, view, rows) {
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

function drawRange(context, plane, view, range) {
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

function drawFocus(context, view, focus) {
  if (!focus) return;
  context.strokeStyle = COLORS.focus;
  context.lineWidth = 2;
  context.strokeRect(xOfTick(view, focus.start) + 1, yOfRow(view, focus.row) + 1, (focus.end - focus.start) * view.x.scale - 2, view.y.scale - 2);
  context.lineWidth = 1;
}

/** The playhead's place on the plane's time axis at `now`, or null when this pair does not play. */
function playheadTime(transport, plane, now) {
  if (!transport || !plane) return null;
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
  return planeTimeOfSeconds(plane, seconds);
}

function drawPlayhead(context, view, height, time) {
  if (time === null) return;
  const x = Math.round(xOfTick(view, time));
  if (x < -2 || x > view.x.viewPx + 2) return;
  context.fillStyle = COLORS.playhead;
  context.fillRect(x - 1, 0, 2, height);
}

function drawLoop(context, plane, view, height, transport) {
  const loop = transport?.loop;
  if (!loop) return;
  const from = xOfTick(view, planeTimeOfSeconds(plane, loop[0])), to = xOfTick(view, planeTimeOfSeconds(plane, loop[1]));
  context.fillStyle = COLORS.loop;
  context.fillRect(from, 0, to - from, height);
}

function drawRulers(canvases, scene, step) {
  const ratio = window.devicePixelRatio || 1;
  const { plane, view, transport } = scene;
  const part = canvases.partRuler.getContext('2d');
  const partWidth = canvases.partRuler.width / ratio, partHeight = canvases.partRuler.height / ratio;
  part.setTransform(ratio, 0, 0, ratio, 0, 0);
  part.fillStyle = COLORS.background;
  part.fillRect(0, 0, partWidth, partHeight);
  const voices = canvases.voiceRuler.getContext('2d');
  const voiceWidth = canvases.voiceRuler.width / ratio, voiceHeight = canvases.voiceRuler.height / ratio;
  voices.setTransform(ratio, 0, 0, ratio, 0, 0);
  voices.fillStyle = COLORS.background;
  voices.fillRect(0, 0, voiceWidth, voiceHeight);
  if (!plane || !view) return;
  part.font = '12px system-ui, sans-serif';
  part.textBaseline = 'middle';
  const { from, to } = visibleTicks(view);
  if (transport?.loop) {
    const loop = transport.loop;
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
  const time = playheadTime(transport, plane, scene.now ?? performance.now());
  if (time !== null) {
    const x = xOfTick(view, time);
    part.fillStyle = COLORS.playhead;
    part.beginPath();
    part.moveTo(x - 6, partHeight - 10);
    part.lineTo(x + 6, partHeight - 10);
    part.lineTo(x, partHeight);
    part.fill();
  }
  drawVoiceRuler(voices, voiceWidth, plane, view, scene.row);
}

/** The voice ruler, `voiceWidth` CSS px wide: each row's name, what it plays, shared scores marked, rows shown read only fainter. */
function drawVoiceRuler(voices, voiceWidth, plane, view, selectedRow) {
  voices.textBaseline = 'middle';
  const rows = visibleRows(view);
  for (let row = rows.from; row < rows.to; row += 1) {
    const record = plane.rows[row];
    const top = yOfRow(view, row), h = view.y.scale;
    voices.fillStyle = row === selectedRow ? '#1d2230' : row % 2 === 0 ? COLORS.rowEven : COLORS.rowOdd;
    voices.fillRect(0, top, voiceWidth, h);
    voices.fillStyle = COLORS[record.kind] ?? COLORS.silent;
    voices.fillRect(0, top + 1, 4, h - 2);
    voices.fillStyle = COLORS.line;
    voices.fillRect(0, Math.round(top + h) - 1, voiceWidth, 1);
    if (h >= 11) {
      voices.font = `${Math.min(13, Math.max(9, h * 0.45))}px system-ui, sans-serif`;
      voices.fillStyle = plane.kind === 'events' && !record.editable ? COLORS.muted : COLORS.text;
      const badge = record.shared > 1 ? `×${record.shared}` : '';
      voices.fillText(record.name, 10, top + h / 2, voiceWidth - 16 - (badge ? 28 : 0));
      if (badge) {
        voices.fillStyle = COLORS.shared;
        voices.fillText(badge, voiceWidth - 32, top + h / 2);
      }
    }
  }
}
