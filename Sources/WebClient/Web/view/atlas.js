// The pictures instances are drawn from: each form, filled or at each stroke width it is used with, drawn
// once with a 2D canvas into a layer of a WebGL2 texture array (coverage in the red channel, mipmapped).

import { AtlasSlots } from './atlas-slots.js';
import { halve, redChannel } from './coverage-levels.js';
import { formBounds } from './form-bounds.js';
import { STROKE_UNIT } from '../shared/frames.js';

/** How far beyond the unit square a layer reaches on each side (strokes reach up to 0.25 beyond it). */
export const ATLAS_PADDING = 0.3;
/** Half the side of the square a layer shows, in the form's units: the unit square's half plus padding. */
export const ATLAS_EXTENT = 0.5 + ATLAS_PADDING;
/**
 * How long a frame may spend drawing new pictures, in milliseconds (at least one is drawn per frame); past
 * that an instance borrows the picture of its form's nearest stroke width until a later frame draws its own
 * (a form with no picture at all is drawn at once all the same).
 */
export const PICTURE_TIME_PER_FRAME = 6;

/** The most layers an atlas has (of 1024 pixels; 32 of 2048). */
export const ATLAS_MAX_LAYERS = 64;

/** The layer side for a drawing buffer `bufferHeight` pixels tall: finer pictures on taller screens. */
export function atlasLayerSize(bufferHeight) {
  return bufferHeight > 1440 ? 2048 : 1024;
}

/** A WebGL2 TEXTURE_2D_ARRAY of form pictures, drawn on demand and reused least-recently-used first. */
export class FormAtlas {
  /** An atlas of `layerSize`-pixel layers drawn from `forms` (a FormTable). */
  constructor(gl, forms, { layerSize = 1024, maxLayers = layerSize > 1024 ? 32 : ATLAS_MAX_LAYERS, initialLayers = 8 } = {}) {
    this.gl = gl;
    this.forms = forms;
    this.layerSize = layerSize;
    this.levels = Math.log2(layerSize) + 1;
    this.slots = new AtlasSlots({ capacity: initialLayers, maxCapacity: Math.min(maxLayers, ATLAS_MAX_LAYERS) });
    /**
     * What each layer's picture covers, `[minX, minY, maxX, maxY]` in the form's units, four numbers a layer
     * (the shader's `boxes`); and whether they changed since the shader was last given them.
     */
    this.boxes = new Float32Array(4 * ATLAS_MAX_LAYERS);
    this.boxesChanged = true;
    this.texture = this.createTexture(this.slots.capacity);
    this.textureLayers = this.slots.capacity;
    this.frameStart = 0;
    this.paintedThisFrame = 0;
    this.painter = this.createPainter();
    this.levelBytes = this.createLevelBytes();
    this.anisotropy = gl.getExtension('EXT_texture_filter_anisotropic');
    this.applyAnisotropy();
  }

  /** Starts preparing a frame: resets the drawing budget and protects the layers this frame uses. */
  beginFrame() {
    this.slots.beginFrame();
    this.frameStart = performance.now();
    this.paintedThisFrame = 0;
  }

  /** Whether another new picture may be drawn in this frame. */
  mayPaint() {
    return this.paintedThisFrame === 0 || performance.now() - this.frameStart < PICTURE_TIME_PER_FRAME;
  }

  /**
   * The layer to draw form `form` from, filled (`strokeByte` 0) or stroked at `strokeByte`/512 of its size;
   * −1 when it cannot be drawn (no geometry yet, or a stroke-only form asked to be filled).
   */
  layerFor(form, strokeByte) {
    const entry = this.forms.get(form);
    if (!entry || (entry.strokeOnly && strokeByte === 0)) return -1;
    const found = this.slots.find(form, strokeByte, entry.generation);
    if (found >= 0) return found;
    // Past the frame's time for pictures, a stand-in will do; but a form with none is drawn at once.
    const standIn = this.mayPaint() ? -1 : this.slots.nearest(form, strokeByte, entry.generation);
    if (standIn >= 0) return standIn;
    const claimed = this.slots.claim(form, strokeByte, entry.generation);
    if (!claimed) return this.slots.nearest(form, strokeByte, entry.generation);
    this.paintedThisFrame += 1;
    if (claimed.capacity > this.textureLayers) this.grow(claimed.capacity);
    this.paint(entry, strokeByte, claimed.layer);
    this.slots.markReady(claimed.layer);
    return claimed.layer;
  }

  /** Binds the texture array to texture unit `unit`. */
  bind(unit) {
    const gl = this.gl;
    gl.activeTexture(gl.TEXTURE0 + unit);
    gl.bindTexture(gl.TEXTURE_2D_ARRAY, this.texture);
  }

  /** Frees the texture. */
  dispose() {
    this.gl.deleteTexture(this.texture);
    this.slots.clear();
  }

  createTexture(layers) {
    const gl = this.gl, texture = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D_ARRAY, texture);
    gl.texStorage3D(gl.TEXTURE_2D_ARRAY, this.levels, gl.R8, this.layerSize, this.layerSize, layers);
    gl.texParameteri(gl.TEXTURE_2D_ARRAY, gl.TEXTURE_MIN_FILTER, gl.LINEAR_MIPMAP_LINEAR);
    gl.texParameteri(gl.TEXTURE_2D_ARRAY, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D_ARRAY, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D_ARRAY, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    return texture;
  }

  applyAnisotropy() {
    if (!this.anisotropy) return;
    const gl = this.gl, ext = this.anisotropy;
    gl.bindTexture(gl.TEXTURE_2D_ARRAY, this.texture);
    gl.texParameterf(gl.TEXTURE_2D_ARRAY, ext.TEXTURE_MAX_ANISOTROPY_EXT, Math.min(4, gl.getParameter(ext.MAX_TEXTURE_MAX_ANISOTROPY_EXT)));
  }

  /** Moves the pictures into a texture of `layers` layers, copying on the GPU, level by level. */
  grow(layers) {
    const gl = this.gl, old = this.texture, texture = this.createTexture(layers);
    const framebuffer = gl.createFramebuffer();
    gl.bindFramebuffer(gl.READ_FRAMEBUFFER, framebuffer);
    for (let layer = 0; layer < this.textureLayers; layer += 1) {
      for (let level = 0, size = this.layerSize; level < this.levels; level += 1, size = Math.max(1, size >> 1)) {
        gl.framebufferTextureLayer(gl.READ_FRAMEBUFFER, gl.COLOR_ATTACHMENT0, old, level, layer);
        gl.copyTexSubImage3D(gl.TEXTURE_2D_ARRAY, level, 0, 0, layer, 0, 0, size, size);
      }
    }
    gl.bindFramebuffer(gl.READ_FRAMEBUFFER, null);
    gl.deleteFramebuffer(framebuffer);
    gl.deleteTexture(old);
    this.texture = texture;
    this.textureLayers = layers;
    this.applyAnisotropy();
  }

  /** The 2D canvas pictures are drawn on, kept in memory (it is read back after every picture). */
  createPainter() {
    const size = this.layerSize;
    const canvas = typeof OffscreenCanvas === 'function'
      ? new OffscreenCanvas(size, size)
      : Object.assign(document.createElement('canvas'), { width: size, height: size });
    return canvas.getContext('2d', { alpha: false, willReadFrequently: true });
  }

  /** A coverage buffer for each mipmap level, each half the side of the one before. */
  createLevelBytes() {
    const levels = [];
    for (let size = this.layerSize; size >= 1; size >>= 1) levels.push({ size, bytes: new Uint8Array(size * size) });
    return levels;
  }

  /**
   * Draws `form` into `layer`: white on black, so the red channel is the coverage whatever the canvas's
   * alpha handling; read back once, and each smaller mipmap level averaged from the one before.
   */
  paint(form, strokeByte, layer) {
    const gl = this.gl, context = this.painter, size = this.layerSize;
    const pixelsPerUnit = size / (2 * ATLAS_EXTENT);
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.fillStyle = '#000';
    context.fillRect(0, 0, size, size);
    context.setTransform(pixelsPerUnit, 0, 0, pixelsPerUnit, size / 2, size / 2);
    context.beginPath();
    for (const contour of form.contours) {
      const p = contour.points;
      if (p.length < 2) continue;
      context.moveTo(p[0], p[1]);
      for (let i = 2; i < p.length; i += 2) context.lineTo(p[i], p[i + 1]);
      if (contour.closed) context.closePath();
    }
    context.fillStyle = context.strokeStyle = '#fff';
    if (strokeByte > 0) {
      context.lineWidth = strokeByte / STROKE_UNIT;
      context.lineJoin = 'round';
      context.lineCap = 'butt';
      context.stroke();
    } else {
      context.fill('nonzero');
    }

    const box = formBounds(form.contours, strokeByte) ?? [0, 0, 0, 0];
    this.boxes.set(box.map((edge) => Math.min(Math.max(edge, -ATLAS_EXTENT), ATLAS_EXTENT)), 4 * layer);
    this.boxesChanged = true;

    const levels = this.levelBytes;
    redChannel(context.getImageData(0, 0, size, size).data, levels[0].bytes);
    gl.bindTexture(gl.TEXTURE_2D_ARRAY, this.texture);
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
    levels.forEach((level, index) => {
      if (index > 0) halve(levels[index - 1].bytes, levels[index - 1].size, level.bytes);
      gl.texSubImage3D(gl.TEXTURE_2D_ARRAY, index, 0, 0, layer, level.size, level.size, 1, gl.RED, gl.UNSIGNED_BYTE, level.bytes);
    });
  }
}
