// Polyphony as the performer types it (no DOM): the most lumis that sound at once (the `polyphony` intent,
// PerformanceState.polyphonyRange) and how many of one chord's releases sound at once (`chordPolyphony`,
// Chord.polyphonyRange; blank for no limit of its own). A whole number out of range is refused in the engine's
// words (Intent.validate), both held to Tests/fixtures/twin-rules/polyphony.json; what is no whole number at all
// is refused in the panel's own.

/** The polyphonies a performer may set, in lumis. */
export const POLYPHONY_RANGE = Object.freeze([1, 4096]);

/** How many of its releases a chord may sound at once. */
export const CHORD_POLYPHONY_RANGE = Object.freeze([1, 16]);

/** Why the engine refuses a polyphony of `count` lumis, in its words; null when it keeps it. */
export function polyphonyRefusal(count) {
  const [lowest, highest] = POLYPHONY_RANGE;
  return count >= lowest && count <= highest ? null : `polyphony is ${lowest} to ${highest} lumis, not ${count}`;
}

/** Why the engine refuses a chord's polyphony of `count` releases, in its words; null when it keeps it. */
export function chordPolyphonyRefusal(count) {
  const [lowest, highest] = CHORD_POLYPHONY_RANGE;
  return count >= lowest && count <= highest ? null : `a chord's polyphony is ${lowest} to ${highest} releases at once, not ${count}`;
}

/** A whole number typed (a sign allowed), or undefined. */
function wholeNumber(text) {
  const trimmed = String(text ?? '').trim();
  const count = /^-?\d+$/.test(trimmed) ? Number(trimmed) : NaN;
  return Number.isSafeInteger(count) ? count + 0 : undefined;
}

/**
 * The performance's polyphony as typed: `{ count }`, or `{ error }` — in the engine's words when it is a whole
 * number out of range, in the panel's own when it is none.
 */
export function readPolyphony(text) {
  const count = wholeNumber(text);
  if (count === undefined) return { error: `polyphony is a whole number of lumis, ${POLYPHONY_RANGE[0]} to ${POLYPHONY_RANGE[1]}` };
  const refusal = polyphonyRefusal(count);
  return refusal ? { error: refusal } : { count };
}

/**
 * A chord's polyphony as typed: `{ count }` (null for blank: no limit of its own), or `{ error }` — in the
 * engine's words when it is a whole number out of range, in the panel's own when it is none.
 */
export function readChordPolyphony(text) {
  if (String(text ?? '').trim() === '') return { count: null };
  const count = wholeNumber(text);
  if (count === undefined) {
    const [lowest, highest] = CHORD_POLYPHONY_RANGE;
    return { error: `a chord's polyphony is a whole number of releases, ${lowest} to ${highest}, or blank for no limit` };
  }
  const refusal = chordPolyphonyRefusal(count);
  return refusal ? { error: refusal } : { count };
}
