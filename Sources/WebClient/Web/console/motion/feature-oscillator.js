// The motion panel's feature column (panel-motion.js): one lumi feature at a time ("Feature") — its base, its
// oscillator's waveform (the pulse's width, sample-and-hold's seed), rate in hertz or in beats ("Beats"
// pressed), depth and phase; the sound it follows and how much (follow-row.js; every feature but speed); and
// a live plot of its waveform (oscillator-plot.js). Each change sends the feature's whole setting (`feature`
// intents, built on the one last sent: lumi-features.js). Every control is named for the feature ("Size
// depth"); what is shown is what the engine said, a slider being dragged showing the finger's value.

import {
  FEATURES, RATE_STEPS, changeFeature, changeOscillator, designSetting, engineTempo, feature, formatRate, rateFromStep, rateInOtherUnit,
  rateParts, stepFromRate,
} from '../panel-kit/lumi-features.js';
import { FollowRow } from './follow-row.js';
import { OscillatorPlot } from './oscillator-plot.js';
import { WAVEFORM_KINDS, WAVEFORM_LABELS } from './waveform-plot.js';
import { h, uid } from '../../shared/dom.js';
import { formatNumber } from '../../shared/numbers.js';
import { Slider, labelledSelect } from '../panel-kit/panel-base.js';

/** The feature column: `element` to place, `show(state, tempo)` after every change of the engine's state. */
export class FeatureOscillator {
  /** `panel` has `store`, `send`, `showStatus`, `resyncSoon`, `requestUpdate`, `isConnected` and `shown`. */
  constructor(panel) {
    this.panel = panel;
    this.featureName = 'size';
    this.rateUnit = 'hertz';
    this.rememberedWaveforms = new Map([['pulse', { kind: 'pulse', width: 0.5 }], ['sample-and-hold', { kind: 'sample-and-hold', seed: 1 }]]);
    const featureChoice = labelledSelect('Feature', FEATURES.map((f) => [f.name, f.label]), (value) => {
      this.featureName = value;
      this.requestUpdate();
    });
    this.featureSelect = featureChoice.select;
    this.baseSlider = new Slider({
      label: 'Base', min: 0, max: 1, step: 0.01,
      onValue: (value) => this.setFeature((s) => ({ ...s, base: value })),
    });
    const waveChoice = labelledSelect('Waveform', WAVEFORM_KINDS.map((k) => [k, WAVEFORM_LABELS[k]]), (value) => this.chooseWaveform(value));
    this.waveSelect = waveChoice.select;
    this.widthSlider = new Slider({
      label: 'Width', name: 'Pulse width', min: 0, max: 1, step: 0.01,
      onValue: (value) => this.setOscillator((o) => ({ ...o, waveform: { kind: 'pulse', width: value } })),
    });
    this.seedRow = this.buildSeed();
    const rateElement = this.buildRate();
    this.depthSlider = new Slider({
      label: 'Depth', min: 0, max: 1, step: 0.01,
      onValue: (value) => this.setOscillator((o) => ({ ...o, depth: value })),
    });
    this.phaseSlider = new Slider({
      label: 'Phase', min: 0, max: 1, step: 0.01, format: (x) => `${formatNumber(x)} cyc`,
      onValue: (value) => this.setOscillator((o) => ({ ...o, phase: value })),
    });
    this.followRow = new FollowRow(this);
    this.plot = new OscillatorPlot(panel);
    this.element = h('div', { className: 'column', role: 'group', 'aria-label': 'Feature oscillator' },
      featureChoice.element, this.baseSlider.element, waveChoice.element, this.widthSlider.element, this.seedRow,
      rateElement, this.depthSlider.element, this.phaseSlider.element, this.followRow.element, this.plot.element);
  }

  /** "Seed", shown for sample-and-hold: sent when changed, the engine's shown again when left. */
  buildSeed() {
    const seedId = uid('seed');
    this.seedInput = h('input', {
      type: 'number', id: seedId, min: '0', max: String(Number.MAX_SAFE_INTEGER), step: '1',
      onchange: () => this.setSeed(),
      oninput: () => { this.seedEdited = true; },
      onblur: () => { this.seedEdited = false; this.requestUpdate(); },
    });
    return h('div', { className: 'row wide' }, h('label', { for: seedId }, 'Seed'), this.seedInput);
  }

  /** "Rate", its label the unit's button: pressed, beats per cycle; else hertz. */
  buildRate() {
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
    return this.rateSlider.element;
  }

  // ---- what the follow row shares with its owner (follow-row.js)

  get store() { return this.panel.store; }
  send(intent) { return this.panel.send(intent); }
  showStatus(message, isError = false) { this.panel.showStatus(message, isError); }
  resyncSoon() { this.panel.resyncSoon(); }
  requestUpdate() { this.panel.requestUpdate(); }

  // ---- intents

  setFeature(change) {
    const intent = changeFeature(this.store.state, this.featureName, change);
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
    const setting = designSetting(this.store.state, this.featureName) ?? null;
    if (!setting) return;
    const rate = rateInOtherUnit(setting.oscillator?.rate, engineTempo(this.store.state));
    this.setOscillator((o) => ({ ...o, rate }));
    this.resyncSoon();
  }

  // ---- drawing the engine's state

  /** The feature's setting as the engine has it in `state`, its controls named for it; the plot at `tempo`. */
  show(state, tempo) {
    const f = feature(this.featureName);
    const setting = designSetting(state, f.name);
    const oscillator = setting?.oscillator ?? null;
    this.featureSelect.value = f.name;
    this.element.setAttribute('aria-label', `${f.label}: base and oscillator`);
    this.name(f);
    this.baseSlider.show(setting ? setting.base : null);
    this.showWaveform(oscillator?.waveform ?? null, oscillator);
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
    this.plot.show(f, oscillator, tempo);
  }

  /** Every control named for feature `f` ("Size base", "Size rate", …), the base slider on its range. */
  name(f) {
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
  }

  /** The waveform's choice, and the pulse's width or sample-and-hold's seed where it has one. */
  showWaveform(waveform, oscillator) {
    if (waveform) this.rememberedWaveforms.set(waveform.kind, waveform);
    this.waveSelect.disabled = !oscillator;
    this.waveSelect.value = waveform?.kind ?? '';
    this.widthSlider.element.hidden = waveform?.kind !== 'pulse';
    if (waveform?.kind === 'pulse') this.widthSlider.show(waveform.width ?? null);
    this.seedRow.hidden = waveform?.kind !== 'sample-and-hold';
    if (waveform?.kind === 'sample-and-hold' && !this.seedEdited) {
      this.seedInput.value = String(waveform.seed ?? 0);
    }
  }
}
