// The report the canvas page sends the server once a second, and the refusals of it the page ignores.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { canvasReport, refusesReport } from '../../Sources/WebClient/Web/view/canvas-report.js';

test('the report carries the page status in finite numbers, none negative', () => {
  const status = {
    framesReceived: 120, framesDrawn: 61, framesFolded: 59, stampsGivenUp: 3, framesStamped: 60, lastError: null,
    quality: { level: 4, resolution: 0.6, trailResolution: 0.3, stampBudget: 4, pinned: false },
    frameMilliseconds: { median: 16.7, p95: 33.4 },
  };
  assert.deepEqual(canvasReport(status), {
    type: 'canvasReport', framesReceived: 120, framesDrawn: 61, framesFolded: 59, stampsGivenUp: 3,
    quality: { level: 4, resolution: 0.6, trailResolution: 0.3, stampBudget: 4 },
    frameMilliseconds: { median: 16.7, p95: 33.4 },
  });
  const odd = canvasReport({ framesReceived: -1, framesDrawn: NaN, framesFolded: Infinity, stampsGivenUp: 2.6 });
  assert.deepEqual(odd, {
    type: 'canvasReport', framesReceived: 0, framesDrawn: 0, framesFolded: 0, stampsGivenUp: 3,
    quality: { level: 0, resolution: 0, trailResolution: 0, stampBudget: 0 },
    frameMilliseconds: { median: 0, p95: 0 },
  });
  assert.doesNotThrow(() => JSON.stringify(odd));
});

test('a server refusing reports is recognised; other errors are not', () => {
  assert.equal(refusesReport('not an intent: unknown intent "canvasReport"; known: ribbonCenter, padDown'), true);
  assert.equal(refusesReport("a canvas report's resolutions must be above 0 and at most 1"), true);
  assert.equal(refusesReport('not an intent: unknown intent "tapp"; known: tap'), false);
  assert.equal(refusesReport('the chordset file could not be read'), false);
  assert.equal(refusesReport(undefined), false);
});
