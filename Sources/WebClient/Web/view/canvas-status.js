// What a canvas view has done, for tests and for curious performers: the canvas page's
// `window.imagerCanvas`, the console preview's `status` (docs/live-protocol.md). Read-only by convention,
// but `hold`, which a test sets.

/**
 * The status object of `view` (a CanvasView: its intake's backlog, pacing, quality, follower and counts
 * are read live through getters).
 */
export function makeCanvasStatus(view) {
  return {
    framesReceived: 0,
    /** Received frames whose trail stamps reached the trail layer. */
    framesStamped: 0,
    /** Received frames with trail stamps that were never stamped: more waited for an animation frame than
     * its stamp budget, or than the backlog holds (their fades and clears were kept). */
    get stampsGivenUp() { return (view.intake?.backlog.stampsGivenUp ?? 0) + view.stampsOverBudget; },
    /** Received frames whose trail step was folded into another's: all but one of each animation frame's. */
    framesFolded: 0,
    /** Frames drawn on screen (not while the output shown does not exist and the canvas is black). */
    framesDrawn: 0,
    /** Animation frames that drew nothing because the GPU was still drawing the frame before. */
    get framesWaitedForGPU() { return view.pacing ? view.pacing.framesWaited : 0; },
    lastFrame: null,
    /** The bytes of the frame on screen, as received. */
    lastFrameBytes: null,
    connected: false,
    /** How many times the WebGL context came back after being lost (and the renderer was made again). */
    contextsRestored: 0,
    /** `{ level, resolution, trailResolution, stampBudget, pinned }` (quality.js). */
    get quality() { return view.quality.setting; },
    /** `{ median, p95 }` of the last two seconds' animation-frame intervals while frames arrived. */
    get frameMilliseconds() { return view.quality.frameMilliseconds(); },
    lastError: null,
    /** While true, received frames wait (up to the backlog's bound) and are not drawn: the picture stays as
     * it is (tests compare it with the Swift rasterizer's drawing of `lastFrameBytes`). */
    hold: false,
    /** The name of the output the canvas shows (it follows a rename); null for a preview of the stage. */
    get output() { return view.follower ? view.follower.name : null; },
    /** Why the output is not drawn (the canvas is then black): it does not exist, or cannot be drawn; else null. */
    get outputProblem() { return view.follower ? view.follower.problem : null; },
    /** Whether the output's name is shown large over the picture (Identify, for 3 seconds). */
    identifying: false,
  };
}
