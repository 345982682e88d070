// The editing plane's gestures (seed 003 §2.10–2.11) as a state machine: pointer events in, actions out. One
// finger (or the mouse) on the plane draws an editing range; two fingers grab the plane, pan it and pinch-zoom
// it — on the part ruler across only, on the voice ruler down only, on the plane both. Once grabbed, one
// finger keeps panning until all fingers are up; let go moving, the plane coasts (inertia), and only when all
// fingers are up and the plane has stopped does a finger draw again (how fast it was let go and how it slows:
// plane-inertia.js). A tap while it coasts stops it and draws nothing. The mouse wheel pans, ctrl+wheel zooms,
// shift (time) or alt (voices) chooses the axis.
//
// No DOM and no clock: the page forwards its pointer and wheel events ({ id, type, x, y, t, area } with `t`
// in milliseconds and x, y in CSS pixels of the plane's view; `area` where the point is now) and, while the
// plane is held, its animation frames' times, and applies the actions it gets back, in order:
//   { type: 'range', from, to }        show the editing range drawn from `from` to `to` ({ x, y })
//   { type: 'commitRange', from, to }  let go there: apply it (editing-range.js says what it does)
//   { type: 'cancelRange' }            forget the range, change nothing
//   { type: 'pan', dx, dy }            move the content by dx, dy CSS pixels (plane-view.js panView)
//   { type: 'zoom', axis, factor, focus }  zoom axis "x", "y" or "xy" by factor about focus (zoomView)
//   { type: 'held', on }               show or hide the half-transparent overlay of a plane held or moving
//   { type: 'tap', area, at }          a ruler tapped by one finger that did not move (the page locates there)

import { Coast, PanTravel } from './plane-inertia.js';
import { FINGERTIP } from './plane-raster.js';

/** The axes each area moves: the part ruler time, the voice ruler voices, the plane both. */
export const AREA_AXES = Object.freeze({ plane: 'xy', partRuler: 'x', voiceRuler: 'y' });

/** The tuning; any of it may be given to the constructor. */
export const GESTURE_DEFAULTS = Object.freeze({
  /** How far apart (as a ratio) two fingers must move from where they began before a pinch zooms. */
  zoomThreshold: 1.15,
  /** How far (CSS px) a lone finger that grabbed the plane (on a ruler, or to stop it coasting) moves before it pans. */
  tapSlop: 10,
  /** The slowest release (CSS px per ms) that sets the plane coasting. */
  flingSpeed: 0.15,
  /** The fastest it coasts (CSS px per ms). */
  maxSpeed: 8,
  /** Below this speed (CSS px per ms) coasting stops. */
  stopSpeed: 0.02,
  /** Coasting slows by a factor e every this many ms. */
  decayMs: 325,
  /** How far back (ms) the fingers' speed is measured when they let go. */
  velocityWindowMs: 100,
  /** Ctrl+wheel: zoom by a factor e per this many pixels of wheel (up zooms in). */
  wheelPixelsPerE: 500,
});

/** Moves of several fingers this close together (ms) are one input frame, if no finger reports twice. */
const INPUT_FRAME_MS = 4;

/** Lines and pages of a wheel event (`deltaMode` 1 and 2) in pixels. */
const WHEEL_UNIT = [1, 16, 400];

const only = (axes, dx, dy) => ({ dx: axes.includes('x') ? dx : 0, dy: axes.includes('y') ? dy : 0 });

/** Follows the pointers on the editing plane and its rulers and says what to do. */
export class PlaneGestures {
  constructor(options = {}) {
    this.options = { ...GESTURE_DEFAULTS, ...options };
    /** 'idle', 'drawing', 'holding' (fingers on a grabbed plane) or 'coasting' (moving on by itself). */
    this.mode = 'idle';
    this.pointers = new Map();  // id → { x, y }, in the order they went down
    this.draw = null;           // { id, from } while drawing
    this.hold = null;           // what a grab follows, while holding
    this.coast = null;          // a Coast (plane-inertia.js) while coasting
  }

  /** Whether the plane is held or moving: a finger that goes down now does not draw. */
  get held() { return this.mode === 'holding' || this.mode === 'coasting'; }

  /** The actions a pointer event (`{ id, type: 'down'|'move'|'up'|'cancel', x, y, t, area }`) calls for. */
  handle(event) {
    switch (event.type) {
      case 'down': return this.down(event);
      case 'move': return this.move(event);
      case 'up': return this.up(event, true);
      case 'cancel': return this.up(event, false);
      default: return [];
    }
  }

  down(event) {
    if (this.pointers.has(event.id)) return [];
    const point = { x: event.x, y: event.y };
    if (this.mode === 'holding') {
      const settled = this.settle();
      this.pointers.set(event.id, point);
      this.regrip(event.t);
      return [...settled, ...this.show()];
    }
    if (this.mode === 'drawing') {
      // A second finger: it was not a drawing but a grab.
      this.pointers.set(event.id, point);
      this.draw = null;
      this.grab('xy', event.t, { slop: false, shown: true });
      return [{ type: 'cancelRange' }, { type: 'held', on: true }];
    }
    const axes = AREA_AXES[event.area];
    if (this.mode === 'coasting') {
      // A finger stops the plane; it pans (as its area does) only if it goes on to move.
      this.pointers.set(event.id, point);
      const coasted = this.coast.axes;
      this.coast = null;
      this.grab(axes ?? coasted, event.t, { slop: true, shown: true });
      return [];
    }
    if (!axes) return [];
    this.pointers.set(event.id, point);
    if (axes === 'xy') {
      this.mode = 'drawing';
      this.draw = { id: event.id, from: point };
      return [{ type: 'range', from: point, to: point }];
    }
    this.grab(axes, event.t, { slop: true, shown: false });
    return [];
  }

  /** The overlay's action when the plane is held and it does not show yet. */
  show() {
    if (this.hold.shown) return [];
    this.hold.shown = true;
    return [{ type: 'held', on: true }];
  }

  /**
   * Starts holding with the pointers down. `slop`: a lone finger pans only once it has moved past the slop;
   * `shown`: whether the overlay already shows (a lone finger on a ruler shows it only once it pans).
   */
  grab(axes, t, { slop, shown }) {
    this.mode = 'holding';
    this.hold = {
      axes, slop: slop && this.pointers.size === 1, shown, travel: new PanTravel(this.options), pinch: null, frame: null,
    };
    this.regrip(t);
  }

  /** The fingers changed: measure from where they are now, so that nothing jumps. */
  regrip(t) {
    const hold = this.hold;
    if (this.pointers.size > 1) hold.slop = false;
    hold.centroid = this.centroid();
    hold.slopFrom = hold.centroid;
    const pair = [...this.pointers.keys()].slice(0, 2);
    const samePair = hold.pinch && pair.length === 2 && hold.pinch.pair.every((id, index) => id === pair[index]);
    if (!samePair) hold.pinch = pair.length === 2 ? { pair, from: this.span(hold.axes), last: null } : null;
    hold.travel.mark(t);
  }

  move(event) {
    if (!this.pointers.has(event.id)) return [];
    const point = { x: event.x, y: event.y };
    if (this.mode === 'drawing') {
      this.pointers.set(event.id, point);
      if (event.id !== this.draw.id) return [];
      return [{ type: 'range', from: this.draw.from, to: point }];
    }
    if (this.mode !== 'holding') return [];
    const hold = this.hold;
    // Fingers report one at a time: a pinch is judged only once all of an input frame's moves are in, so
    // that the span between one finger's move and the other's never counts.
    const frame = hold.frame;
    const settled = frame && (event.t - frame.t > INPUT_FRAME_MS || frame.ids.has(event.id)) ? this.settle() : [];
    this.pointers.set(event.id, point);
    if (!hold.frame) hold.frame = { t: event.t, ids: new Set() };
    hold.frame.ids.add(event.id);
    const centroid = this.centroid();
    const actions = [...settled];
    if (hold.slop) {
      const travel = Math.hypot(centroid.x - hold.slopFrom.x, centroid.y - hold.slopFrom.y);
      if (travel <= this.options.tapSlop) return actions;
      // Past the slop it pans, from the slop's edge: no jump, and the slop is not counted.
      hold.slop = false;
      const past = this.options.tapSlop / travel;
      hold.centroid = {
        x: hold.slopFrom.x + (centroid.x - hold.slopFrom.x) * past,
        y: hold.slopFrom.y + (centroid.y - hold.slopFrom.y) * past,
      };
      actions.push(...this.show());
    }
    const { dx, dy } = only(hold.axes, centroid.x - hold.centroid.x, centroid.y - hold.centroid.y);
    hold.centroid = centroid;
    if (dx !== 0 || dy !== 0) {
      hold.travel.pan(dx, dy, event.t);
      actions.push({ type: 'pan', dx, dy });
    }
    return actions;
  }

  /**
   * The input frame's moves are all in: the zoom the pinch now calls for, if any. None until the fingers'
   * span has passed the threshold; from then on, as the span changes.
   */
  settle() {
    const hold = this.hold, pinch = hold.pinch;
    if (!hold.frame) return [];
    hold.frame = null;
    if (!pinch) return [];
    const span = this.span(hold.axes);
    if (pinch.last === null) {
      const ratio = span / pinch.from;
      if (ratio < this.options.zoomThreshold && ratio > 1 / this.options.zoomThreshold) return [];
      pinch.last = span;  // zooming starts from here, without a jump
      return [];
    }
    const factor = span / pinch.last;
    pinch.last = span;
    return factor === 1 ? [] : [{ type: 'zoom', axis: hold.axes, factor, focus: this.centroid() }];
  }

  up(event, letGo) {
    if (!this.pointers.has(event.id)) return [];
    if (this.mode === 'drawing') {
      this.pointers.delete(event.id);
      if (event.id !== this.draw.id) return [];
      const { from } = this.draw;
      this.draw = null;
      this.mode = 'idle';
      if (!letGo || event.area !== 'plane') return [{ type: 'cancelRange' }];
      return [{ type: 'commitRange', from, to: { x: event.x, y: event.y } }];
    }
    const settled = this.settle();
    this.pointers.delete(event.id);
    if (this.pointers.size > 0) {
      this.regrip(event.t);
      return settled;
    }
    const velocity = letGo && !this.hold.slop ? this.hold.travel.velocity(event.t) : { vx: 0, vy: 0 };
    const { axes, shown, slop } = this.hold;
    this.hold = null;
    if (letGo && slop && !shown && axes !== 'xy') {
      // One finger on a ruler that never moved (nor stopped a coasting plane): a tap.
      this.mode = 'idle';
      return [...settled, { type: 'tap', area: event.area, at: { x: event.x, y: event.y } }];
    }
    if (Math.hypot(velocity.vx, velocity.vy) >= this.options.flingSpeed) {
      this.mode = 'coasting';
      this.coast = new Coast(velocity, event.t, axes, this.options);
      return settled;
    }
    this.mode = 'idle';
    return shown ? [...settled, { type: 'held', on: false }] : settled;
  }

  /**
   * An animation frame at `t` ms (the page's frame time, never a clock read here; the page calls this on every
   * frame while `held`). While fingers hold the plane: the zoom their last moves call for. While the plane
   * coasts: how far it moved since the last frame, slowing exponentially; when it has slowed to a stop, its
   * overlay goes.
   */
  frame(t) {
    if (this.mode === 'holding') return this.settle();
    if (this.mode !== 'coasting') return [];
    const coast = this.coast;
    const moved = coast.advance(t);
    if (!moved) return [];
    const actions = [{ type: 'pan', ...only(coast.axes, moved.dx, moved.dy) }];
    if (coast.stopped) {
      this.coast = null;
      this.mode = 'idle';
      actions.push({ type: 'held', on: false });
    }
    return actions;
  }

  /**
   * The actions a wheel event (`{ deltaX, deltaY, deltaMode, ctrlKey, shiftKey, altKey, x, y, area }`) calls
   * for. The wheel pans: on the plane down (and across, for a trackpad's sideways scroll), on a ruler along
   * it. Ctrl+wheel zooms about the pointer (up zooms in): the plane both ways, a ruler along it. Shift makes
   * either act on time only, alt on voices only. It stops a coasting plane; while a finger draws or holds the
   * plane it does nothing.
   */
  wheel(event) {
    if (this.mode === 'drawing' || this.mode === 'holding') return [];
    const actions = [];
    if (this.mode === 'coasting') {
      this.coast = null;
      this.mode = 'idle';
      actions.push({ type: 'held', on: false });
    }
    const unit = WHEEL_UNIT[event.deltaMode ?? 0] ?? 1;
    const deltaX = (Number.isFinite(event.deltaX) ? event.deltaX : 0) * unit;
    const deltaY = (Number.isFinite(event.deltaY) ? event.deltaY : 0) * unit;
    const along = Math.abs(deltaY) >= Math.abs(deltaX) ? deltaY : deltaX;
    const axes = event.shiftKey ? 'x' : event.altKey ? 'y' : AREA_AXES[event.area] ?? 'xy';
    if (event.ctrlKey) {
      if (along !== 0) {
        const factor = Math.exp(-along / this.options.wheelPixelsPerE);
        actions.push({ type: 'zoom', axis: axes, factor, focus: { x: event.x, y: event.y } });
      }
      return actions;
    }
    const pan = axes === 'xy' ? { dx: -deltaX, dy: -deltaY } : only(axes, -along, -along);
    if (pan.dx !== 0 || pan.dy !== 0) actions.push({ type: 'pan', dx: pan.dx + 0, dy: pan.dy + 0 });
    return actions;
  }

  /** Everything let go at once (the page lost focus or its pointers): the actions that undo what was under way. */
  reset() {
    const shown = this.mode === 'coasting' || (this.mode === 'holding' && this.hold.shown);
    const actions = this.mode === 'drawing' ? [{ type: 'cancelRange' }] : shown ? [{ type: 'held', on: false }] : [];
    this.pointers.clear();
    this.draw = this.hold = this.coast = null;
    this.mode = 'idle';
    return actions;
  }

  centroid() {
    let x = 0, y = 0;
    for (const point of this.pointers.values()) {
      x += point.x;
      y += point.y;
    }
    return { x: x / this.pointers.size, y: y / this.pointers.size };
  }

  /**
   * How far apart the first two fingers are, along the axes that zoom: across for the part ruler, down for the
   * voice ruler, straight for the plane — never less than a fingertip, so that fingers one above the other on
   * the part ruler do not zoom wildly.
   */
  span(axes) {
    const [a, b] = [...this.pointers.values()];
    const dx = Math.abs(a.x - b.x), dy = Math.abs(a.y - b.y);
    const span = axes === 'x' ? dx : axes === 'y' ? dy : Math.hypot(dx, dy);
    return Math.max(span, FINGERTIP);
  }
}
