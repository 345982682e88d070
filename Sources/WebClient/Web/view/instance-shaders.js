// The GLSL programs that draw instances, one for each shape (analytic-forms.js): a form's picture from
// the atlas on a rectangle round it; a circle or ring as an annulus hugging its bands, its coverage worked
// out exactly; and a disc's inside, wholly covered, in one colour — a large disc's pixels are nearly all
// inside, and its coverage costs software WebGL about as much again as the rest of drawing a pixel does.
// Positions come in canvas units (canvas heights, y down) and reach clip space through `canvasToClip` (x
// and y scale, then x and y offset); colours leave every program premultiplied.

import { ANALYTIC_BASE, ANALYTIC_SLOTS, Shape } from './analytic-forms.js';
import { ATLAS_MAX_LAYERS } from './atlas.js';
import { INSTANCES_PER_ROW } from './instance-store.js';
import { MOST_STRIP_VERTICES, VERTEX_BITS } from './strip-indices.js';

/**
 * The vertices of one instance's strip for `shape` (a Shape, or 'discInside' for the polygon inside a
 * disc's rim), the polygons round circles and rings having `segments` sides.
 */
export function shapeVertices(shape, segments) {
  if (shape === Shape.picture || shape === Shape.discQuad) return 4;
  return shape === 'discInside' ? segments : 2 * (segments + 1);
}

/** The uniforms of the instance programs (each uses some). */
export const INSTANCE_UNIFORMS = Object.freeze([
  'instances', 'canvasToClip', 'extent', 'atlas', 'pixelsPerUnit', 'bands', 'boxes', 'segments',
]);

/**
 * What every instance program's vertex shader starts with: its instance read from the packed records'
 * texture (instance-store.js), found from the vertex number (strip-indices.js: the slot, then the vertex in
 * its strip, `vertex`), and placing it.
 */
const PLACING = `#version 300 es
uniform highp usampler2D instances;        // the records, 3 words a texel, 2 texels a record
uniform vec4 canvasToClip;
uniform float pixelsPerUnit;               // pixels a canvas height
vec2 translation;                          // canvas heights
vec2 scale;                                // 1/8192 canvas height, negative when mirrored
float rotation;                            // 1/65536 turn
vec4 color;                                // red, green, blue, opacity
float atlasLayer;                          // from ${ANALYTIC_BASE}: an analytic shape's slot in bands
int vertex;                                // the vertex's place in its instance's strip
flat out vec4 paint;
// A 16-bit field, sign extended.
float signed16(uint bits) { int v = int(bits & 0xFFFFu); return float(v - ((v & 0x8000) << 1)); }
// Reads the instance this vertex belongs to (a record as frames.js's InstanceField lays it out).
void fetchInstance() {
  int slot = gl_VertexID >> ${VERTEX_BITS};
  vertex = gl_VertexID & ${MOST_STRIP_VERTICES - 1};
  ivec2 at = ivec2((slot & ${INSTANCES_PER_ROW - 1}) << 1, slot >> ${Math.log2(INSTANCES_PER_ROW)});
  uvec3 a = texelFetch(instances, at, 0).xyz;
  uvec3 b = texelFetch(instances, at + ivec2(1, 0), 0).xyz;
  translation = uintBitsToFloat(a.xy);
  scale = vec2(signed16(a.z), signed16(a.z >> 16));
  rotation = float(b.x & 0xFFFFu);
  color = vec4(uvec4(b.x >> 16, b.x >> 24, b.y, b.y >> 8) & 0xFFu) / 255.0;
  atlasLayer = float(b.z >> 16);
}
vec2 formScale() { return scale * (1.0 / 8192.0); }
// A pixel in the form's units, along its shorter axis.
float formPixel() {
  vec2 s = formScale();
  return 1.0 / (max(min(abs(s.x), abs(s.y)), 1e-6) * pixelsPerUnit);
}
// Places the point at unitPoint (form units) and passes the instance's premultiplied colour on.
void place(vec2 unitPoint) {
  vec2 s = formScale();
  float theta = rotation * (6.283185307179586 / 65536.0);
  float c = cos(theta), n = sin(theta);
  // x' = a x + c y + tx, y' = b x + d y + ty with a = sx cos, b = sx sin, c = -sy sin, d = sy cos.
  vec2 point = vec2(s.x * c * unitPoint.x - s.y * n * unitPoint.y, s.x * n * unitPoint.x + s.y * c * unitPoint.y) + translation;
  gl_Position = vec4(point * canvasToClip.xy + canvasToClip.zw, 0.0, 1.0);
  paint = vec4(color.rgb * color.a, color.a);
}
`;

/**
 * What the vertex shaders of circles and rings add: their bands of radii (`bands`, by slot) and the corners
 * of the polygons round them. A disc's rim and the polygon inside it share their corners to the bit (the
 * same code, `invariant`), so that no pixel between them is drawn twice or missed.
 */
const ROUND = `${PLACING}invariant gl_Position;
uniform vec4 bands[${ANALYTIC_SLOTS}];
uniform int segments;                      // the sides of the polygons round circles and rings
vec4 shapeBands() { return bands[int(atlasLayer) - ${ANALYTIC_BASE}]; }
// Corner k of the polygon with its corners on the circle of this radius (corner segments is corner 0).
vec2 corner(float radius, int k) {
  float angle = float(k == segments ? 0 : k) * (6.283185307179586 / float(segments));
  return radius * vec2(cos(angle), sin(angle));
}
// Where the polygon inside a disc's rim has its corners: a pixel inside its edge.
float insideRadius(vec4 band, float pixel) { return max(band.y - pixel, 0.0); }
`;

/**
 * A circle or ring as a strip round its annulus, by the vertex's place in it: outer vertices on a polygon
 * round the outer band's circle, inner ones inside the inner band's, a pixel wider on each side for the
 * antialiasing — or, for a disc, a pixel inside its edge (the polygon there is drawn by DISC_INSIDE_VERTEX).
 */
export const ANNULUS_VERTEX = `${ROUND}out vec2 unitPoint;
flat out vec4 band;
void main() {
  fetchInstance();
  band = shapeBands();
  float pixel = formPixel();
  bool disc = band.x < 0.0 && band.z == 0.0 && band.w == 0.0;
  float radius = (vertex & 1) == 0
    ? (max(band.y, band.w) + pixel) / cos(3.141592653589793 / float(segments))
    : disc ? insideRadius(band, pixel) : max(band.x - pixel, 0.0);
  unitPoint = corner(radius, vertex >> 1);
  place(unitPoint);
}`;

/**
 * A disc on the square round it, a pixel wider on each side for the antialiasing, its coverage worked out
 * by ANNULUS_FRAGMENT: four vertices, where the polygons cost twenty or more, for a little more fill (a
 * square holds 4/π of its circle) on the coarse fill layer, where fill is cheap.
 */
export const DISC_QUAD_VERTEX = `${ROUND}out vec2 unitPoint;
flat out vec4 band;
void main() {
  fetchInstance();
  band = shapeBands();
  vec2 corner = vec2(float(vertex & 1), float(vertex >> 1)) * 2.0 - 1.0;
  unitPoint = (band.y + formPixel()) * corner;
  place(unitPoint);
}`;

/**
 * A circle or ring's coverage, from the distance to its centre: each band edge ramps over one pixel across
 * it (the distance's gradient gives a pixel's size there, whatever the scale, mirroring or squash), as
 * exact area coverage does.
 */
export const ANNULUS_FRAGMENT = `#version 300 es
precision highp float;
in vec2 unitPoint;
flat in vec4 band;
flat in vec4 paint;
out vec4 fragColor;
void main() {
  float r = length(unitPoint);
  float pixel = max(length(vec2(dFdx(r), dFdy(r))), 1e-7);
  vec4 edges = clamp((band - r) / pixel + 0.5, 0.0, 1.0);
  fragColor = paint * clamp(edges.y - edges.x + edges.w - edges.z, 0.0, 1.0);
}`;

/**
 * The polygon inside a disc's rim, as a strip zigzagging across it (corners 0, 1, n−1, 2, n−2, …): every
 * pixel in it lies a pixel or more inside the edge, wholly covered.
 */
export const DISC_INSIDE_VERTEX = `${ROUND}void main() {
  fetchInstance();
  int k = (vertex & 1) == 1 ? (vertex + 1) >> 1 : segments - (vertex >> 1);
  place(corner(insideRadius(shapeBands(), formPixel()), k));
}`;

/** The instance's colour, all of it. */
export const SOLID_FRAGMENT = `#version 300 es
precision highp float;
flat in vec4 paint;
out vec4 fragColor;
void main() {
  fragColor = paint;
}`;

/**
 * A form from the atlas on a rectangle round what its picture covers (`boxes`, by atlas layer), with a
 * margin for filtering.
 */
export const PICTURE_VERTEX = `${PLACING}uniform float extent;  // half the side of what an atlas layer shows, in form units
uniform vec4 boxes[${ATLAS_MAX_LAYERS}];     // min x, min y, max x, max y in form units
out vec2 atlasPoint;
flat out float layer;
void main() {
  fetchInstance();
  vec2 corner = vec2(float(vertex & 1), float(vertex >> 1));
  // The mipmaps blur an edge over a pixel or two on screen, and over 0.02 of the form's size at most.
  vec4 box = boxes[int(atlasLayer)];
  float margin = max(0.02, 2.0 * formPixel());
  vec2 unitPoint = clamp(mix(box.xy - margin, box.zw + margin, corner), -extent, extent);
  atlasPoint = unitPoint / (2.0 * extent) + 0.5;
  layer = atlasLayer;
  place(unitPoint);
}`;

/**
 * The instance's colour times the form's coverage, sampled from the atlas, the mipmap level biased half a
 * level finer: edges then ramp over about one pixel, rather than two.
 */
export const PICTURE_FRAGMENT = `#version 300 es
precision highp float;
uniform mediump sampler2DArray atlas;
in vec2 atlasPoint;
flat in float layer;
flat in vec4 paint;
out vec4 fragColor;
void main() {
  fragColor = paint * texture(atlas, vec3(atlasPoint, layer), -0.5).r;
}`;
