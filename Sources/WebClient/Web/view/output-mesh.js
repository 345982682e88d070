// The triangles an output's slice is drawn through onto its window. A mesh holds, per vertex, where it lies in
// the window (x, y: 0…1 from the top-left) and which point of the slice it shows, as homogeneous texture
// coordinates (U, V, Q: the slice point is (U / Q, V / Q), 0…1 from the slice's top-left); and the
// triangles, three vertex numbers each.
//
// With corners only, the mesh is the quadrilateral itself, two triangles, each corner's (U, V, Q) the inverse
// homography of its position: the inverse's numerators and denominator are affine in the window, so the
// GPU's linear interpolation of them is exact and the fragment's division gives the perspective-correct
// point — no seam along the diagonal. With a grid, the slice is drawn through a Catmull-Rom surface through
// the grid's points (smooth across the grid's lines, passing through every point), each cell cut into
// GRID_CELL_STEPS × GRID_CELL_STEPS quads of two triangles; its texture coordinates are affine (Q = 1).
// No DOM here.

import { applyHomogeneous, homographyFromCorners, invertHomography, sliceAtWindowPoint } from './homography.js';

/** How many steps each grid cell is cut into, each way. */
export const GRID_CELL_STEPS = 8;

/** The mesh of a corner-pin: the quadrilateral `corners` (TL, TR, BR, BL), two triangles. */
export function cornerMesh(corners) {
  const inverse = invertHomography(homographyFromCorners(corners));
  const positions = new Float32Array(8), texcoords = new Float32Array(12);
  corners.forEach(([x, y], i) => {
    positions.set([x, y], i * 2);
    texcoords.set(applyHomogeneous(inverse, [x, y]), i * 3);
  });
  return { positions, texcoords, indices: new Uint16Array([0, 1, 2, 0, 2, 3]) };
}

/** The Catmull-Rom spline through p1 (s = 0) and p2 (s = 1), p0 and p3 the neighbours either side. */
export function catmullRom(p0, p1, p2, p3, s) {
  const s2 = s * s, s3 = s2 * s;
  return 0.5 * (2 * p1 + (p2 - p0) * s + (2 * p0 - 5 * p1 + 4 * p2 - p3) * s2 + (3 * p1 - p0 - 3 * p2 + p3) * s3);
}

/**
 * The grid's point at column `i`, row `j` as `[x, y]`; one step beyond an edge, the point that continues the
 * edge's last segment in a straight line (2 P₀ − P₁), so the surface runs straight out of the outer points.
 */
function gridPoint(grid, i, j) {
  const { columns, rows, points } = grid;
  const beyond = (a, b) => [2 * a[0] - b[0], 2 * a[1] - b[1]];
  if (i < 0) return beyond(gridPoint(grid, 0, j), gridPoint(grid, 1, j));
  if (i > columns - 1) return beyond(gridPoint(grid, columns - 1, j), gridPoint(grid, columns - 2, j));
  if (j < 0) return beyond(gridPoint(grid, i, 0), gridPoint(grid, i, 1));
  if (j > rows - 1) return beyond(gridPoint(grid, i, rows - 1), gridPoint(grid, i, rows - 2));
  return points[j * columns + i];
}

/**
 * The window point `[x, y]` of the grid's surface in cell (`i`, `j`) (its top-left point at column i, row
 * j) at `s` across and `t` down the cell (0…1): bicubic Catmull-Rom over the cell's sixteen neighbours.
 */
export function gridSurfacePoint(grid, i, j, s, t) {
  const rows = [-1, 0, 1, 2].map((dj) => {
    const [a, b, c, d] = [-1, 0, 1, 2].map((di) => gridPoint(grid, i + di, j + dj));
    return [catmullRom(a[0], b[0], c[0], d[0], s), catmullRom(a[1], b[1], c[1], d[1], s)];
  });
  return [0, 1].map((axis) => catmullRom(rows[0][axis], rows[1][axis], rows[2][axis], rows[3][axis], t));
}

/** The mesh of a grid warp (`{ columns, rows, points }`): its surface in cells of `steps × steps` quads. */
export function gridMesh(grid, steps = GRID_CELL_STEPS) {
  const across = (grid.columns - 1) * steps + 1, down = (grid.rows - 1) * steps + 1;
  const positions = new Float32Array(across * down * 2), texcoords = new Float32Array(across * down * 3);
  for (let J = 0; J < down; J += 1) {
    const j = Math.min(Math.floor(J / steps), grid.rows - 2), t = J / steps - j;
    for (let I = 0; I < across; I += 1) {
      const i = Math.min(Math.floor(I / steps), grid.columns - 2), s = I / steps - i, n = J * across + I;
      positions.set(gridSurfacePoint(grid, i, j, s, t), n * 2);
      texcoords.set([I / (across - 1), J / (down - 1), 1], n * 3);
    }
  }
  const indices = new Uint16Array((across - 1) * (down - 1) * 6);
  let k = 0;
  for (let J = 0; J < down - 1; J += 1) {
    for (let I = 0; I < across - 1; I += 1) {
      const a = J * across + I, b = a + 1, c = a + across + 1, d = a + across;
      indices.set([a, b, c, a, c, d], k);
      k += 6;
    }
  }
  return { positions, texcoords, indices };
}

/** The mesh an output (as validateOutput gives it) is drawn through: its grid's, else its corners'. */
export function outputMesh(output) {
  return output.grid ? gridMesh(output.grid) : cornerMesh(output.corners);
}

/**
 * The slice point `[u, v]` the mesh shows at the window point `[x, y]`, or null where no triangle covers
 * it: the covering triangle's texture coordinates interpolated as the GPU does (linearly, then divided).
 */
export function meshSliceAt(mesh, [x, y]) {
  const { positions: p, texcoords: q, indices } = mesh;
  for (let k = 0; k < indices.length; k += 3) {
    const [a, b, c] = [indices[k], indices[k + 1], indices[k + 2]];
    const ax = p[a * 2], ay = p[a * 2 + 1], bx = p[b * 2], by = p[b * 2 + 1], cx = p[c * 2], cy = p[c * 2 + 1];
    const area = (bx - ax) * (cy - ay) - (cx - ax) * (by - ay);
    if (area === 0) continue;
    const wb = ((x - ax) * (cy - ay) - (cx - ax) * (y - ay)) / area;
    const wc = ((bx - ax) * (y - ay) - (x - ax) * (by - ay)) / area, wa = 1 - wb - wc;
    const slack = -1e-9;
    if (wa < slack || wb < slack || wc < slack) continue;
    const mix = (o) => wa * q[a * 3 + o] + wb * q[b * 3 + o] + wc * q[c * 3 + o];
    const Q = mix(2);
    return [mix(0) / Q, mix(1) / Q];
  }
  return null;
}

/**
 * The slice point `[u, v]` an output shows at the window point `[x, y]`: through the inverse homography with
 * corners only (points outside the quadrilateral give u or v outside 0…1), through the mesh with a grid
 * (`mesh`, as outputMesh made it; null outside it). Null where no point of the slice lands.
 */
export function sliceAtWindow(output, mesh, point) {
  return output.grid ? meshSliceAt(mesh, point) : sliceAtWindowPoint(output.corners, point);
}
