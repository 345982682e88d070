// The hue and purity ribbons' arithmetic (seed 001): the spectrum's segments, the thumb, range steps, the
// gradients and the keys.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  SPECTRUM, colorAt, cssGradient, hsvToRgb, hueGradientStops, keepOnRibbon, locationAt, namedColorAt,
  purityGradientStops, purityToSaturationBrightness, ribbonCenterIntent, ribbonKeyChange, ribbonKeyIntent,
  ribbonValueText, spectralColor, steppedRange, thumbCenter, thumbLeft, thumbWidth,
} from '../../Sources/WebClient/Web/console/color/ribbon.js';
import { PENDING_MILLISECONDS, PendingSettings } from '../../Sources/WebClient/Web/console/panel-kit/lumi-features.js';

test("seed 001's twelve segments, each beginning where the one before ends", () => {
  assert.equal(SPECTRUM.length, 12);
  assert.deepEqual(SPECTRUM.map((segment) => segment.position), [0.04, 0.10, 0.13, 0.17, 0.24, 0.33, 0.50, 0.67, 0.74, 0.80, 0.86, 0.95]);
  assert.equal(SPECTRUM[0].begin, -0.001);
  assert.equal(SPECTRUM[11].end, 1);
  for (let i = 1; i < SPECTRUM.length; i += 1) assert.equal(SPECTRUM[i].begin, SPECTRUM[i - 1].end);
  for (const segment of SPECTRUM) assert.ok(segment.position > segment.begin && segment.position <= segment.end, segment.name);
});

test('a location takes the name of the segment it is strictly above the beginning of, up to its end', () => {
  assert.equal(namedColorAt(0).name, 'red-orange', '0 is above −0.001');
  assert.equal(namedColorAt(0.08).name, 'red-orange', 'an end belongs to its segment');
  assert.equal(namedColorAt(0.0800001).name, 'orange');
  assert.equal(namedColorAt(0.12).name, 'orange');
  assert.equal(namedColorAt(0.42).name, 'green');
  assert.equal(namedColorAt(0.5).name, 'green-blue');
  assert.equal(namedColorAt(0.72).name, 'blue-violet');
  assert.equal(namedColorAt(0.9).name, 'violet-red');
  assert.equal(namedColorAt(1).name, 'red');
  // As the engine (Spectrum.namedHue): outside 0…1 wraps, what is not a number is red.
  assert.equal(namedColorAt(1.5).name, 'green-blue');
  assert.equal(namedColorAt(-0.5).name, 'green-blue');
  assert.equal(namedColorAt(Number.NaN).name, 'red');
  assert.equal(namedColorAt(undefined).name, 'red');
});

test('colours: the hexcone conversion and purity from black through the pure hue to white', () => {
  assert.deepEqual(hsvToRgb(0, 1, 1), [1, 0, 0]);
  assert.deepEqual(hsvToRgb(1, 1, 1), [1, 0, 0], 'hue 1 is hue 0');
  assert.deepEqual(hsvToRgb(0.5, 1, 1), [0, 1, 1]);
  assert.deepEqual(hsvToRgb(0.25, 0, 0.5), [0.5, 0.5, 0.5]);
  assert.deepEqual(purityToSaturationBrightness(0), { saturation: 1, brightness: 0 });
  assert.deepEqual(purityToSaturationBrightness(0.25), { saturation: 1, brightness: 0.5 });
  assert.deepEqual(purityToSaturationBrightness(0.5), { saturation: 1, brightness: 1 });
  assert.deepEqual(purityToSaturationBrightness(0.75), { saturation: 0.5, brightness: 1 });
  assert.deepEqual(purityToSaturationBrightness(2), { saturation: 0, brightness: 1 }, 'clamped');
  assert.equal(colorAt(0.5, 0.5), '#00ffff');
  assert.equal(colorAt(0.5, 0), '#000000');
  assert.equal(colorAt(0.5, 1), '#ffffff');
  assert.equal(colorAt(0, 0.25), '#800000');
  assert.equal(spectralColor(SPECTRUM[6]), '#00ffff');
});

test('the thumb: centred on the selection, kept on the ribbon, 4 px plus the range wide', () => {
  assert.equal(thumbCenter(0.5, 0.2), 0.5);
  assert.equal(thumbCenter(0.05, 0.2), 0.1, 'clamped to range/2 at the left');
  assert.equal(thumbCenter(0.97, 0.2), 0.9, 'clamped to 1 − range/2 at the right');
  assert.equal(thumbCenter(0.3, 1), 0.5, 'a full range sits in the middle');
  assert.equal(thumbCenter(0, 0), 0);
  assert.equal(thumbWidth(0, 600), 4);
  assert.equal(thumbWidth(0.1, 600), 64);
  assert.equal(thumbLeft(0.5, 0.1, 600), 300 - 32);
  assert.equal(thumbLeft(0, 0, 600), -2);
  assert.equal(locationAt(150, 600), 0.25);
  assert.equal(locationAt(-20, 600), 0);
  assert.equal(locationAt(900, 600), 1);
  assert.equal(locationAt(10, 0), 0);
});

test('a range widens and narrows by 0.01 on its grid, never beyond 0…1; the centre keeps it on the ribbon', () => {
  assert.equal(steppedRange(0.06, true), 0.07);
  assert.equal(steppedRange(0.06, false), 0.05);
  assert.equal(steppedRange(0, false), 0);
  assert.equal(steppedRange(1, true), 1);
  assert.equal(steppedRange(0.994, true), 1);
  let range = 0;
  for (let i = 0; i < 30; i += 1) range = steppedRange(range, true);
  assert.equal(range, 0.3, 'thirty steps are exactly 0.3');
  assert.equal(keepOnRibbon(0.98, 0.1), 0.95);
  assert.equal(keepOnRibbon(-1, 0.1), 0.05);
  assert.equal(keepOnRibbon(0.4, 0.1), 0.4);
});

test('the hue gradient anchors the named hues; the purity gradient runs black, the named colour, white', () => {
  const stops = hueGradientStops();
  assert.equal(stops.length, 12);
  assert.deepEqual(stops[0], { offset: 0.04, color: spectralColor(SPECTRUM[0]) });
  assert.deepEqual(stops[6], { offset: 0.5, color: '#00ffff' });
  // A hue centre of 0.45 is green-blue (0.42…0.60), anchored at 0.50: cyan.
  assert.deepEqual(purityGradientStops(0.45), [
    { offset: 0, color: '#000000' }, { offset: 0.5, color: '#00ffff' }, { offset: 1, color: '#ffffff' },
  ]);
  assert.equal(cssGradient(purityGradientStops(0.45)), 'linear-gradient(to right, #000000 0%, #00ffff 50%, #ffffff 100%)');
  assert.match(cssGradient(stops), /^linear-gradient\(to right, #ff\w{4} 4%, .* 95%\)$/);
});

test('keys: arrows move the centre by 0.01, with Shift widen or narrow; other keys are left alone', () => {
  const hue = { center: 0.72, range: 0.06 };
  assert.deepEqual(ribbonKeyIntent('hue', hue, { key: 'ArrowRight' }), { type: 'ribbonCenter', ribbon: 'hue', value: 0.73 });
  assert.deepEqual(ribbonKeyIntent('hue', hue, { key: 'ArrowDown' }), { type: 'ribbonCenter', ribbon: 'hue', value: 0.71 });
  assert.deepEqual(ribbonKeyIntent('hue', hue, { key: 'PageUp' }), { type: 'ribbonCenter', ribbon: 'hue', value: 0.82 });
  assert.deepEqual(ribbonKeyIntent('purity', hue, { key: 'Home' }), { type: 'ribbonCenter', ribbon: 'purity', value: 0 });
  assert.deepEqual(ribbonKeyIntent('purity', hue, { key: 'End' }), { type: 'ribbonCenter', ribbon: 'purity', value: 1 });
  assert.deepEqual(ribbonKeyIntent('hue', { center: 0.995, range: 0 }, { key: 'ArrowRight' }), { type: 'ribbonCenter', ribbon: 'hue', value: 1 });
  assert.deepEqual(ribbonKeyIntent('hue', hue, { key: 'ArrowRight', shiftKey: true }), { type: 'ribbonStep', ribbon: 'hue', widen: true });
  assert.deepEqual(ribbonKeyIntent('hue', hue, { key: 'ArrowLeft', shiftKey: true }), { type: 'ribbonStep', ribbon: 'hue', widen: false });
  assert.equal(ribbonKeyIntent('hue', hue, { key: 'ArrowRight', ctrlKey: true }), null);
  assert.equal(ribbonKeyIntent('hue', hue, { key: 'a' }), null);
});

test('keys pressed faster than the engine answers each move a step, even when an answer comes between them', () => {
  let clock = 0;
  const pending = new PendingSettings({ now: () => clock });
  const right = { key: 'ArrowRight' };
  let engine = { center: 0.72, range: 0 };
  assert.equal(ribbonKeyChange('hue', engine, right, pending).value, 0.73);
  assert.equal(ribbonKeyChange('hue', engine, right, pending).value, 0.74);
  engine = { center: 0.73, range: 0 };  // the answer to the first key, after the second was sent
  assert.equal(ribbonKeyChange('hue', engine, right, pending).value, 0.75);
  engine = { center: 0.75, range: 0 };  // said back: the engine's centre again
  assert.equal(ribbonKeyChange('hue', engine, right, pending).value, 0.76);
  // Another ribbon keeps its own; a range step records nothing.
  assert.equal(ribbonKeyChange('purity', { center: 0.5, range: 0 }, right, pending).value, 0.51);
  assert.deepEqual(ribbonKeyChange('hue', engine, { key: 'ArrowRight', shiftKey: true }, pending), { type: 'ribbonStep', ribbon: 'hue', widen: true });
  // A centre never said back (the engine kept it on the ribbon) stands in for at most PENDING_MILLISECONDS.
  clock += PENDING_MILLISECONDS + 1;
  assert.equal(ribbonKeyChange('hue', { center: 0.9, range: 0 }, right, pending).value, 0.91);
});

test('a drag is recorded as sent: a key moves on from where it left the centre', () => {
  const pending = new PendingSettings({ now: () => 0 });
  assert.equal(ribbonKeyChange('hue', { center: 0.72, range: 0 }, { key: 'ArrowRight' }, pending).value, 0.73);
  assert.deepEqual(ribbonCenterIntent('hue', 0.30004, pending), { type: 'ribbonCenter', ribbon: 'hue', value: 0.3 });
  // The engine has said the key's centre back, not yet the drag's.
  assert.equal(ribbonKeyChange('hue', { center: 0.73, range: 0 }, { key: 'ArrowLeft' }, pending).value, 0.29);
});

test('a centre said back is forgotten as the colours come: a change from elsewhere is built on at once', () => {
  const pending = new PendingSettings({ now: () => 0 });
  const right = { key: 'ArrowRight' };
  assert.equal(ribbonKeyChange('hue', { center: 0.72, range: 0 }, right, pending).value, 0.73);
  pending.heardFrom({ colors: { hue: { center: 0.73, range: 0 }, purity: { center: 0.5, range: 0 } } });
  // Another console (or a MIDI knob) moves the hue within the second: the next key moves on from there.
  assert.equal(ribbonKeyChange('hue', { center: 0.4, range: 0 }, right, pending).value, 0.41);
  // An answer that is not the centre last sent leaves it standing.
  assert.equal(ribbonKeyChange('hue', { center: 0.4, range: 0 }, right, pending).value, 0.42);
  pending.heardFrom({ colors: { hue: { center: 0.41, range: 0 } } });
  assert.equal(ribbonKeyChange('hue', { center: 0.41, range: 0 }, right, pending).value, 0.43);
  pending.heardFrom(null);  // no state yet: nothing forgotten, nothing thrown
  assert.equal(ribbonKeyChange('hue', { center: 0.41, range: 0 }, right, pending).value, 0.44);
});

test('what a screen reader hears of a ribbon', () => {
  assert.equal(ribbonValueText('hue', { center: 0.72, range: 0.06 }), 'centre 0.72, blue-violet, range 0.06');
  assert.equal(ribbonValueText('purity', { center: 0.12, range: 0.1 }), 'centre 0.12, toward black, range 0.10');
  assert.equal(ribbonValueText('purity', { center: 0.5, range: 0 }), 'centre 0.50, pure, range 0.00');
  assert.equal(ribbonValueText('purity', { center: 0.8, range: 0 }), 'centre 0.80, toward white, range 0.00');
});
