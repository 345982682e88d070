// The canvas's GLSL programs and how they are built. Positions come in canvas units (canvas heights, y
// down) and reach clip space through `canvasToClip` (x and y scale, then x and y offset); colours leave
// every program premultiplied.

import { ANALYTIC_BASE, ANALYTIC_SLOTS } from './analytic-forms.js';
import { ATLAS_MAX_LAYERS } from './atlas.js';

/** The segments of the annulus a circle or ring is drawn as. */
export const ANNULUS_SEGMENTS = 20;
/**
 * The vertices of one instance: a strip round the annulus for a circle or ring; a square for the others,
 * whose vertices past the fourth fall on the fourth (degenerate triangles, dropped at once).
 */
export const INSTANCE_VERTICES = 2 * (ANNULUS_SEGMENTS + 1);

/**
 * Places instances, one strip each, its vertices from gl_VertexID. A form from the atlas gets a rectangle
 * round what its picture covers (`boxes`, by atlas layer), with a margin for filtering; a circle or ring (an atlas layer from ANALYTIC_BASE on, its
 * bands of radii in `bands`) an annulus hugging its bands, a pixel wider on each side for the antialiasing.
 */
export const INSTANCE_VERTEX = `#version 300 es
layout(location = 0) in vec2 translation;  // canvas heights
layout(location = 1) in vec2 scale;        // 1/8192 canvas height, negative when mirrored
layout(location = 2) in float rotation;    // 1/65536 turn
layout(location = 3) in vec4 color;        // red, green, blue, opacity
layout(location = 4) in float atlasLayer;  // from ${ANALYTIC_BASE}: an analytic shape's slot in bands
uniform vec4 canvasToClip;
uniform float extent;                      // half the side of what an atlas layer shows, in form units
uniform float pixelsPerUnit;               // pixels a canvas height
uniform vec4 bands[${ANALYTIC_SLOTS}];
uniform vec4 boxes[${ATLAS_MAX_LAYERS}];     // min x, min y, max x, max y in form units
out vec2 atlasPoint;
out vec2 unitPoint;
flat out float layer;
flat out vec4 band;
flat out vec4 paint;
const int SEGMENTS = ${ANNULUS_SEGMENTS};
void main() {
  vec2 s = scale * (1.0 / 8192.0);
  // A pixel in the form's units, along its shorter axis.
  float pixel = 1.0 / (max(min(abs(s.x), abs(s.y)), 1e-6) * pixelsPerUnit);
  band = vec4(0.0);
  if (atlasLayer >= ${ANALYTIC_BASE}.0) {
    band = bands[int(atlasLayer) - ${ANALYTIC_BASE}];
    int segment = gl_VertexID >> 1;
    float angle = float(segment) * (6.283185307179586 / float(SEGMENTS));
    // Outer vertices on a polygon round the outer band's circle, inner ones inside the inner band's.
    float radius = (gl_VertexID & 1) == 0
      ? (max(band.y, band.w) + pixel) / cos(3.141592653589793 / float(SEGMENTS))
      : max(band.x - pixel, 0.0);
    unitPoint = radius * vec2(cos(angle), sin(angle));
  } else {
    int k = min(gl_VertexID, 3);
    vec2 corner = vec2(float(k & 1), float(k >> 1));
    // The mipmaps blur an edge over a pixel or two on screen, and over 0.02 of the form's size at most.
    vec4 box = boxes[int(atlasLayer)];
    float margin = max(0.02, 2.0 * pixel);
    unitPoint = clamp(mix(box.xy - margin, box.zw + margin, corner), -extent, extent);
  }
  float theta = rotation * (6.283185307179586 / 65536.0);
  float c = cos(theta), n = sin(theta);
  // x' = a x + c y + tx, y' = b x + d y + ty with a = sx cos, b = sx sin, c = -sy sin, d = sy cos.
  vec2 point = vec2(s.x * c * unitPoint.x - s.y * n * unitPoint.y, s.x * n * unitPoint.x + s.y * c * unitPoint.y) + translation;
  gl_Position = vec4(point * canvasToClip.xy + canvasToClip.zw, 0.0, 1.0);
  atlasPoint = unitPoint / (2.0 * extent) + 0.5;
  layer = atlasLayer;
  paint = vec4(color.rgb * color.a, color.a);
}`;

/**
 * The instance's colour times the form's coverage. A circle or ring's coverage is worked out from the
 * distance to its centre: each band edge ramps over one pixel across it (the distance's gradient gives a
 * pixel's size there, whatever the scale, mirroring or squash), as exact area coverage does. Other forms are
 * sampled from the atlas, the mipmap level biased half a level finer: edges then ramp over about one pixel
 * too, rather than two.
 */
export const INSTANCE_FRAGMENT = `#version 300 es
precision highp float;
uniform mediump sampler2DArray atlas;
in vec2 atlasPoint;
in vec2 unitPoint;
flat in float layer;
flat in vec4 band;
flat in vec4 paint;
out vec4 fragColor;
void main() {
  float coverage;
  // The branch is the same for every fragment of an instance (layer is flat), so each 2×2 block of them
  // takes the same way, and derivatives inside it are sound (textureGrad instead would be three times as
  // slow in SwiftShader).
  if (layer >= ${ANALYTIC_BASE}.0) {
    float r = length(unitPoint);
    float pixel = max(length(vec2(dFdx(r), dFdy(r))), 1e-7);
    vec4 edges = clamp((band - r) / pixel + 0.5, 0.0, 1.0);
    coverage = clamp(edges.y - edges.x + edges.w - edges.z, 0.0, 1.0);
  } else {
    coverage = texture(atlas, vec3(atlasPoint, layer), -0.5).r;
  }
  fragColor = paint * coverage;
}`;

/** Lit panes: a quad a pixel larger than the pane each, covered exactly (edges antialiased by area). */
export const PANE_VERTEX = `#version 300 es
layout(location = 0) in vec4 rect;   // x, y, width, height in 1/8192 canvas height
layout(location = 1) in vec4 color;
uniform vec4 canvasToPixels;         // scale x, scale y, offset x, offset y; pixels from the top left
uniform vec2 bufferSize;
flat out vec4 pixelRect;             // left, top, right, bottom in pixels
flat out vec4 paint;
void main() {
  vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
  vec4 r = rect * (1.0 / 8192.0);
  vec2 a = r.xy * canvasToPixels.xy + canvasToPixels.zw;
  vec2 b = (r.xy + r.zw) * canvasToPixels.xy + canvasToPixels.zw;
  pixelRect = vec4(min(a, b), max(a, b));
  vec2 pixel = mix(pixelRect.xy - 1.0, pixelRect.zw + 1.0, corner);
  gl_Position = vec4(pixel.x / bufferSize.x * 2.0 - 1.0, 1.0 - pixel.y / bufferSize.y * 2.0, 0.0, 1.0);
  paint = vec4(color.rgb * color.a, color.a);
}`;

/** The pane's colour times the share of the pixel it covers. */
export const PANE_FRAGMENT = `#version 300 es
precision highp float;
uniform vec2 bufferSize;
flat in vec4 pixelRect;
flat in vec4 paint;
out vec4 fragColor;
void main() {
  vec2 centre = vec2(gl_FragCoord.x, bufferSize.y - gl_FragCoord.y);
  vec2 cover = clamp(min(centre + 0.5, pixelRect.zw) - max(centre - 0.5, pixelRect.xy), 0.0, 1.0);
  fragColor = paint * cover.x * cover.y;
}`;

/** One triangle covering the viewport, for passes over whole pictures. */
export const FULL_VIEW_VERTEX = `#version 300 es
void main() {
  vec2 point = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  gl_Position = vec4(point * 2.0 - 1.0, 0.0, 1.0);
}`;

/** The most fades FADE_FRAGMENT applies in one pass. */
export const MAX_FADES_PER_PASS = 8;

/**
 * The trail layer faded as the rasterizer fades it, `count` times in turn: each byte times `scales[i]`/256,
 * rounded down each time — so one pass leaves exactly what `count` passes of one fade each would.
 */
export const FADE_FRAGMENT = `#version 300 es
precision highp float;
uniform highp sampler2D source;
uniform float scales[${MAX_FADES_PER_PASS}];
uniform int count;
out vec4 fragColor;
void main() {
  vec4 bytes = floor(texelFetch(source, ivec2(gl_FragCoord.xy), 0) * 255.0 + 0.5);
  for (int i = 0; i < ${MAX_FADES_PER_PASS}; i += 1) {
    if (i >= count) break;
    bytes = floor(bytes * scales[i] / 256.0);
  }
  fragColor = bytes / 255.0;
}`;

/** A picture of the same size copied pixel for pixel (blended by the caller's blend state). */
export const COPY_FRAGMENT = `#version 300 es
precision highp float;
uniform highp sampler2D source;
out vec4 fragColor;
void main() {
  fragColor = texelFetch(source, ivec2(gl_FragCoord.xy), 0);
}`;

/**
 * A picture of another size drawn over the viewport, filtered: `pixelToSource` maps a pixel's window
 * coordinates to the source's texture coordinates (x and y scale, then x and y offset).
 */
export const STRETCH_FRAGMENT = `#version 300 es
precision highp float;
uniform highp sampler2D source;
uniform vec4 pixelToSource;
out vec4 fragColor;
void main() {
  fragColor = texture(source, gl_FragCoord.xy * pixelToSource.xy + pixelToSource.zw);
}`;

/** A linked program with its uniform locations by name; throws with the compiler's log on failure. */
export function buildProgram(gl, vertexSource, fragmentSource, uniformNames = []) {
  const program = gl.createProgram();
  const shaders = [[gl.VERTEX_SHADER, vertexSource], [gl.FRAGMENT_SHADER, fragmentSource]].map(([type, source]) => {
    const shader = gl.createShader(type);
    gl.shaderSource(shader, source);
    gl.compileShader(shader);
    gl.attachShader(program, shader);
    return shader;
  });
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS) && !gl.isContextLost()) {
    const logs = shaders.map((shader) => gl.getShaderInfoLog(shader)).concat(gl.getProgramInfoLog(program));
    throw new Error(`a canvas shader did not build: ${logs.filter(Boolean).join(' ')}`);
  }
  for (const shader of shaders) gl.deleteShader(shader);
  const uniforms = {};
  for (const name of uniformNames) uniforms[name] = gl.getUniformLocation(program, name);
  return { program, uniforms };
}
