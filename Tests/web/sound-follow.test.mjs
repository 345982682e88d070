// A feature's oscillator following the sound: the sources offered, the follow setting a choice makes, and
// the `feature` intents that set or remove it with the rest of the setting kept — never for speed.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { FEATURES, PendingSettings } from '../../Sources/WebClient/Web/console/lumi-features.js';
import {
  FOLLOW_ATTACK, FOLLOW_RELEASE, FOLLOW_SOURCES, defaultFollowAmount, followAmountIntent, followAmountRange, followIntent, followOf,
  followSetting, followsSound, withFollow,
} from '../../Sources/WebClient/Web/console/sound-follow.js';

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
