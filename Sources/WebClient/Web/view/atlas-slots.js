// Which atlas layer holds which picture — a form at a stroke width — and which layer to give up when a new
// picture needs one: the least recently used, never one the frame being prepared already uses. No DOM or
// WebGL here.

/** The bookkeeping of a bounded set of atlas layers, grown on demand up to `maxCapacity`. */
export class AtlasSlots {
  constructor({ capacity = 8, maxCapacity = 64 } = {}) {
    this.capacity = Math.min(capacity, maxCapacity);
    this.maxCapacity = maxCapacity;
    this.byKey = new Map();
    this.byLayer = [];
    this.frame = 1;
  }

  /** Starts preparing a frame: pictures used from now on are protected from reuse until the next one. */
  beginFrame() { this.frame += 1; }

  /** The layer holding `form` at `strokeByte` drawn from geometry `generation`, marked as used; or −1. */
  find(form, strokeByte, generation) {
    const slot = this.byKey.get(key(form, strokeByte));
    if (!slot || slot.generation !== generation || !slot.ready) return -1;
    slot.lastUsed = this.frame;
    return slot.layer;
  }

  /**
   * A layer for a new picture, marked as used and not yet ready: `{ layer, capacity }`, `capacity` larger
   * than before when the atlas had to grow. Null when every layer is in use by the frame being prepared.
   */
  claim(form, strokeByte, generation) {
    const k = key(form, strokeByte);
    let slot = this.byKey.get(k);
    if (!slot) {
      const layer = this.freeLayer();
      if (layer < 0) return null;
      const previous = this.byLayer[layer];
      if (previous) this.byKey.delete(key(previous.form, previous.strokeByte));
      slot = { form, strokeByte, layer };
      this.byKey.set(k, slot);
      this.byLayer[layer] = slot;
    }
    Object.assign(slot, { generation, lastUsed: this.frame, ready: false });
    return { layer: slot.layer, capacity: this.capacity };
  }

  /** Marks the picture in `layer` as drawn. */
  markReady(layer) {
    const slot = this.byLayer[layer];
    if (slot) slot.ready = true;
  }

  /**
   * The ready layer of the same form and generation, filled if `strokeByte` is 0 and stroked otherwise,
   * whose stroke width is nearest — a stand-in while the exact picture waits to be drawn; or −1.
   */
  nearest(form, strokeByte, generation) {
    let best = null;
    for (const slot of this.byLayer) {
      if (!slot || !slot.ready || slot.form !== form || slot.generation !== generation) continue;
      if ((slot.strokeByte === 0) !== (strokeByte === 0)) continue;
      if (!best || Math.abs(slot.strokeByte - strokeByte) < Math.abs(best.strokeByte - strokeByte)) best = slot;
    }
    if (!best) return -1;
    best.lastUsed = this.frame;
    return best.layer;
  }

  /** Forgets every picture (the texture holding them was lost or re-made at another size). */
  clear() {
    this.byKey.clear();
    this.byLayer = [];
  }

  /** An unused layer, else a new one (growing the capacity), else the least recently used one not in use. */
  freeLayer() {
    for (let layer = 0; layer < this.capacity; layer += 1) if (!this.byLayer[layer]) return layer;
    if (this.capacity < this.maxCapacity) {
      const layer = this.capacity;
      this.capacity = Math.min(this.capacity * 2, this.maxCapacity);
      return layer;
    }
    let oldest = null;
    for (const slot of this.byLayer) {
      if (slot.lastUsed < this.frame && (!oldest || slot.lastUsed < oldest.lastUsed)) oldest = slot;
    }
    return oldest ? oldest.layer : -1;
  }
}

function key(form, strokeByte) { return form * 256 + strokeByte; }
