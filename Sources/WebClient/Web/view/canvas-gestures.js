// Taps and strokes on a canvas view release lumis where they touch the stage (when the page says they
// play). Where a pointer touches the stage is the view's to say — letterboxed for Main, back through the
// warp for a mapped output — as `stagePoint(event, clamp)`: the stage fraction, or null off the picture
// (`clamp`: moved onto the picture's nearest edge instead, for a stroke that runs off it).

import { GestureTracker } from './gestures.js';

/** Follows the pointers on a canvas and sends the taps and strokes they make. */
export class CanvasGestures {
  /**
   * Listens through `listen(type, listener)` (the view's, removed when it stops) on `canvas`; sends each
   * intent with `send(intent)` while `gesturesPlay()` says so.
   */
  constructor(canvas, { listen, stagePoint, gesturesPlay, send }) {
    const gestures = new Map();
    listen('pointerdown', (event) => {
      if (!gesturesPlay() || event.button > 0) return;
      const point = stagePoint(event, false);
      if (!point) return;
      const tracker = new GestureTracker();
      tracker.begin(point);
      gestures.set(event.pointerId, tracker);
      canvas.setPointerCapture(event.pointerId);
    });
    listen('pointermove', (event) => {
      const tracker = gestures.get(event.pointerId);
      if (!tracker) return;
      const moves = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
      for (const move of moves.length > 0 ? moves : [event]) {
        const point = stagePoint(move, true);
        if (point) tracker.move(point);
      }
    });
    listen('pointerup', (event) => {
      const tracker = gestures.get(event.pointerId);
      if (!tracker) return;
      gestures.delete(event.pointerId);
      send(tracker.end(stagePoint(event, true) ?? undefined));
    });
    listen('pointercancel', (event) => gestures.delete(event.pointerId));
    listen('contextmenu', (event) => event.preventDefault());
  }
}
