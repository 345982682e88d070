// Dragging an item in a list, as numbers: when a press becomes a drag, and where the dragged item lands —
// for the console's chordset list and the lab's trees alike. No DOM here: the elements feed these plain
// values from their pointer events.

/** How far (CSS pixels) a pointer must travel before a press becomes a drag. */
export const DRAG_THRESHOLD = 6;

/** Whether a pointer that went down at `start` and is now at `point` has begun a drag. */
export function isDrag(start, point, threshold = DRAG_THRESHOLD) {
  return Math.hypot(point.x - start.x, point.y - start.y) >= threshold;
}

/**
 * Where an item dragged in a vertical list lands: `midpoints` are the vertical centres of the list's items
 * in order, `y` the pointer's height; the answer is the 0-based place the item `from` takes once it is
 * taken out and put back there (so dropping it where it was gives `from`).
 */
export function dropPlace(midpoints, y, from) {
  let slot = midpoints.findIndex((middle) => y < middle);
  if (slot === -1) slot = midpoints.length;
  return slot > from ? slot - 1 : slot;
}

/** The 0-based index of the box (`{ x, y, width, height }`) whose centre is nearest to `point`. */
export function nearestIndex(boxes, point) {
  let best = -1, bestDistance = Infinity;
  boxes.forEach((box, index) => {
    const distance = Math.hypot(box.x + box.width / 2 - point.x, box.y + box.height / 2 - point.y);
    if (distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}
