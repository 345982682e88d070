// The page's record of settings sent (lumi-features.js's PendingSettings) forgets each one as soon as the engine's
// state says it back, whichever control sent it: a change made elsewhere within the second after is built on at once.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { PendingSettings, changeFeature } from '../../Sources/WebClient/Web/console/panel-kit/lumi-features.js';
import { formIntent, formSetting } from '../../Sources/WebClient/Web/console/form/form-kinds.js';
import { changeMotion, sentMotion } from '../../Sources/WebClient/Web/console/motion/motion-kinds.js';
import { DEFAULT_PULSE, changePulse } from '../../Sources/WebClient/Web/console/color/pulse.js';
import { soundResponseIntent } from '../../Sources/WebClient/Web/console/listening/listening-model.js';

const osc = (depth) => ({ waveform: { kind: 'sine' }, rate: { hertz: 0.5 }, phase: 0, depth, offset: 0 });

test('a feature said back is forgotten as the state comes: a knob moved elsewhere is built on at once', () => {
  const pending = new PendingSettings({ now: () => 0 });
  const engine = (base) => ({ design: { features: { size: { base, oscillator: osc(0.1) } } } });
  changeFeature(engine(0.5), 'size', (s) => ({ ...s, base: 0.6 }), pending);
  pending.heardFrom(engine(0.5));  // not yet said back: kept
  assert.equal(changeFeature(engine(0.5), 'size', (s) => s, pending).setting.base, 0.6);
  pending.heardFrom(engine(0.6));
  assert.equal(pending.entries.size, 0);
  // Another console sets 0.2 within the second: the next change builds on it, not on the 0.6 sent.
  assert.equal(changeFeature(engine(0.2), 'size', (s) => ({ ...s, oscillator: osc(0.3) }), pending).setting.base, 0.2);
});

test('the form, the motion, the pulse and the sound response are forgotten once said back, each on its own', () => {
  const pending = new PendingSettings({ now: () => 0 });
  formIntent({ kind: 'circle' }, pending);
  const spiral = { kind: 'spiral', speed: 0.3 };
  sentMotion(spiral, 'wrap', pending);
  const pulse = changePulse({ pulse: DEFAULT_PULSE }, { depth: 0.5 }, pending).pulse;
  soundResponseIntent({ soundResponse: { tempoFollows: false, onsetsRelease: false } }, { tempoFollows: true }, pending);
  assert.equal(pending.entries.size, 4);

  // The engine says the form and the pulse back, its motion's edges not yet.
  pending.heardFrom({ design: { form: { kind: 'circle' }, motion: spiral, edges: 'bounce' }, pulse });
  assert.deepEqual([...pending.entries.keys()].sort(), ['motion', 'soundResponse']);
  assert.deepEqual(formSetting({ design: { form: { kind: 'star' } } }, pending), { kind: 'star' }, 'a form chosen elsewhere is the one built on');

  pending.heardFrom({ design: { motion: spiral, edges: 'wrap' }, soundResponse: { onsetsRelease: false, tempoFollows: true } });
  assert.equal(pending.entries.size, 0);
  const still = { kind: 'still' };
  assert.deepEqual(changeMotion({ design: { motion: still } }, (current) => current, pending).motion, still);
});

test('a value sent without a way to hear it back waits for its time, as before; no state forgets nothing', () => {
  const pending = new PendingSettings({ now: () => 0 });
  pending.record('form', { kind: 'circle' });
  pending.heardFrom({ design: { form: { kind: 'circle' } } });
  assert.equal(pending.entries.size, 1);
  formIntent({ kind: 'circle' }, pending);
  pending.heardFrom(null);
  pending.heardFrom(undefined);
  assert.equal(pending.entries.size, 1);
});

test('a sound response sent without a gap is forgotten when the engine says it back with its own gap', () => {
  const pending = new PendingSettings({ now: () => 0 });
  const said = (tempoFollows, onsetGap) => ({ soundResponse: { tempoFollows, onsetsRelease: true, onsetGap } });
  soundResponseIntent(said(false, 0.12), { tempoFollows: true }, pending);
  pending.heardFrom(said(false, 0.12));  // not yet said back: kept
  assert.equal(pending.entries.size, 1);
  pending.heardFrom(said(true, 0.12));
  assert.equal(pending.entries.size, 0);
  // Another console turns tempo following off within the second: the next change builds on it.
  assert.equal(soundResponseIntent(said(false, 0.12), { onsetsRelease: false }, pending).response.tempoFollows, false);
  // A gap sent is heard back only with that gap.
  const gap = new PendingSettings({ now: () => 0 });
  soundResponseIntent(said(false, 0.12), { onsetGap: 0.2 }, gap);
  gap.heardFrom(said(false, 0.12));
  assert.equal(gap.entries.size, 1);
  gap.heardFrom(said(false, 0.2));
  assert.equal(gap.entries.size, 0);
});
