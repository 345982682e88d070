// Dragging in the chordset list (panel-chordset-list.js): a chordset by its grip up or down the list, a chord
// by its thumbnail onto another place among its chordset's eight. The list's `drag` is the drag under way
// (a tap that ends one is not a tap); where an item lands is shared/drag.js's arithmetic, and the move is a
// request the list makes.

import { DRAG_THRESHOLD, dropPlace, isDrag, nearestIndex } from '../../shared/drag.js';

/**
 * Drags chordset `item` of `list` by its grip from a pointerdown `event`: the others make room as it
 * passes, and it is moved to where it is let go (`list.moveTo`).
 */
export function startChordsetDrag(list, item, event) {
  if (event.button > 0 || list.drag) return;
  event.preventDefault();
  item.grip.setPointerCapture(event.pointerId);
  const lis = [...list.list.children];
  const rects = lis.map((li) => li.getBoundingClientRect());
  list.drag = {
    kind: 'chordset', item, pointerId: event.pointerId, start: { x: event.clientX, y: event.clientY }, moved: false,
    from: lis.indexOf(item.li), lis, midpoints: rects.map((rect) => rect.top + rect.height / 2),
    height: rects[lis.indexOf(item.li)]?.height ?? 0, place: lis.indexOf(item.li),
  };
  const move = (moveEvent) => dragChordset(list, moveEvent);
  const end = (endEvent) => {
    item.grip.removeEventListener('pointermove', move);
    item.grip.removeEventListener('pointerup', end);
    item.grip.removeEventListener('pointercancel', end);
    endChordsetDrag(list, endEvent.type === 'pointerup');
  };
  item.grip.addEventListener('pointermove', move);
  item.grip.addEventListener('pointerup', end);
  item.grip.addEventListener('pointercancel', end);
}

function dragChordset(list, event) {
  const drag = list.drag;
  if (!drag || event.pointerId !== drag.pointerId) return;
  const point = { x: event.clientX, y: event.clientY };
  if (!drag.moved && !isDrag(drag.start, point, DRAG_THRESHOLD)) return;
  drag.moved = true;
  drag.item.li.classList.add('dragging');
  drag.place = dropPlace(drag.midpoints, point.y, drag.from);
  drag.lis.forEach((li, j) => {
    let shift = 0;
    if (j === drag.from) shift = point.y - drag.start.y;
    else if (drag.from < drag.place && j > drag.from && j <= drag.place) shift = -drag.height;
    else if (drag.place < drag.from && j >= drag.place && j < drag.from) shift = drag.height;
    li.style.transform = shift ? `translateY(${shift}px)` : '';
  });
}

function endChordsetDrag(list, dropped) {
  const drag = list.drag;
  if (!drag || drag.kind !== 'chordset') return;
  for (const li of drag.lis) li.style.transform = '';
  drag.item.li.classList.remove('dragging');
  // The click that follows a drag is not a tap.
  setTimeout(() => { if (list.drag === drag) list.drag = null; }, 0);
  if (dropped && drag.moved && drag.place !== drag.from) list.moveTo(drag.item, drag.place + 1);
}

/**
 * Drags chord `chord` of chordset `item` of `list` by its thumbnail from a pointerdown `event`: it follows
 * the pointer, the nearest thumbnail is marked, and the chord is moved there when let go (`list.moveChord`).
 */
export function startChordDrag(list, item, chord, event) {
  if (event.button > 0 || list.drag) return;
  const img = item.thumbs[chord];
  img.setPointerCapture(event.pointerId);
  list.drag = {
    kind: 'chord', item, chord, pointerId: event.pointerId, start: { x: event.clientX, y: event.clientY }, moved: false,
    boxes: item.thumbs.map((thumb) => {
      const rect = thumb.getBoundingClientRect();
      return { x: rect.left, y: rect.top, width: rect.width, height: rect.height };
    }),
    to: chord,
  };
  const move = (moveEvent) => {
    const drag = list.drag;
    if (!drag || moveEvent.pointerId !== drag.pointerId) return;
    const point = { x: moveEvent.clientX, y: moveEvent.clientY };
    if (!drag.moved && !isDrag(drag.start, point, DRAG_THRESHOLD)) return;
    drag.moved = true;
    img.classList.add('dragging');
    img.style.transform = `translate(${point.x - drag.start.x}px, ${point.y - drag.start.y}px)`;
    drag.to = nearestIndex(drag.boxes, point);
    item.thumbs.forEach((thumb, index) => thumb.classList.toggle('drop-target', drag.moved && index === drag.to && index !== chord));
  };
  const end = (endEvent) => {
    img.removeEventListener('pointermove', move);
    img.removeEventListener('pointerup', end);
    img.removeEventListener('pointercancel', end);
    const drag = list.drag;
    list.drag = null;
    img.style.transform = '';
    img.classList.remove('dragging');
    for (const thumb of item.thumbs) thumb.classList.remove('drop-target');
    if (endEvent.type === 'pointerup' && drag?.moved && drag.to !== chord) list.moveChord(item, chord, drag.to);
  };
  img.addEventListener('pointermove', move);
  img.addEventListener('pointerup', end);
  img.addEventListener('pointercancel', end);
}
