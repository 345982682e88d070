// Builds canvas frames byte by byte, as the server's FrameEncoding writes them, for the web tests.
// Sizes written out here rather than imported, so the tests do not take them from the code they test.
const HEADER_SIZE = 24, PANE_SIZE = 12, INSTANCE_SIZE = 24;

/** A frame's bytes, as the server's FrameEncoding writes them. */
export function encodeFrame({
  frame = 7, time = 1.5, background = [10, 20, 30, 255], persistence = 128, erasures = 3, panes = [], instances = [],
  instanceCount = instances.length, paneCount = panes.length,
} = {}) {
  const bytes = new Uint8Array(HEADER_SIZE + panes.length * PANE_SIZE + instances.length * INSTANCE_SIZE);
  const view = new DataView(bytes.buffer);
  bytes.set([0x49, 0x50, 0x46, 0x31]);  // "IPF1"
  view.setUint32(4, frame, true);
  view.setFloat32(8, time, true);
  view.setUint32(12, instanceCount, true);
  view.setUint16(16, paneCount, true);
  bytes.set(background, 18);
  bytes[22] = persistence;
  bytes[23] = erasures;
  let o = HEADER_SIZE;
  for (const pane of panes) {
    view.setInt16(o, pane.x, true);
    view.setInt16(o + 2, pane.y, true);
    view.setInt16(o + 4, pane.width, true);
    view.setInt16(o + 6, pane.height, true);
    bytes.set(pane.rgba, o + 8);
    o += PANE_SIZE;
  }
  for (const instance of instances) {
    view.setFloat32(o, instance.tx, true);
    view.setFloat32(o + 4, instance.ty, true);
    view.setInt16(o + 8, instance.sx, true);
    view.setInt16(o + 10, instance.sy, true);
    view.setUint16(o + 12, instance.rotation, true);
    bytes.set(instance.rgba, o + 14);
    view.setUint16(o + 18, instance.form, true);
    bytes[o + 20] = instance.stroke;
    bytes[o + 21] = instance.layer | (instance.blend << 2);
    o += INSTANCE_SIZE;
  }
  return bytes.buffer;
}
