// What the console's form, motion and MIDI panels share: the element that takes the shell's `store` and
// `sender` (drawn once both are set, redrawn from the store after every change), a labelled slider that
// shows the engine's value — or, while the finger or a key is on it, the finger's — a labelled select, a
// segmented control and a canvas sized for drawing. Each panel draws in its own shadow root, styled by
// panel.css.
//
// The shell's interface: `store.state` (the engine's snapshot state, as GET /state), `store.subscribe(fn)`
// → unsubscribe (live news alone — what is heard, the Link session, many times a second — redraws nothing
// here: these panels show neither); `sender.send(intent)`, `async sender.api(method, path, body)` (parsed JSON, or throws an
// Error with a one-line message).

import { onlyLiveNews } from '../console-store.js';
import { h, nextFrame, uid } from '../../shared/dom.js';
import { formatNumber } from '../../shared/numbers.js';
import { adoptStyleSheet, loadStyleSheet } from '../../shared/style-sheets.js';

/** The panels' look (panel.css): read once, adopted by every panel's shadow root. */
const PANEL_STYLE = await loadStyleSheet(new URL('./panel.css', import.meta.url));

/** How long after the last touch of a control the engine's value is shown again, in milliseconds. */
export const HOLD_MILLISECONDS = 400;

const cancelFrame = (id) => (typeof cancelAnimationFrame === 'function' ? cancelAnimationFrame(id) : clearTimeout(id));

/**
 * A console panel. Subclasses implement `build()` (once, into `this.shadowRoot`) and `update(state)`
 * (after every change of the store, at most once an animation frame), and may implement `attached()` and
 * `detached()`.
 */
export class PanelElement extends HTMLElement {
  #store = null;
  #sender = null;
  #unsubscribe = null;
  #frame = null;
  #built = false;

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    adoptStyleSheet(this.shadowRoot, PANEL_STYLE);
  }

  get store() { return this.#store; }
  set store(store) {
    if (store === this.#store) return;
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#store = store;
    this.#start();
  }

  get sender() { return this.#sender; }
  set sender(sender) {
    this.#sender = sender;
    this.#start();
  }

  /** Whether the shell shows the panel (it sets this); a hidden panel stops its animations. */
  get shown() { return this._shown !== false; }
  set shown(value) {
    this._shown = Boolean(value);
    if (this._shown) this.requestUpdate();
  }

  /** Whether the panel has both and is in the page. */
  get ready() { return this.isConnected && this.#store !== null && this.#sender !== null; }

  connectedCallback() { this.#start(); }

  disconnectedCallback() {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    if (this.#frame !== null) cancelFrame(this.#frame);
    this.#frame = null;
    this.detached?.();
  }

  #start() {
    if (!this.ready) return;
    if (!this.#built) {
      this.#built = true;
      this.build();
    }
    if (!this.#unsubscribe) {
      const unsubscribe = this.#store.subscribe((what) => {
        if (!(what instanceof Set && onlyLiveNews(what))) this.requestUpdate();
      });
      this.#unsubscribe = typeof unsubscribe === 'function' ? unsubscribe : null;
      this.attached?.();
    }
    this.requestUpdate();
  }

  /** Redraws from the store at the next animation frame (several requests make one redraw). */
  requestUpdate() {
    if (this.#frame !== null || !this.ready) return;
    this.#frame = nextFrame(() => {
      this.#frame = null;
      const state = this.#store?.state;
      if (state && this.ready) this.update(state);
    });
  }

  /** Sends an intent; a sender that throws (disconnected) is said in the panel's status line. */
  send(intent) {
    try {
      return this.#sender?.send(intent);
    } catch (error) {
      this.showStatus?.(error.message, true);
      return false;
    }
  }

  build() {}
  update() {}
}

/**
 * A labelled slider (`role` slider, named by its label) with its value beside it. `show(value)` gives the
 * engine's value; while the slider is held (pointer down, or touched within HOLD_MILLISECONDS) it keeps the
 * finger's value and shows the engine's afterwards. `onValue(value, final)` is called at most once an
 * animation frame while it moves, and once more (final) when it is let go.
 */
export class Slider {
  constructor({
    label, name = label, min = 0, max = 1, step = 0.01, format = (x) => formatNumber(x), toSlider = (x) => x,
    fromSlider = (x) => x, onValue = () => {}, onRelease = () => {},
  }) {
    const id = uid('slider');
    this.format = format;
    this.toSlider = toSlider;
    this.fromSlider = fromSlider;
    this.onValue = onValue;
    this.onRelease = onRelease;
    this.labelElement = h('label', { for: id }, label);
    this.input = h('input', { type: 'range', id, min: String(min), max: String(max), step: String(step) });
    if (name !== label) this.input.setAttribute('aria-label', name);
    this.output = h('output', { for: id, 'aria-hidden': 'true' });
    this.element = h('div', { className: 'row' }, this.labelElement, this.input, this.output);
    this.engineValue = null;
    this.pointerDown = false;
    this.lastTouch = -Infinity;
    this.timer = null;
    this.frame = null;
    this.pending = null;

    this.input.addEventListener('pointerdown', () => {
      this.pointerDown = true;
      this.lastTouch = performance.now();
      const up = () => {
        this.pointerDown = false;
        this.lastTouch = performance.now();
        window.removeEventListener('pointerup', up, true);
        window.removeEventListener('pointercancel', up, true);
        this.#later();
      };
      window.addEventListener('pointerup', up, true);
      window.addEventListener('pointercancel', up, true);
    });
    this.input.addEventListener('input', () => {
      this.lastTouch = performance.now();
      const value = this.fromSlider(Number(this.input.value));
      this.#label(value);
      this.pending = value;
      if (this.frame === null) {
        this.frame = nextFrame(() => {
          this.frame = null;
          if (this.pending !== null) this.onValue(this.pending, false);
          this.pending = null;
        });
      }
      this.#later();
    });
    this.input.addEventListener('change', () => {
      this.lastTouch = performance.now();
      if (this.frame !== null) cancelFrame(this.frame);
      this.frame = null;
      this.pending = null;
      this.onValue(this.fromSlider(Number(this.input.value)), true);
      this.onRelease();
      this.#later();
    });
  }

  /** Whether a finger or a key is on the slider. */
  get held() {
    return this.pointerDown || performance.now() - this.lastTouch < HOLD_MILLISECONDS;
  }

  /** The engine's value (null: the engine says none, and the slider is disabled). */
  show(value) {
    this.engineValue = value;
    if (!this.held) this.#apply();
    else this.#later();
  }

  /** Changes the visible label and the accessible name. */
  rename(label, name = label) {
    this.labelElement.textContent = label;
    if (name !== label) this.input.setAttribute('aria-label', name);
    else this.input.removeAttribute('aria-label');
  }

  #label(value) {
    const text = value === null ? '—' : this.format(value);
    this.output.textContent = text;
    this.input.setAttribute('aria-valuetext', text);
  }

  #apply() {
    const value = this.engineValue;
    this.input.disabled = value === null;
    if (value !== null) {
      const position = this.toSlider(value);
      if (Number(this.input.value) !== position) this.input.value = String(position);
    }
    this.#label(value);
  }

  #later() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.held) this.#later();
      else this.#apply();
    }, HOLD_MILLISECONDS);
  }
}

/** A labelled select: `{element, select}`; `options` are `[value, text]` pairs. */
export function labelledSelect(label, options, onChange) {
  const id = uid('select');
  const select = h('select', { id, onchange: () => onChange(select.value) },
    options.map(([value, text]) => h('option', { value }, text)));
  const element = h('div', { className: 'row wide' }, h('label', { for: id }, label), select);
  return { element, select };
}

/**
 * A group of radio buttons drawn as a segmented control: `{element, set(value)}`; arrow keys move between
 * them as in any radio group.
 */
export function segmented(label, options, onChange) {
  const name = uid('radio');
  const inputs = new Map();
  const labels = options.map(([value, text]) => {
    const input = h('input', { type: 'radio', name, value, onchange: () => { if (input.checked) onChange(value); } });
    inputs.set(value, input);
    return h('label', {}, input, text);
  });
  const labelId = uid('label');
  const group = h('div', { className: 'segmented', role: 'radiogroup', 'aria-labelledby': labelId }, labels);
  const element = h('div', { className: 'row wide' }, h('span', { className: 'label', id: labelId }, label), group);
  return {
    element,
    set(value) {
      for (const [key, input] of inputs) input.checked = key === value;
    },
  };
}

/** A canvas's 2D context sized to its box at the device's pixel ratio, drawing in CSS pixels; null when it has no size. */
export function sizedContext(canvas) {
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  if (!width || !height) return null;
  const ratio = Math.min(window.devicePixelRatio || 1, 3);
  const w = Math.round(width * ratio);
  const hgt = Math.round(height * ratio);
  if (canvas.width !== w || canvas.height !== hgt) {
    canvas.width = w;
    canvas.height = hgt;
  }
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, width, height);
  return { context, width, height };
}
