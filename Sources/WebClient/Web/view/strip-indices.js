// How many instances are drawn with one call and no instancing: software WebGL (SwiftShader) runs an
// instanced call as one draw for each instance, a fixed cost of 15 to 30 µs each whatever its size, so the
// renderer instead draws a run of instances as one list of triangles, each vertex numbered
// `slot << VERTEX_BITS | vertex` — the instance's place among the packed records and the vertex's place in
// its strip — and the vertex shader reads the instance from a texture (instance-store.js). Each strip is cut
// into its triangles as the GPU cuts a strip (Vulkan's order: odd triangles take their last two vertices
// the other way round), so the picture is the one instanced strips drew. No DOM or WebGL here.

/** The low bits of a vertex number that say which vertex of its instance's strip it is. */
export const VERTEX_BITS = 6;

/** The most vertices an instance's strip may have. */
export const MOST_STRIP_VERTICES = 1 << VERTEX_BITS;

/** The triangles of a strip of `vertices` vertices, three vertex positions each, in the GPU's order. */
export function stripTriangles(vertices) {
  if (!Number.isInteger(vertices) || vertices < 3 || vertices > MOST_STRIP_VERTICES) {
    throw new RangeError(`a strip of ${vertices} vertices; 3 to ${MOST_STRIP_VERTICES} can be drawn`);
  }
  const corners = [];
  for (let t = 0; t + 2 < vertices; t += 1) {
    if (t % 2 === 0) corners.push(t, t + 1, t + 2);
    else corners.push(t, t + 2, t + 1);
  }
  return corners;
}

/**
 * The vertex numbers of the strips of `vertices` vertices of instances 0 to `count` − 1, cut into
 * triangles: one index list from which any run of instances is drawn with one call (indexRange).
 */
export function instanceIndices(vertices, count) {
  const corners = stripTriangles(vertices), indices = new Uint32Array(count * corners.length);
  for (let slot = 0, at = 0; slot < count; slot += 1) {
    const base = slot << VERTEX_BITS;
    for (const corner of corners) indices[at++] = base + corner;
  }
  return indices;
}

/**
 * Where the `count` instances from `first` on lie in instanceIndices(vertices, …): `{ offset, count }`, the
 * byte offset of their first index (4 bytes each) and how many indices they take.
 */
export function indexRange(vertices, first, count) {
  const perInstance = 3 * (vertices - 2);
  return { offset: 4 * first * perInstance, count: count * perInstance };
}
