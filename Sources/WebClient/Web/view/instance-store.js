// A frame's packed instance records on the GPU, where the instance programs read them without instancing
// (strip-indices.js says why): a texture of three 32-bit words a texel, two texels a record, INSTANCES_PER_ROW
// records a row; and, for each length of strip, an index buffer numbering the vertices of as many instances
// as have been drawn at once, so that a run of them is one indexed draw.

import { INSTANCE_SIZE } from '../shared/frames.js';
import { indexRange, instanceIndices } from './strip-indices.js';

/** The texture unit the records' texture is bound to, the store's own (the atlas has 0, passes over pictures 1). */
export const INSTANCE_TEXTURE_UNIT = 2;
/** Records a row of the texture: record `slot` is at texel `2 · (slot mod this)` of row `slot / this`. */
export const INSTANCES_PER_ROW = 1024;
const WORDS_PER_TEXEL = 3;
const TEXELS_PER_RECORD = INSTANCE_SIZE / (4 * WORDS_PER_TEXEL);
const ROW_WORDS = INSTANCES_PER_ROW * TEXELS_PER_RECORD * WORDS_PER_TEXEL;

/** The instance records and index lists of one WebGL2 context. */
export class InstanceStore {
  constructor(gl) {
    this.gl = gl;
    this.texture = null;
    this.rows = 0;
    /** By strip length: `{ buffer, capacity }`, the indices of instances 0 to capacity − 1. */
    this.indexBuffers = new Map();
    /** A vertex array with no attributes, holding the index buffer bound last. */
    this.array = gl.createVertexArray();
  }

  /** Uploads the first `byteLength` bytes of `bytes` (packed records, a whole number of them). */
  upload(bytes, byteLength) {
    const gl = this.gl, count = byteLength / INSTANCE_SIZE;
    if (count === 0) return;
    const rows = Math.ceil(count / INSTANCES_PER_ROW);
    if (rows > this.rows) this.grow(rows);
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset, byteLength / 4);
    const whole = Math.floor(count / INSTANCES_PER_ROW), rest = count - whole * INSTANCES_PER_ROW;
    gl.activeTexture(gl.TEXTURE0 + INSTANCE_TEXTURE_UNIT);
    gl.bindTexture(gl.TEXTURE_2D, this.texture);
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 4);
    const texelsWide = INSTANCES_PER_ROW * TEXELS_PER_RECORD;
    if (whole > 0) {
      gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, texelsWide, whole, gl.RGB_INTEGER, gl.UNSIGNED_INT, words, 0);
    }
    if (rest > 0) {
      gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, whole, rest * TEXELS_PER_RECORD, 1, gl.RGB_INTEGER, gl.UNSIGNED_INT,
        words, whole * ROW_WORDS);
    }
  }

  /** Binds the records' texture (to INSTANCE_TEXTURE_UNIT) and the vertex array draws use. */
  bind() {
    const gl = this.gl;
    gl.activeTexture(gl.TEXTURE0 + INSTANCE_TEXTURE_UNIT);
    gl.bindTexture(gl.TEXTURE_2D, this.texture);
    gl.bindVertexArray(this.array);
  }

  /**
   * Draws the `count` records from `first` on, each a strip of `vertices` vertices, with the program in
   * use (after `bind`).
   */
  draw(vertices, first, count) {
    const gl = this.gl, range = indexRange(vertices, first, count);
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, this.indexBufferFor(vertices, first + count));
    gl.drawElements(gl.TRIANGLES, range.count, gl.UNSIGNED_INT, range.offset);
  }

  /** Frees the texture, the index buffers and the vertex array. */
  dispose() {
    const gl = this.gl;
    if (this.texture) gl.deleteTexture(this.texture);
    for (const { buffer } of this.indexBuffers.values()) gl.deleteBuffer(buffer);
    gl.deleteVertexArray(this.array);
    this.texture = null;
    this.indexBuffers.clear();
  }

  /** The index buffer of strips of `vertices`, numbering at least `instances` instances (bound to the array). */
  indexBufferFor(vertices, instances) {
    const gl = this.gl, known = this.indexBuffers.get(vertices);
    if (known && known.capacity >= instances) return known.buffer;
    const capacity = Math.max(INSTANCES_PER_ROW, 2 ** Math.ceil(Math.log2(instances)));
    const buffer = known ? known.buffer : gl.createBuffer();
    gl.bindVertexArray(this.array);
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, buffer);
    gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, instanceIndices(vertices, capacity), gl.STATIC_DRAW);
    this.indexBuffers.set(vertices, { buffer, capacity });
    return buffer;
  }

  /** Makes the texture `rows` rows tall (at least twice what it was); what it held is uploaded again by the caller. */
  grow(rows) {
    const gl = this.gl;
    if (this.texture) gl.deleteTexture(this.texture);
    this.rows = Math.max(rows, 2 * this.rows);
    this.texture = gl.createTexture();
    gl.activeTexture(gl.TEXTURE0 + INSTANCE_TEXTURE_UNIT);
    gl.bindTexture(gl.TEXTURE_2D, this.texture);
    gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGB32UI, INSTANCES_PER_ROW * TEXELS_PER_RECORD, this.rows);
    // Integer textures are read whole (texelFetch); they are complete only unfiltered.
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
  }
}
