// The one rule of every name a person gives — Sources/UserText/UserText.swift's `checked`, word for word, both
// held to Tests/fixtures/twin-rules/text.json: refused with a control character (C0, DEL, C1), a lone
// surrogate, a byte-order mark, a line or paragraph separator or U+FFFE/U+FFFF anywhere; composed (NFC); trimmed
// of space separators; at most `maximumLength` characters (grapheme clusters, as Swift counts them) and 16 UTF-8
// bytes a character. No DOM.

/** The longest a name is unless its kind says otherwise (a title, a part's name). */
export const MAXIMUM_LENGTH = 200;

const SPACES = '\\u0020\\u00a0\\u1680\\u2000-\\u200a\\u202f\\u205f\\u3000';
const TRIMMED = new RegExp(`^[${SPACES}]+|[${SPACES}]+$`, 'gu');

const graphemes = typeof Intl === 'object' && typeof Intl.Segmenter === 'function'
  ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/** How many characters (extended grapheme clusters, as Swift counts them) `text` has. */
export function characterCount(text) {
  if (!graphemes) return [...text].length;
  let count = 0;
  for (const _ of graphemes.segment(text)) count += 1;
  return count;
}

/** Whether the code point `code` is refused anywhere in a name. */
function isRefused(code) {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f) || code === 0xfeff || code === 0x2028 || code === 0x2029
    || (code >= 0xd800 && code <= 0xdfff) || code === 0xfffe || code === 0xffff;
}

/** A refused code point in words, as the server says it. */
function describe(code) {
  const name = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  if (code === 0x00) return `a NUL character (${name})`;
  if (code === 0x09) return `a tab (${name})`;
  if (code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029) return `a line break (${name})`;
  if (code === 0xfeff) return `a byte-order mark (${name})`;
  if (code === 0xfffe || code === 0xffff) return `the noncharacter ${name}`;
  return `a control character (${name})`;
}

/**
 * `text` as the rule keeps it — `{ text }`, composed and trimmed — or `{ error }`, one line saying why `what`
 * ("an output's name", "a composition's name") cannot be it, in the server's words.
 */
export function checkedText(text, what, { maximumLength = MAXIMUM_LENGTH, allowsEmpty = false } = {}) {
  const given = String(text ?? '');
  for (const character of given) {
    const code = character.codePointAt(0);
    if (isRefused(code)) return { error: `${what} cannot hold ${describe(code)}; type it again without it` };
  }
  const kept = given.normalize('NFC').replace(TRIMMED, '');
  if (!allowsEmpty && kept === '') return { error: `${what} cannot be empty` };
  const characters = characterCount(kept);
  if (characters > maximumLength) return { error: `${what} has at most ${maximumLength} characters; this one has ${characters}` };
  const bytes = new TextEncoder().encode(kept).length, mostBytes = maximumLength * 16;
  if (bytes > mostBytes) return { error: `${what} is too long: ${bytes} bytes of UTF-8, at most ${mostBytes}` };
  return { text: kept };
}

/** A refusal as a sentence begins: its first letter a capital. */
export function capitalized(line) {
  return line === '' ? line : `${line[0].toUpperCase()}${line.slice(1)}`;
}
