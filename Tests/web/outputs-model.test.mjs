// The Outputs panel's model: the live `outputs` message and GET /api/outputs read (defensively, with the
// hostile values of every other reader), the outputs in the console's store, "Two projectors", the names
// offered and checked, the bodies sent (Main's only what may change of it) and the sliders' words.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  MAIN, OVERLAP, PROJECTOR_WIDTH, canvasCount, canvasHref, canvasesText, changeBody, defaultOutput, followRename, freeOutputName,
  gammaText, identifyIntent, isMain, mainBody, outputBody, outputNamed, parseCanvasesMessage, parseOutput, parseOutputs,
  parseOutputsAnswer, parseOutputsMessage, patternOf, patternValue, percentText, readOutputName, twoProjectors, withOutput, withRenamed,
  withoutOutput,
} from '../../Sources/WebClient/Web/console/outputs/outputs-model.js';
import { ConsoleStore, onlyLiveNews } from '../../Sources/WebClient/Web/console/console-store.js';
import { validateOutput } from '../../Sources/WebClient/Web/shared/outputs.js';
import { apiPaths } from '../../Sources/WebClient/Web/shared/sender.js';

const LEFT = Object.freeze({
  name: 'Left', slice: { x: 0, y: 0, width: 0.575, height: 1 }, corners: [[0, 0], [1, 0], [1, 1], [0, 1]], grid: null,
  blend: { left: 0, right: 0.26, top: 0, bottom: 0, gamma: 2.2 }, mask: null, brightness: 0.8, testPattern: 'grid',
});

test('an output is read whole; a missing or malformed field is its default; no name, no output', () => {
  assert.deepEqual(parseOutput(LEFT), LEFT);
  assert.deepEqual(parseOutput({ name: 'Bare' }), defaultOutput('Bare'));
  const odd = parseOutput({
    name: 'Odd', slice: { x: 'left', y: 0.1, width: NaN, height: 0.5 }, corners: [[0, 0], [1, 0]], grid: { columns: 2, rows: 2, points: [[0, 0]] },
    blend: { left: 0.1, gamma: Infinity }, mask: [[0, 0], ['a', 1]], brightness: '1', testPattern: 'plaid',
  });
  assert.deepEqual(odd, {
    ...defaultOutput('Odd'), slice: { x: 0, y: 0.1, width: 1, height: 0.5 }, blend: { left: 0.1, right: 0, top: 0, bottom: 0, gamma: 2.2 },
  });
  for (const hostile of [null, undefined, 3, 'Left', [], { name: '' }, { name: 7 }, { slice: {} }]) assert.equal(parseOutput(hostile), null, JSON.stringify(hostile));
  const grid = { columns: 2, rows: 2, points: [[0, 0], [1, 0], [0, 1], [1, 1]] };
  assert.deepEqual(parseOutput({ name: 'G', grid }).grid, grid);
  assert.deepEqual(parseOutputs([LEFT, 'junk', { name: 'Main' }]).map((output) => output.name), ['Left', 'Main']);
  assert.deepEqual(parseOutputs('junk'), []);
});

test('the live message and the API\'s answer: the outputs, the rename, how many canvases show each', () => {
  assert.deepEqual(parseOutputsMessage({ type: 'outputs', outputs: [LEFT] }), { outputs: [LEFT], renamed: null, revision: null });
  assert.equal(parseOutputsMessage({ type: 'outputs', revision: 6, outputs: [LEFT] }).revision, 6);
  assert.equal(parseOutputsMessage({ type: 'outputs', revision: 6.5, outputs: [LEFT] }).revision, null);
  assert.deepEqual(parseOutputsMessage({ type: 'outputs', outputs: [], renamed: { from: 'A', to: 'B' } }).renamed, { from: 'A', to: 'B' });
  assert.equal(parseOutputsMessage({ type: 'outputs', outputs: [], renamed: { from: 'A' } }).renamed, null);
  assert.equal(parseOutputsMessage({ type: 'heard', outputs: [] }), null);
  assert.equal(parseOutputsMessage({ type: 'outputs' }), null);
  const answer = parseOutputsAnswer({ outputs: [LEFT, { name: 'Main' }], canvases: { Main: 1, Left: 0, Bad: -1, Worse: 1.5, Text: '2' } });
  assert.deepEqual(answer.canvases, { Main: 1, Left: 0 });
  assert.deepEqual(answer.outputs.map((output) => output.name), ['Left', 'Main']);
  assert.deepEqual(parseOutputsAnswer({ outputs: [] }).canvases, {});
  assert.equal(parseOutputsAnswer({ outputs: [], revision: 3 }).revision, 3);
  assert.equal(parseOutputsAnswer({ canvases: {} }), null);
  assert.deepEqual(parseCanvasesMessage({ type: 'canvases', showing: { Main: 1, Left: 2, Odd: 'x' } }), { Main: 1, Left: 2 });
  assert.equal(parseCanvasesMessage({ type: 'canvases' }), null);
  assert.equal(canvasCount({ Main: 1 }, 'Main'), 1);
  assert.equal(canvasCount({ Main: 1 }, 'Left'), 0, 'an output no canvas shows is absent from the message');
  assert.equal(canvasCount(null, 'Left'), null, 'not said yet');
  assert.equal(canvasesText(0), 'no canvas');
  assert.equal(canvasesText(1), '1 canvas');
  assert.equal(canvasesText(3), '3 canvases');
  assert.equal(canvasesText(undefined), '');
});

test('the console\'s store keeps the outputs the live socket says, and tells its listeners as live news', () => {
  const store = new ConsoleStore({ now: () => 5 });
  const told = [];
  store.subscribe((what) => told.push([...what]));
  assert.equal(store.outputs, null);
  assert.deepEqual([...store.applyMessage({ type: 'outputs', outputs: [{ name: 'Main' }, LEFT] })], ['outputs']);
  assert.deepEqual(store.outputs.map((output) => output.name), ['Main', 'Left']);
  assert.equal(store.outputsRenamed, null);
  store.applyMessage({ type: 'outputs', outputs: [{ name: 'Main' }, { ...LEFT, name: 'Stage left' }], renamed: { from: 'Left', to: 'Stage left' } });
  assert.deepEqual(store.outputsRenamed, { from: 'Left', to: 'Stage left' });
  assert.equal(store.applyMessage({ type: 'outputs', outputs: 'junk' }).size, 0, 'not a list: nothing changes');
  assert.equal(store.outputs.length, 2);
  assert.deepEqual(told, [['outputs'], ['outputs']]);
  assert.equal(onlyLiveNews(new Set(['outputs'])), true, 'the shadow-root panels do not redraw for them');
  store.setConnected(true);
  store.setConnected(false);
  assert.equal(store.outputs.length, 2, 'kept while the socket is closed: they are the server\'s');
});

test('the store keeps the outputs by revision: an answer and a message that crossed, the older dropped', () => {
  const store = new ConsoleStore();
  const told = [];
  store.subscribe((what) => told.push([...what].sort()));
  store.setConnected(true);
  store.applyMessage({ type: 'outputs', revision: 5, outputs: [{ name: 'Main' }, LEFT] });
  assert.equal(store.outputsRevision, 5);
  // This console's PUT answered (revision 6) before the live message telling it.
  const kept = { ...LEFT, brightness: 0.5 };
  assert.deepEqual([...store.setOutputs({ outputs: withOutput(store.outputs, kept), revision: 6 })], ['outputs']);
  assert.equal(store.applyMessage({ type: 'outputs', revision: 5, outputs: [{ name: 'Main' }, LEFT] }).size, 0, 'older: dropped');
  assert.equal(outputNamed(store.outputs, 'Left').brightness, 0.5);
  assert.equal(store.applyMessage({ type: 'outputs', revision: 6, outputs: [{ name: 'Main' }, kept] }).size, 1, 'the same revision: taken');
  // GET's answer brings the canvases too; a 409's current is read the same way.
  store.setOutputsAnswer({ revision: 7, outputs: [{ name: 'Main' }], canvases: { Main: 2 } });
  assert.deepEqual(store.canvases, { Main: 2 });
  assert.equal(store.setOutputsAnswer({ revision: 6, outputs: [], canvases: { Main: 9 } }).size, 0);
  assert.deepEqual(store.canvases, { Main: 2 }, 'counts that came with older outputs are dropped with them');
  assert.deepEqual([...store.applyMessage({ type: 'canvases', showing: { Main: 1, Left: 1 } })], ['canvases']);
  assert.deepEqual(store.canvases, { Main: 1, Left: 1 });
  // A new connection: its first message is taken whatever its revision (a server started again counts from
  // its own start).
  store.setConnected(false);
  store.setConnected(true);
  store.applyMessage({ type: 'outputs', revision: 0, outputs: [{ name: 'Main' }] });
  assert.equal(store.outputsRevision, 0);
  assert.ok(told.some((what) => what.includes('canvases')));
});

test('a rename and a delete answered: the list changed in place', () => {
  const main = defaultOutput(MAIN), right = defaultOutput('Right');
  const renamed = { ...LEFT, name: 'Stage left' };
  assert.deepEqual(withRenamed([main, LEFT, right], 'Left', renamed).map((output) => output.name), ['Main', 'Stage left', 'Right']);
  assert.deepEqual(withRenamed([main, right], 'Left', renamed).map((output) => output.name), ['Main', 'Right', 'Stage left'], 'gone: added');
  assert.deepEqual(withRenamed([main, LEFT, renamed], 'Left', renamed).map((output) => output.name), ['Main', 'Stage left'], 'never twice');
  assert.deepEqual(withoutOutput([main, LEFT, right], 'Left').map((output) => output.name), ['Main', 'Right']);
});

test('a rename followed: the output shown keeps being shown under its new name', () => {
  assert.equal(followRename('Left', { from: 'Left', to: 'Stage left' }), 'Stage left');
  assert.equal(followRename('Right', { from: 'Left', to: 'Stage left' }), 'Right');
  assert.equal(followRename('Left', null), 'Left');
});

test('"Two projectors": Left and Right halves of 57.5 %, overlapping by 15 %, blended across the overlap', () => {
  const [left, right] = twoProjectors();
  assert.equal(PROJECTOR_WIDTH, 0.575);
  assert.equal(OVERLAP, 0.15);
  assert.equal(left.name, 'Left');
  assert.equal(right.name, 'Right');
  assert.deepEqual(left.slice, { x: 0, y: 0, width: 0.575, height: 1 });
  assert.deepEqual(right.slice, { x: 0.425, y: 0, width: 0.575, height: 1 });
  assert.ok(Math.abs(left.slice.x + left.slice.width - right.slice.x - OVERLAP) < 1e-12, 'the overlap is 15 % of the stage');
  assert.ok(Math.abs(left.blend.right - 0.15 / 0.575) < 1e-12 && Math.abs(left.blend.right - 0.2609) < 1e-4);
  assert.deepEqual({ ...left.blend, right: 0 }, { left: 0, right: 0, top: 0, bottom: 0, gamma: 2.2 });
  assert.equal(right.blend.left, left.blend.right);
  assert.deepEqual({ ...right.blend, left: 0 }, { left: 0, right: 0, top: 0, bottom: 0, gamma: 2.2 });
  // The feathers cover the overlap exactly, in stage units.
  assert.ok(Math.abs(left.blend.right * left.slice.width - OVERLAP) < 1e-12);
  for (const output of [left, right]) {
    assert.deepEqual(output.corners, [[0, 0], [1, 0], [1, 1], [0, 1]]);
    assert.ok(validateOutput(outputBody(output)).output, validateOutput(outputBody(output)).error);
  }
});

test('names: "Output N" offered, the text rule\'s refusal and a name taken said, a rename to itself allowed', () => {
  const outputs = [defaultOutput(MAIN), { ...defaultOutput('Output 2') }];
  assert.equal(freeOutputName(outputs), 'Output 3');
  assert.equal(freeOutputName([defaultOutput(MAIN)]), 'Output 1');
  assert.equal(freeOutputName([]), 'Output 1');
  assert.deepEqual(readOutputName('  Stage left ', outputs), { name: 'Stage left' });
  assert.deepEqual(readOutputName('Main', outputs), { error: 'Another output is called “Main”: a name is one output\'s.' });
  assert.deepEqual(readOutputName('Output 2', outputs, 'Output 2'), { name: 'Output 2' });
  assert.deepEqual(readOutputName('   ', outputs), { error: "An output's name cannot be empty." });
  assert.ok(readOutputName('a\u0007b', outputs).error.startsWith("An output's name cannot hold a control character"));
  assert.ok(readOutputName('x'.repeat(65), outputs).error.includes('at most 64 characters'));
  assert.deepEqual(readOutputName('Cafe\u0301', outputs), { name: 'Café' }, 'NFC, as the server keeps it');
});

test('what is sent: the whole output; for Main its name, test pattern and brightness only; Identify over the socket', () => {
  const extra = { ...LEFT, canvases: 3, id: 'x' };
  assert.deepEqual(outputBody(extra), LEFT);
  const main = { ...defaultOutput(MAIN), brightness: 0.5, testPattern: 'white' };
  assert.deepEqual(mainBody(main), { name: 'Main', brightness: 0.5, testPattern: 'white' });
  assert.ok(validateOutput(mainBody(main)).output);
  assert.deepEqual(changeBody(main), mainBody(main), 'a change of Main sends only what may change of it');
  assert.deepEqual(changeBody(extra), LEFT, 'a change of any other output sends the whole of it');
  assert.equal(isMain(main), true);
  assert.equal(isMain(LEFT), false);
  assert.deepEqual(identifyIntent('Left'), { type: 'identifyOutput', name: 'Left' });
  assert.equal(canvasHref('Stage left/2'), '/canvas?output=Stage%20left%2F2');
  assert.equal(apiPaths.output('Stage left/2'), '/api/outputs/Stage%20left%2F2');
  assert.equal(apiPaths.renameOutput('Left'), '/api/outputs/Left/rename');
  assert.equal(apiPaths.outputs, '/api/outputs');
});

test('the list changed an output at a time; the test pattern\'s choices; the sliders\' words', () => {
  const outputs = [defaultOutput(MAIN), LEFT];
  assert.equal(outputNamed(outputs, 'Left'), LEFT);
  assert.equal(outputNamed(outputs, 'Right'), null);
  assert.deepEqual(withOutput(outputs, { ...LEFT, brightness: 1 }).map((output) => output.brightness), [1, 1]);
  assert.deepEqual(withOutput(outputs, defaultOutput('Right')).map((output) => output.name), ['Main', 'Left', 'Right']);
  assert.deepEqual([patternValue(null), patternValue('grid'), patternValue('white'), patternValue('plaid')], ['none', 'grid', 'white', 'none']);
  assert.deepEqual([patternOf('none'), patternOf('grid'), patternOf('white'), patternOf('?')], [null, 'grid', 'white', null]);
  assert.equal(percentText(0.2609), '26%');
  assert.equal(percentText(NaN), '0%');
  assert.equal(gammaText(2.2), '2.2');
  assert.equal(gammaText(1.0500001), '1.05');
});
