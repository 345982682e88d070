// Where a test pattern's strokes go, for a picture of the slice `width × height` pixels: "grid" draws lines
// every tenth of the slice each way (the outer ones inside the picture's edge), numbers its corners 1 to 4
// (top-left, top-right, bottom-right, bottom-left, as the corners of an output are listed) and writes the
// output's name large in the middle; the same layout serves the Identify label. No DOM here:
// pattern-pictures.js draws what this lays out.

/** How many parts the grid pattern's lines cut the slice into, each way. */
export const PATTERN_DIVISIONS = 10;

/** A line's width in pixels for a picture whose shorter side is `shortSide` pixels. */
export function patternLineWidth(shortSide) {
  return Math.max(1, Math.round(shortSide / 360));
}

/**
 * The grid pattern's layout: `lines` (`{ x0, y0, x1, y1 }`, pixels from the top left, through the line's
 * middle), `lineWidth`, `corners` (`{ text, x, y, align, baseline }`, the numbers 1–4 set in from each
 * corner), `numberSize` (their height in pixels) and `name` (`{ text, x, y, maxWidth, maxHeight }`, its
 * middle and the box it must fit).
 */
export function gridPatternLayout(width, height, name) {
  const lineWidth = patternLineWidth(Math.min(width, height)), half = lineWidth / 2, lines = [];
  for (let k = 0; k <= PATTERN_DIVISIONS; k += 1) {
    const x = Math.min(Math.max((k * width) / PATTERN_DIVISIONS, half), width - half);
    const y = Math.min(Math.max((k * height) / PATTERN_DIVISIONS, half), height - half);
    lines.push({ x0: x, y0: 0, x1: x, y1: height }, { x0: 0, y0: y, x1: width, y1: y });
  }
  const numberSize = Math.max(8, Math.round(Math.min(width, height) / 8));
  const inset = lineWidth + Math.max(2, Math.round(numberSize / 4));
  const corners = [
    { text: '1', x: inset, y: inset, align: 'left', baseline: 'top' },
    { text: '2', x: width - inset, y: inset, align: 'right', baseline: 'top' },
    { text: '3', x: width - inset, y: height - inset, align: 'right', baseline: 'bottom' },
    { text: '4', x: inset, y: height - inset, align: 'left', baseline: 'bottom' },
  ];
  return { lines, lineWidth, corners, numberSize, name: nameBox(width, height, name) };
}

/** Where an output's name is written large over a picture `width × height`: its middle, and the box it fits. */
export function nameBox(width, height, name) {
  return { text: String(name), x: width / 2, y: height / 2, maxWidth: width * 0.8, maxHeight: height * 0.3 };
}

/**
 * The font size (pixels) that fits a text measured `measuredWidth` wide at `measuredSize` into `box`
 * (nameBox): as large as the box's height allows, smaller when the text would be too wide.
 */
export function fittedFontSize(measuredWidth, measuredSize, box) {
  const byWidth = measuredWidth > 0 ? (measuredSize * box.maxWidth) / measuredWidth : Infinity;
  return Math.max(1, Math.floor(Math.min(box.maxHeight, byWidth)));
}
