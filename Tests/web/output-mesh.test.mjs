// The meshes an output is drawn through: a corner-pin's two triangles with homogeneous texture coordinates
// (interpolated as the GPU does, they give the homography's own points — no seam on the diagonal), and a
// grid's Catmull-Rom surface (through every grid point, smooth across the lines, flat grids flat).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  GRID_CELL_STEPS, catmullRom, cornerMesh, gridMesh, gridSurfacePoint, meshSliceAt, outputMesh, sliceAtWindow,
} from '../../Sources/WebClient/Web/view/output-mesh.js';
import { applyHomography, homographyFromCorners } from '../../Sources/WebClient/Web/view/homography.js';
import { validateOutput } from '../../Sources/WebClient/Web/shared/outputs.js';
import { random } from './seeded-random.mjs';

const PINNED = [[0.1, 0.15], [0.85, 0.05], [0.95, 0.9], [0.2, 0.75]];

function near(actual, expected, tolerance, what = '') {
  actual.forEach((value, i) => assert.ok(Math.abs(value - expected[i]) <= tolerance, `${what} ${actual} vs ${expected}`));
}

/** A regular grid of `columns × rows` over `[x0, x1] × [y0, y1]`, each point moved by `bend(i, j)`. */
function grid(columns, rows, [x0, y0, x1, y1], bend = () => [0, 0]) {
  const points = [];
  for (let j = 0; j < rows; j += 1) {
    for (let i = 0; i < columns; i += 1) {
      const [dx, dy] = bend(i, j);
      points.push([x0 + ((x1 - x0) * i) / (columns - 1) + dx, y0 + ((y1 - y0) * j) / (rows - 1) + dy]);
    }
  }
  return { columns, rows, points };
}

test('a corner-pin is two triangles whose texture coordinates give the homography exactly', () => {
  const mesh = cornerMesh(PINNED), forward = homographyFromCorners(PINNED);
  assert.deepEqual([...mesh.indices], [0, 1, 2, 0, 2, 3]);
  assert.deepEqual([...mesh.positions], PINNED.flat().map(Math.fround));
  const next = random(3);
  for (let n = 0; n < 500; n += 1) {
    const point = [next(), next()];
    // Interpolated linearly over either triangle (as the GPU does) and divided: the homography's inverse.
    near(meshSliceAt(mesh, applyHomography(forward, point)), point, 1e-5, 'slice point');
  }
  assert.equal(meshSliceAt(mesh, [0.02, 0.02]), null, 'outside the quadrilateral');
});

test('the Catmull-Rom spline passes through its points and is straight on straight points', () => {
  assert.equal(catmullRom(0, 1, 5, 2, 0), 1);
  assert.equal(catmullRom(0, 1, 5, 2, 1), 5);
  for (const s of [0.1, 0.5, 0.9]) assert.ok(Math.abs(catmullRom(0, 1, 2, 3, s) - (1 + s)) < 1e-15);
});

test('a flat grid is the plain stretch of the slice onto its rectangle', () => {
  const flat = grid(5, 4, [0.1, 0.2, 0.9, 0.8]), mesh = gridMesh(flat);
  const across = 4 * GRID_CELL_STEPS + 1, down = 3 * GRID_CELL_STEPS + 1;
  assert.equal(mesh.positions.length, across * down * 2);
  assert.equal(mesh.indices.length, (across - 1) * (down - 1) * 6);
  for (let n = 0; n < across * down; n += 1) {
    const [u, v] = [mesh.texcoords[n * 3], mesh.texcoords[n * 3 + 1]];
    near([mesh.positions[n * 2], mesh.positions[n * 2 + 1]], [0.1 + 0.8 * u, 0.2 + 0.6 * v], 1e-6, `vertex ${n}`);
  }
  near(meshSliceAt(mesh, [0.5, 0.5]), [0.5, 0.5], 1e-6);
});

test('a bent grid: the surface passes through every grid point, and has no kink at a grid line', () => {
  const bent = grid(4, 3, [0.1, 0.1, 0.9, 0.9], (i, j) => [0.03 * Math.sin(i + j), 0.05 * Math.cos(2 * i - j)]);
  for (let j = 0; j < 3; j += 1) {
    for (let i = 0; i < 4; i += 1) {
      const cell = [Math.min(i, 2), Math.min(j, 1)], at = [i - cell[0], j - cell[1]];
      near(gridSurfacePoint(bent, cell[0], cell[1], at[0], at[1]), bent.points[j * 4 + i], 1e-12, `point ${i},${j}`);
    }
  }
  // The slope along a row just left and just right of the line between cells 0 and 1 agrees (C1 continuity).
  const h = 1e-6, slope = (i, s) => {
    const [a, b] = [gridSurfacePoint(bent, i, 0, s - h, 0.4), gridSurfacePoint(bent, i, 0, s + h, 0.4)];
    return [(b[0] - a[0]) / (2 * h), (b[1] - a[1]) / (2 * h)];
  };
  near(slope(0, 1 - h), slope(1, h), 1e-4, 'slope across the line');
  const mesh = gridMesh(bent);
  // The mesh's vertex at a grid point shows that point of the slice.
  const across = 3 * GRID_CELL_STEPS + 1, n = GRID_CELL_STEPS * across + 2 * GRID_CELL_STEPS;  // column 2, row 1
  near([mesh.positions[n * 2], mesh.positions[n * 2 + 1]], bent.points[6], 1e-6);
  near([mesh.texcoords[n * 3], mesh.texcoords[n * 3 + 1]], [2 / 3, 1 / 2], 1e-6);
});

test('an output takes its grid mesh when it has a grid, and window points map back to slice points', () => {
  const bent = grid(3, 3, [0.1, 0.1, 0.9, 0.9], (i, j) => (i === 1 && j === 1 ? [0.05, -0.04] : [0, 0]));
  const withGrid = validateOutput({ name: 'Dome', grid: bent }).output, mesh = outputMesh(withGrid);
  assert.equal(mesh.indices.length, 4 * GRID_CELL_STEPS * GRID_CELL_STEPS * 6);
  near(sliceAtWindow(withGrid, mesh, bent.points[4]), [0.5, 0.5], 1e-6, 'the middle point shows the middle of the slice');
  assert.equal(sliceAtWindow(withGrid, mesh, [0.02, 0.5]), null);
  const pinned = validateOutput({ name: 'Left', corners: PINNED }).output;
  near(sliceAtWindow(pinned, outputMesh(pinned), PINNED[2]), [1, 1], 1e-12);
  const outside = sliceAtWindow(pinned, outputMesh(pinned), [0.02, 0.5]);
  assert.ok(outside[0] < 0, 'with corners only, points outside map beyond the slice');
});

test('the largest grid fits 16-bit vertex numbers', () => {
  const mesh = gridMesh(grid(17, 17, [0, 0, 1, 1]));
  assert.ok(mesh.positions.length / 2 <= 65536);
  assert.equal(Math.max(...mesh.indices), mesh.positions.length / 2 - 1);
});
