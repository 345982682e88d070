// <ip-form-panel>: the form panel. A gallery of the current chord's forms — the lumi being designed and the
// selected chord's lumis — drawn from the engine's own outlines (POST /api/forms/outline); choosing one, or
// changing the form's kind or parameters, sends a `form` intent. The design's size, morph and stroke width
// are lumi features: their sliders send `feature` intents with the rest of the setting as the engine has
// it. The prism (seed 004) has four sliders — Light, Prism, Dispersion, Rainbow — and, when one is let go,
// its drawing is played: the outline traced over 1.5 s. Count says how many lumis a chord stored from the
// controls (Shift and a chord) holds — the designed lumi and copies of it round the canvas's middle
// (`lumiCount` intents); until the performer sets it, it shows how many the selected chord holds, which a
// chord stored keeps. Everything shown is what the engine said; a slider being dragged shows the finger's
// value until it is let go.

import {
  FEATURES, LUMI_COUNT_RANGE, LUMI_COUNT_SLIDER_MAX, changeFeature, designSetting, lumiCountIntent, lumiCountSliderMax,
  selectedChord, shownLumiCount,
} from '../panel-kit/lumi-features.js';
import {
  FORM_KINDS, defaultForm, describeForm, formIntent, formKey, formParamIntent, formParamName, formSetting, withParam,
} from './form-kinds.js';
import { OutlineCache } from './form-outlines.js';
import { drawOutline, lumiColor } from './form-drawing.js';
import { DRAWING_MILLISECONDS, drawingProgress } from './trimmed-path.js';
import { h } from '../../shared/dom.js';
import { formatNumber } from '../../shared/numbers.js';
import { PanelElement, Slider, labelledSelect, sizedContext } from '../panel-kit/panel-base.js';

const FEATURE_SLIDERS = [
  { feature: 'size', label: 'Size', name: 'Size', step: 0.01 },
  { feature: 'morph', label: 'Morph', name: 'Morph', step: 0.01 },
  { feature: 'strokeWidth', label: 'Stroke', name: 'Stroke width', step: 0.005 },
];

/** How long a let-go prism slider waits for the engine's form before it gives up playing the drawing. */
const ANIMATION_WAIT_MILLISECONDS = 3000;

export class FormPanel extends PanelElement {
  build() {
    this.cache = new OutlineCache(
      async (forms) => (await this.sender.api('POST', '/api/forms/outline', { forms })).forms,
      { onChange: () => this.requestUpdate() },
    );
    this.inFlight = null;
    this.remembered = new Map();
    this.gallerySignature = '';
    this.lastPreview = null;
    this.animation = null;
    this.awaitedAnimation = null;

    this.gallery = h('div', { className: 'gallery', role: 'group', 'aria-label': 'Forms of the chord' });
    this.preview = h('canvas', { className: 'preview', role: 'img', 'aria-label': 'The form being designed' });
    this.drawButton = h('button', { type: 'button', onclick: () => this.playDrawing() }, 'Draw');
    this.statusLine = h('p', { className: 'status', role: 'status' });

    const kind = labelledSelect('Form', FORM_KINDS.map((k) => [k.kind, k.label]), (value) => this.chooseKind(value));
    this.kindSelect = kind.select;

    this.paramSliders = [];
    for (const entry of FORM_KINDS) {
      for (const param of entry.params) {
        const slider = new Slider({
          label: param.label,
          name: formParamName(entry, param),
          min: param.min, max: param.max, step: param.step,
          format: param.integer ? (x) => String(Math.round(x)) : (x) => formatNumber(x),
          onValue: (value) => this.setParam(entry.kind, param.name, value),
          onRelease: () => { if (entry.kind === 'prism') this.awaitDrawing(entry.kind, param.name); },
        });
        slider.kind = entry.kind;
        slider.param = param.name;
        this.paramSliders.push(slider);
      }
    }

    this.featureSliders = FEATURE_SLIDERS.map((spec) => {
      const feature = FEATURES.find((f) => f.name === spec.feature);
      const slider = new Slider({
        label: spec.label, name: spec.name, min: feature.base[0], max: feature.base[1], step: spec.step,
        onValue: (value) => this.setFeatureBase(spec.feature, value),
      });
      slider.feature = spec.feature;
      return slider;
    });

    this.countSlider = new Slider({
      label: 'Count', min: LUMI_COUNT_RANGE[0], max: LUMI_COUNT_SLIDER_MAX, step: 1, format: (x) => String(Math.round(x)),
      onValue: (value) => this.send(lumiCountIntent(value)),
    });
    this.countSlider.element.title = 'How many lumis a chord stored with Shift holds: the designed lumi and copies round the middle';

    this.shadowRoot.append(h('section', { className: 'form-panel', 'aria-label': 'Form' },
      h('div', { className: 'columns' },
        h('div', { className: 'preview-box' }, this.preview, this.gallery),
        h('div', { className: 'column' }, kind.element, this.paramSliders.map((s) => s.element)),
        h('div', { className: 'column' }, this.featureSliders.map((s) => s.element), this.countSlider.element,
          h('div', { className: 'inline' }, this.drawButton, this.statusLine)))));
  }

  detached() {
    if (this.animation) cancelAnimationFrame(this.animation.frame);
    this.animation = null;
  }

  showStatus(message, isError = false) {
    this.statusLine.textContent = message ?? '';
    this.statusLine.classList.toggle('error', Boolean(isError));
  }

  // ---- intents

  /** The form to change: the one last sent while the engine has not said it back, else the engine's. */
  currentForm() {
    return formSetting(this.store.state);
  }

  sendForm(form) {
    this.send(formIntent(form));
  }

  chooseKind(kind) {
    const form = defaultForm(kind, this.remembered.get(kind));
    if (!form) return;
    this.sendForm(form);
    if (kind === 'prism') this.awaitedAnimation = { key: formKey(form), until: performance.now() + ANIMATION_WAIT_MILLISECONDS };
    this.resyncSoon();
  }

  setParam(kind, name, value) {
    const intent = formParamIntent(this.store.state, kind, name, value);
    if (intent) this.send(intent);
  }

  awaitDrawing(kind, name) {
    const form = this.currentForm();
    if (!form || form.kind !== kind) return;
    const slider = this.paramSliders.find((s) => s.kind === kind && s.param === name);
    const expected = withParam(form, name, slider.fromSlider(Number(slider.input.value)));
    this.awaitedAnimation = { key: formKey(expected), until: performance.now() + ANIMATION_WAIT_MILLISECONDS };
    this.requestUpdate();
  }

  setFeatureBase(feature, base) {
    const intent = changeFeature(this.store.state, feature, (setting) => ({ ...setting, base }));
    if (intent) this.send(intent);
  }

  chooseGalleryForm(form) {
    this.sendForm(form);
    this.resyncSoon();
  }

  /** A control changed but the engine may refuse: show its word again shortly whatever it says. */
  resyncSoon() {
    clearTimeout(this.resyncTimer);
    this.resyncTimer = setTimeout(() => this.requestUpdate(), 700);
  }

  // ---- drawing the engine's state

  update(state) {
    const design = state.design;
    const form = design?.form ?? null;
    if (form) this.remembered.set(form.kind, form);

    const kindKnown = FORM_KINDS.some((k) => k.kind === form?.kind);
    this.kindSelect.disabled = !form;
    if (form && !kindKnown && ![...this.kindSelect.options].some((o) => o.value === form.kind)) {
      this.kindSelect.append(h('option', { value: form.kind, disabled: true }, form.kind));
    }
    this.kindSelect.value = form?.kind ?? '';
    for (const slider of this.paramSliders) {
      const shown = form?.kind === slider.kind;
      slider.element.hidden = !shown;
      if (shown) slider.show(typeof form[slider.param] === 'number' ? form[slider.param] : null);
    }
    for (const slider of this.featureSliders) slider.show(designSetting(state, slider.feature)?.base ?? null);
    const count = shownLumiCount(state);
    if (!this.countSlider.held) this.countSlider.input.max = String(lumiCountSliderMax(count?.count));
    this.countSlider.show(count ? count.count : null);
    this.countSlider.element.classList.toggle('from-chord', count?.fromChord === true);
    if (count?.fromChord) this.countSlider.input.setAttribute('aria-description', 'as many as the selected chord holds');
    else this.countSlider.input.removeAttribute('aria-description');

    const items = this.galleryItems(state);
    this.fetchOutlines(items.map((item) => item.form));
    this.drawGallery(items, form);
    this.drawPreviewState(state);
  }

  galleryItems(state) {
    const items = [];
    const design = state.design;
    if (design?.form) items.push({ key: `design:${formKey(design.form)}`, form: design.form, lumi: design, label: `Designed: ${describeForm(design.form)}`, count: 0 });
    const position = state.selectedChord;
    const chord = selectedChord(state);
    const byKey = new Map();
    (chord?.lumis ?? []).forEach((lumi, index) => {
      if (!lumi?.form) return;
      const key = formKey(lumi.form);
      const item = byKey.get(key);
      if (item) item.lumis.push(index + 1);
      else byKey.set(key, { key, form: lumi.form, lumi, lumis: [index + 1] });
    });
    const chordName = Number.isInteger(position) ? `chord ${position + 1}` : 'the chord';
    for (const item of byKey.values()) {
      const which = item.lumis.length === 1 ? `lumi ${item.lumis[0]}` : `${item.lumis.length} lumis`;
      items.push({ ...item, label: `${describeForm(item.form)} (${chordName}, ${which})`, count: item.lumis.length });
    }
    this.gallery.setAttribute('aria-label', `Forms of ${chordName}`);
    return items;
  }

  fetchOutlines(forms) {
    if (this.inFlight) return;
    const wanted = forms.filter((form) => {
      const status = this.cache.get(form).status;
      return status === 'unknown' || status === 'failed';
    });
    if (wanted.length === 0) return;
    this.inFlight = this.cache.request(wanted).finally(() => {
      this.inFlight = null;
      this.requestUpdate();
    });
  }

  drawGallery(items, designForm) {
    const designKey = designForm ? formKey(designForm) : null;
    const signature = items.map((item) => `${item.key}|${item.label}|${lumiColor(item.lumi)}|${this.cache.get(item.form).status}`).join('\n')
      + `\n${designKey}`;
    if (signature === this.gallerySignature) return;
    this.gallerySignature = signature;
    const focusedKey = this.shadowRoot.activeElement?.dataset?.key;
    const buttons = items.map((item) => {
      const canvas = h('canvas', { 'aria-hidden': 'true' });
      const entry = this.cache.get(item.form);
      const pressed = formKey(item.form) === designKey;
      const label = entry.status === 'failed' ? `${item.label} — the engine could not draw it: ${entry.error}` : item.label;
      const button = h('button', {
        type: 'button', className: 'thumb', 'aria-label': label, title: label, 'aria-pressed': String(pressed),
        onclick: () => this.chooseGalleryForm(item.form),
      }, canvas, item.count > 1 ? h('span', { className: 'count', 'aria-hidden': 'true' }, `×${item.count}`) : null);
      button.dataset.key = item.key;
      button.thumb = { canvas, item, entry };
      return button;
    });
    this.gallery.replaceChildren(...buttons);
    for (const button of buttons) {
      const { canvas, item, entry } = button.thumb;
      const sized = sizedContext(canvas);
      if (!sized) continue;
      if (entry.status === 'ready') {
        const f = item.lumi?.features;
        drawOutline(sized.context, entry.outline, {
          cx: sized.width / 2, cy: sized.height / 2, size: sized.width * 0.9, color: lumiColor(item.lumi),
          morph: f?.morph?.base ?? 0, strokeWidth: f?.strokeWidth?.base ?? 0, prism: item.form.kind === 'prism',
        });
      } else {
        sized.context.fillStyle = entry.status === 'failed' ? '#ff8a80' : '#5b6170';
        sized.context.font = '16px system-ui, sans-serif';
        sized.context.textAlign = 'center';
        sized.context.textBaseline = 'middle';
        sized.context.fillText(entry.status === 'failed' ? '!' : '…', sized.width / 2, sized.height / 2);
      }
      if (button.dataset.key === focusedKey) button.focus();
    }
  }

  drawPreviewState(state) {
    const form = state.design?.form;
    if (!form) {
      this.showStatus('The engine has sent no design yet.');
      return;
    }
    const entry = this.cache.get(form);
    if (entry.status === 'ready') {
      this.lastPreview = { outline: entry.outline, form, design: state.design };
      this.showStatus('');
    } else if (entry.status === 'failed') {
      this.showStatus(`The engine could not draw ${describeForm(form).toLowerCase()}: ${entry.error}`, true);
    }
    if (this.lastPreview) this.lastPreview.design = state.design;
    this.preview.setAttribute('aria-label', `The form being designed: ${describeForm(form)}`);
    this.drawButton.disabled = !this.lastPreview;

    const awaited = this.awaitedAnimation;
    if (awaited && performance.now() > awaited.until) this.awaitedAnimation = null;
    else if (awaited && entry.status === 'ready' && awaited.key === formKey(form)) {
      this.awaitedAnimation = null;
      this.playDrawing();
      return;
    }
    if (!this.animation) this.paintPreview(1);
  }

  /** Plays the animated drawing of the form being designed, from its start. */
  playDrawing() {
    if (!this.lastPreview) return;
    if (this.animation) cancelAnimationFrame(this.animation.frame);
    const animation = { start: performance.now(), frame: 0 };
    this.animation = animation;
    const step = (now) => {
      if (this.animation !== animation) return;
      const progress = drawingProgress(now - animation.start, DRAWING_MILLISECONDS);
      this.paintPreview(progress);
      if (progress < 1) animation.frame = requestAnimationFrame(step);
      else this.animation = null;
    };
    this.paintPreview(0);
    animation.frame = requestAnimationFrame(step);
  }

  paintPreview(progress) {
    const sized = sizedContext(this.preview);
    if (!sized || !this.lastPreview) return;
    const { outline, form, design } = this.lastPreview;
    const f = design?.features;
    const size = Math.min(sized.width, sized.height) * 0.86;
    drawOutline(sized.context, outline, {
      cx: sized.width / 2, cy: sized.height / 2, size, color: lumiColor(design),
      morph: f?.morph?.base ?? 0, strokeWidth: f?.strokeWidth?.base ?? 0, progress, prism: form.kind === 'prism',
    });
  }
}

if (!customElements.get('ip-form-panel')) customElements.define('ip-form-panel', FormPanel);
