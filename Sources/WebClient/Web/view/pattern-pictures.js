// Pictures the view draws instead of, or over, the stage: the test patterns ("white": the slice flat white;
// "grid": lines every tenth, corners numbered, the output's name large — laid out by test-pattern.js,
// drawn with a 2D canvas and kept as a texture until its size or name changes) and the Identify label (the
// output's name large over the picture). Also a flat multiply, for Main's brightness. Boxes are in GL window
// coordinates (y up) of the framebuffer bound.

import { fittedFontSize, gridPatternLayout, nameBox } from './test-pattern.js';
import { FULL_VIEW_VERTEX, STRETCH_FRAGMENT, buildProgram } from './shaders.js';
import { SOLID_COLOUR_FRAGMENT } from './output-shaders.js';

const FONT = 'system-ui, "Helvetica Neue", Arial, sans-serif';

/** A 2D canvas `width × height` (an OffscreenCanvas where the browser has one) and its context. */
function canvas2d(width, height) {
  const canvas = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(width, height) : Object.assign(document.createElement('canvas'), { width, height });
  return { canvas, context: canvas.getContext('2d') };
}

/** The font size (pixels) at which `box.text` (nameBox) fills its box. */
function nameSize(context, box) {
  context.font = `bold 100px ${FONT}`;
  return fittedFontSize(context.measureText(box.text).width, 100, box);
}

/** Writes `box.text` (nameBox) `size` pixels tall, centred, in the context's fill style. */
function writeName(context, box, size = nameSize(context, box)) {
  context.font = `bold ${size}px ${FONT}`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(box.text, box.x, box.y);
}

/** The grid test pattern for the output `name` on a picture `width × height`: white on black. */
export function drawGridPattern(width, height, name) {
  const { canvas, context } = canvas2d(width, height), layout = gridPatternLayout(width, height, name);
  context.fillStyle = '#000';
  context.fillRect(0, 0, width, height);
  context.strokeStyle = '#fff';
  context.lineWidth = layout.lineWidth;
  context.beginPath();
  for (const { x0, y0, x1, y1 } of layout.lines) {
    context.moveTo(x0, y0);
    context.lineTo(x1, y1);
  }
  context.stroke();
  context.fillStyle = '#fff';
  context.font = `bold ${layout.numberSize}px ${FONT}`;
  for (const { text, x, y, align, baseline } of layout.corners) {
    context.textAlign = align;
    context.textBaseline = baseline;
    context.fillText(text, x, y);
  }
  writeName(context, layout.name);
  return canvas;
}

/** The Identify label: the output's `name` large, white on a dark band, over a clear picture `width × height`. */
export function drawIdentifyLabel(width, height, name) {
  const { canvas, context } = canvas2d(width, height), box = nameBox(width, height, name);
  const size = nameSize(context, box), band = size * 1.6;
  context.fillStyle = 'rgba(0, 0, 0, 0.75)';
  context.fillRect(0, box.y - band / 2, width, band);
  context.fillStyle = '#fff';
  writeName(context, box, size);
  return canvas;
}

/** The view's test patterns, Identify label and flat passes for one WebGL2 context. */
export class PatternPictures {
  constructor(gl) {
    this.gl = gl;
    this.stretch = buildProgram(gl, FULL_VIEW_VERTEX, STRETCH_FRAGMENT, ['source', 'pixelToSource']);
    this.solid = buildProgram(gl, FULL_VIEW_VERTEX, SOLID_COLOUR_FRAGMENT, ['colour']);
    this.emptyArray = gl.createVertexArray();
    /** The textures made last, by what they show: `{ key, texture }`. */
    this.made = { pattern: { key: null, texture: null }, label: { key: null, texture: null } };
  }

  /** Draws the test pattern `kind` ("grid" or "white") of the output `name` over `box`. */
  drawPattern(kind, name, box) {
    if (kind === 'white') {
      this.fill(box, [1, 1, 1, 1]);
      return;
    }
    const texture = this.texture('pattern', `${name}\n${box.width}×${box.height}`, () => drawGridPattern(box.width, box.height, name));
    this.drawTexture(texture, box, false);
  }

  /** Draws the Identify label of the output `name` over `box`, blended over what is there. */
  drawLabel(name, box) {
    const texture = this.texture('label', `${name}\n${box.width}×${box.height}`, () => drawIdentifyLabel(box.width, box.height, name));
    this.drawTexture(texture, box, true);
  }

  /** Multiplies what lies in `box` by `factor` (0…1). */
  dim(factor, box) {
    const gl = this.gl;
    this.useBox(box);
    gl.enable(gl.BLEND);
    gl.blendFunc(gl.ZERO, gl.SRC_COLOR);
    gl.useProgram(this.solid.program);
    gl.uniform4f(this.solid.uniforms.colour, factor, factor, factor, 1);
    gl.bindVertexArray(this.emptyArray);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
    this.done();
  }

  /** Makes `box` the colour `[r, g, b, a]` (premultiplied). */
  fill(box, [r, g, b, a]) {
    const gl = this.gl;
    this.useBox(box);
    gl.clearColor(r, g, b, a);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.disable(gl.SCISSOR_TEST);
  }

  /** Frees every GPU resource. */
  dispose() {
    const gl = this.gl;
    for (const made of Object.values(this.made)) if (made.texture) gl.deleteTexture(made.texture);
    gl.deleteProgram(this.stretch.program);
    gl.deleteProgram(this.solid.program);
    gl.deleteVertexArray(this.emptyArray);
  }

  /** The texture of the kind `which` showing `key`, drawn by `draw()` (a canvas) unless it is the one made last. */
  texture(which, key, draw) {
    const gl = this.gl, made = this.made[which];
    if (made.key === key) return made.texture;
    if (made.texture) gl.deleteTexture(made.texture);
    made.key = key;
    made.texture = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, made.texture);
    gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, true);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, true);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, draw());
    gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
    for (const [name, value] of [[gl.TEXTURE_MIN_FILTER, gl.LINEAR], [gl.TEXTURE_MAG_FILTER, gl.LINEAR], [gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE], [gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE]]) {
      gl.texParameteri(gl.TEXTURE_2D, name, value);
    }
    gl.bindTexture(gl.TEXTURE_2D, null);
    return made.texture;
  }

  /** Draws `texture` over `box`, stretched to it; `blended`: over what is there (premultiplied), else instead. */
  drawTexture(texture, box, blended) {
    const gl = this.gl, { uniforms } = this.stretch;
    this.useBox(box);
    if (blended) {
      gl.enable(gl.BLEND);
      gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
    } else {
      gl.disable(gl.BLEND);
    }
    gl.useProgram(this.stretch.program);
    gl.activeTexture(gl.TEXTURE1);
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.uniform1i(uniforms.source, 1);
    gl.uniform4f(uniforms.pixelToSource, 1 / box.width, 1 / box.height, -box.x / box.width, -box.y / box.height);
    gl.bindVertexArray(this.emptyArray);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
    gl.bindTexture(gl.TEXTURE_2D, null);
    this.done();
  }

  useBox(box) {
    const gl = this.gl;
    gl.viewport(box.x, box.y, box.width, box.height);
    gl.enable(gl.SCISSOR_TEST);
    gl.scissor(box.x, box.y, box.width, box.height);
  }

  done() {
    const gl = this.gl;
    gl.disable(gl.BLEND);
    gl.disable(gl.SCISSOR_TEST);
    gl.bindVertexArray(null);
  }
}
