// MIDI clock in: real-time messages with their timestamps read into a tempo (the median tick of the last 24–48
// intervals, refined by the median slope between clocks a beat apart) that is steady to 0.1 BPM on a steady clock and keeps its head through
// jitter, a dropped clock, two clocks in one packet and a change of tempo; start, continue and stop; when the
// tempo is sent (≥ 0.5 BPM moves, rounded to 0.1, within 20…300, at most four times a second); and the
// console's one MIDI input reading the clock of the input chosen, and no other, sending `tempo` intents only.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  CLOCKS_PER_BEAT, CLOCK_LOST_MILLISECONDS, ClockTempo, INTERVALS_KEPT, INTERVALS_NEEDED, MidiClock, REAL_TIME,
  SEND_MILLISECONDS, beatText, clockChoices, clockTempo, clockText, realTimeBytes, tempoIntent, tempoToSend,
} from '../../Sources/WebClient/Web/console/midi/midi-clock.js';
import { MidiInput } from '../../Sources/WebClient/Web/console/midi/midi-input.js';
import { random as seededRandom } from './seeded-random.mjs';

const tick = (bpm) => 60000 / (bpm * CLOCKS_PER_BEAT);

/** A clock fed `count` clocks at `bpm` from `start` (ms), each moved by `jitter(i)`; returns the tempi read after each. */
function feed(clock, { bpm, count, start = 1000, jitter = () => 0, skip = () => false }) {
  const tempi = [];
  let time = start;
  for (let i = 0; i < count; i += 1) {
    time = start + i * tick(bpm);
    if (skip(i)) continue;
    clock.receive(REAL_TIME.clock, time + jitter(i));
    tempi.push(clock.tempo);
  }
  return { tempi, end: time };
}

test('the real-time bytes of a message, in order; the rest skipped', () => {
  assert.deepEqual(realTimeBytes([0xF8]), [0xF8]);
  assert.deepEqual(realTimeBytes(new Uint8Array([0x90, 0xF8, 60, 100, 0xFA, 0xFE, 0xFB, 0xFC, 0xF9])), [0xF8, 0xFA, 0xFB, 0xFC],
    'between a note’s bytes too; active sensing (FE) and F9 are not the clock’s');
  assert.deepEqual(realTimeBytes(null), []);
  assert.deepEqual(realTimeBytes('F8'), []);
});

test('a steady clock: no tempo before a beat of intervals, then within 0.1 BPM at any tempo', () => {
  for (const bpm of [20, 60, 98.7, 123, 140, 174, 300]) {
    const clock = new MidiClock();
    const { tempi } = feed(clock, { bpm, count: 200 });
    assert.equal(tempi[INTERVALS_NEEDED - 1], null, `${bpm}: ${INTERVALS_NEEDED - 1} intervals are not enough`);
    for (const tempo of tempi.slice(INTERVALS_NEEDED)) assert.ok(Math.abs(tempo - bpm) <= 0.1, `${bpm}: read ${tempo}`);
  }
});

test('jitter of ±1 ms on every clock: within 0.2 BPM at 123 BPM, 0.1 at 60, 0.3 at 174 — under the 0.5 BPM that is sent', () => {
  for (const [bpm, tolerance] of [[123, 0.2], [60, 0.1], [174, 0.3]]) {
    const random = seededRandom(28);
    const clock = new MidiClock();
    const { tempi } = feed(clock, { bpm, count: 1000, jitter: () => (random() * 2 - 1) });
    const worst = Math.max(...tempi.slice(INTERVALS_KEPT).map((tempo) => Math.abs(tempo - bpm)));
    assert.ok(worst <= tolerance, `${bpm} BPM: off by up to ${worst}`);
  }
});

test('a dropped clock, two clocks in one packet, a late one: still within 0.1 BPM on a steady clock', () => {
  const clock = new MidiClock();
  const dropped = new Set([60, 61, 100, 150]);
  const { tempi } = feed(clock, { bpm: 123, count: 200, skip: (i) => dropped.has(i) });
  for (const tempo of tempi.slice(INTERVALS_NEEDED + 1)) assert.ok(Math.abs(tempo - 123) <= 0.1, `dropped: ${tempo}`);

  // Every fifth clock delivered with the next, in one packet with its time (intervals of 0 and two ticks).
  const packed = new MidiClock();
  const packet = feed(packed, { bpm: 123, count: 200, jitter: (i) => (i % 5 === 0 ? tick(123) : 0) });
  for (const tempo of packet.tempi.slice(INTERVALS_NEEDED + 1)) assert.ok(Math.abs(tempo - 123) <= 0.1, `in packets: ${tempo}`);

  // One clock 5 ms late: the median does not move, and the span's ends hardly.
  const late = new MidiClock();
  const lateTempi = feed(late, { bpm: 123, count: 200, jitter: (i) => (i === 90 ? 5 : 0) }).tempi;
  for (const tempo of lateTempi.slice(INTERVALS_NEEDED)) assert.ok(Math.abs(tempo - 123) <= 0.1, `late: ${tempo}`);
});

test('the median is what the tempo is read from: a few wild intervals do not move it', () => {
  const steady = Array(INTERVALS_KEPT).fill(tick(120));
  const wild = [...steady];
  wild[10] = tick(120) * 3;  // two dropped
  wild[20] = 0.5;            // a stray clock…
  wild[21] = tick(120) - 0.5;  // …and the one after it
  assert.ok(Math.abs(clockTempo(wild) - 120) <= 0.1, String(clockTempo(wild)));
  assert.equal(clockTempo(steady.slice(0, INTERVALS_NEEDED - 1)), null);
  assert.equal(clockTempo(Array(INTERVALS_KEPT).fill(0)), null, 'no tick in it');
  // A pause (longer than four ticks) is left out of the span.
  const paused = [...steady];
  paused[30] = 400;
  assert.ok(Math.abs(clockTempo(paused) - 120) <= 0.1);
  // Only the newest 48 are read.
  assert.ok(Math.abs(clockTempo([...Array(100).fill(tick(90)), ...steady]) - 120) <= 0.1);
});

test('a change of tempo is followed within two beats', () => {
  const clock = new MidiClock();
  const { end } = feed(clock, { bpm: 120, count: 100 });
  const { tempi } = feed(clock, { bpm: 135, count: 100, start: end + tick(135) });
  assert.ok(Math.abs(tempi[INTERVALS_KEPT] - 135) <= 0.1, String(tempi[INTERVALS_KEPT]));
  assert.ok(tempi.every((tempo) => tempo >= 119.9 && tempo <= 135.1), 'never outside the two tempi');
});

test('a clock silent for a second has no tempo, and starts afresh', () => {
  const clock = new MidiClock();
  const { end } = feed(clock, { bpm: 123, count: 60 });
  assert.ok(Math.abs(clock.reading(end + 100).tempo - 123) <= 0.1);
  assert.equal(clock.reading(end + CLOCK_LOST_MILLISECONDS + 1).tempo, null, 'silent: no tempo');
  assert.equal(clock.isTicking(end + CLOCK_LOST_MILLISECONDS + 1), false);
  // Back at another tempo, after the silence: the old intervals are forgotten.
  const again = end + 5000;
  const { tempi } = feed(clock, { bpm: 90, count: 30, start: again });
  assert.equal(tempi[INTERVALS_NEEDED - 1], null);
  assert.ok(Math.abs(tempi[INTERVALS_NEEDED] - 90) <= 0.1);
  // A clock that goes back in time starts afresh too.
  clock.receive(REAL_TIME.clock, again - 10);
  assert.equal(clock.tempo, null);
});

test('start, continue and stop: running, and the beat since start', () => {
  const clock = new MidiClock();
  assert.deepEqual(clock.reading(0), { tempo: null, running: false, beat: 0 });
  feed(clock, { bpm: 120, count: 30 });
  assert.equal(clock.beat, 0, 'clocks before start count no beats');
  assert.equal(clock.receive(REAL_TIME.start, 2000), true);
  assert.equal(clock.running, true);
  const { end } = feed(clock, { bpm: 120, count: CLOCKS_PER_BEAT, start: 2000 + tick(120) });
  assert.equal(clock.beat, 1, 'the first 24 clocks after start are beat 1');
  clock.receive(REAL_TIME.clock, end + tick(120));
  assert.equal(clock.beat, 2);
  clock.receive(REAL_TIME.stop, end + 2 * tick(120));
  assert.equal(clock.running, false);
  feed(clock, { bpm: 120, count: 48, start: end + 3 * tick(120) });
  assert.equal(clock.beat, 2, 'stopped: clocks count no beats');
  assert.ok(Math.abs(clock.tempo - 120) <= 0.1, 'stopped: the tempo is still read');
  clock.receive(REAL_TIME.continue, end + 60 * tick(120));
  assert.equal(clock.running, true);
  assert.equal(clock.beat, 2, 'continue runs on from where it stopped');
  clock.receive(REAL_TIME.start, end + 61 * tick(120));
  assert.equal(clock.beat, 0, 'start: from the top');
  assert.equal(clock.receive(0xFE, 0), false, 'active sensing changes nothing');
});

test('the tempo sent: rounded to 0.1, within 20…300; moves of 0.5 BPM or more, at most four times a second', () => {
  assert.equal(tempoToSend(123.04), 123);
  assert.equal(tempoToSend(123.06), 123.1);
  assert.equal(tempoToSend(12), 20);
  assert.equal(tempoToSend(400), 300);
  assert.equal(tempoToSend(NaN), null);
  assert.equal(tempoToSend(null), null);
  assert.deepEqual(tempoIntent(123.1), { type: 'tempo', bpm: 123.1 });

  const sender = new ClockTempo();
  assert.equal(sender.offer(123.02, 0), 123, 'the first at once');
  assert.equal(sender.offer(123.3, 1000), null, 'less than half a BPM away');
  assert.equal(sender.offer(122.6, 1100), null, '0.4 below');
  assert.equal(sender.offer(123.5, 1200), 123.5, 'half a BPM: sent');
  assert.equal(sender.offer(125, 1300), null, 'within a quarter of a second of the last');
  assert.equal(sender.dueAt, 1200 + SEND_MILLISECONDS, 'held back until then');
  assert.equal(sender.offer(125, 1200 + SEND_MILLISECONDS), 125);
  assert.equal(sender.dueAt, null);
  assert.equal(sender.offer(125.2, 1300 + SEND_MILLISECONDS), null);
  assert.equal(sender.dueAt, null, 'a move too small is not held back');
  // A ramp of a BPM every 10 ms for a second is sent at most four times in that second, and ends where it ends.
  const ramp = new ClockTempo();
  const sent = [];
  for (let i = 0; i <= 95; i += 1) {
    const bpm = ramp.offer(100 + i, 5000 + i * 10);
    if (bpm !== null) sent.push(bpm);
  }
  assert.deepEqual(sent, [100, 125, 150, 175], 'at 0, 250, 500 and 750 ms');
  assert.equal(ramp.dueAt, 6000);
  assert.equal(ramp.offer(195, 6000), 195, 'the end of the ramp, when it may');
  ramp.reset();
  assert.equal(ramp.offer(195.2, 6010), 195.2, 'reset: the next goes at once');
});

test('what the clock says to a person, and the "Clock from" choices', () => {
  assert.equal(clockText({ tempo: 123, running: true, beat: 3 }), 'MIDI clock: 123.0 BPM, running');
  assert.equal(clockText({ tempo: 98.76, running: false, beat: 3 }), 'MIDI clock: 98.8 BPM, stopped');
  assert.equal(clockText({ tempo: null, running: false, beat: 0 }), 'MIDI clock: no clock, stopped');
  assert.equal(clockText(null, false), 'MIDI clock: off');
  assert.equal(beatText({ beat: 5 }), 'Beat 5');
  assert.equal(beatText({ beat: 0 }), '');

  assert.deepEqual(clockChoices([], null), { options: [{ value: '', label: 'none' }], value: '' });
  assert.deepEqual(clockChoices([{ id: 'a', name: 'Digitakt' }, { id: 'a', name: 'again' }, { id: 'b', name: '' }], { id: 'b', name: 'x' }), {
    options: [{ value: '', label: 'none' }, { value: 'a', label: 'Digitakt' }, { value: 'b', label: 'MIDI input' }], value: 'b',
  });
  assert.deepEqual(clockChoices([{ id: 'a', name: 'Digitakt' }], { id: 'gone', name: 'TR-8S' }).options.at(-1),
    { value: 'gone', label: 'TR-8S (not connected)' }, 'a source unplugged still shows');
});

/** A MIDI input with two devices, a sender that keeps what it is sent, and a clock the test moves. */
function console() {
  const sent = [];
  const times = [];
  let now = 0;
  const inputs = [{ id: 'in-1', name: 'Clock box', state: 'connected' }, { id: 'in-2', name: 'Keys', state: 'connected' }];
  const midi = new MidiInput({
    store: { state: { tempo: 120 } },
    sender: { send: (intent) => { sent.push(intent); times.push(now); return true; }, api: async () => ({}) },
    requestAccess: async () => ({ inputs: new Map(inputs.map((input) => [input.id, input])) }),
    now: () => now,
  });
  return { midi, sent, times, inputs, setNow: (t) => { now = t; } };
}

function play(midi, input, bpm, count, start, setNow) {
  let time = start;
  for (let i = 0; i < count; i += 1) {
    time = start + i * tick(bpm);
    setNow(time);
    midi.receive([REAL_TIME.clock], { input, time });
  }
  return time;
}

test('the console reads the clock of the input chosen, and sends the tempo it hears, and nothing else', async () => {
  const { midi, sent, times, inputs, setNow } = console();
  await midi.start();
  assert.deepEqual(midi.status.inputs, [{ id: 'in-1', name: 'Clock box' }, { id: 'in-2', name: 'Keys' }]);
  const told = [];
  midi.subscribeClock(() => told.push(midi.clockReading()));

  // No source chosen: clocks are ignored.
  play(midi, 'in-1', 123, 100, 0, setNow);
  assert.deepEqual(sent, []);
  assert.equal(midi.clockReading().source, null);

  midi.setClockSource('in-1');
  assert.deepEqual(midi.clockReading().source, { id: 'in-1', name: 'Clock box' });
  midi.receive([REAL_TIME.start], { input: 'in-1', time: 5000 });
  let end = play(midi, 'in-1', 123, 200, 5000 + tick(123), setNow);
  assert.deepEqual(sent, [{ type: 'tempo', bpm: 123 }], 'the first tempo at once, then no more while it holds');
  const reading = midi.clockReading();
  assert.ok(reading.running && Math.abs(reading.tempo - 123) <= 0.1 && reading.beat === Math.ceil(200 / CLOCKS_PER_BEAT), JSON.stringify(reading));
  assert.equal(clockText(reading), 'MIDI clock: 123.0 BPM, running');
  assert.ok(told.length < 40, `listeners told when what shows changes, not at every clock (${told.length})`);

  // Another input's clock, and the notes of the one chosen, are not the clock.
  play(midi, 'in-2', 90, 200, end + 10, setNow);
  midi.receive([0x90, 60, 100], { input: 'in-1', time: end + 20 });
  assert.deepEqual(sent, [{ type: 'tempo', bpm: 123 }]);

  // A faster clock: sent as it is heard, at most four times a second, ending on the tempo.
  end = play(midi, 'in-1', 130, 400, end + 100, setNow);
  const tempi = sent.slice(1);
  assert.equal(tempi.at(-1).bpm, 130, JSON.stringify(tempi));
  assert.ok(tempi.every((intent) => intent.type === 'tempo' && intent.bpm >= 123.5 && intent.bpm <= 130), JSON.stringify(tempi));
  assert.ok(tempi.length <= 6, `two beats of change: a few sends, not one a clock (${JSON.stringify(tempi)})`);
  for (let i = 1; i < times.length; i += 1) assert.ok(times[i] - times[i - 1] >= SEND_MILLISECONDS, `sent ${times[i] - times[i - 1]} ms after the one before`);

  // Stop and start send nothing; start resets the beat shown.
  const before = sent.length;
  midi.receive([REAL_TIME.stop], { input: 'in-1', time: end + 1 });
  assert.equal(midi.clockReading().running, false);
  midi.receive([REAL_TIME.start], { input: 'in-1', time: end + 2 });
  assert.equal(midi.clockReading().beat, 0);
  assert.equal(sent.length, before);

  // None chosen again: forgotten, and clocks are ignored.
  midi.setClockSource(null);
  assert.deepEqual(midi.clockReading(end + 3), { source: null, tempo: null, running: false, beat: 0 });
  play(midi, 'in-1', 150, 100, end + 10, setNow);
  assert.equal(sent.length, before);
  // An input unplugged while chosen stays chosen, by its name.
  midi.setClockSource('in-2');
  inputs[1].state = 'disconnected';
  midi.access.onstatechange();
  assert.deepEqual(clockChoices(midi.status.inputs, midi.clockSource).options.at(-1), { value: 'in-2', label: 'Keys (not connected)' });
});

test('a move held back is sent when it may be, even if no clock follows', async () => {
  const { midi, sent, setNow } = console();
  await midi.start();
  midi.setClockSource('in-1');
  let end = play(midi, 'in-1', 100, 60, 0, setNow);
  assert.deepEqual(sent, [{ type: 'tempo', bpm: 100 }]);
  // A jump to 110 within a quarter of a second of the first send, and then the clock stops.
  end = play(midi, 'in-1', 110, 49, end + tick(110), setNow);
  const last = sent.at(-1);
  setNow(end + SEND_MILLISECONDS + 50);
  await new Promise((resolve) => { setTimeout(resolve, SEND_MILLISECONDS + 60); });
  assert.equal(sent.at(-1).bpm, 110, `held back, then sent: ${JSON.stringify(sent)} (${JSON.stringify(last)})`);
  midi.setClockSource(null);
});

test('a tempo that could not be sent (no connection) is sent with the next clock', async () => {
  let connected = false;
  const sent = [];
  let now = 0;
  const midi = new MidiInput({
    sender: { send: (intent) => { if (connected) sent.push(intent); return connected; }, api: async () => ({}) },
    requestAccess: async () => ({ inputs: new Map([['in-1', { id: 'in-1', name: 'Clock box', state: 'connected' }]]) }),
    now: () => now,
  });
  await midi.start();
  midi.setClockSource('in-1');
  const end = play(midi, 'in-1', 123, 60, 0, (t) => { now = t; });
  assert.deepEqual(sent, []);
  connected = true;
  play(midi, 'in-1', 123, 2, end + tick(123), (t) => { now = t; });
  assert.deepEqual(sent, [{ type: 'tempo', bpm: 123 }]);
  midi.setClockSource(null);
});
