// <ip-color-panel>: the hue and purity ribbons (seed 001) and the pulse that plays their ranges.
//
// Each ribbon is a slider ("Hue", "Purity") showing the engine's centre and range: its thumb is the range,
// 4 px plus the range wide. A drag (or a tap) moves the centre (ribbonCenter); two fingers pinching, or
// ctrl+wheel (a trackpad's pinch arrives as one), widen or narrow the range a step at a time (ribbonStep) —
// a plain wheel is left to the page; arrows move the centre by 0.01, Shift+arrows widen (Right, Up) or
// narrow (Left, Down). Nothing moves until the engine says so. The purity ribbon runs from black through
// the named colour of the hue centre to white. The pulse: waveform, rate (beats per cycle or hertz), depth
// (how much of the ranges it travels), how far the purity lags the hue, and the sound heard it follows with
// how much (the row "Sound": "Pulse follows" and "Pulse follow amount", −1…1 — amount × the sound's envelope
// moves the colour further through the ranges; sound-follow.js), each change built on the last sent
// (pulse.js, changePulse, and sound-follow.js's pulse intents, which MIDI shares).

import { isDrag } from '../../shared/drag.js';
import { PinchTracker, WheelSteps } from '../panel-kit/console-gestures.js';
import { ConsolePanel, element } from '../panel-kit/console-panel.js';
import { HOLD_MILLISECONDS } from '../panel-kit/panel-base.js';
import { PULSE_WAVEFORMS, RATE_LIMITS, WAVEFORM_LABELS, changePulse, pulseControls } from './pulse.js';
import {
  FOLLOW_SOURCES, PULSE_FOLLOW_AMOUNT, PULSE_FOLLOW_RANGE, followOf, pulseFollowAmountIntent, pulseFollowIntent,
} from './sound-follow.js';
import {
  colorAt, cssGradient, hueGradientStops, locationAt, namedColorAt, purityGradientStops, purityWord,
  ribbonCenterIntent, ribbonKeyChange, ribbonValueText, thumbLeft, thumbWidth,
} from './ribbon.js';

const RIBBONS = [
  { ribbon: 'hue', label: 'Hue' },
  { ribbon: 'purity', label: 'Purity' },
];

/** A pinch's step: 1% of the ribbon's length, so the thumb grows about as the fingers part. */
const PINCH_STEP_SHARE = 0.01;

class ColorPanel extends ConsolePanel {
  build() {
    this.ribbons = {};
    const rows = RIBBONS.map(({ ribbon, label }) => {
      const labelId = `color-${ribbon}-label-${Math.random().toString(36).slice(2, 8)}`;
      const thumb = element('div', { class: 'ribbon-thumb', 'aria-hidden': 'true' });
      const track = element('div', {
        class: `ribbon ribbon-${ribbon}`, role: 'slider', tabindex: '0', 'aria-labelledby': labelId,
        'aria-valuemin': '0', 'aria-valuemax': '1', 'aria-valuenow': '0', 'aria-valuetext': 'waiting for the instrument',
        'aria-keyshortcuts': 'ArrowLeft ArrowRight Shift+ArrowLeft Shift+ArrowRight',
        title: 'Drag to move the centre; pinch, Ctrl+wheel or Shift+arrows widen and narrow the range',
      }, thumb);
      const readout = element('span', { class: 'ribbon-readout', 'aria-hidden': 'true' }, '–');
      const readoutName = element('span', { class: 'ribbon-readout-name', 'aria-hidden': 'true' });
      this.ribbons[ribbon] = { track, thumb, readout, readoutName, drag: null, pinch: new PinchTracker(), wheel: new WheelSteps() };
      this.listen(ribbon);
      return element('div', { class: 'ribbon-row' }, element('span', { class: 'ribbon-label', id: labelId }, label), track,
        element('span', { class: 'ribbon-readouts' }, readoutName, readout));
    });

    this.swatch = element('div', { class: 'color-swatch', 'aria-hidden': 'true' });
    this.waveform = element('select', { 'aria-label': 'Pulse waveform', onchange: () => this.sendPulse({ waveform: this.waveform.value }) },
      PULSE_WAVEFORMS.map((kind) => element('option', { value: kind }, WAVEFORM_LABELS[kind])));
    this.rate = element('input', {
      type: 'number', 'aria-label': 'Pulse rate', step: 'any', min: '0', inputmode: 'decimal',
      onchange: () => this.sendPulse({ rate: this.rate.value }),
    });
    this.unit = element('select', { 'aria-label': 'Pulse rate unit', onchange: () => this.sendPulse({ unit: this.unit.value }) },
      element('option', { value: 'beats' }, 'beats per cycle'), element('option', { value: 'hertz' }, 'Hz'));
    this.depth = this.pulseSlider({
      'aria-label': 'Pulse depth', min: '0', max: '1', step: '0.05',
      title: 'How much of the hue and purity ranges the background travels: none holds the centre colour',
    }, 'depth');
    this.depthReadout = element('span', { class: 'pulse-readout', 'aria-hidden': 'true' });
    this.lag = this.pulseSlider({
      'aria-label': 'Pulse lag', min: '-1', max: '1', step: '0.05', title: 'How far the purity trails the hue, in cycles',
    }, 'purityLag');
    this.lagReadout = element('span', { class: 'pulse-readout', 'aria-hidden': 'true' });
    // The sound heard the pulse follows, and how much; a follower it had comes back when a source is chosen again.
    this.rememberedFollow = null;
    this.followSelect = element('select', {
      'aria-label': 'Pulse follows', class: 'pulse-follows',
      title: 'The sound heard that moves the colour further through the ranges',
      onchange: () => this.chooseFollow(),
    }, FOLLOW_SOURCES.map(({ source, label }) => element('option', { value: source }, label)));
    this.followAmount = element('input', {
      type: 'number', 'aria-label': 'Pulse follow amount', class: 'pulse-follow-amount', inputmode: 'decimal',
      min: String(PULSE_FOLLOW_RANGE[0]), max: String(PULSE_FOLLOW_RANGE[1]), step: '0.05', disabled: true,
      title: 'How far the sound moves the colour through the ranges, −1…1 (negative: the other way)',
      onchange: () => this.setFollowAmount(),
      onblur: () => this.drawPulse(),
    });
    const pulse = element('fieldset', { class: 'pulse-controls', title: 'How the background plays the hue and purity ranges' },
      element('legend', { class: 'visually-hidden' }, 'Pulse'),
      element('span', { class: 'pulse-label', 'aria-hidden': 'true' }, 'Pulse'), this.waveform, this.rate, this.unit,
      element('span', { class: 'pulse-label', 'aria-hidden': 'true' }, 'Depth'), this.depth, this.depthReadout,
      element('span', { class: 'pulse-label', 'aria-hidden': 'true' }, 'Lag'), this.lag, this.lagReadout,
      element('span', { class: 'pulse-label', 'aria-hidden': 'true' }, 'Sound'), this.followSelect, this.followAmount);

    this.append(element('div', { class: 'color-layout' },
      this.swatch, element('div', { class: 'ribbons' }, rows), pulse));
    this.resizeObserver = new ResizeObserver(() => this.drawRibbons());
    for (const { track } of Object.values(this.ribbons)) this.resizeObserver.observe(track);
  }

  update(what) {
    if (what.has('colors')) {
      this.drawRibbons();
      this.drawPulse();
    }
    if (what.has('tempo')) this.drawPulse();
    if (what.has('connection') || what.has('snapshot')) this.toggleAttribute('data-waiting', !this.state);
  }

  /** Thumbs, values and gradients from the engine's colours. */
  drawRibbons() {
    const colors = this.state?.colors;
    this.ribbons.hue.track.style.background = cssGradient(hueGradientStops());
    if (!colors) return;
    this.ribbons.purity.track.style.background = cssGradient(purityGradientStops(colors.hue.center));
    for (const { ribbon } of RIBBONS) {
      const selection = colors[ribbon];
      const { track, thumb, readout, readoutName } = this.ribbons[ribbon];
      const width = track.clientWidth;
      thumb.style.width = `${thumbWidth(selection.range, width)}px`;
      thumb.style.transform = `translateX(${thumbLeft(selection.center, selection.range, width)}px)`;
      track.setAttribute('aria-valuenow', String(selection.center));
      track.setAttribute('aria-valuetext', ribbonValueText(ribbon, selection));
      readoutName.textContent = ribbon === 'hue' ? namedColorAt(selection.center).name : purityWord(selection.center);
      readout.textContent = `${selection.center.toFixed(2)} ± ${(selection.range / 2).toFixed(2)}`;
    }
    this.swatch.style.background = colorAt(colors.hue.center, colors.purity.center);
  }

  drawPulse() {
    const pulse = this.state?.pulse;
    if (!pulse) return;
    const controls = pulseControls(pulse);
    // A control being worked keeps what the performer is typing; the engine's value shows once they leave.
    if (document.activeElement !== this.waveform) this.waveform.value = controls.waveform;
    if (document.activeElement !== this.unit) this.unit.value = controls.unit;
    if (document.activeElement !== this.rate) this.rate.value = String(Number(controls.rate.toFixed(4)));
    this.rate.min = String(RATE_LIMITS[controls.unit].min);
    this.rate.max = String(RATE_LIMITS[controls.unit].max);
    if (!this.holding(this.lag)) this.lag.value = String(controls.purityLag);
    this.lagReadout.textContent = `${controls.purityLag.toFixed(2)} cycle`;
    if (!this.holding(this.depth)) this.depth.value = String(controls.depth);
    this.depthReadout.textContent = `${Math.round(controls.depth * 100)}%`;
    const follow = followOf(controls);
    if (follow) this.rememberedFollow = follow;
    if (document.activeElement !== this.followSelect) this.followSelect.value = follow?.source ?? 'none';
    this.followAmount.disabled = !follow;
    if (document.activeElement !== this.followAmount) {
      const amount = follow?.amount ?? this.rememberedFollow?.amount ?? PULSE_FOLLOW_AMOUNT;
      this.followAmount.value = String(Number(amount.toFixed(4)));
    }
  }

  /** Follows the source chosen (or nothing), the amount it followed by — or had, or the default — kept. */
  chooseFollow() {
    const intent = pulseFollowIntent(this.state, this.followSelect.value, undefined, { remembered: this.rememberedFollow });
    if (intent) this.send(intent);
  }

  /** Sends the amount typed, kept to −1…1 (and shown so); anything but a number puts the engine's back. */
  setFollowAmount() {
    const text = this.followAmount.value.trim();
    const amount = text === '' ? Number.NaN : Number(text);
    const intent = Number.isFinite(amount) ? pulseFollowAmountIntent(this.state, amount) : null;
    if (intent) {
      this.send(intent);
      this.followAmount.value = String(intent.pulse.follow.amount);
    } else {
      this.drawPulse();
    }
  }

  /** A range input for one of the pulse's numbers (`key` in pulseIntent's change). */
  pulseSlider(attributes, key) {
    const slider = element('input', {
      type: 'range', ...attributes,
      oninput: () => {
        this.touch(slider);
        this.sendPulse({ [key]: slider.value });
      },
      // While a finger or the mouse holds the slider, the engine's answers do not pull it back.
      onpointerdown: () => { this.held = slider; },
      onpointerup: () => { this.held = null; this.drawPulse(); },
      onpointercancel: () => { this.held = null; this.drawPulse(); },
    });
    return slider;
  }

  /**
   * Whether `slider` shows the performer's value rather than the engine's: held, or moved a moment ago (keys
   * pressed faster than the engine answers are not pulled back by the answers to the earlier ones).
   */
  holding(slider) {
    return this.held === slider || (this.touched?.slider === slider && performance.now() - this.touched.at < HOLD_MILLISECONDS);
  }

  /** `slider` was moved: the engine's value shows again once it has been still for HOLD_MILLISECONDS. */
  touch(slider) {
    this.touched = { slider, at: performance.now() };
    clearTimeout(this.touchTimer);
    this.touchTimer = setTimeout(() => this.drawPulse(), HOLD_MILLISECONDS + 20);
  }

  sendPulse(change) {
    const intent = changePulse(this.state, change);
    if (intent) this.send(intent);
  }

  /** The ribbon's pointer, wheel and key handlers. */
  listen(ribbon) {
    const parts = this.ribbons[ribbon];
    const { track } = parts;
    const local = (event) => {
      const rect = track.getBoundingClientRect();
      return { x: event.clientX - rect.left, y: event.clientY - rect.top, width: rect.width };
    };
    const sendCenter = (x, width) => {
      // At most one centre per animation frame: the newest position wins.
      parts.dragValue = locationAt(x, width);
      if (parts.frame) return;
      parts.frame = requestAnimationFrame(() => {
        parts.frame = 0;
        this.send(ribbonCenterIntent(ribbon, parts.dragValue));
      });
    };
    const steps = (count) => {
      for (let i = 0; i < Math.abs(count); i += 1) this.send({ type: 'ribbonStep', ribbon, widen: count > 0 });
    };

    this.listenToPointers(parts, local, sendCenter, steps);
    this.listenToWheelAndKeys(ribbon, parts, steps);
  }

  /**
   * A mouse sets the centre where it presses and drags it; a finger drags it once it has moved a little, or
   * sets it where it lifts after a tap — so that a second finger arriving makes a pinch, and the first has
   * not moved the centre meanwhile. Two fingers pinch the width.
   */
  listenToPointers(parts, local, sendCenter, steps) {
    const { track } = parts;
    track.addEventListener('pointerdown', (event) => {
      if (event.button > 0) return;
      event.preventDefault();
      track.focus({ preventScroll: true });
      track.setPointerCapture(event.pointerId);
      const point = local(event);
      parts.pinch.stepPixels = Math.max(1, point.width * PINCH_STEP_SHARE);
      parts.pinch.down(event.pointerId, point);
      if (parts.pinch.size === 1) {
        const mouse = event.pointerType === 'mouse';
        parts.drag = { id: event.pointerId, start: point, moved: mouse };
        if (mouse) sendCenter(point.x, point.width);
      } else {
        parts.drag = null;  // two fingers: a pinch, not a drag
      }
    });
    track.addEventListener('pointermove', (event) => {
      const point = local(event);
      const due = parts.pinch.move(event.pointerId, point);
      if (due !== 0) {
        steps(due);
        return;
      }
      const drag = parts.drag;
      if (!drag || drag.id !== event.pointerId) return;
      if (!drag.moved && isDrag(drag.start, point)) drag.moved = true;
      if (drag.moved) sendCenter(point.x, point.width);
    });
    const end = (event) => {
      parts.pinch.up(event.pointerId);
      const drag = parts.drag;
      if (!drag || drag.id !== event.pointerId) return;
      parts.drag = null;
      if (event.type === 'pointerup' && !drag.moved) {
        const point = local(event);
        sendCenter(point.x, point.width);  // a tap
      }
    };
    track.addEventListener('pointerup', end);
    track.addEventListener('pointercancel', end);
    track.addEventListener('lostpointercapture', end);
  }

  /** Ctrl+wheel widens and narrows; the keys move the centre and the width (ribbonKeyChange). */
  listenToWheelAndKeys(ribbon, parts, steps) {
    const { track } = parts;
    track.addEventListener('wheel', (event) => {
      if (!event.ctrlKey) return;  // a plain wheel scrolls the page, as anywhere else
      event.preventDefault();  // ctrl+wheel would zoom the page
      steps(parts.wheel.add(event.deltaY, event.deltaMode));
    }, { passive: false });

    track.addEventListener('keydown', (event) => {
      const selection = this.state?.colors?.[ribbon];
      if (!selection) return;
      const intent = ribbonKeyChange(ribbon, selection, event);
      if (!intent) return;
      event.preventDefault();
      this.send(intent);
    });
  }
}

if (!customElements.get('ip-color-panel')) customElements.define('ip-color-panel', ColorPanel);

export { ColorPanel };
