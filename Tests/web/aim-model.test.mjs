// A moving head's calibration in the Fixtures panel (console/fixtures/aim-model.js): which fixtures are heads, the
// arrow keys' nudges and their steps, the head kept within its travel, the corners taken in the server's order,
// the aim a patch entry carries and the bodies of PATCH /api/fixtures `aiming` — and a held key's aims coalesced
// by the panel's writes (panel-kit/latest-write.js), only the newest waiting while one is sent.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  AimCalibration, CORNERS, cornersText, degreesText, followFields, followFromFields, middleOf, movesHead, nudgeOf, nudged,
  readAiming, releaseBody, roundDegrees, spinOf, travelOf, withAim,
} from '../../Sources/WebClient/Web/console/fixtures/aim-model.js';
import { readChannels } from '../../Sources/WebClient/Web/console/fixtures/fixture-channels.js';
import { fixtureFromFields, formFields, newFixtureFields } from '../../Sources/WebClient/Web/console/fixtures/fixture-fields.js';
import { LatestWrite } from '../../Sources/WebClient/Web/console/panel-kit/latest-write.js';

// The American DJ XS 400 in its 18 Channel mode, as the patch answers it (pan 540°, tilt 999°).
const SPOT = Object.freeze({
  name: 'Spot', universe: 1, address: 1, point: { x: 0.5, y: 0 },
  profile: {
    manufacturer: 'American DJ', model: 'XS 400', mode: '18 Channel', type: 'Moving Head', panDegrees: 540, tiltDegrees: 999,
    channels: [{ name: 'Pan' }, { name: 'Tilt' }],
  },
});
const PAR = Object.freeze({
  name: 'Par', universe: 1, address: 20, point: { x: 0.2, y: 0.5 },
  profile: {
    manufacturer: 'Chauvet', model: 'SlimPAR 56', mode: '7-Ch', type: 'Color Changer', panDegrees: 0, tiltDegrees: 0, channels: [{ name: 'Red' }],
  },
});
const key = (name, modifiers = {}) => ({ key: name, ...modifiers });

test('a head is a profiled fixture whose channels pan or tilt, or whose profile pans; a generic kind never is', () => {
  const channels = readChannels({
    fixtures: [SPOT, PAR], channels: [[{ name: 'Pan', role: 'pan' }, { name: 'Tilt', role: 'tilt fine' }], [{ name: 'Red', role: 'red' }]],
  });
  assert.equal(movesHead(SPOT, channels), true);
  assert.equal(movesHead(SPOT, {}), true, 'its pan travel says so before the roles are known');
  const tiltOnly = { ...SPOT, profile: { ...SPOT.profile, panDegrees: 0 } };
  assert.equal(movesHead(tiltOnly, readChannels({ fixtures: [tiltOnly], channels: [[{ name: 'Tilt', role: 'tilt' }]] })), true);
  assert.equal(movesHead(tiltOnly, {}), false, 'no travel, no roles known: not yet');
  assert.equal(movesHead(PAR, channels), false);
  assert.equal(movesHead({ name: 'Wash', universe: 1, address: 1, kind: 'rgb', point: { x: 0, y: 0 } }, {}), false);
  assert.deepEqual(travelOf(SPOT), { pan: 540, tilt: 999 });
  assert.deepEqual(travelOf({ kind: 'rgb' }), { pan: 0, tilt: 0 });
  assert.deepEqual(middleOf(travelOf(SPOT)), { pan: 270, tilt: 499.5 });
});

test('the arrow keys: pan left and right, tilt up and down, by 1°, with Shift 0.1°, with Alt 10°; Ctrl and Meta are the browser’s', () => {
  assert.deepEqual(nudgeOf(key('ArrowRight')), { pan: 1, tilt: 0 });
  assert.deepEqual(nudgeOf(key('ArrowLeft')), { pan: -1, tilt: 0 });
  assert.deepEqual(nudgeOf(key('ArrowUp')), { pan: 0, tilt: 1 });
  assert.deepEqual(nudgeOf(key('ArrowDown')), { pan: 0, tilt: -1 });
  assert.deepEqual(nudgeOf(key('ArrowRight', { shiftKey: true })), { pan: 0.1, tilt: 0 });
  assert.deepEqual(nudgeOf(key('ArrowDown', { altKey: true })), { pan: 0, tilt: -10 });
  assert.equal(nudgeOf(key('ArrowRight', { ctrlKey: true })), null);
  assert.equal(nudgeOf(key('ArrowRight', { metaKey: true })), null);
  assert.equal(nudgeOf(key('a')), null);
  // In "Pan" or "Tilt", Up and Down turn that spinbutton's own axis, by the same steps.
  assert.equal(spinOf(key('ArrowUp')), 1);
  assert.equal(spinOf(key('ArrowDown', { shiftKey: true })), -0.1);
  assert.equal(spinOf(key('ArrowUp', { altKey: true })), 10);
  assert.equal(spinOf(key('ArrowLeft')), null, 'left and right move the caret');
});

test('nudges are kept within the travel, and tenths added up stay tenths', () => {
  const travel = { pan: 540, tilt: 999 };
  assert.deepEqual(nudged({ pan: 539.5, tilt: 0.5 }, { pan: 10, tilt: -10 }, travel), { pan: 540, tilt: 0 });
  let at = { pan: 270, tilt: 0 };
  for (let i = 0; i < 3; i += 1) at = nudged(at, { pan: 0.1, tilt: 0.1 }, travel);
  assert.deepEqual(at, { pan: 270.3, tilt: 0.3 });
  assert.equal(roundDegrees(-0.0001), 0);
  assert.equal(Object.is(roundDegrees(-0.0001), -0), false, 'no −0 sent');
  assert.equal(degreesText(270), '270.0°');
  assert.equal(degreesText(0.25), '0.3°');
});

test('a calibration starts at its corner worked on, else where the hand left it, else the middle; nudged and typed within the travel', () => {
  const calibration = new AimCalibration(SPOT);
  assert.equal(calibration.nudge({ pan: 1, tilt: 0 }), null, 'not aimed here yet: nothing sent');
  assert.deepEqual(calibration.start(), { aiming: { fixture: 'Spot', pan: 270, tilt: 499.5 } });
  assert.deepEqual(calibration.nudge(nudgeOf(key('ArrowRight', { altKey: true }))), { aiming: { fixture: 'Spot', pan: 280, tilt: 499.5 } });
  assert.deepEqual(calibration.nudge(nudgeOf(key('ArrowDown', { shiftKey: true }))), { aiming: { fixture: 'Spot', pan: 280, tilt: 499.4 } });
  assert.deepEqual(calibration.moveTo('tilt', 1200), { aiming: { fixture: 'Spot', pan: 280, tilt: 999 } }, 'typed past its travel: kept at its end');
  assert.equal(calibration.moveTo('pan', Number.NaN), null, 'a number only');
  assert.deepEqual(calibration.stop(), releaseBody());
  assert.equal(calibration.stop(), null, 'let go once');
  assert.deepEqual(calibration.start().aiming, { fixture: 'Spot', pan: 280, tilt: 999 }, 'again: where the hand left it');
  // A head patched with an aim starts at its top-left corner.
  const aimed = new AimCalibration({ ...SPOT, aim: { calibration: [[100, 50], [200, 50], [200, 150], [100, 150]], follow: { chord: 2 }, slew: 90 } });
  assert.deepEqual(aimed.start().aiming, { fixture: 'Spot', pan: 100, tilt: 50 });
  assert.deepEqual(aimed.missing, []);
});

test('the corners are taken where the head is, in the server’s order; the next one not set is worked on', () => {
  const calibration = new AimCalibration(SPOT);
  calibration.start();
  calibration.setCorner(0);
  assert.equal(calibration.current, 1);
  calibration.nudge({ pan: 100, tilt: 0 });
  calibration.setCorner(2);
  assert.equal(calibration.current, 3, 'after bottom-right, bottom-left: top-right waits');
  assert.deepEqual(calibration.corners, [[270, 499.5], null, [370, 499.5], null]);
  assert.deepEqual(calibration.missing, ['top-right', 'bottom-left']);
  assert.equal(cornersText(calibration.corners, calibration.current),
    'Corners set: top-left (270.0°, 499.5°), bottom-right (370.0°, 499.5°). Not set: top-right, bottom-left. Next: bottom-left.');
  assert.deepEqual(calibration.aimOf({ kind: 'chord', chord: '1', slew: '180' }),
    { error: 'Set every corner first: top-right, bottom-left are not set.', field: null });
  calibration.setCorner(3);
  assert.equal(calibration.current, 1);
  calibration.nudge({ pan: 0, tilt: 100 });
  calibration.setCorner(1);
  assert.equal(calibration.current, 2, 'all set: the next in turn');
  assert.deepEqual(CORNERS, ['top-left', 'top-right', 'bottom-right', 'bottom-left']);
  assert.equal(cornersText([null, null, null, null], 0), 'No corner set yet. Not set: top-left, top-right, bottom-right, bottom-left. Next: top-left.');
});

test('the aim saved: the corners, what it follows and its slew as the patch says them; text is never sent', () => {
  const calibration = new AimCalibration({ ...SPOT, aim: { calibration: [[10, 20], [30, 20], [30, 40], [10, 40]], follow: { point: { x: 0.5, y: 0.5 } } } });
  assert.deepEqual(calibration.aimOf({ kind: 'chord', chord: '1', slew: '180' }),
    { aim: { calibration: [[10, 20], [30, 20], [30, 40], [10, 40]], follow: { chord: 1 }, slew: 180 } });
  assert.deepEqual(calibration.aimOf({ kind: 'point', x: '0.25', y: ' 0.75 ', slew: '3600' }).aim.follow, { point: { x: 0.25, y: 0.75 } });
  assert.deepEqual(calibration.aimOf({ kind: 'brightest', x: '0', y: '0', width: '0.5', height: '1', slew: '90' }).aim.follow,
    { brightest: { x: 0, y: 0, width: 0.5, height: 1 } });
  assert.deepEqual(calibration.aimOf({ kind: 'point', x: 'left', y: '0', slew: '90' }), { error: 'The point’s x is a number; “left” is not.', field: 'x' });
  assert.deepEqual(calibration.aimOf({ kind: 'brightest', x: '0', y: '0', width: '', height: '1', slew: '90' }),
    { error: 'The area’s width is a number; “” is not.', field: 'width' });
  assert.deepEqual(calibration.aimOf({ kind: 'chord', chord: '1', slew: 'fast' }), { error: 'The slew is a number; “fast” is not.', field: 'slew' });
  // Out of range is the server's to refuse, in its words: sent as typed.
  assert.equal(calibration.aimOf({ kind: 'chord', chord: '9', slew: '0' }).aim.slew, 0);
  // The fields of what a patch's aim follows, and back.
  for (const follow of [{ point: { x: 0.1, y: 0.9 } }, { brightest: { x: 0, y: 0.5, width: 1, height: 0.5 } }, { chord: 8 }]) {
    assert.deepEqual(followFromFields(followFields(follow)), { follow });
  }
  assert.deepEqual(followFields(undefined), { kind: 'point', x: '0.5', y: '0.5', width: '1', height: '1', chord: '1' });
  // The patch with the aim: only that fixture's changed.
  const aim = { calibration: [[1, 2], [3, 2], [3, 4], [1, 4]], follow: { chord: 1 }, slew: 180 };
  assert.deepEqual(withAim([PAR, SPOT], 'Spot', aim), [PAR, { ...SPOT, aim }]);
  assert.equal(withAim([PAR], 'Spot', aim), null);
});

test('a head edited in the form keeps its aim; a generic kind has none to keep', () => {
  const aim = { calibration: [[1, 2], [3, 2], [3, 4], [1, 4]], follow: { brightest: { x: 0, y: 0, width: 1, height: 1 } }, slew: 45 };
  const head = { ...SPOT, gamma: 2.2, level: 1, aim };
  assert.deepEqual(fixtureFromFields(formFields(head)), { fixture: head });
  assert.equal(formFields(PAR).aim, null);
  assert.equal(newFixtureFields([]).aim, null);
  const generic = { name: 'Wash', universe: 1, address: 1, kind: 'rgb', point: { x: 0, y: 0 }, gamma: 2.2, level: 1 };
  assert.equal('aim' in fixtureFromFields({ ...formFields(generic), aim }).fixture, false);
});

test('the head aimed by hand as the server says it', () => {
  assert.deepEqual(readAiming({ fixture: 'Spot', pan: 300, tilt: 400 }), { fixture: 'Spot', pan: 300, tilt: 400 });
  for (const junk of [undefined, null, {}, { fixture: 'Spot', pan: '300', tilt: 1 }, { pan: 1, tilt: 1 }]) assert.equal(readAiming(junk), null);
});

test('a held key: each nudge aims the head, but only one request is in flight and only the newest waits', async () => {
  const sent = [];
  const pending = [];
  const writes = new LatestWrite((body) => new Promise((resolve) => { sent.push(body); pending.push(() => resolve({ ok: true, body })); }));
  const calibration = new AimCalibration(SPOT);
  const runs = [writes.push(calibration.start())];
  for (let repeat = 0; repeat < 30; repeat += 1) runs.push(writes.push(calibration.nudge(nudgeOf(key('ArrowRight')))));
  assert.equal(sent.length, 1, 'the others wait behind the first');
  pending.shift()();
  await new Promise((resolve) => { setImmediate(resolve); });
  assert.deepEqual(sent.map((body) => body.aiming.pan), [270, 300], 'the 29 between replaced by the newest');
  runs.push(writes.push(calibration.stop()));
  pending.shift()();
  await new Promise((resolve) => { setImmediate(resolve); });
  assert.deepEqual(sent.at(-1), { aiming: null }, 'let go after the last aim, never before it');
  pending.shift()();
  const answers = await Promise.all(runs);
  assert.deepEqual(answers.at(-1).body, { aiming: null });
  assert.equal(writes.busy, false);
});
