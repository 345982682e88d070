// The GLSL of the output pass: the slice's picture drawn through an output's mesh onto the window, with its
// edge feathers (blend-curve.js: light smoothstep(0, 1, t), the value written light^(1/gamma)), its mask
// (an even-odd polygon in window units, left black) and its brightness; and a flat colour, for Main's
// brightness. Colours leave premultiplied and opaque.

/** The most points a mask has (OUTPUT_LIMITS.maskMost). */
export const MASK_POINTS = 64;

/** A mesh vertex: its window position (0…1 from the top left) and its slice point as (U, V, Q). */
export const OUTPUT_VERTEX = `#version 300 es
layout(location = 0) in vec2 position;
layout(location = 1) in vec3 slicePoint;
out vec3 slice;
void main() {
  slice = slicePoint;
  gl_Position = vec4(position.x * 2.0 - 1.0, 1.0 - position.y * 2.0, 0.0, 1.0);
}`;

/**
 * The slice's picture at the fragment's slice point (U / Q, V / Q: perspective-correct for a corner-pin),
 * times its feathers' light to the power 1/gamma and the brightness; black inside the mask.
 */
export const OUTPUT_FRAGMENT = `#version 300 es
precision highp float;
uniform highp sampler2D picture;     // the slice, its top row at the texture's top (t = 1)
uniform vec4 feathers;               // left, right, top, bottom: fractions of the slice
uniform float inverseGamma;
uniform float brightness;
uniform vec2 bufferSize;
uniform int maskCount;
uniform vec2 mask[${MASK_POINTS}];   // window units, from the top left
in vec3 slice;
out vec4 fragColor;

float edge(float distance, float width) {
  return width > 0.0 ? smoothstep(0.0, 1.0, distance / width) : 1.0;
}

bool masked(vec2 p) {
  bool inside = false;
  for (int i = 0; i < ${MASK_POINTS}; i += 1) {
    if (i >= maskCount) break;
    vec2 a = mask[i], b = mask[i == 0 ? maskCount - 1 : i - 1];
    if ((a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

void main() {
  vec2 window = vec2(gl_FragCoord.x / bufferSize.x, 1.0 - gl_FragCoord.y / bufferSize.y);
  if (maskCount > 0 && masked(window)) {
    fragColor = vec4(0.0, 0.0, 0.0, 1.0);
    return;
  }
  vec2 uv = slice.xy / slice.z;
  vec3 colour = texture(picture, vec2(uv.x, 1.0 - uv.y)).rgb;
  float light = edge(uv.x, feathers.x) * edge(1.0 - uv.x, feathers.y) * edge(uv.y, feathers.z) * edge(1.0 - uv.y, feathers.w);
  fragColor = vec4(colour * (pow(max(light, 0.0), inverseGamma) * brightness), 1.0);
}`;

/** One colour everywhere (with the caller's blend: Main's brightness multiplies the picture by it). */
export const SOLID_COLOUR_FRAGMENT = `#version 300 es
precision highp float;
uniform vec4 colour;
out vec4 fragColor;
void main() {
  fragColor = colour;
}`;
