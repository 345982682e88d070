// What the instrument listens to: /api/listening's answer read defensively, the "Listen to" select's
// choices — the default input, nothing, each device; a file or a device gone shown but not choosable — and
// the body a choice is posted with.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { parseListening, shownProblem, sourceChoices, sourceRequest, sourceValue } from '../../Sources/WebClient/Web/console/listening/listening-sources.js';

test('an answer is read as the protocol says it, and defensively', () => {
  assert.deepEqual(parseListening({ source: 'device: Scarlett 2i2', devices: ['Scarlett 2i2', 'Built-in'], problem: null }),
    { source: 'device: Scarlett 2i2', devices: ['Scarlett 2i2', 'Built-in'], problem: null, hearing: true });
  assert.deepEqual(parseListening({ source: '', devices: ['A', 'A', 3, ''], problem: '  ', hearing: false }),
    { source: 'none', devices: ['A'], problem: null, hearing: false });
  assert.equal(parseListening({ source: 'default', problem: 'no input device could be opened' }).problem, 'no input device could be opened');
  assert.equal(parseListening(null), null);
  assert.equal(parseListening([]), null);
});

test('the choices: the default input, nothing, each device; the one heard selected', () => {
  const { options, value } = sourceChoices(parseListening({ source: 'device: Built-in', devices: ['Scarlett', 'Built-in'] }));
  assert.deepEqual(options.map((o) => [o.value, o.label, o.disabled]), [
    ['default', 'Default input', false], ['none', 'Nothing (not listening)', false],
    ['device:Scarlett', 'Scarlett', false], ['device:Built-in', 'Built-in', false],
  ]);
  assert.equal(value, 'device:Built-in');
  assert.equal(sourceChoices(parseListening({ source: 'default', devices: [] })).value, 'default');
  assert.equal(sourceChoices(parseListening({ source: 'default input', devices: [] })).value, 'default', 'the default, opened');
  assert.equal(sourceChoices(null).value, 'none');
});

test('a file, or a device that is gone, is shown first but cannot be chosen', () => {
  const file = sourceChoices(parseListening({ source: 'file: set.wav', devices: ['Built-in'] }));
  assert.deepEqual(file.options[0], { value: 'file:set.wav', label: 'File: set.wav', disabled: true });
  assert.equal(file.value, 'file:set.wav');
  const gone = sourceChoices(parseListening({ source: 'device: Scarlett', devices: [] }));
  assert.deepEqual(gone.options[0], { value: 'device:Scarlett', label: 'Scarlett (not connected)', disabled: true });
});

test('a device called "default" is still a device; the request says the choice as the server takes it', () => {
  assert.equal(sourceValue('device: default'), 'device:default');
  assert.equal(sourceValue('default'), 'default');
  assert.equal(sourceValue('Odd'), 'device:Odd', 'a bare name is a device');
  assert.deepEqual(sourceRequest('default'), { source: 'default' });
  assert.deepEqual(sourceRequest('none'), { source: 'none' });
  assert.deepEqual(sourceRequest('device:default'), { source: 'default' });
  assert.deepEqual(sourceRequest('device:Scarlett 2i2'), { source: 'Scarlett 2i2' });
  assert.equal(sourceRequest('file:set.wav'), null, 'a file is not chosen from the console');
  assert.equal(sourceRequest(undefined), null);
});

test('why nothing is heard is shown while something is listened to; listening to nothing says it already', () => {
  assert.equal(shownProblem(parseListening({ source: 'none', problem: 'not listening' })), null);
  assert.equal(shownProblem(parseListening({ source: 'device: Scarlett', problem: 'no sound has come for a second' })),
    'no sound has come for a second');
  assert.equal(shownProblem(parseListening({ source: 'default input', problem: null })), null);
  assert.equal(shownProblem(null), null);
});
