// A canvas's size on screen and the pictures sized for it: the canvas watched (a ResizeObserver, in device
// pixels where the browser says them), and the drawing buffer, the stage's picture and the trail layer sized
// for what it covers, the quality's resolutions and the slice shown (stageSizes). canvas-view.js sizes them
// in the animation frame that then draws, so that no frame shows a cleared buffer.

import { stageSizes } from './stage-slice.js';

/** One canvas's size in device pixels, as last measured, and whether its pictures were sized for it since. */
export class CanvasSizing {
  constructor(canvas) {
    this.canvas = canvas;
    /** The canvas's size in device pixels, as last measured (null before `watch()`). */
    this.deviceSize = null;
    /** Whether the pictures must be sized again: the canvas, the quality or the slice changed. */
    this.changed = false;
    this.sizesKey = null;
    this.largestTexture = 4096;
    this.observer = null;
  }

  /** The canvas's size in device pixels: what it covers on screen (the drawing buffer at full quality). */
  measure(entry) {
    const box = entry?.devicePixelContentBoxSize?.[0];
    if (box) return { width: box.inlineSize, height: box.blockSize };
    const ratio = window.devicePixelRatio || 1;
    return { width: Math.round(this.canvas.clientWidth * ratio), height: Math.round(this.canvas.clientHeight * ratio) };
  }

  /** Follows the canvas's size on screen, measured now. */
  watch() {
    this.observer = new ResizeObserver(([entry]) => {
      this.deviceSize = this.measure(entry);
      this.changed = true;
    });
    try {
      this.observer.observe(this.canvas, { box: 'device-pixel-content-box' });
    } catch {
      this.observer.observe(this.canvas);
    }
    this.deviceSize = this.measure(null);
    this.changed = true;
  }

  /** Stops following the canvas's size. */
  stop() {
    this.observer?.disconnect();
  }

  /** New pictures (a context made or made again): sized from scratch, up to `largestTexture` pixels a side. */
  renew(largestTexture) {
    this.largestTexture = largestTexture || this.largestTexture;
    this.sizesKey = null;
    this.changed = true;
  }

  /**
   * Sizes the drawing buffer and `stage`'s pictures (a StagePass, or none yet) for the measured size and the
   * quality `setting`, if anything changed. The canvas keeps its size on the page; the browser stretches a
   * smaller buffer. Returns whether the sizes differ from those last applied: the picture must be drawn again.
   */
  apply(setting, stage) {
    if (!this.changed || !this.deviceSize) return false;
    this.changed = false;
    const { canvas } = this, slice = stage?.slice ?? null;
    const sizes = stageSizes(this.deviceSize, setting, slice, this.largestTexture);
    // Setting a canvas's size clears it, even to the size it has.
    if (sizes.buffer.width !== canvas.width) canvas.width = sizes.buffer.width;
    if (sizes.buffer.height !== canvas.height) canvas.height = sizes.buffer.height;
    stage?.resize(sizes);
    const key = JSON.stringify([sizes, slice]);
    const differs = key !== this.sizesKey;
    this.sizesKey = key;
    return differs;
  }
}
