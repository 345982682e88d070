// Edge blending and the corner-pin (Tests/fixtures/twin-rules/blend-and-pin.json), which the server's BlendCurve
// and Homography are held to as well (Tests/StageOutputsTests/BlendAndPinTwinRuleTests.swift): the same light
// and value at a slice point, and the same window point for a slice point, to 1e-12.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { featherLight, featherValue } from '../../Sources/WebClient/Web/view/blend-curve.js';
import { applyHomography, homographyFromCorners } from '../../Sources/WebClient/Web/view/homography.js';

const table = JSON.parse(readFileSync(new URL('../fixtures/twin-rules/blend-and-pin.json', import.meta.url), 'utf8'));
const near = (a, b) => Math.abs(a - b) <= 1e-12;

test('the feathers leave the light and write the value the table says', () => {
  assert.ok(table.blends.length >= 5);
  for (const { case: name, blend, point: [x, y], light, value } of table.blends) {
    assert.ok(near(featherLight({ x, y }, blend), light) && near(featherValue({ x, y }, blend), value), name);
  }
});

test('the pin takes each slice point where the table says', () => {
  assert.ok(table.pins.length >= 5);
  for (const { case: name, corners, point, window } of table.pins) {
    const [x, y] = applyHomography(homographyFromCorners(corners), point);
    assert.ok(near(x, window[0]) && near(y, window[1]), name);
  }
});
