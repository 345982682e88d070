// Where the 16:9 canvas sits in a window or drawing buffer, and how a point there maps to the canvas's
// fractions. Pure arithmetic, shared by the renderer (pixels) and the pointer input (CSS pixels).

/** The canvas's width over its height (one canvas height tall, 16/9 wide). */
export const CANVAS_ASPECT = 16 / 9;

/**
 * The largest 16:9 rectangle that fits in `width × height`, centred: `{ x, y, width, height, scale }`,
 * scale being the size of one canvas height. Outside it the page is black.
 */
export function fitCanvasArea(width, height) {
  const scale = Math.max(0, Math.min(height, width / CANVAS_ASPECT));
  const areaWidth = scale * CANVAS_ASPECT;
  return { x: (width - areaWidth) / 2, y: (height - scale) / 2, width: areaWidth, height: scale, scale };
}

/** The point (x, y), given in the same units as `area`, as fractions across and down the canvas. */
export function fractionAt(x, y, area) {
  return { x: (x - area.x) / area.width, y: (y - area.y) / area.height };
}

/** Whether a fraction lies on the canvas (0…1 both ways). */
export function isOnCanvas(fraction) {
  return fraction.x >= 0 && fraction.x <= 1 && fraction.y >= 0 && fraction.y <= 1;
}

/** The fraction moved onto the canvas's nearest edge if it lies beyond it. */
export function clampToCanvas(fraction) {
  return { x: Math.min(Math.max(fraction.x, 0), 1), y: Math.min(Math.max(fraction.y, 0), 1) };
}

/**
 * The area in whole device pixels (for scissoring): its edges rounded, so neighbouring frames agree on
 * which pixels are inside.
 */
export function pixelArea(area) {
  const left = Math.round(area.x), top = Math.round(area.y);
  return {
    x: left, y: top,
    width: Math.round(area.x + area.width) - left, height: Math.round(area.y + area.height) - top,
  };
}

/**
 * `area` (in pixels from the top left of a picture `width × height`) in whole pixels, in GL window
 * coordinates (y up), cut to the picture: an area that hangs over its edges (a slice's stage) keeps the
 * part on the picture.
 */
export function glPixelBox(area, width, height) {
  const box = pixelArea(area), clamp = (value, most) => Math.min(Math.max(value, 0), most);
  const left = clamp(box.x, width), right = clamp(box.x + box.width, width);
  const top = clamp(box.y, height), bottom = clamp(box.y + box.height, height);
  return { x: left, y: height - bottom, width: right - left, height: bottom - top };
}
