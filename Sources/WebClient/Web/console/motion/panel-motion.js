// <ip-motion-panel>: the motion panel. The design's motion (still, drift, orbit, Lissajous, wander — follow
// comes from a stroke) with its parameters, its speed and its edge behaviour (`motion` intents), and the
// tempo (`tempo`, `tapTempo`); beside them the oscillator editor of one lumi feature at a time, with the
// sound it follows and a live plot of its waveform (feature-oscillator.js).
// Everything shown is what the engine said; a slider being dragged shows the finger's value until let go.

import { changeFeature, designSetting, engineTempo, feature } from '../panel-kit/lumi-features.js';
import {
  EDGES, MOTION_KINDS, changeMotion, defaultMotion, motionParamIntent, motionParamName, motionSetting, sentMotion,
} from './motion-kinds.js';
import { FeatureOscillator } from './feature-oscillator.js';
import { h, uid } from '../../shared/dom.js';
import { formatNumber } from '../../shared/numbers.js';
import { PanelElement, Slider, labelledSelect, segmented } from '../panel-kit/panel-base.js';

const TEMPO_RANGE = [20, 300];

/** The motion panel: the motion and the tempo, and one feature's oscillator (the file's header says what it holds). */
export class MotionPanel extends PanelElement {
  build() {
    this.rememberedMotions = new Map();
    this.statusLine = h('p', { className: 'status', role: 'status' });

    const motion = this.buildMotion();
    const tempoRow = this.buildTempo();
    this.featureOscillator = new FeatureOscillator(this);
    this.shadowRoot.append(h('section', { className: 'motion-panel', 'aria-label': 'Motion' },
      h('div', { className: 'columns' },
        h('div', { className: 'column', role: 'group', 'aria-label': 'Motion and tempo' },
          ...motion, tempoRow,
          this.statusLine),
        this.featureOscillator.element)));
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

  attached() { this.featureOscillator.plot.start(); }

  detached() { this.featureOscillator.plot.stop(); }

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

  setFeature(name, change) {
    const intent = changeFeature(this.store.state, name, change);
    if (intent) this.send(intent);
  }

  resyncSoon() {
    clearTimeout(this.resyncTimer);
    this.resyncTimer = setTimeout(() => this.requestUpdate(), 700);
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
      this.tempoInput.value = formatNumber(engineTempo(state), 1).replace('−', '-');
    }

    this.featureOscillator.show(state, engineTempo(state));
  }
}

if (!customElements.get('ip-motion-panel')) customElements.define('ip-motion-panel', MotionPanel);
