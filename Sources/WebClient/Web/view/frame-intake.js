// Frames in: a canvas view's own live socket (`/live?frames=1`, and `&output=NAME` for a canvas page showing
// an output). Binary frames are decoded and wait in the trail backlog for the next animation frame; forms
// go into the view's form table; the server's other messages (outputs, identifyOutput, the state) go to the
// view; once a second the view's status is reported back (canvas-report.js, for /status).

import { REPORT_INTERVAL, canvasReport, refusesReport } from './canvas-report.js';
import { LiveConnection } from '../shared/live.js';
import { TrailBacklog } from './trail-backlog.js';
import { decodeFrame } from '../shared/frames.js';

/** A view's live connection and the frames it received that wait to be drawn. */
export class FrameIntake {
  /**
   * Connects to `url`, counting into `status` (the view's: framesReceived, connected, lastError); forms go
   * to `forms` (a FormTable), other messages to `onMessage(message)`, failures to `report(error)`.
   */
  constructor(url, status, { forms, onMessage = () => {}, report }) {
    /** The frames received since the last animation frame, with what each does to the trail layer. */
    this.backlog = new TrailBacklog();
    this.live = new LiveConnection(url, {
      onFrame: (data) => {
        status.framesReceived += 1;
        try {
          this.backlog.push(decodeFrame(data), data);
        } catch (error) {
          report(error);
        }
      },
      onForms: (described) => { forms.define(described); },
      onError: (message) => {
        // A server that does not take the page's reports yet refuses each one; that is no news to show.
        if (!refusesReport(message)) status.lastError = message;
      },
      onMessage: (message) => {
        try {
          onMessage(message);
        } catch (error) {
          report(error);
        }
      },
      onConnectionChange: (connected) => { status.connected = connected; },
    });
    this.reporting = setInterval(() => {
      try {
        this.live.send(canvasReport(status));
      } catch (error) {
        report(error);
      }
    }, REPORT_INTERVAL);
  }

  /** Sends an intent (dropped while disconnected). */
  send(intent) {
    if (intent) this.live.send(intent);
  }

  /** Closes the socket and stops reporting. */
  close() {
    clearInterval(this.reporting);
    this.live.close();
  }
}
