// Polyphony as the performer types it (no DOM): the most lumis that sound at once (the `polyphony` intent,
// PerformanceState.polyphonyRange) and how many of one chord's releases sound at once (`chordPolyphony`,
// Chord.polyphonyRange; blank for no limit of its own).

/** The polyphonies a performer may set, in lumis. */
export const POLYPHONY_RANGE = Object.freeze([1, 4096]);

/** How many of its releases a chord may sound at once. */
export const CHORD_POLYPHONY_RANGE = Object.freeze([1, 16]);

/** A whole number typed within `range`, or undefined. */
function wholeNumberIn(text, [lowest, highest]) {
  const trimmed = String(text ?? '').trim();
  const count = /^\d+$/.test(trimmed) ? Number(trimmed) : NaN;
  return Number.isSafeInteger(count) && count >= lowest && count <= highest ? count : undefined;
}

/** The performance's polyphony as typed, or undefined when it is not one. */
export function polyphonyFromText(text) {
  return wholeNumberIn(text, POLYPHONY_RANGE);
}

/** A chord's polyphony as typed: null for blank (no limit of its own), undefined when it is not one. */
export function chordPolyphonyFromText(text) {
  return String(text ?? '').trim() === '' ? null : wholeNumberIn(text, CHORD_POLYPHONY_RANGE);
}
