// A copy of what several consoles edit at once — the fixture patch, the stage's outputs (docs/fixtures.md and
// docs/outputs.md, "Two consoles at once") — as this console edits it: the value edited here, shown until the
// server answers, and the revision it was edited from; its writes one at a time, only the newest waiting
// (LatestWrite), each sent on the revision it was made on followed through this console's own writes
// (shared/revisions.js's OwnRevisions), so a drag's writes never refuse each other, while a stale copy's
// refusal ends the run. The Fixtures and Outputs panels each keep one. No DOM here.

import { OwnRevisions, readConflict } from '../../shared/revisions.js';
import { LatestWrite } from './latest-write.js';

/** The value edited here, its revision, and its writes. */
export class EditedCopy {
  /**
   * `write(value, ifMatch)` makes one write (a Sender.request answer); `taken(answer, value)` keeps what the
   * server took (in the console's store) before the next write of the run goes.
   */
  constructor({ write, taken = () => {} }) {
    this.own = new OwnRevisions();
    /** The value as edited here until the server answers (null: none), and the revision it was edited from. */
    this.edited = null;
    this.editedFrom = null;
    this.writes = new LatestWrite(async ({ value, base }) => {
      const answer = await this.own.send(base, (ifMatch) => write(value, ifMatch));
      if (answer?.ok) taken(answer, value);
      return answer;
    }, { stopsAfter: (answer) => readConflict(answer) !== null });
  }

  /** Whether a write is under way. */
  get busy() { return this.writes.busy; }

  /** The revision what is shown was made on: the one the value edited here was edited from, else `stored`. */
  base(stored) { return this.edited !== null ? this.editedFrom : stored; }

  /** `value` as edited here, shown until it is dropped; the first edit keeps `stored`, the revision it was made on. */
  edit(value, stored) {
    if (this.edited === null) this.editedFrom = stored;
    this.edited = value;
  }

  /** What is shown goes back to what the server has. */
  drop() { this.edited = null; }

  /** Writes `value`, made on revision `base` (only the newest waits while one is sent); resolves with the run's last answer. */
  push(value, base) { return this.writes.push({ value, base }); }

  /** One change besides the writes (`request(ifMatch)`, made on revision `base`), followed through the same revisions. */
  send(base, request) { return this.own.send(base, request); }

  /** Forgets this console's own revisions (a new connection: a server started again counts from its own start). */
  forget() { this.own.clear(); }
}
