// <ip-trigger-pads>: the eight trigger pads, one per chord of the current chordset — note-by-note playing.
//
// A pad plays while it is held: pointer down sends padDown (with the velocity of console-gestures.js's
// velocityOf: a touch's or pen's pressure when the device reports one, else 1), pointer up padUp. Several
// pads play at once, with several fingers; keys 1–8 hold pads too (not while typing in a field), and so do
// Space and Enter on a focused pad. A pad held by two fingers, or a finger and a key, sounds once and stops
// when the last lets go. Everything held is let go when the window loses focus, is hidden, or the pointer is
// cancelled. A pad shows as pressed when the engine says it is down. People count pads from 1; intents from 0.

import { PadTouches, velocityOf } from '../panel-kit/console-gestures.js';
import { ConsolePanel, element, isTyping } from '../panel-kit/console-panel.js';
import { padForKey } from '../../shared/keys.js';
import { colorAt } from '../color/ribbon.js';

const PADS = 8;

class TriggerPads extends ConsolePanel {
  build() {
    this.touches = new PadTouches();
    this.pads = Array.from({ length: PADS }, (_, pad) => {
      const title = element('span', { class: 'pad-title' });
      const button = element('button', { type: 'button', class: 'pad', 'aria-label': `Pad ${pad + 1}`, 'aria-pressed': 'false' },
        element('span', { class: 'pad-number', 'aria-hidden': 'true' }, String(pad + 1)), title);
      this.listen(button, pad);
      return { button, title };
    });
    this.append(element('div', { class: 'pads-layout', role: 'group', 'aria-label': 'Pads' }, this.pads.map(({ button }) => button)));

    this.onKeyDown = (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event)) return;
      const pad = padForKey(event);
      if (pad === null) return;
      event.preventDefault();
      if (event.repeat) return;
      this.press(`key:${event.code || event.key}`, pad, 1);
    };
    this.onKeyUp = (event) => {
      const holder = `key:${event.code || event.key}`;
      if (this.touches.holders.has(holder)) this.release(holder);
    };
    this.onBlur = () => this.releaseAll();
    this.onVisibility = () => { if (document.hidden) this.releaseAll(); };
  }

  connectedCallback() {
    super.connectedCallback();
    window.addEventListener('keydown', this.onKeyDown);
    window.addEventListener('keyup', this.onKeyUp);
    window.addEventListener('blur', this.onBlur);
    document.addEventListener('visibilitychange', this.onVisibility);
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this.releaseAll();
    window.removeEventListener('keydown', this.onKeyDown);
    window.removeEventListener('keyup', this.onKeyUp);
    window.removeEventListener('blur', this.onBlur);
    document.removeEventListener('visibilitychange', this.onVisibility);
  }

  listen(button, pad) {
    button.addEventListener('pointerdown', (event) => {
      if (event.pointerType === 'mouse' && event.button > 0) return;
      event.preventDefault();  // no focus ring flash, no text selection, no emulated mouse events
      try {
        button.setPointerCapture(event.pointerId);
      } catch {
        // a pointer that is already gone: its up or cancel follows
      }
      this.press(`pointer:${event.pointerId}`, pad, velocityOf(event));
    });
    const end = (event) => this.release(`pointer:${event.pointerId}`);
    button.addEventListener('pointerup', end);
    button.addEventListener('pointercancel', end);
    button.addEventListener('lostpointercapture', end);
    button.addEventListener('contextmenu', (event) => event.preventDefault());
    // Space and Enter on a focused pad hold it like a key (the pad's click is not a note).
    button.addEventListener('keydown', (event) => {
      if (event.key !== ' ' && event.key !== 'Enter') return;
      event.preventDefault();
      if (!event.repeat) this.press(`activate:${pad}`, pad, 1);
    });
    button.addEventListener('keyup', (event) => {
      if (event.key !== ' ' && event.key !== 'Enter') return;
      event.preventDefault();
      this.release(`activate:${pad}`);
    });
  }

  press(holder, pad, velocity) {
    if (this.touches.press(holder, pad)) this.send({ type: 'padDown', pad, velocity });
  }

  release(holder) {
    const pad = this.touches.release(holder);
    if (pad !== null) this.send({ type: 'padUp', pad });
  }

  releaseAll() {
    for (const pad of this.touches.releaseAll()) this.send({ type: 'padUp', pad });
  }

  update(what) {
    if (what.has('pads')) {
      const pads = this.state?.pads?.pads ?? [];
      this.pads.forEach(({ button }, index) => {
        const held = pads[index]?.isDown === true;
        button.setAttribute('aria-pressed', String(held));
        button.style.setProperty('--velocity', String(held ? pads[index].velocity : 0));
      });
    }
    if (['chordset', 'library', 'snapshot'].some((news) => what.has(news))) {
      const chords = this.state?.chordset?.chords ?? [];
      const summary = this.store?.currentChordset();
      this.pads.forEach(({ button, title }, index) => {
        const chord = chords[index];
        const color = summary?.chords?.[index]?.color
          ?? (chord?.background ? colorAt(chord.background.hue.center, chord.background.purity.center) : null);
        button.style.setProperty('--chord-color', color ?? 'transparent');
        title.textContent = chord?.title ?? '';
      });
    }
  }
}

if (!customElements.get('ip-trigger-pads')) customElements.define('ip-trigger-pads', TriggerPads);

export { TriggerPads };
