// The canvas's GLSL programs for lit panes and for passes over whole pictures, and how a program is built
// (the instances' programs are instance-shaders.js). Colours leave every program premultiplied.

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
