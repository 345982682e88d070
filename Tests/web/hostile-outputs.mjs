// Hostile outputs for the web client's tests, from seeded generators: names as bench/hostile_input.py makes
// them (issue 24's text rule: controls, lone surrogates, byte-order marks, decomposed text, emoji, names at
// and past the limits) and whole output bodies that must be refused — non-convex corners, values out of
// range, NaN and Infinity, wrong types, grids and masks of the wrong size.

/** Space separators, which trimming takes from a name's ends. */
export const SPACES = ['\u0020', '\u00a0', '\u1680', ...Array.from({ length: 11 }, (_, i) => String.fromCharCode(0x2000 + i)), '\u202f', '\u205f', '\u3000'];
const CONTROLS = [...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)), '\u007f', ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(0x80 + i))];
const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff', '\ude00\ud83d'];
const FORMAT_MARKS = ['\u200f', '\u200e', '\u200b', '\u2060', '\u202e', '\u061c'];
const COMBINING_MARKS = ['\u0301', '\u0300', '\u0308', '\u0323', '\u030a', '\u0327', '\u20dd'];
const DECOMPOSED = ['e\u0301', 'A\u030a', '\u212b', '\u2126', 'c\u0327', '\u1100\u1161\u11a8'];
const EMOJI = ['\u{1f469}\u200d\u{1f4bb}', '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}\u200d\u{1f466}', '\u{1f1eb}\u{1f1f7}', '\u{1f44d}\u{1f3fd}'];
const ORDINARY = ['Left', 'Right', 'Centre', 'Café', 'Ωmega', '日本語の壁', "Cole's wall", '<b>bold</b>', '../../etc/passwd', '%00', 'Main'];

/** The character (grapheme cluster) count of `text`. */
export function graphemeCount(text) {
  return [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].length;
}

/** What the server must make of `text` as an output's name: the stored name, or null for a refusal. */
export function expectedName(text, limit = 64) {
  for (const character of text) {
    const c = character.codePointAt(0);
    if (c < 0x20 || (c >= 0x7f && c < 0xa0) || c === 0xfeff || c === 0x2028 || c === 0x2029 || c === 0xfffe || c === 0xffff) return null;
    if (c >= 0xd800 && c <= 0xdfff) return null;  // iterating by code point leaves only lone surrogates here
  }
  let name = text.normalize('NFC');
  while (name.length > 0 && SPACES.includes(name[0])) name = name.slice(1);
  while (name.length > 0 && SPACES.includes(name.at(-1))) name = name.slice(0, -1);
  if (name === '' || new TextEncoder().encode(name).length > 16 * limit || graphemeCount(name) > limit) return null;
  return name;
}

/** One name from the seeded `next` (a random(seed) generator), ordinary or hostile. */
export function hostileName(next, limit = 64) {
  const pick = (list) => list[Math.floor(next() * list.length)];
  const ordinary = () => pick(ORDINARY);
  const inserted = (piece) => {
    const text = ordinary(), at = Math.floor(next() * (text.length + 1));
    return text.slice(0, at) + piece + text.slice(at);
  };
  const makers = [
    ordinary,
    () => inserted(pick(CONTROLS)),
    () => inserted(pick(LONE_SURROGATES)),
    () => pick(['\ufeff', '\ufffe', '\uffff', '\u2028', '\u2029']) + ordinary(),
    () => ordinary().normalize('NFD') + pick(DECOMPOSED),
    () => inserted(pick(FORMAT_MARKS)),
    () => `${pick(EMOJI)} ${ordinary()}`,
    () => pick(EMOJI).repeat(limit + Math.floor(next() * 2)),
    () => 'x'.repeat(limit - 1 + Math.floor(next() * 3)),
    () => 'q' + '\u0301'.repeat(pick([30, 8 * limit - 1, 8 * limit])),
    () => pick('aeqx') + pick(COMBINING_MARKS).repeat(2000),
    () => Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(SPACES)).join(''),
    () => pick(SPACES) + ordinary() + pick(SPACES),
    () => 'e\u0301'.repeat(limit + Math.floor(next() * 2)),
    () => 'y'.repeat(10000),
  ];
  return pick(makers)();
}

/** A good output named `name`, for the bodies below to spoil one field of. */
export function goodOutput(name = 'Left') {
  return {
    name, slice: { x: 0, y: 0, width: 0.6, height: 1 }, corners: [[0.1, 0.1], [0.9, 0.05], [0.95, 0.9], [0.05, 0.95]], grid: null,
    blend: { left: 0, right: 0.3, top: 0, bottom: 0, gamma: 2.2 }, mask: null, brightness: 1, testPattern: null,
  };
}

/** `count` output bodies from `next` that must all be refused, each spoiling a good output one way. */
export function hostileOutputs(next, count) {
  const pick = (list) => list[Math.floor(next() * list.length)];
  const bad = () => pick([NaN, Infinity, -Infinity, -0.1, 1.5, '0.5', [], {}, true, 1e308]);
  const spoil = (change) => { const output = goodOutput(); change(output); return output; };
  const makers = [
    () => pick([null, 3, 'Left', [], true, [goodOutput()]]),
    () => spoil((o) => { o.name = pick([null, 7, '', '   ', 'A\u0000B', '\ud800', 'x'.repeat(65), ['Left']]); }),
    () => spoil((o) => { o.slice[pick(['x', 'y', 'width', 'height'])] = bad(); }),
    () => spoil((o) => { o.slice = pick([[], 'whole', { x: 0.5, y: 0, width: 0.6, height: 1 }, { x: 0, y: 0, width: 0, height: 1 }]); }),
    () => spoil((o) => { o.corners = pick([[[0, 0], [1, 1], [1, 0], [0, 1]], [[0, 0], [0.5, 0.5], [1, 1], [0, 1]], [[0, 0], [1, 0], [0.2, 0.2], [0, 1]]]); }),
    () => spoil((o) => { o.corners[Math.floor(next() * 4)][Math.floor(next() * 2)] = bad(); }),
    () => spoil((o) => { o.corners = pick([[], [[0, 0], [1, 0], [1, 1]], [[0, 0], [1, 0], [1, 1], [0, 1], [0.5, 0.5]], 'square']); }),
    () => spoil((o) => { o.grid = pick([{}, { columns: 1, rows: 2, points: [[0, 0], [1, 1]] }, { columns: 18, rows: 2, points: [] }, { columns: 2.5, rows: 2, points: [] }, { columns: 2, rows: 2, points: [[0, 0], [1, 0], [1, 1]] }, 'fine']); }),
    () => spoil((o) => { o.blend[pick(['left', 'right', 'top', 'bottom'])] = pick([0.51, -0.01, NaN, Infinity, '0.1', []]); }),
    () => spoil((o) => { o.blend.gamma = pick([0.99, 3.01, 0, NaN, Infinity, '2.2', {}]); }),
    () => spoil((o) => { o.blend = pick([[], 'soft', 2]); }),
    () => spoil((o) => { o.mask = pick([[], [[0, 0], [1, 1]], Array.from({ length: 65 }, (_, i) => [i / 65, 0.5]), [[0, 0], [1, 0], [NaN, 1]], [[0, 0], [1, 0], [2, 1]], 'all']); }),
    () => spoil((o) => { o.brightness = pick([-0.01, 1.01, NaN, Infinity, '1', []]); }),
    () => spoil((o) => { o.testPattern = pick(['black', 'GRID', '', 1, true, {}]); }),
    () => ({ ...goodOutput('Main'), corners: [[0.1, 0], [1, 0], [1, 1], [0, 1]] }),
  ];
  return Array.from({ length: count }, () => pick(makers)());
}
