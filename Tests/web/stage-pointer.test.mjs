// Where a pointer touches the stage: letterboxed on Main, back through the warp on a mapped output.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { stagePointAt } from '../../Sources/WebClient/Web/view/stage-pointer.js';
import { applyHomography, homographyFromCorners } from '../../Sources/WebClient/Web/view/homography.js';
import { outputMesh } from '../../Sources/WebClient/Web/view/output-mesh.js';
import { defaultOutput, validateOutput } from '../../Sources/WebClient/Web/shared/outputs.js';

const near = (actual, expected, tolerance = 1e-9) => {
  assert.ok(Math.abs(actual.x - expected.x) <= tolerance && Math.abs(actual.y - expected.y) <= tolerance, `${JSON.stringify(actual)} vs ${JSON.stringify(expected)}`);
};

test('on Main, the letterboxed stage as ever; off it, nothing unless clamped', () => {
  const main = defaultOutput('Main');
  near(stagePointAt(main, null, { x: 960, y: 600, width: 1920, height: 1200 }), { x: 0.5, y: 0.5 });
  assert.equal(stagePointAt(main, null, { x: 960, y: 10, width: 1920, height: 1200 }), null);
  near(stagePointAt(main, null, { x: 960, y: 10, width: 1920, height: 1200 }, true), { x: 0.5, y: 0 });
  assert.equal(stagePointAt(null, null, { x: 1, y: 1, width: 2, height: 2 }), null, 'a black canvas does not play');
});

test('on a corner-pinned slice, back through the homography to the slice, then to the stage', () => {
  const corners = [[0.1, 0.15], [0.85, 0.05], [0.95, 0.9], [0.2, 0.75]];
  const output = validateOutput({ name: 'Right', slice: { x: 0.4, y: 0, width: 0.6, height: 1 }, corners }).output;
  const mesh = outputMesh(output), [wx, wy] = applyHomography(homographyFromCorners(corners), [0.5, 0.25]);
  near(stagePointAt(output, mesh, { x: wx * 800, y: wy * 600, width: 800, height: 600 }), { x: 0.7, y: 0.25 });
  assert.equal(stagePointAt(output, mesh, { x: 10, y: 300, width: 800, height: 600 }), null, 'outside the quadrilateral');
  assert.equal(stagePointAt(output, mesh, { x: 0, y: 300, width: 800, height: 600 }, true).x, 0.4, 'clamped: the slice\'s left edge');
});

test('on a grid, through the mesh; outside it nothing at all', () => {
  const points = [[0.1, 0.1], [0.5, 0.1], [0.9, 0.1], [0.1, 0.5], [0.55, 0.45], [0.9, 0.5], [0.1, 0.9], [0.5, 0.9], [0.9, 0.9]];
  const output = validateOutput({ name: 'Dome', grid: { columns: 3, rows: 3, points } }).output;
  near(stagePointAt(output, outputMesh(output), { x: 0.55 * 100, y: 0.45 * 100, width: 100, height: 100 }), { x: 0.5, y: 0.5 }, 1e-6);
  assert.equal(stagePointAt(output, outputMesh(output), { x: 1, y: 1, width: 100, height: 100 }, true), null);
});
