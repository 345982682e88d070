// The console's layout: seed 000's twelve-unit grid, its canvasRect rule and the edge controls, with the
// seed's numbers worked by hand.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  DEFAULT_PANELS, PANELS, canvasRect, completePanels, edgeControlDiameter, edgeControls, panelRects,
} from '../../Sources/WebClient/Web/console-layout.js';

const only = (...names) => Object.fromEntries(PANELS.map((panel) => [panel, names.includes(panel)]));
const close = (actual, expected) => {
  for (const key of Object.keys(expected)) assert.ok(Math.abs(actual[key] - expected[key]) < 1e-9, `${key}: ${actual[key]} ≠ ${expected[key]}`);
};

test('the first-run map shows every panel but the preferences and the chordset list', () => {
  assert.deepEqual(DEFAULT_PANELS, {
    color: true, form: true, motion: true, chordset: true, canvas: true, triggerpads: true, chordsetList: false, settings: false,
  });
  assert.deepEqual(completePanels({ form: false, bogus: true, color: 'yes' }), { ...DEFAULT_PANELS, form: false });
  assert.deepEqual(completePanels(null), DEFAULT_PANELS);
});

test('canvasRect: the canvas alone fills a 16:9 window', () => {
  // bottomEdge 12, topEdge 0: 1080 available ≥ 1920 × 9/16 = 1080, so the full width; y = 1080 × 6/12 − 540 = 0.
  assert.deepEqual(canvasRect(only('canvas'), 1920, 1080), { x: 0, y: 0, width: 1920, height: 1080 });
  // 1024×768: 768 ≥ 576, so 1024 × 576, centred: y = 384 − 288 = 96.
  assert.deepEqual(canvasRect(only('canvas'), 1024, 768), { x: 0, y: 96, width: 1024, height: 576 });
});

test('canvasRect: the colour panel takes the top 2/12', () => {
  // topEdge 2: 10/12 × 1080 = 900 < 1080, so 900 tall, 1600 wide; x = 960 − 800 = 160; y = 1080 × 7/12 − 450 = 180.
  assert.deepEqual(canvasRect(only('color', 'canvas'), 1920, 1080), { x: 160, y: 180, width: 1600, height: 900 });
});

test('canvasRect: the pads take 4/12 off the bottom, the chordset 2/12 more', () => {
  // bottomEdge 8: 720 tall, 1280 wide, x 320, y = 1080 × 4/12 − 360 = 0.
  assert.deepEqual(canvasRect(only('canvas', 'triggerpads'), 1920, 1080), { x: 320, y: 0, width: 1280, height: 720 });
  // bottomEdge 10: 900 tall, 1600 wide, x 160, y = 1080 × 5/12 − 450 = 0.
  assert.deepEqual(canvasRect(only('canvas', 'chordset'), 1920, 1080), { x: 160, y: 0, width: 1600, height: 900 });
});

test('canvasRect: form or motion push the top edge to 6/12', () => {
  // topEdge 6, bottomEdge 12: 540 tall, 960 wide, x 480, y = 1080 × 9/12 − 270 = 540.
  assert.deepEqual(canvasRect(only('form', 'canvas'), 1920, 1080), { x: 480, y: 540, width: 960, height: 540 });
  assert.deepEqual(canvasRect(only('motion', 'color', 'canvas'), 1920, 1080), { x: 480, y: 540, width: 960, height: 540 });
});

test('canvasRect: no narrower than 4/12 — else 4/12 wide at (4/12 W, 2/12 H)', () => {
  // The defaults: bottomEdge 6, topEdge 6, nothing available; the fallback is 640 × 360 at (640, 180).
  assert.deepEqual(canvasRect(DEFAULT_PANELS, 1920, 1080), { x: 640, y: 180, width: 640, height: 360 });
  // Colour, chordset and pads: 4/12 × 1080 = 360 tall, 640 wide — exactly 4/12, which falls back (≤).
  assert.deepEqual(canvasRect(only('color', 'chordset', 'triggerpads', 'canvas'), 1920, 1080), { x: 640, y: 180, width: 640, height: 360 });
  // 1024×768 defaults: 341.33 × 192 at (341.33, 128).
  close(canvasRect(DEFAULT_PANELS, 1024, 768), { x: 1024 / 3, y: 128, width: 1024 / 3, height: 192 });
  // Just wider than 4/12 keeps its own place: colour and pads on 1920×1080 leave 6/12 = 540 tall, 960 wide.
  assert.deepEqual(canvasRect(only('color', 'triggerpads', 'canvas'), 1920, 1080), { x: 480, y: 180, width: 960, height: 540 });
});

test('panelRects: the grid of the default layout at 1920×1080', () => {
  const rects = panelRects(DEFAULT_PANELS, 1920, 1080);
  assert.deepEqual(Object.keys(rects).sort(), ['canvas', 'chordset', 'color', 'form', 'motion', 'triggerpads']);
  assert.deepEqual(rects.color, { x: 0, y: 0, width: 1920, height: 180 });
  assert.deepEqual(rects.form, { x: 0, y: 180, width: 960, height: 360 });
  assert.deepEqual(rects.motion, { x: 960, y: 180, width: 960, height: 360 });
  assert.deepEqual(rects.chordset, { x: 0, y: 540, width: 1920, height: 180 });
  assert.deepEqual(rects.triggerpads, { x: 0, y: 720, width: 1920, height: 360 });
  assert.deepEqual(rects.canvas, { x: 640, y: 180, width: 640, height: 360 });
});

test('panelRects: one of form and motion takes the full width; without colour they reach the top', () => {
  assert.deepEqual(panelRects(only('color', 'motion'), 1920, 1080).motion, { x: 0, y: 180, width: 1920, height: 360 });
  assert.deepEqual(panelRects(only('form'), 1920, 1080).form, { x: 0, y: 0, width: 1920, height: 540 });
});

test('panelRects: the chordset sits above the pads, or at the bottom without them', () => {
  assert.deepEqual(panelRects(only('chordset'), 1024, 768).chordset, { x: 0, y: 640, width: 1024, height: 128 });
  assert.deepEqual(panelRects(only('chordset', 'triggerpads'), 1024, 768).chordset, { x: 0, y: 384, width: 1024, height: 128 });
  assert.deepEqual(panelRects(only('triggerpads'), 1024, 768).triggerpads, { x: 0, y: 512, width: 1024, height: 256 });
});

test('panelRects: the chordset list on the right, full height; the preferences an overlay', () => {
  assert.deepEqual(panelRects(only('chordsetList'), 1920, 1080).chordsetList, { x: 1440, y: 0, width: 480, height: 1080 });
  // 3/12 of 1024 is 256: too narrow, so 320.
  assert.deepEqual(panelRects(only('chordsetList'), 1024, 768).chordsetList, { x: 704, y: 0, width: 320, height: 768 });
  assert.deepEqual(panelRects(only('settings'), 1920, 1080).settings, { x: 320, y: 90, width: 1280, height: 900 });
  assert.equal(panelRects(only('settings'), 1920, 1080).canvas, undefined);
});

test('panelRects: while the list shows, the chordset panel and the pads end where it begins', () => {
  const rects = panelRects(only('chordset', 'triggerpads', 'chordsetList', 'color'), 1024, 768);
  assert.deepEqual(rects.chordset, { x: 0, y: 384, width: 704, height: 128 });
  assert.deepEqual(rects.triggerpads, { x: 0, y: 512, width: 704, height: 256 });
  assert.equal(rects.color.width, 1024);  // the design panels stay under it
  assert.equal(panelRects(only('chordset', 'chordsetList'), 300, 600).chordset.width, 300);  // a list as wide as the window covers
});

test('every panel stays inside the window (no scrolling) at 1920×1080 and 1024×768', () => {
  const everything = Object.fromEntries(PANELS.map((panel) => [panel, true]));
  for (const [width, height] of [[1920, 1080], [1024, 768]]) {
    for (const visible of [DEFAULT_PANELS, everything, only('canvas'), only('color', 'canvas')]) {
      for (const [panel, rect] of Object.entries(panelRects(visible, width, height))) {
        assert.ok(rect.x >= 0 && rect.y >= 0 && rect.x + rect.width <= width + 1e-9 && rect.y + rect.height <= height + 1e-9,
          `${panel} at ${width}×${height}: ${JSON.stringify(rect)}`);
      }
    }
  }
});

test('edge controls: 72 px at both screen sizes, never below 44 px, placed on the edges', () => {
  assert.equal(edgeControlDiameter(1920, 1080), 72);
  assert.equal(edgeControlDiameter(1024, 768), 72);
  assert.equal(edgeControlDiameter(600, 400), 44);
  assert.equal(edgeControlDiameter(640, 600), 60);
  const controls = edgeControls(1920, 1080);
  assert.deepEqual(controls.map((control) => control.label), [
    'Form panel', 'Color panel', 'Motion panel', 'Chordset list', 'Trigger pads', 'Preferences', 'Chordset panel', 'Canvas panel',
  ]);
  assert.deepEqual(new Set(controls.map((control) => control.panel)), new Set(PANELS));
  const byPanel = Object.fromEntries(controls.map((control) => [control.panel, control]));
  // Seed 000: form at the top-left corner, offset (−d/2, −d/2), rgb(0.482, 0, 0.969).
  assert.equal(byPanel.form.x, -36);
  assert.equal(byPanel.form.y, -36);
  assert.equal(byPanel.form.color, `rgb(${0.482 * 255}, 0, ${0.969 * 255})`);
  // Seed 000: grey at the bottom centre, offset (W/2 − d/2, H − d/4).
  assert.deepEqual([byPanel.settings.x, byPanel.settings.y], [960 - 36, 1080 - 18]);
  assert.equal(byPanel.settings.color, 'rgb(127.5, 127.5, 127.5)');
  // Seed 002: the chordset list's control in the middle of the right edge.
  assert.deepEqual([byPanel.chordsetList.x, byPanel.chordsetList.y], [1920 - 36, 540 - 36]);
  // Every control shows at least a quarter of itself on screen.
  for (const control of controls) {
    const centre = { x: control.x + control.diameter / 2, y: control.y + control.diameter / 2 };
    assert.ok(centre.x >= 0 && centre.x <= 1920 && centre.y >= 0 && centre.y <= 1080 + control.diameter / 4, control.label);
  }
});
