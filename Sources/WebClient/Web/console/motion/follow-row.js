// The motion panel's "Follow" row: the sound heard a feature's oscillator follows ("Size follows": none, level,
// a band, onsets) and how much ("Size follow amount") — every feature but speed (sound-follow.js builds the
// intents). The amount a feature followed by is remembered, so choosing none and then a source again brings
// it back.

import { clamp } from '../panel-kit/lumi-features.js';
import {
  FOLLOW_SOURCES, defaultFollowAmount, followAmountIntent, followAmountRange, followIntent, followOf, followsSound,
} from '../color/sound-follow.js';
import { h, uid } from '../../shared/dom.js';

/** One row, shown for the feature edited; its owner (the feature column) gives the state, the sender and the status line. */
class FollowRow {
  /** `panel` (feature-oscillator.js) has `store`, `featureName`, `send`, `showStatus`, `resyncSoon` and `requestUpdate`. */
  constructor(panel) {
    this.panel = panel;
    this.remembered = new Map();
    this.edited = false;
    const id = uid('follow');
    this.select = h('select', { id, onchange: () => this.choose() },
      FOLLOW_SOURCES.map(({ source, label }) => h('option', { value: source }, label)));
    this.amount = h('input', {
      type: 'number', className: 'follow-amount', step: '0.01', inputmode: 'decimal', title: 'How much it follows',
      onchange: () => this.setAmount(),
      oninput: () => { this.edited = true; },
      onblur: () => { this.edited = false; this.panel.requestUpdate(); },
    });
    this.element = h('div', { className: 'row' }, h('label', { for: id }, 'Follow'), this.select, this.amount);
  }

  /** Follows the source chosen (or nothing), the amount it followed by — or had, or the default — kept. */
  choose() {
    const { panel } = this;
    const intent = followIntent(panel.store.state, panel.featureName, this.select.value, undefined, {
      remembered: this.remembered.get(panel.featureName) ?? null,
    });
    if (intent) panel.send(intent);
    panel.resyncSoon();
  }

  setAmount() {
    const { panel } = this;
    this.edited = false;
    const text = this.amount.value.trim();
    const amount = Number(text);
    const [low, high] = followAmountRange(panel.featureName);
    if (text === '' || !Number.isFinite(amount)) {
      panel.showStatus('A follow amount is a number.', true);
    } else {
      panel.showStatus('');
      const intent = followAmountIntent(panel.store.state, panel.featureName, clamp(amount, [low, high]));
      if (intent) panel.send(intent);
    }
    panel.resyncSoon();
  }

  /** The source the engine says feature `f`'s oscillator follows and how much; hidden for speed. */
  show(f, oscillator) {
    const follows = followsSound(f.name);
    this.element.hidden = !follows;
    if (!follows) return;
    const follow = followOf(oscillator);
    if (follow) this.remembered.set(f.name, follow);
    this.select.setAttribute('aria-label', `${f.label} follows`);
    this.amount.setAttribute('aria-label', `${f.label} follow amount`);
    this.select.disabled = !oscillator;
    this.select.value = follow?.source ?? 'none';
    const [low, high] = followAmountRange(f.name);
    this.amount.min = String(low);
    this.amount.max = String(high);
    this.amount.step = String(high / 100);
    this.amount.disabled = !follow;
    if (!this.edited) {
      const amount = follow?.amount ?? this.remembered.get(f.name)?.amount ?? defaultFollowAmount(f.name);
      this.amount.value = String(Number(amount.toFixed(4)));
    }
  }
}

export { FollowRow };
