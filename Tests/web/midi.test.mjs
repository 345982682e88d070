// MIDI messages read from Web MIDI's bytes, and the source keys mappings are stored under.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { describeSource, noteName, parseMidi, parseSourceKey, sourceKey } from '../../Sources/WebClient/Web/console/midi/midi.js';
import { random } from './seeded-random.mjs';

test('note on, note off and control change on channels 1–16', () => {
  assert.deepEqual(parseMidi([0x90, 60, 100]), [{ type: 'noteOn', channel: 1, note: 60, velocity: 100 }]);
  assert.deepEqual(parseMidi(new Uint8Array([0x9F, 36, 1])), [{ type: 'noteOn', channel: 16, note: 36, velocity: 1 }]);
  assert.deepEqual(parseMidi([0x83, 60, 64]), [{ type: 'noteOff', channel: 4, note: 60, velocity: 64 }]);
  assert.deepEqual(parseMidi([0xB1, 7, 127]), [{ type: 'controlChange', channel: 2, controller: 7, value: 127 }]);
});

test('a note on with velocity 0 is a note off', () => {
  assert.deepEqual(parseMidi([0x95, 61, 0]), [{ type: 'noteOff', channel: 6, note: 61, velocity: 0 }]);
});

test('other channel messages are skipped whole, with the right number of data bytes', () => {
  assert.deepEqual(parseMidi([0xC0, 5]), [], 'program change');
  assert.deepEqual(parseMidi([0xD0, 40]), [], 'channel pressure');
  assert.deepEqual(parseMidi([0xE0, 0, 64]), [], 'pitch bend');
  assert.deepEqual(parseMidi([0xA0, 60, 30]), [], 'polyphonic aftertouch');
  assert.deepEqual(parseMidi([0xC0, 5, 0x90, 60, 1]), [{ type: 'noteOn', channel: 1, note: 60, velocity: 1 }]);
  assert.deepEqual(parseMidi([0xE2, 1, 2, 0xB2, 1, 2]), [{ type: 'controlChange', channel: 3, controller: 1, value: 2 }]);
});

test('system exclusive, system common and real-time bytes are skipped safely, also inside a message', () => {
  assert.deepEqual(parseMidi([0xF0, 0x7E, 0x7F, 0x06, 0x01, 0xF7]), []);
  assert.deepEqual(parseMidi([0xF0, 0x7E, 0x7F, 0xF7, 0x90, 60, 90]), [{ type: 'noteOn', channel: 1, note: 60, velocity: 90 }]);
  assert.deepEqual(parseMidi([0xF0, 1, 2, 0x90, 60, 90]), [{ type: 'noteOn', channel: 1, note: 60, velocity: 90 }],
    'a system exclusive message with no end stops at the next status');
  assert.deepEqual(parseMidi([0xF8]), [], 'clock');
  assert.deepEqual(parseMidi([0xFE, 0xFA, 0xFC, 0xFF]), [], 'active sensing, start, stop, reset');
  assert.deepEqual(parseMidi([0x90, 0xF8, 60, 0xF8, 90]), [{ type: 'noteOn', channel: 1, note: 60, velocity: 90 }],
    'real time between the bytes of a message');
  assert.deepEqual(parseMidi([0xF2, 1, 2, 0xF1, 3, 0xF3, 4, 0xF6, 0xB0, 1, 1]),
    [{ type: 'controlChange', channel: 1, controller: 1, value: 1 }], 'song position, time code, song select, tune request');
});

test('stray data bytes (running status) and messages cut short send nothing', () => {
  assert.deepEqual(parseMidi([60, 100]), []);
  assert.deepEqual(parseMidi([0x90, 60, 100, 61, 100]), [{ type: 'noteOn', channel: 1, note: 60, velocity: 100 }]);
  assert.deepEqual(parseMidi([0x90, 60]), []);
  assert.deepEqual(parseMidi([0x90, 60, 0xB0, 7, 3]), [{ type: 'controlChange', channel: 1, controller: 7, value: 3 }]);
  assert.deepEqual(parseMidi([]), []);
  assert.deepEqual(parseMidi(null), []);
  assert.deepEqual(parseMidi(undefined), []);
});

test('any bytes at all: only well-formed messages come out, with values in range', () => {
  const next = random(99);
  for (let n = 0; n < 500; n += 1) {
    const bytes = Array.from({ length: Math.floor(next() * 12) }, () => Math.floor(next() * 256));
    for (const message of parseMidi(bytes)) {
      assert.ok(message.channel >= 1 && message.channel <= 16, JSON.stringify({ bytes, message }));
      for (const key of ['note', 'velocity', 'controller', 'value']) {
        if (key in message) assert.ok(message[key] >= 0 && message[key] <= 127, JSON.stringify({ bytes, message }));
      }
      assert.ok(sourceKey(message));
      assert.deepEqual(parseSourceKey(sourceKey(message)).channel, message.channel);
    }
  }
});

test('source keys: note:CH:N and cc:CH:N, read back only when well-formed', () => {
  assert.equal(sourceKey({ type: 'noteOn', channel: 1, note: 60, velocity: 1 }), 'note:1:60');
  assert.equal(sourceKey({ type: 'noteOff', channel: 16, note: 0, velocity: 0 }), 'note:16:0');
  assert.equal(sourceKey({ type: 'controlChange', channel: 3, controller: 74, value: 0 }), 'cc:3:74');
  assert.equal(sourceKey({ type: 'programChange' }), null);
  assert.equal(sourceKey(null), null);
  assert.deepEqual(parseSourceKey('cc:16:127'), { kind: 'cc', channel: 16, number: 127 });
  assert.deepEqual(parseSourceKey('note:1:0'), { kind: 'note', channel: 1, number: 0 });
  for (const bad of ['cc:0:1', 'cc:17:1', 'note:1:128', 'note:01:5', 'note:1:-1', 'pad:1', 'note:1:60 ', '', 7, null]) {
    assert.equal(parseSourceKey(bad), null, String(bad));
  }
});

test('sources for a person', () => {
  assert.equal(noteName(60), 'C4');
  assert.equal(noteName(61), 'C♯4');
  assert.equal(noteName(0), 'C-1');
  assert.equal(noteName(127), 'G9');
  assert.equal(describeSource('note:1:60'), 'Note C4 (60), channel 1');
  assert.equal(describeSource('cc:2:7'), 'Control 7, channel 2');
  assert.equal(describeSource('nonsense'), 'nonsense');
});
