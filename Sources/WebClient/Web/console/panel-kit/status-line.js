// The line below a panel that says how its last request went (the Fixtures and Outputs panels): empty when
// taken, the refusal of a stale copy (a 409: another console changed it meanwhile, shared/revisions.js) or
// the server's reason otherwise. It is given its element (a `<p role="status">`), and touches nothing else.

import { conflictText, readConflict } from '../../shared/revisions.js';

/** What a request's answer says on the line: nothing when taken, else why not (`verb`: "Not changed", …). */
export function answerText(answer, verb = 'Not changed') {
  if (answer?.ok) return '';
  const conflict = readConflict(answer);
  return conflict ? `${conflictText(conflict)}.` : `${verb}: ${answer?.error ?? 'the server did not answer'}`;
}

/** A panel's status line: `say` a text (an error is marked `is-error`), or what an answer says. */
export class StatusLine {
  constructor(element) {
    this.element = element;
  }

  say(text, isError = false) {
    this.element.textContent = text ?? '';
    this.element.classList.toggle('is-error', Boolean(isError) && Boolean(text));
  }

  /** Says what `answer` says (answerText); returns its stale copy's refusal (`{ error, current }`), or null. */
  sayAnswer(answer, verb = 'Not changed') {
    this.say(answerText(answer, verb), !answer?.ok);
    return readConflict(answer);
  }

  /** Whether the line says, as an error or not (`errorOnly`), something that starts with `prefix`. */
  says(prefix, { errorOnly = false } = {}) {
    if (errorOnly && !this.element.classList.contains('is-error')) return false;
    return this.element.textContent.startsWith(prefix);
  }
}
