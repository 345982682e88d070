// <ip-motion-panel>: the motion panel. The design's motion (still, drift, orbit, Lissajous, wander — follow
// comes from a stroke) with its parameters, its speed and its edge behaviour (`motion` intents); an
// oscillator editor for one lumi feature at a time — base, waveform (pulse width, sample-and-hold seed),
// rate in Hz or in beats, depth, phase, and the sound it follows with how much ("Follow": every feature
// but speed; sound-follow.js) — sending the feature's whole setting (`feature` intents) with a small live
// plot of its waveform as the engine computes it; and the tempo (`tempo`, `tapTempo`).
// Everything shown is what the engine said; a slider being dragged shows the finger's value until let go.

import {
  BEATS_RANGE, FEATURES, HERTZ_RANGE, RATE_STEPS, changeFeature, changeOscillator, clamp, designSetting, feature,
  formatRate, rateFromStep, rateParts, stepFromRate,
} from '../panel-kit/lumi-features.js';
import {
  EDGES, MOTION_KINDS, changeMotion, defaultMotion, motionParamIntent, motionParamName, motionSetting, sentMotion,
} from './motion-kinds.js';
import { FollowRow } from './follow-row.js';
import { WAVEFORM_KINDS, oscillatorCycles, sampleWaveform, waveformPolyline, wrappedUnit } from './waveform-plot.js';
import { h, uid } from '../../shared/dom.js';
import { formatNumber } from '../../shared/numbers.js';
import { PanelElement, Slider, labelledSelect, segmented, sizedContext } from '../panel-kit/panel-base.js';

const WAVEFORM_LABELS = {
  sine: 'Sine', triangle: 'Triangle', saw: 'Saw', square: 'Square', pulse: 'Pulse', 'sample-and-hold': 'Sample & hold',
};

const TEMPO_RANGE = [20, 300];

export class MotionPanel extends PanelElement {
  build() {
    this.featureName = 'size';
    this.rememberedMotions = new Map();
    this.rememberedWaveforms = new Map([['pulse', { kind: 'pulse', width: 0.5 }], ['sample-and-hold', { kind: 'sample-and-hold', seed: 1 }]]);
    this.rateUnit = 'hertz';
    this.plotFrame = null;
    this.statusLine = h('p', { className: 'status', role: 'status' });

    const motion = this.buildMotion();
    const tempoRow = this.buildTempo();
    this.featureGroup = this.buildFeature();
    this.shadowRoot.append(h('section', { className: 'motion-panel', 'aria-label': 'Motion' },
      h('div', { className: 'columns' },
        h('div', { className: 'column', role: 'group', 'aria-label': 'Motion and tempo' },
          ...motion, tempoRow,
          this.statusLine),
        this.featureGroup)));
  }

  /** The motion's choice, its parameters' sliders, speed and edges: the motion column's controls. */
  buildMotion() {
    const kind = labelledSelect('Motion', MOTION_KINDS.map((m) => [m.kind, m.label]), (value) => this.chooseMotion(value));
    this.motionSelect = kind.select;
    for (const option of this.motionSelect.options) {
      if (MOTION_KINDS.find((m) => m.kind === option.value)?.chosenByStroke) option.disabled = true;
    }
    this.motionSliders = MOTION_KINDS.flatMap((entry) => entry.params.map((param) => {
      const slider = new Slider({
        label: param.label, name: motionParamName(entry, param),
        min: param.min, max: param.max, step: param.step,
        format: (x) => `${formatNumber(x)}${param.unit === 'Hz' ? ' Hz' : ''}`,
        onValue: (value) => this.setMotionParam(entry.kind, param.name, value),
      });
      slider.kind = entry.kind;
      slider.param = param.name;
      return slider;
    }));
    const speed = feature('speed');
    this.speedSlider = new Slider({
      label: 'Speed', min: speed.base[0], max: speed.base[1], step: 0.01,
      format: (x) => `×${formatNumber(x)}`, onValue: (value) => this.setFeature('speed', (s) => ({ ...s, base: value })),
    });
    this.edges = segmented('Edges', EDGES, (value) => this.setEdges(value));

    return [kind.element, ...this.motionSliders.map((s) => s.element), this.speedSlider.element, this.edges.element];
  }

  /** The tempo's field and Tap tempo, in a row. */
  buildTempo() {
    const tempoId = uid('tempo');
    this.tempoInput = h('input', {
      type: 'number', id: tempoId, min: String(TEMPO_RANGE[0]), max: String(TEMPO_RANGE[1]), step: '1', inputmode: 'decimal',
      'aria-label': 'Tempo (BPM)',
      onchange: () => this.setTempo(),
      onkeydown: (event) => { if (event.key === 'Enter') this.setTempo(); },
      oninput: () => { this.tempoEdited = true; },
      onblur: () => { this.tempoEdited = false; this.requestUpdate(); },
    });
    this.tapButton = h('button', { type: 'button', onclick: () => this.send({ type: 'tapTempo' }) }, 'Tap tempo');
    return h('div', { className: 'row wide' }, h('label', { for: tempoId }, 'Tempo'),
      h('div', { className: 'inline' }, this.tempoInput, h('span', { 'aria-hidden': 'true' }, 'BPM'), this.tapButton));

  }

  /** One feature's base and oscillator, and the sound it follows: the feature column. */
  buildFeature() {
    const featureChoice = labelledSelect('Feature', FEATURES.map((f) => [f.name, f.label]), (value) => {
      this.featureName = value;
      this.requestUpdate();
    });
    this.featureSelect = featureChoice.select;
    this.baseSlider = new Slider({
      label: 'Base', min: 0, max: 1, step: 0.01,
      onValue: (value) => this.setFeature(this.featureName, (s) => ({ ...s, base: value })),
    });
    const waveChoice = labelledSelect('Waveform', WAVEFORM_KINDS.map((k) => [k, WAVEFORM_LABELS[k]]), (value) => this.chooseWaveform(value));
    this.waveSelect = waveChoice.select;
    this.widthSlider = new Slider({
      label: 'Width', name: 'Pulse width', min: 0, max: 1, step: 0.01,
      onValue: (value) => this.setOscillator((o) => ({ ...o, waveform: { kind: 'pulse', width: value } })),
    });
    const seedId = uid('seed');
    this.seedInput = h('input', {
      type: 'number', id: seedId, min: '0', max: String(Number.MAX_SAFE_INTEGER), step: '1',
      onchange: () => this.setSeed(),
      oninput: () => { this.seedEdited = true; },
      onblur: () => { this.seedEdited = false; this.requestUpdate(); },
    });
    this.seedRow = h('div', { className: 'row wide' }, h('label', { for: seedId }, 'Seed'), this.seedInput);
    this.unitButton = h('button', {
      type: 'button', 'aria-pressed': 'false', title: 'Rate in beats per cycle (pressed) or in hertz',
      onclick: () => this.toggleRateUnit(),
    }, 'Beats');
    this.rateSlider = new Slider({
      label: 'Rate', min: 0, max: RATE_STEPS.hertz, step: 1,
      toSlider: (value) => stepFromRate(this.rateUnit, value),
      fromSlider: (step) => rateFromStep(this.rateUnit, step),
      format: (value) => formatRate({ [this.rateUnit]: value }),
      onValue: (value) => this.setOscillator((o) => ({ ...o, rate: { [this.rateUnit]: value } })),
    });
    this.rateSlider.labelElement.replaceWith(this.unitButton);
    this.rateSlider.input.setAttribute('aria-label', 'Rate');
    this.depthSlider = new Slider({
      label: 'Depth', min: 0, max: 1, step: 0.01,
      onValue: (value) => this.setOscillator((o) => ({ ...o, depth: value })),
    });
    this.phaseSlider = new Slider({
      label: 'Phase', min: 0, max: 1, step: 0.01, format: (x) => `${formatNumber(x)} cyc`,
      onValue: (value) => this.setOscillator((o) => ({ ...o, phase: value })),
    });
    // The sound the oscillator follows, and how much (not for speed).
    this.followRow = new FollowRow(this);
    this.plot = h('canvas', { className: 'plot', role: 'img', 'aria-label': 'The waveform' });
    return h('div', { className: 'column', role: 'group', 'aria-label': 'Feature oscillator' },
      featureChoice.element, this.baseSlider.element, waveChoice.element, this.widthSlider.element, this.seedRow,
      this.rateSlider.element, this.depthSlider.element, this.phaseSlider.element, this.followRow.element, this.plot);
  }

  attached() { this.startPlot(); }

  detached() {
    if (this.plotFrame !== null) cancelAnimationFrame(this.plotFrame);
    this.plotFrame = null;
  }

  showStatus(message, isError = false) {
    this.statusLine.textContent = message ?? '';
    this.statusLine.classList.toggle('error', Boolean(isError));
  }

  // ---- intents

  get design() { return this.store.state?.design; }

  /** The motion and edges to change: those last sent while the engine has not said them back, else the engine's. */
  currentMotion() {
    return motionSetting(this.store.state);
  }

  sendMotion(motion, edges) {
    this.send(sentMotion(motion, edges));
  }

  chooseMotion(kind) {
    const current = this.currentMotion();
    const motion = defaultMotion(kind, this.rememberedMotions.get(kind));
    if (!this.design || !motion) return;
    this.sendMotion(motion, current?.edges ?? this.design.edges ?? 'bounce');
    this.resyncSoon();
  }

  setMotionParam(kind, name, value) {
    const intent = motionParamIntent(this.store.state, kind, name, value);
    if (intent) this.send(intent);
  }

  setEdges(edges) {
    const intent = changeMotion(this.store.state, ({ motion }) => ({ motion, edges }));
    if (intent) this.send(intent);
    this.resyncSoon();
  }

  setTempo() {
    const bpm = Number(this.tempoInput.value);
    if (this.tempoInput.value === '' || !Number.isFinite(bpm)) {
      this.showStatus('The tempo is a number of beats per minute.', true);
    } else if (bpm < TEMPO_RANGE[0] || bpm > TEMPO_RANGE[1]) {
      this.showStatus(`The tempo is ${TEMPO_RANGE[0]} to ${TEMPO_RANGE[1]} BPM.`, true);
    } else {
      this.showStatus('');
      this.send({ type: 'tempo', bpm });
    }
    this.tempoEdited = false;
    this.resyncSoon();
  }

  /** The engine's setting of a feature, or a silent one where it says none (a design always has all twelve). */
  settingOf(name) {
    return designSetting(this.store.state, name) ?? null;
  }

  setFeature(name, change) {
    const intent = changeFeature(this.store.state, name, change);
    if (intent) this.send(intent);
  }

  setOscillator(change) {
    const intent = changeOscillator(this.store.state, this.featureName, change);
    if (intent) this.send(intent);
  }

  chooseWaveform(kind) {
    const waveform = this.rememberedWaveforms.get(kind) ?? { kind };
    this.setOscillator((o) => ({ ...o, waveform }));
    this.resyncSoon();
  }

  setSeed() {
    const text = this.seedInput.value.trim();
    const seed = Number(text);
    this.seedEdited = false;
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(seed)) {
      this.showStatus('A seed is a whole number, 0 or more.', true);
    } else {
      this.showStatus('');
      this.setOscillator((o) => ({ ...o, waveform: { kind: 'sample-and-hold', seed } }));
    }
    this.resyncSoon();
  }

  /** Switches the rate between hertz and beats per cycle, keeping its speed at the current tempo. */
  toggleRateUnit() {
    const setting = this.settingOf(this.featureName);
    if (!setting) return;
    const { unit, value } = rateParts(setting.oscillator?.rate);
    const beatsPerSecond = this.tempoOf(this.store.state) / 60;
    const snapped = (to, x) => rateFromStep(to, stepFromRate(to, x));
    const rate = unit === 'hertz'
      ? { beats: value > 0 ? snapped('beats', clamp(beatsPerSecond / value, BEATS_RANGE)) : 4 }
      : { hertz: snapped('hertz', clamp(beatsPerSecond / value, HERTZ_RANGE)) };
    this.setOscillator((o) => ({ ...o, rate }));
    this.resyncSoon();
  }

  resyncSoon() {
    clearTimeout(this.resyncTimer);
    this.resyncTimer = setTimeout(() => this.requestUpdate(), 700);
  }

  tempoOf(state) {
    const tempo = state?.tempo;
    if (typeof tempo === 'number') return tempo;
    if (typeof tempo?.beatsPerMinute === 'number') return tempo.beatsPerMinute;
    return 120;
  }

  // ---- drawing the engine's state

  update(state) {
    const design = state.design;
    const motion = design?.motion ?? null;
    if (motion) this.rememberedMotions.set(motion.kind, motion);
    this.motionSelect.disabled = !motion;
    this.motionSelect.value = motion?.kind ?? '';
    for (const slider of this.motionSliders) {
      const shown = motion?.kind === slider.kind;
      slider.element.hidden = !shown;
      if (shown) slider.show(typeof motion[slider.param] === 'number' ? motion[slider.param] : null);
    }
    this.speedSlider.show(designSetting(state, 'speed')?.base ?? null);
    this.edges.set(design?.edges ?? null);

    if (!this.tempoEdited) {
      this.tempoInput.value = formatNumber(this.tempoOf(state), 1).replace('−', '-');
    }

    // The feature's editor.
    const f = feature(this.featureName);
    const setting = designSetting(state, f.name);
    const oscillator = setting?.oscillator ?? null;
    this.featureSelect.value = f.name;
    this.featureGroup.setAttribute('aria-label', `${f.label}: base and oscillator`);
    this.baseSlider.input.min = String(f.base[0]);
    this.baseSlider.input.max = String(f.base[1]);
    this.baseSlider.input.step = String((f.base[1] - f.base[0]) / 200);
    this.baseSlider.rename('Base', `${f.label} base`);
    this.widthSlider.rename('Width', `${f.label} pulse width`);
    this.rateSlider.input.setAttribute('aria-label', `${f.label} rate`);
    this.depthSlider.rename('Depth', `${f.label} depth`);
    this.phaseSlider.rename('Phase', `${f.label} phase`);
    this.waveSelect.setAttribute('aria-label', `${f.label} waveform`);
    this.seedInput.setAttribute('aria-label', `${f.label} seed`);
    this.baseSlider.show(setting ? setting.base : null);

    const waveform = oscillator?.waveform ?? null;
    if (waveform) this.rememberedWaveforms.set(waveform.kind, waveform);
    this.waveSelect.disabled = !oscillator;
    this.waveSelect.value = waveform?.kind ?? '';
    this.widthSlider.element.hidden = waveform?.kind !== 'pulse';
    if (waveform?.kind === 'pulse') this.widthSlider.show(waveform.width ?? null);
    this.seedRow.hidden = waveform?.kind !== 'sample-and-hold';
    if (waveform?.kind === 'sample-and-hold' && !this.seedEdited) {
      this.seedInput.value = String(waveform.seed ?? 0);
    }

    const { unit, value } = rateParts(oscillator?.rate);
    if (unit !== this.rateUnit) {
      this.rateUnit = unit;
      this.rateSlider.input.max = String(RATE_STEPS[unit]);
    }
    this.unitButton.setAttribute('aria-pressed', String(unit === 'beats'));
    this.unitButton.disabled = !oscillator;
    this.rateSlider.show(oscillator ? value : null);
    this.depthSlider.input.max = String(f.depth[1]);
    this.depthSlider.input.step = String(f.depth[1] / 200);
    this.depthSlider.show(oscillator ? oscillator.depth : null);
    this.phaseSlider.show(oscillator ? oscillator.phase : null);
    this.followRow.show(f, oscillator);

    this.plotted = { feature: f, oscillator, tempo: this.tempoOf(state) };
    this.plot.setAttribute('aria-label', oscillator
      ? `${f.label}: ${WAVEFORM_LABELS[waveform?.kind] ?? 'unknown waveform'} at ${formatRate(oscillator.rate)}, depth ${formatNumber(oscillator.depth)}, phase ${formatNumber(oscillator.phase)}`
      : `${f.label}: the engine has sent no oscillator`);
    this.drawPlot(performance.now());
  }

  startPlot() {
    if (this.plotFrame !== null) return;
    const step = (now) => {
      this.plotFrame = null;
      if (!this.isConnected) return;
      const o = this.plotted?.oscillator;
      const moving = o && o.depth !== 0 && (o.rate?.hertz > 0 || o.rate?.beats > 0);
      if (moving && this.shown && !document.hidden) this.drawPlot(now);
      this.plotFrame = requestAnimationFrame(step);
    };
    this.plotFrame = requestAnimationFrame(step);
  }

  /** The waveform over two cycles from its phase — full scale faintly, at its depth brightly — and where it is now. */
  drawPlot(now) {
    const sized = sizedContext(this.plot);
    if (!sized || !this.plotted) return;
    const { context, width, height } = sized;
    const { feature: f, oscillator, tempo } = this.plotted;
    const middle = height / 2;
    const half = height / 2 - 4;
    context.strokeStyle = '#2e333f';
    context.lineWidth = 1;
    context.beginPath();
    context.moveTo(0, middle);
    context.lineTo(width, middle);
    context.moveTo(width / 2, 2);
    context.lineTo(width / 2, height - 2);
    context.stroke();
    if (!oscillator) return;
    const cycles = 2;
    const line = waveformPolyline(oscillator.waveform, { phase: oscillator.phase ?? 0, cycles, samples: Math.max(32, Math.round(width / 2)) });
    const scale = Math.min(Math.abs(oscillator.depth ?? 0) / (f.depth[1] || 1), 1) * Math.sign(oscillator.depth ?? 0);
    const trace = (amount, style, lineWidth) => {
      context.strokeStyle = style;
      context.lineWidth = lineWidth;
      context.beginPath();
      for (let i = 0; i < line.length; i += 2) {
        const x = (line[i] / cycles) * width;
        const y = middle - line[i + 1] * amount * half;
        if (i === 0) context.moveTo(x, y);
        else context.lineTo(x, y);
      }
      context.stroke();
    };
    trace(1, 'rgba(127, 176, 255, 0.25)', 1);
    trace(scale, '#7fb0ff', 1.5);
    const seconds = now / 1000;
    const travelled = oscillatorCycles({ ...oscillator, phase: 0 }, { elapsed: seconds, beat: (seconds * tempo) / 60 });
    const x = wrappedUnit(travelled / cycles) * cycles;
    const y = sampleWaveform(oscillator.waveform, (oscillator.phase ?? 0) + x);
    context.fillStyle = '#ffd166';
    context.beginPath();
    context.arc((x / cycles) * width, middle - y * scale * half, 3, 0, 2 * Math.PI);
    context.fill();
  }
}

if (!customElements.get('ip-motion-panel')) customElements.define('ip-motion-panel', MotionPanel);
