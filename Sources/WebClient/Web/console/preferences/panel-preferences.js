// <ip-preferences>: the preferences side panel (seed 000's eighth module). What it shows is what the library
// keeps (GET /api/preferences) and the engine plays:
//
// - Panels: which show — the same switches as the edge controls; what is kept is what the console opens
//   with next time, here or in another browser. "Restore the first-run layout" brings back seed 000's map.
// - Tempo: the engine's tempo; a new value is played at once (a `tempo` intent) and kept as the
//   library's default (PATCH tempo). "Tap tempo" taps it.
// - Polyphony: the most lumis that sound at once (the `polyphony` intent; past it the oldest are stolen),
//   kept with the controls between runs. "Chord polyphony (releases at once)": how many of the selected
//   chord's releases sound at once (`chordPolyphony`, 1…16, blank for no limit of its own), saved with the
//   chord in the library.
// - Output resolution: the size offline renders and recordings are drawn at (PATCH outputSize).
// - Pairing: the canvas's address for another device, as text and as a QR code (GET /api/pairing).
// - OSC out: where the instrument sends OSC as it plays, the targets kept and what was sent to each
//   (osc-out-section.js).
// - Restore factory chordsets: the factory chordsets missing from the library are added back.
// - Compositions: the way to the composition lab (/compose), in a tab of its own.
// - MIDI: a slot (`[data-midi-mappings]`) where the console mounts the MIDI mappings.
// "Close" or Escape hides the panel.

import { DEFAULT_PANELS, PANELS } from '../console-layout.js';
import { ConsolePanel, element } from '../panel-kit/console-panel.js';
import { apiPaths } from '../../shared/sender.js';
import { OscOutSection } from './osc-out-section.js';
import { CHORD_POLYPHONY_RANGE, POLYPHONY_RANGE, readChordPolyphony, readPolyphony } from './polyphony-model.js';
import { capitalized } from '../../shared/text-rule.js';

/** The panels' names for people, as the edge controls say them. */
export const PANEL_LABELS = Object.freeze({
  color: 'Color panel', form: 'Form panel', motion: 'Motion panel', chordset: 'Chordset panel', canvas: 'Canvas panel',
  triggerpads: 'Trigger pads', chordsetList: 'Chordset list', listening: 'Listening panel', fixtures: 'Fixtures panel',
  outputs: 'Outputs panel', settings: 'Preferences',
});

/** Output sizes offered (16:9); a size the library holds that is not one of these is offered too. */
const OUTPUT_SIZES = [[1280, 720], [1920, 1080], [2560, 1440], [3840, 2160]];

class Preferences extends ConsolePanel {
  build() {
    this.switches = {};
    const switches = PANELS.filter((panel) => panel !== 'settings').map((panel) => {
      const input = element('input', { type: 'checkbox', onchange: () => this.togglePanel(panel) });
      this.switches[panel] = input;
      return element('label', { class: 'switch' }, input, element('span', {}, PANEL_LABELS[panel]));
    });
    const firstRun = element('button', { type: 'button', class: 'list-button', onclick: () => this.restoreLayout() }, 'Restore the first-run layout');

    this.tempo = element('input', { type: 'number', min: '20', max: '300', step: '1', inputmode: 'decimal', onchange: () => this.setTempo() });
    const tempoLabel = element('label', { class: 'field' }, element('span', {}, 'Tempo (BPM)'), this.tempo);
    const tap = element('button', { type: 'button', class: 'list-button', onclick: () => this.send({ type: 'tapTempo' }) }, 'Tap tempo');

    this.polyphony = element('input', {
      type: 'number', min: String(POLYPHONY_RANGE[0]), max: String(POLYPHONY_RANGE[1]), step: '1', inputmode: 'numeric',
      onchange: () => this.setPolyphony(),
    });
    const polyphonyLabel = element('label', { class: 'field' }, element('span', {}, 'Polyphony (lumis at once)'), this.polyphony);
    this.chordPolyphony = element('input', {
      type: 'number', min: String(CHORD_POLYPHONY_RANGE[0]), max: String(CHORD_POLYPHONY_RANGE[1]), step: '1', inputmode: 'numeric',
      placeholder: 'no limit', onchange: () => this.setChordPolyphony(),
    });
    const chordPolyphonyLabel = element('label', { class: 'field' },
      element('span', {}, 'Chord polyphony (releases at once)'), this.chordPolyphony);

    this.output = element('select', { onchange: () => this.setOutputSize() });
    const outputLabel = element('label', { class: 'field' }, element('span', {}, 'Output resolution'), this.output);

    this.pairingText = element('code', { class: 'pairing-address' }, '…');
    this.pairingNote = element('p', { class: 'pairing-note' });
    this.pairingCode = element('img', { class: 'pairing-qr', alt: 'QR code of the canvas address', hidden: true });

    this.oscOut = new OscOutSection(this);

    this.factoryNote = element('p', { class: 'factory-note', role: 'status' });
    const factory = element('button', { type: 'button', class: 'list-button', onclick: () => this.restoreFactory() }, 'Restore factory chordsets');

    this.midiSlot = element('div', { 'data-midi-mappings': '' });
    const close = element('button', { type: 'button', class: 'close-button', 'aria-label': 'Close', title: 'Close (Escape)', onclick: () => this.togglePanel('settings') }, '×');

    this.heading = element('h2', { tabindex: '-1' }, 'Preferences');
    this.dialog = element('div', { class: 'preferences-layout', role: 'dialog', 'aria-modal': 'false', 'aria-label': 'Preferences' },
      element('header', { class: 'preferences-header' }, this.heading, close),
      element('div', { class: 'preferences-grid' },
        element('section', { class: 'preferences-section' }, element('h3', {}, 'Panels'),
          element('div', { class: 'switches' }, switches), firstRun),
        element('section', { class: 'preferences-section' }, element('h3', {}, 'Tempo and output'),
          element('div', { class: 'inline' }, tempoLabel, tap), polyphonyLabel, chordPolyphonyLabel, outputLabel),
        element('section', { class: 'preferences-section' }, element('h3', {}, 'Pairing'),
          element('p', {}, 'Open the canvas on another device at:'), this.pairingText, this.pairingCode, this.pairingNote),
        this.oscOut.element,
        element('section', { class: 'preferences-section' }, element('h3', {}, 'Library'), factory, this.factoryNote),
        element('section', { class: 'preferences-section' }, element('h3', {}, 'Compositions'),
          element('p', {}, 'Parts and voices, sound and light, edited on a plane and played from it:'),
          element('a', { class: 'list-button', href: '/compose', target: '_blank', rel: 'noopener' }, 'Open the composition lab')),
        element('section', { class: 'preferences-section midi-section' }, element('h3', {}, 'MIDI'), this.midiSlot)));
    this.dialog.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        event.preventDefault();
        this.togglePanel('settings');
      }
    });
    this.append(this.dialog);
  }

  /** The slot where the MIDI mappings go. */
  get midiMappingsSlot() { return this.midiSlot; }

  shownChanged(shown) {
    this.oscOut?.stop();
    if (!shown) return;
    this.loadPairing();
    this.factoryNote.textContent = '';
    this.oscOut.start();
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this.oscOut?.stop();
  }

  /** Moves the focus into the panel (the console does, when the performer opens it). */
  focusFirst() {
    this.heading.focus({ preventScroll: true });
  }

  update(what) {
    if (what.has('panels') || what.has('preferences')) {
      const panels = this.store.panels;
      for (const [panel, input] of Object.entries(this.switches)) input.checked = panels[panel];
      this.drawOutputSizes();
    }
    if (what.has('preferences')) this.oscOut.draw();
    if ((what.has('tempo') || what.has('preferences')) && document.activeElement !== this.tempo) {
      const tempo = this.state?.tempo ?? this.store?.preferences?.tempo;
      this.tempo.value = tempo === undefined ? '' : String(Math.round(tempo * 100) / 100);
    }
    if (what.has('canvas') && document.activeElement !== this.polyphony) {
      this.polyphony.value = Number.isInteger(this.state?.polyphony) ? String(this.state.polyphony) : '';
    }
    if ((what.has('chordset') || what.has('selectedChord')) && document.activeElement !== this.chordPolyphony) {
      this.showChordPolyphony();
    }
  }

  /** The selected chord's own polyphony, blank when it has none. */
  showChordPolyphony() {
    const chord = this.state?.chordset?.chords?.[this.state?.selectedChord ?? 0];
    this.chordPolyphony.value = Number.isInteger(chord?.polyphony) ? String(chord.polyphony) : '';
  }

  drawOutputSizes() {
    const size = this.store?.preferences?.outputSize;
    const sizes = OUTPUT_SIZES.map((pair) => pair.join('×'));
    const current = Array.isArray(size) ? size.join('×') : null;
    if (current && !sizes.includes(current)) sizes.push(current);
    this.output.replaceChildren(...sizes.map((value) => element('option', { value }, value.replace('×', ' × '))));
    this.output.disabled = !current;
    if (current) this.output.value = current;
  }

  async restoreLayout() {
    this.dispatchEvent(new CustomEvent('ip-set-panels', { bubbles: true, detail: { panels: { ...DEFAULT_PANELS, settings: true } } }));
  }

  async setTempo() {
    const bpm = Number(this.tempo.value);
    if (!Number.isFinite(bpm) || bpm < 20 || bpm > 300) {
      this.message('A tempo is 20 to 300 beats per minute.');
      this.update(new Set(['tempo']));
      return;
    }
    this.send({ type: 'tempo', bpm });
    const answer = await this.request('PATCH', apiPaths.preferences, { tempo: bpm }, { doing: 'keep the tempo' });
    if (answer.ok) this.store.setPreferences(answer.data);
  }

  /** The polyphony typed, played at once (the engine keeps it with the controls, between runs too). */
  setPolyphony() {
    const { count, error } = readPolyphony(this.polyphony.value);
    if (error) {
      this.message(`${capitalized(error)}.`);
      this.polyphony.value = Number.isInteger(this.state?.polyphony) ? String(this.state.polyphony) : '';
      return;
    }
    this.send({ type: 'polyphony', count });
  }

  /** The selected chord's polyphony typed (blank: no limit of its own), played and saved with the chord. */
  setChordPolyphony() {
    const chord = this.state?.selectedChord ?? 0;
    // A number field holding what is not a number reads as blank: refused as no number, not taken for "no limit".
    const typed = this.chordPolyphony.validity.badInput ? 'NaN' : this.chordPolyphony.value;
    const { count, error } = readChordPolyphony(typed);
    if (error) {
      this.message(`${capitalized(error)}.`);
      this.showChordPolyphony();
      return;
    }
    this.send({ type: 'chordPolyphony', chord, count });
  }

  async setOutputSize() {
    const [width, height] = this.output.value.split('×').map(Number);
    const answer = await this.request('PATCH', apiPaths.preferences, { outputSize: [width, height] }, { doing: 'keep the output resolution' });
    if (answer.ok) this.store.setPreferences(answer.data);
    else this.drawOutputSizes();
  }

  async loadPairing() {
    const answer = await this.request('GET', apiPaths.pairing, undefined, { quiet: true });
    if (!answer.ok) {
      this.pairingText.textContent = '—';
      this.pairingCode.hidden = true;
      this.pairingNote.textContent = `The pairing address cannot be read: ${answer.error}`;
      return;
    }
    const { lan, canvas, qr } = answer.data ?? {};
    this.pairingText.textContent = canvas ?? '—';
    // The server's SVG is shown as an image: whatever it holds, nothing in it runs.
    if (typeof qr === 'string' && qr.includes('<svg')) {
      this.pairingCode.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr)}`;
      this.pairingCode.hidden = false;
    } else {
      this.pairingCode.hidden = true;
    }
    this.pairingNote.textContent = lan
      ? 'Scan it with the device: the address carries this session’s pairing token.'
      : 'Only this computer can open it: start imager serve with --lan to reach it from other devices.';
  }

  async restoreFactory() {
    const answer = await this.request('POST', apiPaths.factoryChordsets, undefined, { doing: 'restore the factory chordsets' });
    if (!answer.ok) return;
    const restored = answer.data?.restored ?? 0;
    this.factoryNote.textContent = restored === 0 ? 'Every factory chordset is already in the library.'
      : `Restored ${restored === 1 ? '1 factory chordset' : `${restored} factory chordsets`}.`;
    this.dispatchEvent(new CustomEvent('ip-refresh-library', { bubbles: true }));
  }
}

if (!customElements.get('ip-preferences')) customElements.define('ip-preferences', Preferences);

export { Preferences };
