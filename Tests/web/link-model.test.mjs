// Ableton Link as the listening panel shows it: `link` messages read defensively, the beat carried forward
// between them, the dot lit within the quantum and the beat it says, and the `link` request.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  DEFAULT_QUANTUM, LINK_EXTRAPOLATION_MILLISECONDS, beatDot, beatDotCount, beatReading, linkIntent, linkProblem, linkText, parseLink,
  phaseAt, readQuantum,
} from '../../Sources/WebClient/Web/console/listening/link-model.js';

const message = (more = {}) => ({ type: 'link', enabled: true, peers: 2, tempo: 120, beat: 17.5, phase: 1.5, quantum: 4, playing: true, ...more });

test('a link message is read as the protocol says it, and defensively', () => {
  assert.deepEqual(parseLink(message()), { enabled: true, peers: 2, tempo: 120, beat: 17.5, phase: 1.5, quantum: 4, playing: true, problem: null });
  assert.deepEqual(parseLink({ type: 'link', enabled: 'yes', peers: -1, tempo: 'fast', quantum: 0, problem: 7 }),
    { enabled: false, peers: 0, tempo: null, beat: null, phase: null, quantum: DEFAULT_QUANTUM, playing: false, problem: null });
  assert.equal(parseLink(message({ problem: '  ' })).problem, null, 'a blank problem is none');
  assert.equal(parseLink({ type: 'heard' }), null);
  assert.equal(parseLink(undefined), null);
});

test('the phase within the quantum, carried forward at the tempo for at most a second', () => {
  const link = parseLink(message());
  assert.equal(phaseAt(link, 1000, 1000), 1.5);
  assert.equal(phaseAt(link, 1000, 1250), 2, 'a quarter of a second at 120 BPM is half a beat');
  assert.equal(phaseAt({ ...link, phase: 3.5 }, 1000, 1250), 0, 'round the quantum: 3.5 + 0.5 beats is 4, the next bar');
  assert.equal(phaseAt(link, 1000, 1000 + 10 * LINK_EXTRAPOLATION_MILLISECONDS), phaseAt(link, 1000, 1000 + LINK_EXTRAPOLATION_MILLISECONDS),
    'messages stopped: it waits');
  assert.equal(phaseAt(link, 1000, 900), 1.5, 'a clock that went back does not run the beat backwards');
  assert.equal(phaseAt({ ...link, phase: null }, 1000, 1000), 1.5, 'no phase: the beat modulo the quantum');
  assert.equal(phaseAt({ ...link, phase: null, beat: -0.5 }, 0, 0), 3.5, 'a negative beat (before the session’s start)');
  assert.equal(phaseAt({ ...link, tempo: null }, 1000, 1500), 1.5, 'no tempo: not carried forward');
  assert.equal(phaseAt({ ...link, enabled: false }, 1000, 1000), null);
  assert.equal(phaseAt({ ...link, phase: null, beat: null }, 1000, 1000), null);
  assert.equal(phaseAt(null, 0, 0), null);
});

test('one dot a beat of the quantum; the dot of the beat lit', () => {
  assert.equal(beatDotCount(4), 4);
  assert.equal(beatDotCount(3), 3);
  assert.equal(beatDotCount(0.2), 1);
  assert.equal(beatDotCount(99), 16, 'at most sixteen dots');
  assert.equal(beatDotCount(undefined), 4);
  assert.deepEqual([0, 0.99, 1, 2.5, 3.999].map((phase) => beatDot(phase, 4)), [0, 0, 1, 2, 3]);
  assert.deepEqual([0, 1, 2, 3].map((phase) => beatDot(phase, 4)), [0, 1, 2, 3], 'whole beats light their own dot');
  assert.equal(beatDot(4.4, 4.5), 4, 'a quantum of 4.5: five dots (rounded), its last half beat on the fifth');
  assert.equal(beatDot(7, 4), 3, 'never past the last dot');
  assert.deepEqual([0, 1.9, 3.9, 31.9, 63.9].map((phase) => beatDot(phase, 64)), [0, 0, 0, 7, 15],
    'a quantum of 64: sixteen dots, four beats each');
  assert.equal(beatDot(4, 64), 1);
  assert.equal(beatDot(null, 4), -1, 'no beat: none lit');
  assert.equal(beatDot(Number.NaN, 4), -1);
});

test('the beat said: within the quantum in whole beats, or why there is none', () => {
  const link = parseLink(message());
  assert.deepEqual(beatReading(0, link), { beat: 1, beats: 4, text: 'Beat 1 of 4' });
  assert.deepEqual(beatReading(3.99, link), { beat: 4, beats: 4, text: 'Beat 4 of 4' });
  assert.deepEqual(beatReading(null, link), { beat: 0, beats: 4, text: 'No beat yet' }, 'joined, no beat said yet');
  assert.deepEqual(beatReading(null, parseLink(message({ enabled: false }))), { beat: 0, beats: 4, text: 'Link is off' });
  assert.deepEqual(beatReading(null, null), { beat: 0, beats: DEFAULT_QUANTUM, text: 'Link is off' }, 'before any message');
  assert.deepEqual(beatReading(30.2, parseLink(message({ quantum: 32 }))), { beat: 31, beats: 32, text: 'Beat 31 of 32' },
    'a long quantum is said in its beats, though its dots stand for several');
  assert.deepEqual(beatReading(2.5, parseLink(message({ quantum: 2.6 }))), { beat: 3, beats: 3, text: 'Beat 3 of 3' }, 'rounded to whole beats');
  assert.equal(beatReading(0.4, parseLink(message({ quantum: 0.4 }))).beats, 1, 'at least one beat');
});

test('the link for a person', () => {
  assert.equal(linkText(null), 'Off');
  assert.equal(linkText(parseLink(message({ enabled: false }))), 'Off');
  assert.equal(linkText(parseLink(message())), '2 peers · 120.0 BPM');
  assert.equal(linkText(parseLink(message({ peers: 1, tempo: 98.25 }))), '1 peer · 98.3 BPM');
  assert.equal(linkText(parseLink(message({ peers: 0, tempo: null }))), 'Alone');
});

test('a problem of the link is told while joined, and only then', () => {
  const why = 'the Link session started, but nothing could play: no composition is loaded: name one to play';
  assert.equal(linkProblem(parseLink(message({ problem: why }))), why);
  assert.equal(linkProblem(parseLink(message({ problem: why, enabled: false }))), null, 'left: nothing to tell');
  assert.equal(linkProblem(parseLink(message())), null);
  assert.equal(linkProblem(null), null);
});

test('the link request: joining or leaving with a whole quantum of 1 to 64 beats', () => {
  assert.deepEqual(linkIntent(true, 4), { type: 'link', enabled: true, quantum: 4 });
  assert.deepEqual(linkIntent(false, '8'), { type: 'link', enabled: false, quantum: 8 });
  assert.deepEqual(linkIntent(true, 'x'), { type: 'link', enabled: true, quantum: DEFAULT_QUANTUM });
  assert.equal(readQuantum(' 3 '), 3);
  assert.equal(readQuantum('64'), 64);
  for (const bad of ['', '0', '65', '2.5', 'four', null]) assert.equal(readQuantum(bad), null, String(bad));
});
