// Where a test pattern's lines, corner numbers and name go.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { PATTERN_DIVISIONS, fittedFontSize, gridPatternLayout, nameBox, patternLineWidth } from '../../Sources/WebClient/Web/view/test-pattern.js';

test('lines every tenth of the slice each way, the outer ones inside the picture', () => {
  const layout = gridPatternLayout(1000, 500, 'Left');
  assert.equal(layout.lines.length, 2 * (PATTERN_DIVISIONS + 1));
  const verticals = layout.lines.filter((line) => line.x0 === line.x1).map((line) => line.x0);
  const half = layout.lineWidth / 2;
  assert.deepEqual(verticals, [half, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000 - half]);
  const horizontals = layout.lines.filter((line) => line.y0 === line.y1).map((line) => line.y0);
  assert.deepEqual(horizontals.slice(1, 3), [50, 100]);
  assert.equal(patternLineWidth(100), 1);
  assert.equal(patternLineWidth(1080), 3);
});

test('the corners are numbered 1 to 4 clockwise from the top-left, set in from their corners', () => {
  const { corners, numberSize } = gridPatternLayout(800, 600, 'Left');
  assert.deepEqual(corners.map((c) => c.text), ['1', '2', '3', '4']);
  assert.ok(corners[0].x < 400 && corners[0].y < 300);
  assert.ok(corners[1].x > 400 && corners[1].y < 300 && corners[1].align === 'right');
  assert.ok(corners[2].x > 400 && corners[2].y > 300 && corners[2].baseline === 'bottom');
  assert.ok(corners[3].x < 400 && corners[3].y > 300);
  assert.equal(numberSize, 75);
});

test('the name is centred and as large as its box allows', () => {
  const box = nameBox(1000, 500, 'Left');
  assert.deepEqual(box, { text: 'Left', x: 500, y: 250, maxWidth: 800, maxHeight: 150 });
  assert.equal(fittedFontSize(100, 100, box), 150, 'a short name: as tall as the box');
  assert.equal(fittedFontSize(1600, 100, box), 50, 'a long one: as wide as the box');
  assert.equal(fittedFontSize(0, 100, box), 150);
});
