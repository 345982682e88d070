// Which output a canvas shows: from its address, through the server's outputs messages and renames, black
// and said while it does not exist.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  OutputFollower, addressForOutput, outputFromAddress, outputLiveURL, sameOutput,
} from '../../Sources/WebClient/Web/view/output-follower.js';
import { defaultOutput } from '../../Sources/WebClient/Web/shared/outputs.js';

const left = { ...defaultOutput('Left'), slice: { x: 0, y: 0, width: 0.6, height: 1 } };

test('the address names the output, Main when it names none', () => {
  assert.deepEqual(outputFromAddress(''), { name: 'Main', problem: null });
  assert.deepEqual(outputFromAddress('?quality=full&output='), { name: 'Main', problem: null });
  assert.deepEqual(outputFromAddress('?output=%20Left%20'), { name: 'Left', problem: null });
  assert.deepEqual(outputFromAddress('?output=Caf%C3%A9'), { name: 'Café', problem: null });
  assert.match(outputFromAddress('?output=A%00B').problem, /no output the server could have/);
});

test('the live socket says which output the canvas shows, the name encoded', () => {
  assert.equal(outputLiveURL('ws://h:1/live?frames=1', 'Left wall'), 'ws://h:1/live?frames=1&output=Left%20wall');
  assert.equal(outputLiveURL('ws://h:1/live?frames=1', 'A&B=C'), 'ws://h:1/live?frames=1&output=A%26B%3DC');
  assert.equal(outputLiveURL('ws://h:1/live', 'Main'), 'ws://h:1/live?output=Main');
  assert.equal(addressForOutput('http://h:1/canvas?quality=full&output=A#x', 'B b'), 'http://h:1/canvas?quality=full&output=B+b#x');
});

test('Main is drawn before any message; another output only once the server lists it', () => {
  const main = new OutputFollower('Main');
  assert.deepEqual(main.output, defaultOutput('Main'));
  assert.deepEqual(main.receive({ type: 'outputs', outputs: [] }), { changed: false, renamed: false }, 'Main always exists');
  const follower = new OutputFollower('Left');
  assert.equal(follower.output, null);
  assert.equal(follower.problem, null, 'nothing said before the server has spoken');
  assert.deepEqual(follower.receive({ type: 'outputs', outputs: [defaultOutput('Main')] }), { changed: true, renamed: false });
  assert.equal(follower.problem, 'output “Left” does not exist');
  assert.deepEqual(follower.receive({ type: 'outputs', outputs: [defaultOutput('Main'), left] }), { changed: true, renamed: false });
  assert.deepEqual(follower.output, left);
  assert.equal(follower.problem, null);
  assert.deepEqual(follower.receive({ type: 'outputs', outputs: [left] }), { changed: false, renamed: false });
  assert.equal(follower.receive({ type: 'snapshot' }), null);
  assert.equal(follower.receive({ type: 'outputs', outputs: 'all' }), null);
});

test('a rename of the output shown is followed; a rename of another is not', () => {
  const follower = new OutputFollower('Left');
  follower.receive({ type: 'outputs', outputs: [left] });
  const renamed = { ...left, name: 'Stage left' };
  assert.deepEqual(follower.receive({ type: 'outputs', outputs: [renamed], renamed: { from: 'Left', to: 'Stage left' } }), { changed: true, renamed: true });
  assert.equal(follower.name, 'Stage left');
  assert.deepEqual(follower.output, renamed);
  assert.deepEqual(follower.receive({ type: 'outputs', outputs: [renamed, left], renamed: { from: 'Right', to: 'Left' } }), { changed: false, renamed: false });
  assert.equal(follower.name, 'Stage left');
});

test('an output the client cannot draw is black and said; identify asks by name', () => {
  const follower = new OutputFollower('Left');
  follower.receive({ type: 'outputs', outputs: [{ ...left, corners: [[0, 0], [1, 1], [1, 0], [0, 1]] }] });
  assert.equal(follower.output, null);
  assert.match(follower.problem, /^output “Left” cannot be drawn: the corners must make a convex/);
  assert.ok(follower.identifies({ type: 'identifyOutput', name: 'Left' }));
  assert.ok(!follower.identifies({ type: 'identifyOutput', name: 'Right' }));
  assert.ok(sameOutput(left, { ...left }));
  assert.ok(!sameOutput(left, { ...left, brightness: 0.5 }));
});

test('an address naming no possible output stays black with its problem', () => {
  const follower = new OutputFollower('A\u0000B', 'the address names no output the server could have: …');
  follower.receive({ type: 'outputs', outputs: [left] });
  assert.equal(follower.output, null);
  assert.match(follower.problem, /the address names no output/);
});
