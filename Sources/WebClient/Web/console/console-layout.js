// Where the console's panels and edge controls go: a tiling on seed 000's twelfths. Pure arithmetic on the
// window's width and height (CSS pixels); no DOM here. No two panels' rectangles overlap (the canvas's
// among them); only the edge controls lie over the panels' edges, and the panels keep clear of them.
//
// The side column first: the outputs, the fixtures, the chordset list, the listening panel and the
// preferences are side panels on the right, full height, 3/12 of the window's width but at least 320 px;
// when more than one shows they share the column in equal parts, top to bottom the outputs, the fixtures,
// the list, the listening panel, the preferences (their edge controls sit an eighth and a quarter of the way
// down the right edge, at its middle, three quarters of the way down it, and at the bottom). The column
// takes its width off the window; the rest is the area for the others. Each asks for 240 px of height (its
// minimum): all five at once ask for 1,200 px, and on a shorter window each is given its fifth and scrolls
// inside itself (so do four under 960 px, three under 720 px).
//
// Then the area, twelve units tall (H/12) and twelve wide (its own width/12):
//
//   color         the top 2/12, the area's full width (taller on a short window: `colorPanelHeight`).
//   form, motion  below it, down to 6/12 (from the top when the colour panel is hidden): form the left
//                 half, motion the right half, one alone the full width — unless the canvas sits between
//                 them (below): then form is the left third and motion the right third of that row.
//   chordset      2/12 tall, just above the pads (at the very bottom when the pads are hidden).
//   triggerpads   the bottom 4/12.
//   canvas        seed 000's canvasRect in the area: the largest 16:9 rectangle in the rows the others
//                 leave free (below the colour panel, or below 6/12 with form or motion; above 8/12 with
//                 the pads, 2/12 higher with the chordset), the area's width at most, centred in them.
//                 When that would be no wider than 4/12 of the area — form or motion take the free rows —
//                 it is the middle third instead, 4/12 wide at (4/12, 2/12) as the seed says, between form
//                 and motion; it never reaches into the chordset's or the pads' rows (a wide, short window
//                 makes it shorter, and it stays 16:9, centred in the third).
//
// Every panel has a minimum, the box its controls need (PANEL_MINIMUMS, plus the clearance for the edge
// controls at a side of the screen it touches: `panelMinimum`). A panel given less scrolls inside itself
// (`panelScrolls`: console.js marks it, and console.css keeps its controls at that size and lets the
// panel's element scroll) rather than squeezing its controls over each other.

/** The eleven panels, by the library's names for them (docs/library-api.md, `panels`). */
export const PANELS = Object.freeze([
  'color', 'form', 'motion', 'chordset', 'canvas', 'triggerpads', 'chordsetList', 'listening', 'fixtures', 'outputs', 'settings',
]);

/** The side panels, in the column's order from the top. */
export const SIDE_PANELS = Object.freeze(['outputs', 'fixtures', 'chordsetList', 'listening', 'settings']);

/** Seed 000's first-run map: every panel shows but the side panels (the outputs, the fixtures, the chordset list, listening, the preferences). */
export const DEFAULT_PANELS = Object.freeze({
  color: true, form: true, motion: true, chordset: true, canvas: true, triggerpads: true, chordsetList: false, listening: false,
  fixtures: false, outputs: false, settings: false,
});

/** The narrowest the side column (the chordset list, the preferences) gets, in CSS pixels, unless the
 * window is narrower: a chordset's eight thumbnails and its title. */
export const CHORDSET_LIST_MIN_WIDTH = 320;

/**
 * The smallest box, in CSS pixels, in which each panel's controls all show at a usable size (its padding
 * and border included; the clearance for the edge controls at a side of the screen comes on top:
 * `panelMinimum`). Measured in Chromium with the console's 12–14 px type. Given less, a panel scrolls.
 *
 *   color         the swatch, the hue and purity ribbons with ~120 px to drag along, and the pulse's four
 *                 rows — two of 26 px selects round two 16 px sliders (panel-color.css) — below the 40 px
 *                 the colour panel keeps clear for its edge control.
 *   form, motion  one column of labelled sliders (panel.css's 220 px), a few rows tall: their lists are
 *                 longer than any row they get and always scroll inside them.
 *   chordset      Shift, eight chord buttons at least 36 px wide, and the steppers around the title.
 *   triggerpads   eight pads, four by two, each at least a fingertip.
 *   canvas        none: the preview is drawn at whatever size it gets, 16:9.
 *   chordsetList  the header's buttons and a chordset's eight thumbnails; the list scrolls inside it.
 *   listening     the source, five meters beside the onset lamp and the tempo heard, two switches and the
 *                 Link row; it scrolls inside itself when the problem said takes more.
 *   fixtures      the master, Blackout and the test buttons above the stage's picture; the patch's list and
 *                 the form scroll inside it.
 *   outputs       the header, the list's first rows and its buttons; the calibration picture, the slice and
 *                 the blend's sliders below them scroll inside it.
 *   settings      one column of sections; they scroll inside it.
 */
export const PANEL_MINIMUMS = Object.freeze({
  color: Object.freeze({ width: 620, height: 152 }),
  form: Object.freeze({ width: 240, height: 96 }),
  motion: Object.freeze({ width: 240, height: 96 }),
  chordset: Object.freeze({ width: 630, height: 72 }),
  triggerpads: Object.freeze({ width: 320, height: 124 }),
  canvas: Object.freeze({ width: 0, height: 0 }),
  chordsetList: Object.freeze({ width: 264, height: 240 }),
  listening: Object.freeze({ width: 264, height: 240 }),
  fixtures: Object.freeze({ width: 264, height: 240 }),
  outputs: Object.freeze({ width: 264, height: 240 }),
  settings: Object.freeze({ width: 264, height: 240 }),
});

/**
 * Which panel is drawn over which. The tiling never lays one panel over another; the layers only order a
 * panel scaling away over its neighbours, and put the edge controls on top.
 */
export const PANEL_LAYERS = Object.freeze({
  color: 1, form: 1, motion: 1, chordset: 1, triggerpads: 1, canvas: 2, chordsetList: 3, listening: 3, fixtures: 3, outputs: 3, settings: 4,
});
export const EDGE_CONTROL_LAYER = 5;

/**
 * The point of each panel its appearing and disappearing scale from (fractions of its box, as CSS
 * `transform-origin`): the edge of the screen it sits on — seed 000 scales the colour panel from
 * (0.5, 0), its top edge.
 */
export const PANEL_ANCHORS = Object.freeze({
  color: { x: 0.5, y: 0 },
  form: { x: 0, y: 0.5 },
  motion: { x: 1, y: 0.5 },
  chordset: { x: 0.5, y: 1 },
  triggerpads: { x: 0.5, y: 1 },
  canvas: { x: 0.5, y: 0.5 },
  chordsetList: { x: 1, y: 0.5 },
  listening: { x: 1, y: 0.5 },
  fixtures: { x: 1, y: 0.5 },
  outputs: { x: 1, y: 0.5 },
  settings: { x: 1, y: 1 },
});

/** A visibility map with every panel named: `visible`'s values where it says, seed 000's defaults else. */
export function completePanels(visible) {
  const complete = {};
  for (const panel of PANELS) {
    complete[panel] = typeof visible?.[panel] === 'boolean' ? visible[panel] : DEFAULT_PANELS[panel];
  }
  return complete;
}

/**
 * The part of a visibility map the library is asked to keep (PATCH /api/preferences): all of it, but for
 * a panel the library's own map (`kept`) does not name and that is hidden — hidden is what it means anyway,
 * and a library older than the panel refuses a name it does not know; such a panel is named once it shows.
 */
export function panelsToKeep(visible, kept) {
  const named = kept && typeof kept === 'object' ? kept : null;
  const out = {};
  for (const panel of PANELS) {
    const value = visible?.[panel] === true;
    if (named && !Object.hasOwn(named, panel) && value === DEFAULT_PANELS[panel]) continue;
    out[panel] = value;
  }
  return out;
}

/** How wide the side column is in a window `width` wide: 3/12, at least 320 px, at most the window. */
export function sideColumnWidth(width) {
  return Math.min(width, Math.max(width * 3 / 12, CHORDSET_LIST_MIN_WIDTH));
}

/**
 * The area the side column leaves the other panels: `{ x, y, width, height }` — the whole window, or all
 * of it but the column on the right while a side panel (the outputs, the fixtures, the chordset list, listening, the preferences) shows.
 */
export function playingArea(visible, width, height) {
  const column = SIDE_PANELS.some((panel) => visible[panel] === true) ? sideColumnWidth(width) : 0;
  return { x: 0, y: 0, width: width - column, height };
}

/**
 * How tall the colour panel is: the top 2/12 — or, where that is less than its controls need (windows
 * under 912 px tall), its minimum height, but never more than 3/12. What it takes comes off the form and
 * motion row below it, whose panels scroll inside themselves anyway.
 */
export function colorPanelHeight(height) {
  return Math.max(height * 2 / 12, Math.min(PANEL_MINIMUMS.color.height, height * 3 / 12));
}

/** The rows seed 000's canvasRect leaves the canvas, in pixels from the top: below the colour panel or,
 * lower, form and motion (6/12); above the pads (8/12) and the chordset (2/12 higher). */
function canvasRows(visible, height) {
  let bottomEdge = 12;
  if (visible.triggerpads === true) bottomEdge -= 4;
  if (visible.chordset === true) bottomEdge -= 2;
  let top = 0;
  if (visible.color === true) top = colorPanelHeight(height);
  if (visible.motion === true || visible.form === true) top = height * 6 / 12;
  return { top, bottom: height * bottomEdge / 12 };
}

/**
 * Where the canvas goes in an area `width` × `height` (from its top-left corner), and whether it took the
 * middle third: `{ rect, middleThird }`.
 */
function placeCanvas(visible, width, height) {
  const { top, bottom } = canvasRows(visible, height);
  const rect = { x: 0, y: 0, width: 0, height: 0 };
  const availHeight = Math.max(0, bottom - top);
  const availWidth = width;
  if (availHeight >= availWidth * 9 / 16) {
    rect.height = availWidth * 9 / 16;
    rect.width = width;
  } else {
    rect.height = availHeight;
    rect.width = availHeight * 16 / 9;
  }
  rect.x = (width / 2) - (rect.width / 2);
  rect.y = ((top + bottom) / 2) - (rect.height / 2);
  if (rect.width > width * 4 / 12) return { rect, middleThird: false };

  // The middle third: 4/12 wide at (4/12, 2/12), within the rows between the colour panel and the
  // chordset or the pads (at least 3/12 tall), keeping 16:9 — smaller, and centred in the third, only
  // where those rows are shorter than it.
  const below = visible.color === true ? colorPanelHeight(height) : 0;
  const third = width * 4 / 12;
  let thirdWidth = third;
  let thirdHeight = thirdWidth * 9 / 16;
  if (thirdHeight > bottom - below) {
    thirdHeight = bottom - below;
    thirdWidth = thirdHeight * 16 / 9;
  }
  const y = Math.min(Math.max(height * 2 / 12, below), bottom - thirdHeight);
  return { rect: { x: third + (third - thirdWidth) / 2, y, width: thirdWidth, height: thirdHeight }, middleThird: true };
}

/**
 * Seed 000's `canvasRect`: the canvas's `{ x, y, width, height }` in a window `width` × `height` for the
 * panels that show, as if no side panel showed (`panelRects` applies it to the area they leave). The pads
 * take 4/12 off the bottom, the chordset 2/12; the colour panel takes the top 2/12 (`colorPanelHeight`),
 * form or motion the top 6/12. The canvas is the largest 16:9 rectangle in what is left, full width at
 * most, centred in it; if that is no wider than 4/12 of the window, it is 4/12 wide at (4/12 W, 2/12 H)
 * instead — between form and motion, which then take the outer thirds of their row.
 */
export function canvasRect(visible, width, height) {
  return placeCanvas(visible, width, height).rect;
}

/** The clearance a panel keeps at a side of the screen for the edge controls there (console.css's
 * `--edge-clear`). */
export function edgeClearance(width, height) {
  return edgeControlDiameter(width, height) / 2 + 8;
}

/**
 * The smallest box `name` needs where it lies (`rect`, in a window `width` × `height`): its minimum, and
 * the edge controls' clearance at each side of the screen it touches.
 */
export function panelMinimum(name, rect, width, height) {
  const minimum = PANEL_MINIMUMS[name];
  if (name === 'canvas') return { ...minimum };
  const clearance = edgeClearance(width, height);
  const sides = (rect.x <= 0.5 ? 1 : 0) + (rect.x + rect.width >= width - 0.5 ? 1 : 0);
  return { width: minimum.width + sides * clearance, height: minimum.height };
}

/** Whether `name`, given `rect`, is smaller than its controls need and so scrolls inside itself. */
export function panelScrolls(name, rect, width, height) {
  const minimum = panelMinimum(name, rect, width, height);
  return rect.width < minimum.width - 1e-9 || rect.height < minimum.height - 1e-9;
}

/**
 * The whole tiling: `{ area, rects, scrolls }` — the area the side panels leave, the box of every panel
 * that shows by name (`{ color: { x, y, width, height }, … }`; hidden panels are left out, and the console
 * leaves a hidden panel where it was while it scales away), and, by name, whether each panel that shows
 * scrolls inside itself.
 */
export function consoleLayout(visible, width, height) {
  const area = playingArea(visible, width, height);
  const { x: left, width: areaWidth } = area;
  const unitHeight = height / 12;
  const rects = {};
  const column = { x: left + areaWidth, width: width - left - areaWidth };
  const side = SIDE_PANELS.filter((panel) => visible[panel] === true);
  side.forEach((panel, index) => {
    const top = (height * index) / side.length;
    rects[panel] = { ...column, y: top, height: (height * (index + 1)) / side.length - top };
  });
  const colorHeight = colorPanelHeight(height);
  if (visible.color === true) rects.color = { x: left, y: 0, width: areaWidth, height: colorHeight };

  const canvas = visible.canvas === true ? placeCanvas(visible, areaWidth, height) : null;
  if (canvas) rects.canvas = { ...canvas.rect, x: canvas.rect.x + left };

  const designTop = visible.color === true ? colorHeight : 0;
  const designHeight = 6 * unitHeight - designTop;
  const design = (x, w) => ({ x: left + x, y: designTop, width: w, height: designHeight });
  if (canvas?.middleThird) {
    if (visible.form === true) rects.form = design(0, areaWidth * 4 / 12);
    if (visible.motion === true) rects.motion = design(areaWidth * 8 / 12, areaWidth * 4 / 12);
  } else if (visible.form === true && visible.motion === true) {
    rects.form = design(0, areaWidth / 2);
    rects.motion = design(areaWidth / 2, areaWidth / 2);
  } else if (visible.form === true) {
    rects.form = design(0, areaWidth);
  } else if (visible.motion === true) {
    rects.motion = design(0, areaWidth);
  }

  if (visible.triggerpads === true) rects.triggerpads = { x: left, y: 8 * unitHeight, width: areaWidth, height: 4 * unitHeight };
  if (visible.chordset === true) {
    rects.chordset = { x: left, y: (visible.triggerpads === true ? 6 : 10) * unitHeight, width: areaWidth, height: 2 * unitHeight };
  }

  const scrolls = {};
  for (const [name, rect] of Object.entries(rects)) scrolls[name] = panelScrolls(name, rect, width, height);
  return { area, rects, scrolls };
}

/** The box of every panel that shows, by name (`consoleLayout`'s `rects`). */
export function panelRects(visible, width, height) {
  return consoleLayout(visible, width, height).rects;
}

/** The edge controls' diameter: seed 000's 0.1 × width, kept to at most a tenth of the height and 72 px
 * (so that it fits a 1024×768 tablet and a 1920×1080 screen alike) and at least 44 px (a finger). */
export function edgeControlDiameter(width, height) {
  return Math.max(44, Math.min(0.1 * width, 0.1 * height, 72));
}

/**
 * The eleven edge controls around the screen's edges, each toggling one panel. Round buttons of diameter
 * `d` whose centres sit on the edges, so that a quarter (in the corners) or a half (mid-edge) shows:
 *
 *   Form panel      top-left corner, at (−d/2, −d/2), violet rgb(0.482, 0, 0.969) — seed 000
 *   Color panel     top edge, centre: over the colour panel it toggles, red-orange
 *   Motion panel    top-right corner, green-blue
 *   Outputs panel   right edge, an eighth down (between the motion's corner and the fixtures'), lime
 *   Fixtures panel  right edge, a quarter down (between the motion's and the list's), cyan
 *   Chordset list   right edge, middle — seed 002 — blue
 *   Listening       right edge, three quarters down (between the list's and the pads'), magenta
 *   Trigger pads    bottom-right corner, orange
 *   Preferences     bottom edge, centre, at (W/2 − d/2, H − d/4), grey rgb(0.5, 0.5, 0.5) — seed 000
 *   Chordset panel  bottom-left corner, yellow
 *   Canvas panel    left edge, middle, white
 *
 * Returns `[{ panel, label, x, y, diameter, color }]` (x, y: the button's top-left corner).
 */
export function edgeControls(width, height) {
  const d = edgeControlDiameter(width, height);
  const control = (panel, label, x, y, [r, g, b]) => ({ panel, label, x, y, diameter: d, color: `rgb(${r * 255}, ${g * 255}, ${b * 255})` });
  return [
    control('form', 'Form panel', -d / 2, -d / 2, [0.482, 0, 0.969]),
    control('color', 'Color panel', width / 2 - d / 2, -d / 2, [1, 0.35, 0.1]),
    control('motion', 'Motion panel', width - d / 2, -d / 2, [0, 0.75, 0.6]),
    control('outputs', 'Outputs panel', width - d / 2, height / 8 - d / 2, [0.6, 0.9, 0.2]),
    control('fixtures', 'Fixtures panel', width - d / 2, height / 4 - d / 2, [0.25, 0.85, 0.95]),
    control('chordsetList', 'Chordset list', width - d / 2, height / 2 - d / 2, [0.1, 0.45, 1]),
    control('listening', 'Listening panel', width - d / 2, height * 3 / 4 - d / 2, [0.85, 0.25, 0.75]),
    control('triggerpads', 'Trigger pads', width - d / 2, height - d / 2, [1, 0.55, 0]),
    control('settings', 'Preferences', width / 2 - d / 2, height - d / 4, [0.5, 0.5, 0.5]),
    control('chordset', 'Chordset panel', -d / 2, height - d / 2, [1, 0.85, 0.1]),
    control('canvas', 'Canvas panel', -d / 2, height / 2 - d / 2, [0.92, 0.92, 0.92]),
  ];
}
