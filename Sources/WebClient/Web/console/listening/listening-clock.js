// The Listening panel's "Clock from": the MIDI input whose clock sets the tempo (none, or one of the inputs Web
// MIDI has), and what it says — "MIDI clock: 123.0 BPM, running" and the beat since start — beside it. The clock
// is read and its tempo sent by the console's one MIDI input (midi/midi-input.js, midi/midi-clock.js), whether
// the panel shows or not; the choice is this page's (a MIDI input's id is the browser's).

import { element } from '../panel-kit/console-panel.js';
import { startMidi } from '../midi/midi-input.js';
import { beatText, clockChoices, clockText } from '../midi/midi-clock.js';
import { nextFrame, uid } from '../../shared/dom.js';


/** The "MIDI clock" group: built once, started when the panel first shows, stopped when it leaves the page. */
class MidiClockSection {
  /** `isShown` says whether the panel shows (the reading is drawn only then). */
  constructor(isShown) {
    this.isShown = isShown;
    const clockId = uid('clock-from');
    this.select = element('select', { id: clockId, class: 'listening-select', onchange: () => this.choose() },
      element('option', { value: '' }, 'none'));
    this.status = element('output', { class: 'listening-clock-status', 'aria-live': 'off' }, clockText(null, false));
    this.beat = element('span', { class: 'listening-clock-beat' });
    this.choicesShown = '';
    this.frame = 0;
    this.midi = null;
    this.element = element('div', { class: 'listening-clock', role: 'group', 'aria-label': 'MIDI clock' },
      element('label', { for: clockId }, 'Clock from'), this.select,
      element('div', { class: 'listening-clock-reading' }, this.status, this.beat));
  }

  get started() { return this.midi !== null; }

  /** The console's one MIDI input (started as the shell starts it), its inputs and its clock followed. */
  start(store, sender) {
    if (this.midi || !sender) return;
    this.midi = startMidi({ store, sender });
    this.unsubscribeInputs = this.midi.subscribe(() => this.drawChoices());
    this.unsubscribeClock = this.midi.subscribeClock(() => this.schedule());
    this.drawChoices();
  }

  stop() {
    this.unsubscribeInputs?.();
    this.unsubscribeClock?.();
    this.unsubscribeInputs = null;
    this.unsubscribeClock = null;
    this.midi = null;
  }

  /** The select's options, rebuilt only when the inputs or the choice change. */
  drawChoices() {
    if (!this.midi) return;
    const { options, value } = clockChoices(this.midi.status.inputs, this.midi.clockSource);
    const signature = JSON.stringify([options, value]);
    if (signature !== this.choicesShown) {
      this.choicesShown = signature;
      this.select.replaceChildren(...options.map((option) => element('option', { value: option.value }, option.label)));
      this.select.value = value;
    }
    this.draw();
  }

  choose() {
    if (!this.midi) return;
    this.midi.setClockSource(this.select.value || null);
    this.drawChoices();
  }

  schedule() {
    if (this.frame || !this.isShown()) return;
    this.frame = nextFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  draw() {
    if (!this.midi) return;
    const reading = this.midi.clockReading();
    const unavailable = !this.midi.status.available && this.midi.status.error;
    const text = reading.source === null && unavailable ? `${clockText(reading, false)} (${this.midi.status.error})` : clockText(reading, reading.source !== null);
    if (this.status.textContent !== text) this.status.textContent = text;
    const beat = reading.source === null ? '' : beatText(reading);
    if (this.beat.textContent !== beat) this.beat.textContent = beat;
  }
}

export { MidiClockSection };
