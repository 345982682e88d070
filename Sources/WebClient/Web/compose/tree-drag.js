// A row of a lab's tree (music-tree.js) dragged by its grip — mouse, pen or touch, the pointer captured by the
// grip — among its siblings: past the drag threshold the row is marked as dragged, the tree scrolls when the
// pointer nears its top or bottom edge, a line shows where the row would land (tree-rows.js's dropIndex: only
// among its parent's children, on the same path) and, let go there, the tree is asked to move it.

import { DRAG_THRESHOLD, isDrag } from '../shared/drag.js';
import { dropIndex } from './tree-rows.js';

/** How near the tree's top or bottom edge a dragged row scrolls it, and by how much each move, in pixels. */
const DRAG_SCROLL_MARGIN = 28;
const DRAG_SCROLL_STEP = 14;

/** One drag of a row, from its grip's pointerdown to its pointerup or pointercancel (or `finish(false)`). */
export class RowDrag {
  /**
   * Drags `row` from the pointerdown `event` on its grip. `tree` has `scroller` (the element that scrolls),
   * `root` (the shadow root, for what is under the pointer), `rowElement(key)`, `rowOf(key)`, `move(row, index)`
   * (the move asked for) and `ended()` (the drag is over, dropped or not).
   */
  constructor(event, row, tree) {
    Object.assign(this, { row, tree, pointerId: event.pointerId, start: { x: event.clientX, y: event.clientY } });
    this.moved = false;
    this.index = null;
    this.mark = null;
    this.grip = event.currentTarget;
    this.grip.setPointerCapture(event.pointerId);
    this.onMove = (moveEvent) => { if (moveEvent.pointerId === this.pointerId) this.dragTo(moveEvent); };
    this.onEnd = (endEvent) => { if (endEvent.pointerId === this.pointerId) this.finish(endEvent.type === 'pointerup'); };
    this.grip.addEventListener('pointermove', this.onMove);
    this.grip.addEventListener('pointerup', this.onEnd);
    this.grip.addEventListener('pointercancel', this.onEnd);
  }

  /** The pointer moved: the tree scrolled near its edges, the drop line shown where the row would land. */
  dragTo(event) {
    const point = { x: event.clientX, y: event.clientY };
    if (!this.moved && !isDrag(this.start, point, DRAG_THRESHOLD)) return;
    if (!this.moved) this.tree.rowElement(this.row.key)?.classList.add('dragging');
    this.moved = true;
    const scroller = this.tree.scroller;
    const edge = scroller.getBoundingClientRect();
    if (point.y < edge.top + DRAG_SCROLL_MARGIN) scroller.scrollTop -= DRAG_SCROLL_STEP;
    else if (point.y > edge.bottom - DRAG_SCROLL_MARGIN) scroller.scrollTop += DRAG_SCROLL_STEP;

    const element = this.tree.root.elementFromPoint(point.x, point.y)?.closest('[role="treeitem"]') ?? null;
    const target = element ? this.tree.rowOf(element.dataset.key) : undefined;
    const box = element?.getBoundingClientRect();
    const side = box && point.y >= box.top + box.height / 2 ? 'after' : 'before';
    this.index = dropIndex(this.row, target, side);
    this.markDrop(this.index === null ? null : { element, side });
  }

  /** Shows the drop line at `mark` (`{ element, side }`), or nowhere. */
  markDrop(mark) {
    this.mark?.element.classList.remove('drop-before', 'drop-after');
    mark?.element.classList.add(`drop-${mark.side}`);
    this.mark = mark;
  }

  /** Ends the drag: the row moved where the line shows when `dropped`, else left where it was. */
  finish(dropped) {
    this.grip.removeEventListener('pointermove', this.onMove);
    this.grip.removeEventListener('pointerup', this.onEnd);
    this.grip.removeEventListener('pointercancel', this.onEnd);
    this.tree.ended();
    this.markDrop(null);
    this.tree.rowElement(this.row.key)?.classList.remove('dragging');
    if (dropped && this.index !== null) this.tree.move(this.row, this.index);
  }
}
