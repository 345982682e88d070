// The rig as the server has it (console/rig-state.js): the fixture patch and its controls, the outputs and their
// canvases, kept by revision from the live messages and the panels' answers, with no DOM and no listeners — each
// change returns what changed. (The console's store telling its listeners is tested in console-store,
// fixtures-model and outputs-model's tests.)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { RIG_MESSAGES, RigState } from '../../Sources/WebClient/Web/console/rig-state.js';

const patchMessage = (revision, fixtures = []) => ({ type: 'fixturePatch', revision, fixtures, universes: [1], problems: [] });
const outputsMessage = (revision, names) => ({ type: 'outputs', revision, outputs: names.map((name) => ({ name })) });

test('nothing is said before the server says it; other messages change nothing', () => {
  const rig = new RigState();
  assert.equal(rig.fixturePatch, null);
  assert.equal(rig.fixtureControls, null);
  assert.equal(rig.outputs, null);
  assert.equal(rig.outputsRevision, null);
  assert.equal(rig.canvases, null);
  assert.deepEqual(RIG_MESSAGES, ['fixtures', 'fixturePatch', 'outputs', 'canvases']);
  assert.equal(rig.applyMessage({ type: 'heard', level: 1 }).size, 0);
  assert.equal(rig.applyMessage(null).size, 0);
  assert.equal(rig.applyMessage({ type: 'outputs', outputs: 'junk' }).size, 0);
});

test('the patch: the first message of a connection taken whatever its revision, an older one then dropped', () => {
  const rig = new RigState();
  assert.deepEqual([...rig.applyMessage(patchMessage(7))], ['fixturePatch']);
  assert.deepEqual([...rig.setFixturePatch({ revision: 8, fixtures: [], master: 0.5, blackout: true, rate: 40 })].sort(), ['fixturePatch', 'fixtures']);
  assert.deepEqual(rig.fixtureControls, { master: 0.5, blackout: true, allowStrobe: false, firing: [], aiming: null, test: null });
  assert.equal(rig.applyMessage(patchMessage(7)).size, 0, 'older than the answer it crossed');
  assert.deepEqual([...rig.setFixturePatch({ revision: 6, fixtures: [], master: 0.2 })], ['fixtures'], 'an older answer: only its controls');
  assert.equal(rig.fixturePatch.revision, 8);
  assert.equal(rig.fixtureControls.master, 0.2);
  rig.connected();
  assert.equal(rig.applyMessage(patchMessage(0)).size, 1, 'a server started again counts from its own start');
  assert.equal(rig.fixturePatch.revision, 0);
  assert.equal(rig.applyMessage(patchMessage(-1)).size, 1, 'no revision said: taken');
});

test('the controls have no revision: the newest said is kept, and always news', () => {
  const rig = new RigState();
  assert.deepEqual([...rig.applyMessage({ type: 'fixtures', master: 1, blackout: true })], ['fixtures']);
  assert.deepEqual(rig.fixtureControls, { master: 1, blackout: true, allowStrobe: false, firing: [], aiming: null, test: null });
  rig.applyMessage({ type: 'fixtures', master: 1, blackout: false, allowStrobe: true, firing: ['Smoke'] });
  assert.deepEqual(rig.fixtureControls, { master: 1, blackout: false, allowStrobe: true, firing: ['Smoke'], aiming: null, test: null });
});

test('the outputs by revision, the rename said, the canvases counted with the outputs they came with', () => {
  const rig = new RigState();
  rig.applyMessage(outputsMessage(5, ['Main', 'Left']));
  assert.equal(rig.outputsRevision, 5);
  assert.deepEqual([...rig.setOutputs({ outputs: [{ name: 'Main' }, { name: 'Stage left' }], revision: 6, renamed: { from: 'Left', to: 'Stage left' } })], ['outputs']);
  assert.deepEqual(rig.outputsRenamed, { from: 'Left', to: 'Stage left' });
  assert.equal(rig.applyMessage(outputsMessage(5, ['Main'])).size, 0, 'older: dropped');
  assert.equal(rig.outputs.length, 2);
  assert.deepEqual([...rig.setOutputsAnswer({ revision: 7, outputs: [{ name: 'Main' }], canvases: { Main: 2 } })].sort(), ['canvases', 'outputs']);
  assert.equal(rig.outputsRenamed, null, 'the rename was the last news\'s only');
  assert.equal(rig.setOutputsAnswer({ revision: 6, outputs: [], canvases: { Main: 9 } }).size, 0);
  assert.deepEqual(rig.canvases, { Main: 2 });
  assert.deepEqual([...rig.applyMessage({ type: 'canvases', showing: { Main: 1 } })], ['canvases']);
  assert.deepEqual(rig.canvases, { Main: 1 });
  rig.connected();
  rig.applyMessage(outputsMessage(0, ['Main']));
  assert.equal(rig.outputsRevision, 0, 'the first message of a new connection');
});
