// The console's layout: a tiling on seed 000's twelfths — its canvasRect rule, the middle third between
// form and motion, the side column of the chordset list and the preferences, each panel's minimum — with
// the seed's numbers worked by hand, and every one of the 2048 combinations of the eleven panels checked
// at four window sizes.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  DEFAULT_PANELS, PANELS, PANEL_MINIMUMS, SIDE_PANELS, canvasRect, colorPanelHeight, completePanels, consoleLayout,
  edgeControlDiameter, edgeControls, panelMinimum, panelRects, panelsToKeep, playingArea,
} from '../../Sources/WebClient/Web/console/console-layout.js';

const only = (...names) => Object.fromEntries(PANELS.map((panel) => [panel, names.includes(panel)]));
const EVERYTHING = only(...PANELS);
const close = (actual, expected) => {
  for (const key of Object.keys(expected)) assert.ok(Math.abs(actual[key] - expected[key]) < 1e-9, `${key}: ${actual[key]} ≠ ${expected[key]}`);
};
const SIZES = [[1024, 768], [1280, 800], [1920, 1080], [768, 1024]];
/** Every visibility map of the eleven panels: 2^11. */
const ALL_COMBINATIONS = Array.from({ length: 2 ** PANELS.length }, (_, bits) => (
  Object.fromEntries(PANELS.map((panel, index) => [panel, (bits & (1 << index)) !== 0]))
));

test('the first-run map shows every panel but the side panels: the outputs, the fixtures, the chordset list, listening, the preferences', () => {
  assert.deepEqual(DEFAULT_PANELS, {
    color: true, form: true, motion: true, chordset: true, canvas: true, triggerpads: true, chordsetList: false, listening: false,
    fixtures: false, outputs: false, settings: false,
  });
  assert.deepEqual(SIDE_PANELS, ['outputs', 'fixtures', 'chordsetList', 'listening', 'settings']);
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

test('canvasRect: no narrower than 4/12 — else the middle third, 4/12 wide at (4/12 W, 2/12 H)', () => {
  // The defaults: bottomEdge 6, topEdge 6, nothing available; the middle third is 640 × 360 at (640, 180).
  assert.deepEqual(canvasRect(DEFAULT_PANELS, 1920, 1080), { x: 640, y: 180, width: 640, height: 360 });
  // Colour, chordset and pads: 4/12 × 1080 = 360 tall, 640 wide — exactly 4/12, which falls back (≤).
  assert.deepEqual(canvasRect(only('color', 'chordset', 'triggerpads', 'canvas'), 1920, 1080), { x: 640, y: 180, width: 640, height: 360 });
  // Just wider than 4/12 keeps its own place: colour and pads on 1920×1080 leave 6/12 = 540 tall, 960 wide.
  assert.deepEqual(canvasRect(only('color', 'triggerpads', 'canvas'), 1920, 1080), { x: 480, y: 180, width: 960, height: 540 });
  // 1024×768 defaults: 341.33 × 192, below the colour panel — which is 152 px tall there, not 2/12 = 128.
  close(canvasRect(DEFAULT_PANELS, 1024, 768), { x: 1024 / 3, y: 152, width: 1024 / 3, height: 192 });
  // Without the colour panel the seed's 2/12 stands.
  close(canvasRect(only('form', 'motion', 'chordset', 'triggerpads', 'canvas'), 1024, 768), { x: 1024 / 3, y: 128, width: 1024 / 3, height: 192 });
});

test('canvasRect: in a wide, short window the middle third stays above the chordset, 16:9', () => {
  // 2560×1080: the third is 853.33 wide, 480 tall at 16:9, but only 540 − 180 = 360 lie between the colour
  // panel and the chordset: 640 × 360, centred in the third.
  close(canvasRect(DEFAULT_PANELS, 2560, 1080), { x: 2560 / 3 + (2560 / 3 - 640) / 2, y: 180, width: 640, height: 360 });
});

test('the colour panel is 2/12 tall, or its minimum on a short window, never more than 3/12', () => {
  assert.equal(PANEL_MINIMUMS.color.height, 152);
  assert.equal(colorPanelHeight(1080), 180);
  assert.equal(colorPanelHeight(1024), 1024 * 2 / 12);
  assert.equal(colorPanelHeight(912), 152);
  assert.equal(colorPanelHeight(768), 152);
  assert.equal(colorPanelHeight(500), 125);
});

test('panelRects: the default layout at 1920×1080 — form and motion the outer thirds, the canvas between', () => {
  const rects = panelRects(DEFAULT_PANELS, 1920, 1080);
  assert.deepEqual(Object.keys(rects).sort(), ['canvas', 'chordset', 'color', 'form', 'motion', 'triggerpads']);
  assert.deepEqual(rects.color, { x: 0, y: 0, width: 1920, height: 180 });
  assert.deepEqual(rects.form, { x: 0, y: 180, width: 640, height: 360 });
  assert.deepEqual(rects.canvas, { x: 640, y: 180, width: 640, height: 360 });
  assert.deepEqual(rects.motion, { x: 1280, y: 180, width: 640, height: 360 });
  assert.deepEqual(rects.chordset, { x: 0, y: 540, width: 1920, height: 180 });
  assert.deepEqual(rects.triggerpads, { x: 0, y: 720, width: 1920, height: 360 });
});

test('panelRects: form and motion halve their row when the canvas is below them or hidden', () => {
  // Without the pads and the chordset the canvas fits below 6/12 (960 wide): form and motion are halves.
  const rects = panelRects(only('color', 'form', 'motion', 'canvas'), 1920, 1080);
  assert.deepEqual(rects.form, { x: 0, y: 180, width: 960, height: 360 });
  assert.deepEqual(rects.motion, { x: 960, y: 180, width: 960, height: 360 });
  assert.deepEqual(rects.canvas, { x: 480, y: 540, width: 960, height: 540 });
  const hidden = panelRects({ ...DEFAULT_PANELS, canvas: false }, 1920, 1080);
  assert.deepEqual(hidden.form, { x: 0, y: 180, width: 960, height: 360 });
  assert.deepEqual(hidden.motion, { x: 960, y: 180, width: 960, height: 360 });
});

test('panelRects: one of form and motion takes the full width, or its own third; without colour they reach the top', () => {
  assert.deepEqual(panelRects(only('color', 'motion'), 1920, 1080).motion, { x: 0, y: 180, width: 1920, height: 360 });
  assert.deepEqual(panelRects(only('form'), 1920, 1080).form, { x: 0, y: 0, width: 1920, height: 540 });
  const beside = panelRects({ ...DEFAULT_PANELS, form: false }, 1920, 1080);
  assert.deepEqual(beside.motion, { x: 1280, y: 180, width: 640, height: 360 });
  assert.equal(beside.form, undefined);
});

test('panelRects: the chordset sits above the pads, or at the bottom without them', () => {
  assert.deepEqual(panelRects(only('chordset'), 1024, 768).chordset, { x: 0, y: 640, width: 1024, height: 128 });
  assert.deepEqual(panelRects(only('chordset', 'triggerpads'), 1024, 768).chordset, { x: 0, y: 384, width: 1024, height: 128 });
  assert.deepEqual(panelRects(only('triggerpads'), 1024, 768).triggerpads, { x: 0, y: 512, width: 1024, height: 256 });
});

test('the side column: the list and the preferences on the right, taking their width off everything else', () => {
  // 3/12 of 1920 is 480; of 1024 it is 256, too narrow, so 320.
  assert.deepEqual(panelRects(only('chordsetList'), 1920, 1080).chordsetList, { x: 1440, y: 0, width: 480, height: 1080 });
  assert.deepEqual(panelRects(only('chordsetList'), 1024, 768).chordsetList, { x: 704, y: 0, width: 320, height: 768 });
  assert.deepEqual(panelRects(only('settings'), 1920, 1080).settings, { x: 1440, y: 0, width: 480, height: 1080 });
  assert.equal(panelRects(only('settings'), 1920, 1080).canvas, undefined);
  // Both: the list the top half, the preferences the bottom half.
  const both = panelRects(only('chordsetList', 'settings'), 1920, 1080);
  assert.deepEqual(both.chordsetList, { x: 1440, y: 0, width: 480, height: 540 });
  assert.deepEqual(both.settings, { x: 1440, y: 540, width: 480, height: 540 });

  // The default layout with the list at 1920×1080: the twelfths and canvasRect worked in the 1440 px left.
  assert.deepEqual(playingArea({ ...DEFAULT_PANELS, chordsetList: true }, 1920, 1080), { x: 0, y: 0, width: 1440, height: 1080 });
  const rects = panelRects({ ...DEFAULT_PANELS, chordsetList: true }, 1920, 1080);
  assert.deepEqual(rects.color, { x: 0, y: 0, width: 1440, height: 180 });
  assert.deepEqual(rects.form, { x: 0, y: 180, width: 480, height: 360 });
  assert.deepEqual(rects.canvas, { x: 480, y: 180, width: 480, height: 270 });
  assert.deepEqual(rects.motion, { x: 960, y: 180, width: 480, height: 360 });
  assert.deepEqual(rects.chordset, { x: 0, y: 540, width: 1440, height: 180 });
  assert.deepEqual(rects.triggerpads, { x: 0, y: 720, width: 1440, height: 360 });
  // With the preferences too, the others keep the same places.
  const withPreferences = panelRects({ ...DEFAULT_PANELS, chordsetList: true, settings: true }, 1920, 1080);
  for (const panel of ['color', 'form', 'canvas', 'motion', 'chordset', 'triggerpads']) assert.deepEqual(withPreferences[panel], rects[panel], panel);
  // The listening panel alone takes the column; with the others it shares it in thirds, between them.
  assert.deepEqual(panelRects(only('listening'), 1024, 768).listening, { x: 704, y: 0, width: 320, height: 768 });
  const three = panelRects({ ...DEFAULT_PANELS, chordsetList: true, listening: true, settings: true }, 1920, 1080);
  assert.deepEqual(three.chordsetList, { x: 1440, y: 0, width: 480, height: 360 });
  assert.deepEqual(three.listening, { x: 1440, y: 360, width: 480, height: 360 });
  assert.deepEqual(three.settings, { x: 1440, y: 720, width: 480, height: 360 });
  for (const panel of ['color', 'form', 'canvas', 'motion', 'chordset', 'triggerpads']) assert.deepEqual(three[panel], rects[panel], panel);
  const withListening = panelRects(only('listening', 'settings'), 1024, 768);
  assert.deepEqual(withListening.listening, { x: 704, y: 0, width: 320, height: 384 });
  assert.deepEqual(withListening.settings, { x: 704, y: 384, width: 320, height: 384 });
  // The fixtures panel alone takes the column; with the others it is the column's top part.
  assert.deepEqual(panelRects(only('fixtures'), 1024, 768).fixtures, { x: 704, y: 0, width: 320, height: 768 });
  const withFixtures = panelRects({ ...DEFAULT_PANELS, fixtures: true, listening: true }, 1920, 1080);
  assert.deepEqual(withFixtures.fixtures, { x: 1440, y: 0, width: 480, height: 540 });
  assert.deepEqual(withFixtures.listening, { x: 1440, y: 540, width: 480, height: 540 });
  for (const panel of ['color', 'form', 'canvas', 'motion', 'chordset', 'triggerpads']) assert.deepEqual(withFixtures[panel], rects[panel], panel);
  // The outputs panel alone takes the column; with the fixtures it is the column's top part.
  assert.deepEqual(panelRects(only('outputs'), 1024, 768).outputs, { x: 704, y: 0, width: 320, height: 768 });
  const withOutputs = panelRects({ ...DEFAULT_PANELS, outputs: true, fixtures: true }, 1920, 1080);
  assert.deepEqual(withOutputs.outputs, { x: 1440, y: 0, width: 480, height: 540 });
  assert.deepEqual(withOutputs.fixtures, { x: 1440, y: 540, width: 480, height: 540 });
  for (const panel of ['color', 'form', 'canvas', 'motion', 'chordset', 'triggerpads']) assert.deepEqual(withOutputs[panel], rects[panel], panel);
  const five = panelRects(EVERYTHING, 1920, 1080);
  assert.deepEqual(SIDE_PANELS.map((panel) => five[panel].y), [0, 216, 432, 648, 864]);
  assert.ok(SIDE_PANELS.every((panel) => five[panel].height === 216 && five[panel].x === 1440));
  // A window narrower than the column is all column.
  assert.equal(panelRects(only('chordset', 'chordsetList'), 300, 600).chordsetList.width, 300);
});

test('minimums: a panel touching a side of the screen needs the edge controls\' clearance too', () => {
  // 72 px controls: 36 + 8 px at each side touched.
  assert.deepEqual(panelMinimum('chordset', { x: 0, y: 0, width: 1024, height: 128 }, 1024, 768), { width: PANEL_MINIMUMS.chordset.width + 88, height: 72 });
  assert.deepEqual(panelMinimum('chordset', { x: 0, y: 0, width: 704, height: 128 }, 1024, 768), { width: PANEL_MINIMUMS.chordset.width + 44, height: 72 });
  assert.deepEqual(panelMinimum('motion', { x: 300, y: 0, width: 300, height: 128 }, 1024, 768), PANEL_MINIMUMS.motion);
  assert.deepEqual(panelMinimum('canvas', { x: 0, y: 0, width: 10, height: 10 }, 1024, 768), { width: 0, height: 0 });
});

test('which panels scroll at the four sizes, in the layouts a performer uses', () => {
  const scrolling = (visible, width, height) => Object.entries(consoleLayout(visible, width, height).scrolls)
    .filter(([, scrolls]) => scrolls).map(([panel]) => panel).sort();
  const list = { ...DEFAULT_PANELS, chordsetList: true };
  const threeSide = { ...EVERYTHING, fixtures: false, outputs: false };
  const fourSide = { ...EVERYTHING, outputs: false };
  const withFixtures = { ...DEFAULT_PANELS, fixtures: true };
  const withOutputs = { ...DEFAULT_PANELS, outputs: true };
  // Nothing scrolls on the two larger screens with up to three side panels; four fit 1080 px, five do not.
  for (const [width, height] of [[1280, 800], [1920, 1080]]) {
    for (const visible of [DEFAULT_PANELS, list, withFixtures, withOutputs, threeSide]) assert.deepEqual(scrolling(visible, width, height), [], `${width}×${height}`);
  }
  assert.deepEqual(scrolling(fourSide, 1920, 1080), []);
  assert.deepEqual(scrolling(fourSide, 1280, 800), ['chordsetList', 'fixtures', 'listening', 'settings'], 'four side panels of 200 px');
  assert.deepEqual(scrolling(EVERYTHING, 1920, 1080), [...SIDE_PANELS].sort(), 'five side panels of 216 px');
  // 1024×768: the first-run layout fits; with the side column, form and motion (the outer thirds of 704 px) scroll.
  assert.deepEqual(scrolling(DEFAULT_PANELS, 1024, 768), []);
  assert.deepEqual(scrolling(list, 1024, 768), ['form', 'motion']);
  assert.deepEqual(scrolling(withFixtures, 1024, 768), ['form', 'motion']);
  assert.deepEqual(scrolling(withOutputs, 1024, 768), ['form', 'motion']);
  assert.deepEqual(scrolling(threeSide, 1024, 768), ['form', 'motion']);
  assert.deepEqual(scrolling(EVERYTHING, 1024, 768), ['form', 'motion', ...SIDE_PANELS].sort());
  // Portrait 768×1024: the thirds of 768 px are narrow; with the side column the area is 448 px and the
  // colour and chordset panels scroll sideways too. The pads and the side column fit.
  assert.deepEqual(scrolling(DEFAULT_PANELS, 768, 1024), ['form', 'motion']);
  assert.deepEqual(scrolling(fourSide, 768, 1024), ['chordset', 'color', 'form', 'motion']);
  assert.deepEqual(scrolling(EVERYTHING, 768, 1024), ['chordset', 'color', 'form', 'motion', ...SIDE_PANELS].sort());
});

/** How much two rectangles overlap (0 when they only touch). */
function overlap(a, b) {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 1e-6 && height > 1e-6 ? width * height : 0;
}

for (const [width, height] of SIZES) {
  test(`every combination of the eleven panels at ${width}×${height}: a tiling, inside the window, each panel its minimum or scrolling, the canvas 16:9`, () => {
    for (const visible of ALL_COMBINATIONS) {
      const shown = PANELS.filter((panel) => visible[panel]).join('+') || 'nothing';
      const { rects, scrolls, area } = consoleLayout(visible, width, height);
      assert.deepEqual(Object.keys(rects).sort(), PANELS.filter((panel) => visible[panel]).sort(), shown);
      const entries = Object.entries(rects);
      for (const [panel, rect] of entries) {
        const where = `${panel} in ${shown}: ${JSON.stringify(rect)}`;
        assert.ok(rect.width > 0 && rect.height > 0, where);
        assert.ok(rect.x >= -1e-9 && rect.y >= -1e-9 && rect.x + rect.width <= width + 1e-9 && rect.y + rect.height <= height + 1e-9, where);
        if (!SIDE_PANELS.includes(panel)) {
          assert.ok(rect.x >= area.x - 1e-9 && rect.x + rect.width <= area.x + area.width + 1e-9, `${where} leaves the area`);
        }
        const minimum = panelMinimum(panel, rect, width, height);
        const fits = rect.width >= minimum.width - 1e-9 && rect.height >= minimum.height - 1e-9;
        assert.equal(scrolls[panel], !fits, `${where}: scrolls ${scrolls[panel]}, minimum ${JSON.stringify(minimum)}`);
      }
      for (let i = 0; i < entries.length; i += 1) {
        for (let j = i + 1; j < entries.length; j += 1) {
          const [a, ra] = entries[i];
          const [b, rb] = entries[j];
          assert.equal(overlap(ra, rb), 0, `${a} and ${b} overlap in ${shown}: ${JSON.stringify(ra)} ${JSON.stringify(rb)}`);
        }
      }
      if (rects.canvas) {
        assert.ok(Math.abs(rects.canvas.width / rects.canvas.height - 16 / 9) < 1e-9, `canvas in ${shown}: ${JSON.stringify(rects.canvas)}`);
      }
    }
  });
}

test('the side column (but for more side panels than 240 px each fit), the pads and (on the larger screens) every panel but form and motion never scroll', () => {
  for (const [width, height] of SIZES) {
    for (const visible of ALL_COMBINATIONS) {
      const { scrolls } = consoleLayout(visible, width, height);
      const crowded = SIDE_PANELS.filter((panel) => visible[panel]).length * 240 > height;
      for (const panel of ['triggerpads', 'canvas']) assert.ok(!scrolls[panel], `${panel} at ${width}×${height}`);
      for (const panel of SIDE_PANELS) if (visible[panel]) assert.equal(scrolls[panel], crowded, `${panel} at ${width}×${height}`);
      if (width >= 1024 && height <= width) {
        for (const panel of ['color', 'chordset']) assert.ok(!scrolls[panel], `${panel} at ${width}×${height}`);
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
    'Form panel', 'Color panel', 'Motion panel', 'Outputs panel', 'Fixtures panel', 'Chordset list', 'Listening panel', 'Trigger pads', 'Preferences', 'Chordset panel',
    'Canvas panel',
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
  // The listening panel's three quarters of the way down the right edge, clear of the list's and the pads'.
  assert.deepEqual([byPanel.listening.x, byPanel.listening.y], [1920 - 36, 810 - 36]);
  // The fixtures panel's a quarter of the way down, between the motion panel's corner and the list's.
  assert.deepEqual([byPanel.fixtures.x, byPanel.fixtures.y], [1920 - 36, 270 - 36]);
  // The outputs panel's an eighth of the way down, between the motion panel's corner and the fixtures'.
  assert.deepEqual([byPanel.outputs.x, byPanel.outputs.y], [1920 - 36, 135 - 36]);
  for (const [width, height] of SIZES) {
    const right = edgeControls(width, height).filter((control) => control.x > width / 2 && control.y > 0);
    for (let i = 0; i < right.length; i += 1) {
      for (let j = i + 1; j < right.length; j += 1) {
        assert.ok(Math.abs(right[i].y - right[j].y) >= right[i].diameter, `${right[i].label} and ${right[j].label} at ${width}×${height}`);
      }
    }
  }
  // Every control shows at least a quarter of itself on screen.
  for (const control of controls) {
    const centre = { x: control.x + control.diameter / 2, y: control.y + control.diameter / 2 };
    assert.ok(centre.x >= 0 && centre.x <= 1920 && centre.y >= 0 && centre.y <= 1080 + control.diameter / 4, control.label);
  }
});

test('the library is asked to keep the whole map, but a hidden panel its own map does not name (a library older than it)', () => {
  const next = { ...DEFAULT_PANELS, form: false };
  assert.deepEqual(panelsToKeep(next, undefined), next, 'the library has not said: all of it');
  const older = Object.fromEntries(PANELS.filter((panel) => panel !== 'listening').map((panel) => [panel, DEFAULT_PANELS[panel]]));
  const { listening: _hidden, ...withoutListening } = next;
  assert.deepEqual(panelsToKeep(next, older), withoutListening);
  assert.deepEqual(panelsToKeep({ ...next, listening: true }, older), { ...next, listening: true }, 'shown, it is named');
  assert.deepEqual(panelsToKeep(next, { ...older, listening: true }), next, 'named by the library, it is always sent');
  // A library that names neither the listening panel nor the fixtures panel (its first-run map, as it is kept today).
  const oldest = Object.fromEntries(PANELS.filter((panel) => !['listening', 'fixtures'].includes(panel)).map((panel) => [panel, DEFAULT_PANELS[panel]]));
  assert.deepEqual(Object.keys(panelsToKeep(next, oldest)).sort(), Object.keys(oldest).sort());
  assert.equal(panelsToKeep({ ...next, fixtures: true }, oldest).fixtures, true, 'shown, it is named');
  assert.deepEqual(panelsToKeep({ color: 'yes', bogus: true }, null).color, false, 'only booleans that are true show');
  assert.equal(Object.hasOwn(panelsToKeep(next, null), 'bogus'), false);
});
