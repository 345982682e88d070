// A feature's oscillator, or the background pulse, following the sound: the sources offered, the follow
// setting a choice makes, and the `feature` and `pulse` intents that set or remove it with the rest of the
// setting kept — never for speed; the pulse's amount within −1…1.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { FEATURES, PendingSettings } from '../../Sources/WebClient/Web/console/panel-kit/lumi-features.js';
import { DEFAULT_PULSE, changePulse } from '../../Sources/WebClient/Web/console/color/pulse.js';
import {
  FOLLOW_ATTACK, FOLLOW_RELEASE, FOLLOW_SOURCES, PULSE_FOLLOW_AMOUNT, PULSE_FOLLOW_RANGE, defaultFollowAmount, followAmountIntent,
  followAmountRange, followIntent, followOf, followSetting, followsSound, pulseFollowAmountIntent, pulseFollowIntent, pulseFollowSetting,
  withFollow,
} from '../../Sources/WebClient/Web/console/color/sound-follow.js';

const sine = { waveform: { kind: 'sine' }, rate: { hertz: 0.5 }, phase: 0.25, depth: 0.1, offset: 0 };
const following = { ...sine, follow: { source: 'low', amount: 0.4, attack: 0.05, release: 1.5 } };
const state = { design: { features: { size: { base: 0.3, oscillator: sine }, hue: { base: 0.5, oscillator: following }, speed: { base: 1, oscillator: sine } } } };

test('the sources, as SoundSource says them, with none first', () => {
  assert.deepEqual(FOLLOW_SOURCES.map(({ source }) => source), ['none', 'level', 'low', 'lowMid', 'highMid', 'high', 'onset']);
  assert.deepEqual(FOLLOW_SOURCES.map(({ label }) => label), ['none', 'level', 'low', 'low-mid', 'high-mid', 'high', 'onset']);
});

test('every feature but speed may follow the sound', () => {
  assert.deepEqual(FEATURES.filter((f) => !followsSound(f.name)).map((f) => f.name), ['speed']);
  assert.equal(followsSound('weather'), false);
  assert.deepEqual(followAmountRange('size'), [-1, 1]);
  assert.deepEqual(followAmountRange('hue'), [-0.5, 0.5]);
  assert.equal(defaultFollowAmount('size'), 0.5);
});

test('a follow setting: the source, the amount given or had or the default, the envelope had or the default', () => {
  assert.deepEqual(followSetting('size', 'level', 0.3), { source: 'level', amount: 0.3, attack: FOLLOW_ATTACK, release: FOLLOW_RELEASE });
  assert.deepEqual(followSetting('size', 'onset', undefined), { source: 'onset', amount: 0.5, attack: 0.01, release: 0.2 });
  assert.deepEqual(followSetting('size', 'high', undefined, following.follow), { source: 'high', amount: 0.4, attack: 0.05, release: 1.5 });
  assert.equal(followSetting('size', 'none', 1), null);
  assert.equal(followSetting('size', 'bass', 1), null, 'a source there is not');
  assert.equal(followSetting('size', 'level', 5000).amount, 1000, 'within the engine’s limits');
});

test('an oscillator follows, or the key is left out', () => {
  assert.equal(followOf(sine), null);
  assert.equal(followOf(following), following.follow);
  assert.equal(followOf({ ...sine, follow: { source: 'bass' } }), null);
  assert.deepEqual(withFollow(following, null), sine);
  assert.equal(Object.hasOwn(withFollow(following, null), 'follow'), false);
  assert.deepEqual(withFollow(sine, following.follow), following);
});

test('choosing a source sends the feature with its base and oscillator kept and the follow set', () => {
  assert.deepEqual(followIntent(state, 'size', 'level', undefined, { pending: null }), {
    type: 'feature', feature: 'size',
    setting: { base: 0.3, oscillator: { ...sine, follow: { source: 'level', amount: 0.5, attack: 0.01, release: 0.2 } } },
  });
  // Another source keeps the amount and the envelope; none removes the follow.
  assert.deepEqual(followIntent(state, 'hue', 'onset', undefined, { pending: null }).setting.oscillator.follow,
    { source: 'onset', amount: 0.4, attack: 0.05, release: 1.5 });
  assert.deepEqual(followIntent(state, 'hue', 'none', undefined, { pending: null }).setting, { base: 0.5, oscillator: sine });
  // Chosen again after none: what it followed by before comes back.
  assert.deepEqual(followIntent(state, 'size', 'high', undefined, { remembered: following.follow, pending: null }).setting.oscillator.follow,
    { source: 'high', amount: 0.4, attack: 0.05, release: 1.5 });
  assert.equal(followIntent(state, 'speed', 'level', 1, { pending: null }), null, 'speed follows nothing');
  assert.equal(followIntent({}, 'size', 'level', 1, { pending: null }), null, 'no setting from the engine yet');
});

test('the amount changes only a follow there is, keeping the rest', () => {
  assert.deepEqual(followAmountIntent(state, 'hue', 0.2, null).setting,
    { base: 0.5, oscillator: { ...following, follow: { ...following.follow, amount: 0.2 } } });
  assert.equal(followAmountIntent(state, 'size', 0.2, null), null, 'following nothing: nothing to change');
  assert.equal(followAmountIntent(state, 'speed', 0.2, null), null);
  assert.equal(followAmountIntent(state, 'hue', Number.NaN, null), null);
});

test('a follow and a depth changed before the engine answers both count', () => {
  const pending = new PendingSettings({ now: () => 0 });
  followIntent(state, 'size', 'low', 0.3, { pending });
  const depth = followAmountIntent(state, 'size', 0.6, pending);
  assert.deepEqual(depth.setting.oscillator.follow, { source: 'low', amount: 0.6, attack: 0.01, release: 0.2 });
});

const pulse = { waveform: { kind: 'sine' }, rate: { hertz: 0.25 }, purityLag: 0.5, depth: 0.8 };
const pulseFollowing = { ...pulse, follow: { source: 'high', amount: -0.3, attack: 0.1, release: 2 } };

test("the pulse's follower: an amount within −1…1, 0.5 at first", () => {
  assert.deepEqual(PULSE_FOLLOW_RANGE, [-1, 1]);
  assert.equal(PULSE_FOLLOW_AMOUNT, 0.5);
  assert.deepEqual(pulseFollowSetting('low', undefined), { source: 'low', amount: 0.5, attack: 0.01, release: 0.2 });
  assert.deepEqual(pulseFollowSetting('level', 0.25), { source: 'level', amount: 0.25, attack: 0.01, release: 0.2 });
  assert.equal(pulseFollowSetting('level', 3).amount, 1, 'the engine refuses beyond 1');
  assert.equal(pulseFollowSetting('level', -3).amount, -1);
  assert.deepEqual(pulseFollowSetting('onset', undefined, pulseFollowing.follow), { source: 'onset', amount: -0.3, attack: 0.1, release: 2 });
  assert.equal(pulseFollowSetting('level', undefined, { ...pulseFollowing.follow, amount: 40 }).amount, 1, 'a feature’s amount brought in');
  assert.equal(pulseFollowSetting('none', 0.5), null);
  assert.equal(pulseFollowSetting('bass', 0.5), null);
});

test('choosing what the pulse follows sends the pulse with the rest of it kept', () => {
  assert.deepEqual(pulseFollowIntent({ pulse, tempo: 120 }, 'low', undefined, { pending: null }), {
    type: 'pulse', pulse: { ...pulse, follow: { source: 'low', amount: 0.5, attack: 0.01, release: 0.2 } },
  });
  // Another source keeps the amount and the envelope; none removes the follow, the key left out.
  assert.deepEqual(pulseFollowIntent({ pulse: pulseFollowing }, 'lowMid', undefined, { pending: null }).pulse.follow,
    { source: 'lowMid', amount: -0.3, attack: 0.1, release: 2 });
  const none = pulseFollowIntent({ pulse: pulseFollowing }, 'none', undefined, { pending: null }).pulse;
  assert.deepEqual(none, pulse);
  assert.equal(Object.hasOwn(none, 'follow'), false);
  // Chosen again after none: what it followed by before comes back.
  assert.deepEqual(pulseFollowIntent({ pulse }, 'level', undefined, { remembered: pulseFollowing.follow, pending: null }).pulse.follow,
    { source: 'level', amount: -0.3, attack: 0.1, release: 2 });
  assert.deepEqual(pulseFollowIntent({ pulse }, 'high', 0.75, { pending: null }).pulse.follow.amount, 0.75, 'an amount given');
  assert.deepEqual(pulseFollowIntent({}, 'low', undefined, { pending: null }).pulse,
    { ...DEFAULT_PULSE, depth: 1, follow: { source: 'low', amount: 0.5, attack: 0.01, release: 0.2 } }, "before the engine's pulse: its default");
});

test("the pulse's amount changes only a follow there is, within −1…1, keeping the rest", () => {
  assert.deepEqual(pulseFollowAmountIntent({ pulse: pulseFollowing }, 0.6, null),
    { type: 'pulse', pulse: { ...pulse, follow: { ...pulseFollowing.follow, amount: 0.6 } } });
  assert.equal(pulseFollowAmountIntent({ pulse: pulseFollowing }, 2, null).pulse.follow.amount, 1);
  assert.equal(pulseFollowAmountIntent({ pulse: pulseFollowing }, -2, null).pulse.follow.amount, -1);
  assert.equal(pulseFollowAmountIntent({ pulse }, 0.6, null), null, 'following nothing: nothing to change');
  assert.equal(pulseFollowAmountIntent({ pulse: pulseFollowing }, Number.NaN, null), null);
  assert.equal(pulseFollowAmountIntent({ pulse: pulseFollowing }, '0.5', null), null, 'a number, not text');
});

test("the pulse's follow and its other controls changed before the engine answers all count", () => {
  const pending = new PendingSettings({ now: () => 0 });
  const state = { pulse, tempo: 120 };
  pulseFollowIntent(state, 'onset', undefined, { pending });
  assert.deepEqual(pulseFollowAmountIntent(state, -0.4, pending).pulse.follow, { source: 'onset', amount: -0.4, attack: 0.01, release: 0.2 });
  // The pulse's own controls (pulse.js) keep the follower sent; choosing none then builds on them.
  assert.equal(changePulse(state, { depth: 0.1 }, pending).pulse.follow.amount, -0.4);
  assert.deepEqual(pulseFollowIntent(state, 'none', undefined, { pending }).pulse, { ...pulse, depth: 0.1 });
});
