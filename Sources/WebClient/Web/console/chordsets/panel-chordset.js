// <ip-chordset-panel>: the chordset on the pads (seed 002) — Shift, the eight chords, and the steppers.
//
// A chord tapped is recalled (recallChord): the colour, form and motion controls take its settings. With
// Shift, it is stored instead (storeChord: the controls' settings into that chord, saved in the library at
// once). Shift is a button: tap it to arm it for one store (aria-pressed), or hold it while tapping a chord
// with another finger; holding the keyboard's Shift key while clicking a chord stores too. The chords show
// their colour (the library list's `color`, or the engine's chord when the list has not come yet) and the
// selected chord is marked. "Previous chordset" and "Next chordset" step through the library's list; the
// chordset's number and title are read out (role=status). People count chords from 1; intents from 0.

import { ConsolePanel, element } from '../panel-kit/console-panel.js';
import { colorAt } from '../color/ribbon.js';

const CHORDS = 8;

class ChordsetPanel extends ConsolePanel {
  build() {
    this.armed = false;      // Shift tapped: the next chord is stored
    this.shiftHeld = false;  // Shift held down by a pointer
    this.storedWhileHeld = false;

    this.shift = element('button', { type: 'button', class: 'shift-button', 'aria-pressed': 'false', title: 'Shift: the next chord tapped stores the controls into it' }, 'Shift');
    this.shift.addEventListener('pointerdown', () => {
      this.shiftHeld = true;
      this.storedWhileHeld = false;
    });
    const letGo = () => { this.shiftHeld = false; };
    this.shift.addEventListener('pointerup', letGo);
    this.shift.addEventListener('pointercancel', letGo);
    this.shift.addEventListener('pointerleave', letGo);
    this.shift.addEventListener('click', () => {
      // A Shift held while a chord was stored has done its work; a tap arms (or disarms) it.
      if (this.storedWhileHeld) {
        this.storedWhileHeld = false;
        return;
      }
      this.arm(!this.armed);
    });

    this.chords = Array.from({ length: CHORDS }, (_, index) => {
      const title = element('span', { class: 'chord-title' });
      const button = element('button', { type: 'button', class: 'chord-button', 'aria-label': `Chord ${index + 1}` },
        element('span', { class: 'chord-number', 'aria-hidden': 'true' }, String(index + 1)), title);
      button.addEventListener('click', (event) => this.play(index, event.shiftKey));
      return { button, title };
    });

    this.titleStatus = element('p', { class: 'chordset-title', role: 'status' }, '…');
    const previous = element('button', { type: 'button', class: 'step-button', 'aria-label': 'Previous chordset', onclick: () => this.step(-1) }, '‹');
    const next = element('button', { type: 'button', class: 'step-button', 'aria-label': 'Next chordset', onclick: () => this.step(1) }, '›');

    this.append(element('div', { class: 'chordset-layout' },
      this.shift,
      element('div', { class: 'chord-buttons', role: 'group', 'aria-label': 'Chords' }, this.chords.map(({ button }) => button)),
      element('div', { class: 'chordset-stepper' }, previous, this.titleStatus, next)));
  }

  arm(armed) {
    this.armed = armed;
    this.shift.setAttribute('aria-pressed', String(armed));
  }

  /** A chord tapped: stored when Shift is armed or held, recalled otherwise. */
  play(index, shiftKey) {
    if (this.armed || this.shiftHeld || shiftKey) {
      if (this.shiftHeld) this.storedWhileHeld = true;
      this.arm(false);
      this.send({ type: 'storeChord', chord: index });
    } else {
      this.send({ type: 'recallChord', chord: index });
    }
  }

  step(offset) {
    this.send({ type: 'chordsetStep', offset });
  }

  update(what) {
    if (!['chordset', 'selectedChord', 'library', 'snapshot'].some((news) => what.has(news))) return;
    const state = this.state;
    const summary = this.store?.currentChordset();
    const chords = state?.chordset?.chords ?? [];
    this.chords.forEach(({ button, title }, index) => {
      const chord = chords[index];
      const color = summary?.chords?.[index]?.color
        ?? (chord?.background ? colorAt(chord.background.hue.center, chord.background.purity.center) : null);
      button.style.setProperty('--chord-color', color ?? 'transparent');
      title.textContent = chord?.title ?? '';
      if (chord?.title) button.setAttribute('aria-description', chord.title);
      else button.removeAttribute('aria-description');
      if (state?.selectedChord === index) button.setAttribute('aria-current', 'true');
      else button.removeAttribute('aria-current');
    });
    const name = state?.chordset?.title ?? summary?.title;
    const number = summary?.number;
    const count = this.store?.library?.chordsets?.length;
    this.titleStatus.textContent = name === undefined ? 'No chordset yet'
      : number && count ? `${number} of ${count} · ${name}` : name;
  }
}

if (!customElements.get('ip-chordset-panel')) customElements.define('ip-chordset-panel', ChordsetPanel);

export { ChordsetPanel };
