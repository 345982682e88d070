// The revision of what several consoles edit at once: the fixture patch and the stage's outputs (docs/fixtures.md
// and docs/outputs.md, "Two consoles at once"). The server counts every change of either, says the count in its
// answers (`"revision": N` in the body, `ETag: "N"`) and in its live messages, and takes a change only from
// whoever read the latest (`If-Match: "N"`; otherwise 409 with what it now is, `current`). No DOM here.
//
// - A copy is brought up to date by whatever says a revision no older than its own: an HTTP answer and a live
//   message may cross, and the older is dropped (`isOlder`).
// - A change is sent with the revision of the copy it was made on. This console's own changes follow one
//   another: a drag's writes are sent one after the other, each made on the one before, so each carries the
//   revision the answer before it made (`OwnRevisions`), and they never refuse each other.
// - A refusal for a stale copy (`readConflict`) brings `current`, the copy as it now is: shown, and the
//   next change is made on it.

/** A revision as the server says it (a whole number, 0 or more), or null when `value` is none. */
export function readRevision(value) {
  return Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/** The If-Match (and ETag) text of `revision`: `"12"` — null for no revision. */
export function formatETag(revision) {
  const read = readRevision(revision);
  return read === null ? null : `"${read}"`;
}

/** The revision an ETag says (`"12"`, or weak `W/"12"`), or null when it says none this reads. */
export function parseETag(header) {
  const match = /^\s*(?:W\/)?"(\d{1,15})"\s*$/.exec(String(header ?? ''));
  return match ? readRevision(Number(match[1])) : null;
}

/**
 * Whether news of revision `incoming` is older than the copy of revision `held`, and so dropped. Unknown
 * revisions (null: a server that says none, a copy not read yet) are never older; the same revision is not
 * older (a rename's live message comes with the revision its HTTP answer already said).
 */
export function isOlder(incoming, held) {
  const a = readRevision(incoming);
  const b = readRevision(held);
  return a !== null && b !== null && a < b;
}

/**
 * A refused request (Sender.request's `{ ok: false, status, error, body }`) read as a stale copy's refusal:
 * `{ error, current }` — the server's line and the copy as it now is — or null when it is not one (another
 * 409, such as the library full, carries no `current`).
 */
export function readConflict(answer) {
  if (!answer || answer.ok || answer.status !== 409) return null;
  const current = answer.body?.current;
  if (current === null || typeof current !== 'object' || Array.isArray(current)) return null;
  return { error: answer.error ?? 'another console changed it meanwhile', current };
}

/** A stale copy's refusal as the performer reads it: the server's line, capitalized, without a closing stop. */
export function conflictText(conflict) {
  const line = String(conflict?.error ?? '').trim().replace(/[.\s]+$/, '');
  return line ? `${line[0].toUpperCase()}${line.slice(1)}` : 'Another console changed it meanwhile';
}

/**
 * The revisions this console's own writes went from and to: `wrote(from, to)` after each write taken,
 * `follow(base)` the revision a change made on `base` is sent with — `base` carried past every revision that
 * this console's writes made one after the other from it. So a change made on a copy that this console's
 * own writes have moved on since (a drag, one write after another; a form opened before a drop) is not
 * refused: only another console's change in between makes the copy stale. At most `limit` are kept; `clear()`
 * forgets them (a new connection: a server started again counts from its own start).
 */
export class OwnRevisions {
  constructor(limit = 64) {
    this.limit = limit;
    this.next = new Map();
  }

  /** A write sent with revision `from` was taken and made revision `to`. */
  wrote(from, to) {
    const a = readRevision(from);
    const b = readRevision(to);
    if (a === null || b === null || b <= a) return;
    this.next.delete(a);
    this.next.set(a, b);
    while (this.next.size > this.limit) this.next.delete(this.next.keys().next().value);
  }

  /** `base` followed through this console's own writes: the revision to send a change made on it with. */
  follow(base) {
    let revision = readRevision(base);
    if (revision === null) return null;
    for (let steps = 0; steps <= this.limit && this.next.has(revision); steps += 1) revision = this.next.get(revision);
    return revision;
  }

  /**
   * Sends a change made on revision `base`: `request(ifMatch)` makes it (Sender.request's answer) on
   * `base` followed; taken, the revision it made (the ETag's, else the body's `revision`) is kept. Resolves
   * to the answer.
   */
  async send(base, request) {
    const ifMatch = this.follow(base);
    const answer = await request(ifMatch);
    if (answer?.ok) this.wrote(ifMatch, answer.revision ?? readRevision(answer.data?.revision));
    return answer;
  }

  clear() {
    this.next.clear();
  }
}
