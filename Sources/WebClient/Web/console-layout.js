// Where the console's panels and edge controls go: seed 000's twelve-unit grid. Pure arithmetic on the
// window's width and height (CSS pixels); no DOM here.
//
// The screen is twelve units tall and twelve wide (W/12, H/12):
//
//   color         the top 2/12, full width.
//   form, motion  below it, down to 6/12: form the left half, motion the right half. When only one of the
//                 two shows it takes the full width; when the color panel is hidden they reach up to the
//                 top (the canvas rule below only asks that they end at 6/12).
//   triggerpads   the bottom 4/12, full width.
//   chordset      2/12 tall, just above the pads (at the very bottom when the pads are hidden) — the
//                 subtraction canvasRect makes: pads take 4/12 off the bottom, the chordset 2/12 more.
//   canvas        seed 000's canvasRect, exactly (below): 16:9 in what the others leave, centred, and never
//                 narrower than 4/12 of the width — when it would be, it is 4/12 wide at (4/12 W, 2/12 H),
//                 over the form and motion panels (it is drawn above them; the performer hides it from its
//                 edge control).
//   chordsetList  on the right, full height, over the others: 3/12 of the width, but at least 320 px. While
//                 it shows, the chordset panel and the pads end where it begins, so that a performer who
//                 sorts chordsets can still step through them and play.
//   settings      the preferences: an overlay, 8/12 wide and 10/12 tall, centred.

/** The eight panels, by the library's names for them (docs/library-api.md, `panels`). */
export const PANELS = Object.freeze(['color', 'form', 'motion', 'chordset', 'canvas', 'triggerpads', 'chordsetList', 'settings']);

/** Seed 000's first-run map: every panel shows but the preferences and the chordset list. */
export const DEFAULT_PANELS = Object.freeze({
  color: true, form: true, motion: true, chordset: true, canvas: true, triggerpads: true, chordsetList: false, settings: false,
});

/** The narrowest the chordset list gets, in CSS pixels (8 thumbnails and a title must fit). */
export const CHORDSET_LIST_MIN_WIDTH = 320;

/**
 * Which panel is drawn over which (a higher layer covers a lower one): the grid's panels, then the canvas
 * (which may float over form and motion), the chordset list, the preferences, and the edge controls on top.
 */
export const PANEL_LAYERS = Object.freeze({
  color: 1, form: 1, motion: 1, chordset: 1, triggerpads: 1, canvas: 2, chordsetList: 3, settings: 4,
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
  settings: { x: 0.5, y: 1 },
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
 * Seed 000's `canvasRect`, exactly: the canvas's `{ x, y, width, height }` for the panels that show. The
 * pads take 4/12 off the bottom, the chordset 2/12; the colour panel takes the top 2/12, form or motion
 * the top 6/12. The canvas is the largest 16:9 rectangle in what is left, full width at most, centred in
 * it; if that is no wider than 4/12 of the window, it is 4/12 wide at (4/12 W, 2/12 H) instead.
 */
export function canvasRect(visible, width, height) {
  let bottomEdge = 12;
  let topEdge = 0;
  if (visible.triggerpads === true) bottomEdge -= 4;
  if (visible.chordset === true) bottomEdge -= 2;
  if (visible.color === true) topEdge = 2;
  if (visible.motion === true || visible.form === true) topEdge = 6;

  const rect = { x: 0, y: 0, width: 0, height: 0 };
  const availHeight = (bottomEdge - topEdge) / 12 * height;
  const availWidth = width;
  if (availHeight >= availWidth * 9 / 16) {
    rect.height = availWidth * 9 / 16;
    rect.width = width;
  } else {
    rect.height = availHeight;
    rect.width = availHeight * 16 / 9;
  }
  rect.x = (width / 2) - (rect.width / 2);
  rect.y = (height * ((topEdge + ((bottomEdge - topEdge) * 0.5)) / 12)) - (rect.height / 2);

  if (rect.width <= width * 4 / 12) {
    rect.width = width * 4 / 12;
    rect.height = rect.width * 9 / 16;
    rect.x = width * 4 / 12;
    rect.y = height * 2 / 12;
  }
  return rect;
}

/**
 * The box of every panel that shows, by name: `{ color: { x, y, width, height }, … }` (hidden panels are
 * left out; the console leaves a hidden panel where it was while it scales away).
 */
export function panelRects(visible, width, height) {
  const unitHeight = height / 12;
  const rects = {};
  if (visible.color === true) rects.color = { x: 0, y: 0, width, height: 2 * unitHeight };

  const designTop = visible.color === true ? 2 * unitHeight : 0;
  const designHeight = 6 * unitHeight - designTop;
  if (visible.form === true && visible.motion === true) {
    rects.form = { x: 0, y: designTop, width: width / 2, height: designHeight };
    rects.motion = { x: width / 2, y: designTop, width: width / 2, height: designHeight };
  } else if (visible.form === true) {
    rects.form = { x: 0, y: designTop, width, height: designHeight };
  } else if (visible.motion === true) {
    rects.motion = { x: 0, y: designTop, width, height: designHeight };
  }

  const listWidth = Math.min(width, Math.max(width * 3 / 12, CHORDSET_LIST_MIN_WIDTH));
  const playingWidth = visible.chordsetList === true && listWidth < width ? width - listWidth : width;
  if (visible.triggerpads === true) rects.triggerpads = { x: 0, y: 8 * unitHeight, width: playingWidth, height: 4 * unitHeight };
  if (visible.chordset === true) {
    rects.chordset = { x: 0, y: (visible.triggerpads === true ? 6 : 10) * unitHeight, width: playingWidth, height: 2 * unitHeight };
  }
  if (visible.canvas === true) rects.canvas = canvasRect(visible, width, height);
  if (visible.chordsetList === true) rects.chordsetList = { x: width - listWidth, y: 0, width: listWidth, height };
  if (visible.settings === true) {
    rects.settings = { x: width * 2 / 12, y: height / 12, width: width * 8 / 12, height: height * 10 / 12 };
  }
  return rects;
}

/** The edge controls' diameter: seed 000's 0.1 × width, kept to at most a tenth of the height and 72 px
 * (so that it fits a 1024×768 tablet and a 1920×1080 screen alike) and at least 44 px (a finger). */
export function edgeControlDiameter(width, height) {
  return Math.max(44, Math.min(0.1 * width, 0.1 * height, 72));
}

/**
 * The eight edge controls around the screen's edges, each toggling one panel. Round buttons of diameter
 * `d` whose centres sit on the edges, so that a quarter (in the corners) or a half (mid-edge) shows:
 *
 *   Form panel      top-left corner, at (−d/2, −d/2), violet rgb(0.482, 0, 0.969) — seed 000
 *   Color panel     top edge, centre: over the colour panel it toggles, red-orange
 *   Motion panel    top-right corner, green-blue
 *   Chordset list   right edge, middle — seed 002 — blue
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
    control('chordsetList', 'Chordset list', width - d / 2, height / 2 - d / 2, [0.1, 0.45, 1]),
    control('triggerpads', 'Trigger pads', width - d / 2, height - d / 2, [1, 0.55, 0]),
    control('settings', 'Preferences', width / 2 - d / 2, height - d / 4, [0.5, 0.5, 0.5]),
    control('chordset', 'Chordset panel', -d / 2, height - d / 2, [1, 0.85, 0.1]),
    control('canvas', 'Canvas panel', -d / 2, height / 2 - d / 2, [0.92, 0.92, 0.92]),
  ];
}
