// What the canvas page tells the server about how it keeps up, once a second over its live connection
// (docs/live-protocol.md, `canvasReport`), for /status. No DOM here.

/** How often the page reports, in milliseconds. */
export const REPORT_INTERVAL = 1000;

/**
 * The report message for the page's status object (window.imagerCanvas): counts, the quality in use and
 * the animation frames' intervals, every one a finite number, never negative.
 */
export function canvasReport(status) {
  const quality = status.quality ?? {}, milliseconds = status.frameMilliseconds ?? {};
  return {
    type: 'canvasReport',
    framesReceived: count(status.framesReceived),
    framesDrawn: count(status.framesDrawn),
    framesFolded: count(status.framesFolded),
    stampsGivenUp: count(status.stampsGivenUp),
    quality: {
      level: count(quality.level),
      resolution: amount(quality.resolution),
      trailResolution: amount(quality.trailResolution),
      stampBudget: count(quality.stampBudget),
    },
    frameMilliseconds: { median: amount(milliseconds.median), p95: amount(milliseconds.p95) },
  };
}

/**
 * Whether an error message from the server is its refusal of a report (it names the message's type, or
 * speaks of a canvas report): a server that does not take reports yet answers each one so, and the page
 * ignores that rather than show it again every second.
 */
export function refusesReport(message) {
  return /\bcanvasReport\b|\bcanvas report/i.test(String(message));
}

function amount(value) {
  return Number.isFinite(value) && value > 0 ? value : 0;
}

function count(value) {
  return Math.round(amount(value));
}
