// The mipmap levels of a form's picture, computed on the CPU from its coverage bytes: each level the
// average of 2 × 2 pixels of the one before. No DOM or WebGL here.

/** The red channel of RGBA pixels (white drawn on black: the coverage), into `into` if given. */
export function redChannel(rgba, into = new Uint8Array(rgba.length / 4)) {
  for (let i = 0, j = 0; i < into.length; i += 1, j += 4) into[i] = rgba[j];
  return into;
}

/** A `size × size` coverage picture at half its size (size even, or 1), each pixel the rounded mean of four. */
export function halve(bytes, size, into = null) {
  const half = Math.max(1, size >> 1);
  const out = into ?? new Uint8Array(half * half);
  if (size === 1) {
    out[0] = bytes[0];
    return out;
  }
  for (let y = 0; y < half; y += 1) {
    const top = 2 * y * size, bottom = top + size, row = y * half;
    for (let x = 0; x < half; x += 1) {
      const left = 2 * x;
      out[row + x] = (bytes[top + left] + bytes[top + left + 1] + bytes[bottom + left] + bytes[bottom + left + 1] + 2) >> 2;
    }
  }
  return out;
}
