// Keeps the page at most one frame ahead of the GPU. WebGL calls return at once and queue their work in the
// browser's GPU process; a page that draws a new frame at every animation frame while the GPU takes longer
// than that builds a queue of seconds — the picture lags, and anything else the GPU does (the browser's own
// compositing, a screenshot) waits behind it: the page looks frozen. A fence after each frame says when the
// GPU is through with it; until then the page draws nothing new (the frames that arrive meanwhile wait and
// are folded, as for any slow animation frame).

/** Whether the GPU has finished the last frame the page gave it, told by a WebGL2 fence. */
export class GpuPacing {
  constructor(gl) {
    this.gl = gl;
    this.fence = null;
    /** Animation frames that drew nothing because the GPU was still at the frame before. */
    this.framesWaited = 0;
  }

  /**
   * Whether the GPU is still at the last frame submitted (counted as a frame waited for). A lost context
   * has no work in flight.
   */
  busy() {
    const gl = this.gl;
    if (this.fence === null) return false;
    if (!gl.isContextLost() && gl.getSyncParameter(this.fence, gl.SYNC_STATUS) !== gl.SIGNALED) {
      this.framesWaited += 1;
      return true;
    }
    this.forget();
    return false;
  }

  /** Marks the end of a frame's commands: the GPU is busy until it has run them all. */
  submitted() {
    const gl = this.gl;
    this.forget();
    if (gl.isContextLost()) return;
    this.fence = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
    // Without a flush the fence might wait for commands that are never sent.
    gl.flush();
  }

  /** Drops the fence (after a context loss its object is gone with the context). */
  forget() {
    if (this.fence !== null && !this.gl.isContextLost()) this.gl.deleteSync(this.fence);
    this.fence = null;
  }
}
