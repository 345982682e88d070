// What the console's picture editors share (the fixtures' stage, fixtures/fixtures-stage.js; an output's window
// and its slice, outputs/outputs-calibration.js and outputs/outputs-slice.js): an SVG picture whose parts a drag
// moves — mouse, pen or finger, through pointer events captured by the picture — or the arrow keys. The base
// wires the pointer, tells a drag from a tap by how far the pointer went, and lets go: when the pointer is
// lifted (a drop, or a tap), when the capture is lost (a cancel), or when the panel asks (another console
// changed what the picture shows). What a press takes hold of and what a move, a drop or a key does are the
// editor's.

const SVG = 'http://www.w3.org/2000/svg';

/** An SVG element with its attributes. */
export function svg(tag, attributes = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  return node;
}

/**
 * A picture editor. A subclass builds its SVG picture, calls `listen(picture, { across, isDrag })` and
 * implements:
 * - `grab(target, start, box)`: what a press on `target` takes hold of — the drag's own fields, with `focus`
 *   the element to focus — or null for nothing (`start` the pointer's page point, `box` the picture's box);
 * - `dragTo(drag, now)`: the pointer moved to `now` (page point), past the drag threshold;
 * - `dropped(drag)`, `cancelled(drag)`, and `tapped(drag)` (let go without moving; by default nothing);
 * - `keyDown(event)`: a key pressed in the picture.
 * `this.drag` is the drag under way (`{ pointerId, start, box, moving, …grabbed }`), or null.
 */
export class PictureEditor {
  constructor() {
    this.drag = null;
    this.picture = null;
    this.across = 1;
  }

  /**
   * Follows the pointer and the keys on `picture`, `across` units wide (its viewBox); `isDrag(start, now)`
   * says when a press has become a drag.
   */
  listen(picture, { across, isDrag }) {
    Object.assign(this, { picture, across, isDrag });
    picture.addEventListener('pointerdown', (event) => this.#pointerDown(event));
    picture.addEventListener('pointermove', (event) => this.#pointerMove(event));
    picture.addEventListener('pointerup', (event) => this.#pointerEnd(event, true));
    picture.addEventListener('pointercancel', (event) => this.#pointerEnd(event, false));
    picture.addEventListener('lostpointercapture', (event) => this.#pointerEnd(event, false));
    picture.addEventListener('keydown', (event) => this.keyDown(event));
  }

  /** Units of the picture per CSS pixel, as it is drawn now. */
  get unit() {
    // Its laid-out width, not its box on screen: a panel coming in is drawn while still scaled down.
    const width = this.picture.clientWidth || this.picture.getBoundingClientRect().width;
    return width > 0 ? this.across / width : 4;
  }

  #pointerDown(event) {
    if (event.button > 0 || this.drag) return;
    const start = { x: event.clientX, y: event.clientY };
    const box = this.picture.getBoundingClientRect();
    const grabbed = this.grab(event.target, start, box);
    if (!grabbed) return;
    event.preventDefault();
    grabbed.focus?.focus({ preventScroll: true });
    this.picture.setPointerCapture(event.pointerId);
    this.drag = { ...grabbed, pointerId: event.pointerId, start, box, moving: false };
  }

  #pointerMove(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    const now = { x: event.clientX, y: event.clientY };
    if (!drag.moving && !this.isDrag(drag.start, now)) return;
    drag.moving = true;
    this.dragTo(drag, now);
  }

  #pointerEnd(event, lifted) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    this.drag = null;
    if (!drag.moving) {
      if (lifted) this.tapped(drag);
    } else if (lifted) {
      this.dropped(drag);
    } else {
      this.cancelled(drag);
    }
  }

  /** Let go without moving: nothing, unless the editor says otherwise. */
  tapped(_drag) {}

  /** Whether a drag is under way (the panel keeps what it shows until it ends). */
  get dragging() { return this.drag?.moving === true; }

  /** Ends the drag under way without a drop (another console changed what is shown: it is shown, and dragged anew). */
  letGo() {
    const drag = this.drag;
    if (!drag) return;
    this.drag = null;
    if (this.picture.hasPointerCapture?.(drag.pointerId)) this.picture.releasePointerCapture(drag.pointerId);
  }
}
