// The mesh an output is drawn through (Tests/fixtures/twin-rules/mesh.json), which the server's OutputMesh is
// held to as well (Tests/StageOutputsTests/MeshTwinRuleTests.swift): each vertex's window position and the slice
// point it shows, to 1e-6, and the same triangles.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { outputMesh } from '../../Sources/WebClient/Web/view/output-mesh.js';

const table = JSON.parse(readFileSync(new URL('../fixtures/twin-rules/mesh.json', import.meta.url), 'utf8'));

for (const item of table.cases) {
  test(`mesh: ${item.case}`, () => {
    const mesh = outputMesh(item.output);
    assert.deepEqual(Array.from(mesh.indices), item.triangles);
    assert.equal(mesh.positions.length / 2, item.vertices.length);
    item.vertices.forEach(([x, y, u, v], i) => {
      const [tu, tv, tw] = mesh.texcoords.slice(i * 3, i * 3 + 3);
      const near = (a, b) => Math.abs(a - b) <= 1e-6;
      assert.ok(near(mesh.positions[i * 2], x) && near(mesh.positions[i * 2 + 1], y) && near(tu / tw, u) && near(tv / tw, v), `vertex ${i}`);
    });
  });
}
