// The selected pair's part in time (part-fields-model.js says the rules): two number fields, "Length" in
// beats — only for an atomic part; a composed part's shows what its parts last, read only — and "Tempo" in
// beats per minute. Enter, a spin of the field or leaving it commits a changed value: a valid one is sent as
// `setLength` or `setTempo`; an invalid one is refused here, said in one line, and the field shows the
// library's value again. The engine's answer (or refusal, said by the page) has the last word: the page sets
// `timing` again, and the field shows what the library holds.
//
// Beside "Tempo", "Tempo from sound" sends `tempoFromSound` for the selected pair: the part's tempo becomes
// the tempo heard in what the selected voice plays, its events moved so that the sound's first downbeat falls
// on a bar line. It is disabled, its title saying why, without a pair or with a composed part; the engine's
// refusal (a voice that plays no sound there) is said by the page, as every refusal is.
//
// `new PartFields(container, { edit, say })` fills `container` (a group in compose.html): `edit(edits, doing)`
// sends edits (compose.js), `say(line)` tells the performer. Set `voice` (the selected voice's record, or
// null) and `timing` (part-fields-model.js partTiming, or null) whenever the library or the pair changes.

import { h } from '../shared/dom.js';
import {
  LENGTH_RANGE, TEMPO_RANGE, lengthRequest, numberText, tempoFromSoundRequest, tempoRequest,
} from './part-fields-model.js';

/** The selected pair's part: its name, its length and its tempo, as fields the performer changes. */
export class PartFields {
  #timing = null;
  #voice = null;
  #edit;
  #say;
  #name = h('span', { className: 'part-name' });
  #length;
  #tempo;
  #fromSound = h('button', { type: 'button', onclick: () => this.#tempoFromSound() }, 'Tempo from sound');
  /** Whether a Tempo from sound is on its way (the analysis of a long sound takes a second or two). */
  #hearing = false;

  constructor(container, { edit, say }) {
    this.#edit = edit;
    this.#say = say;
    this.#length = this.#field({ name: 'Length', unit: 'beats', range: LENGTH_RANGE, request: lengthRequest, value: (timing) => timing.beats });
    this.#tempo = this.#field({ name: 'Tempo', unit: 'bpm', range: TEMPO_RANGE, request: tempoRequest, value: (timing) => timing.tempo });
    container.replaceChildren(this.#name, this.#length.label, this.#tempo.label, this.#fromSound);
    this.timing = null;
  }

  /** The part shown (part-fields-model.js partTiming), or null for none. A field being typed in keeps its text. */
  get timing() { return this.#timing; }
  set timing(timing) {
    const samePart = timing && this.#timing && timing.part === this.#timing.part;
    this.#timing = timing;
    this.#name.textContent = timing ? timing.name : 'No part';
    for (const field of [this.#length, this.#tempo]) {
      if (!samePart) field.editing = false;
      this.#show(field);
    }
    const length = this.#length.input;
    length.disabled = !timing?.atomic;
    length.title = !timing ? '' : timing.atomic
      ? 'How long the part lasts, in beats (960 ticks each)'
      : `A composed part lasts as long as its parts${timing.seconds !== null ? ` (${numberText(timing.seconds)} s)` : ''}`;
    this.#tempo.input.disabled = !timing;
    // A composed part keeps a tempo of its own (its parts play at theirs): heard once it is atomic again.
    this.#tempo.input.title = !timing ? '' : timing.atomic
      ? 'Beats per minute, 20 to 400'
      : 'Beats per minute, 20 to 400: its parts play at their own tempi; this one is the part’s if it is made atomic again';
    this.#showFromSound();
  }

  /** The selected voice's record (the sound "Tempo from sound" hears), or null. */
  get voice() { return this.#voice; }
  set voice(voice) {
    this.#voice = voice ?? null;
    this.#showFromSound();
  }

  #showFromSound() {
    const asked = tempoFromSoundRequest(this.#timing, this.#voice);
    this.#fromSound.disabled = Boolean(asked.reason) || this.#hearing;
    this.#fromSound.title = asked.reason
      ?? `Set ${this.#timing.name}'s tempo to the tempo heard in ${this.#voice.name ?? 'the voice'}, its first downbeat on a bar line`;
  }

  /** Asks the engine for the tempo of the sound; its answer (or refusal, said by the page) comes as any edit's. */
  async #tempoFromSound() {
    const asked = tempoFromSoundRequest(this.#timing, this.#voice);
    if (asked.reason) {
      this.#say(asked.reason);
      return;
    }
    this.#hearing = true;
    this.#showFromSound();
    try {
      await this.#edit([asked.edit], asked.doing);
    } finally {
      this.#hearing = false;
      this.#showFromSound();
    }
  }

  #field({ name, unit, range, request, value }) {
    const input = h('input', {
      type: 'number', inputmode: 'decimal', step: 'any', min: String(range.min), max: String(range.max),
      'aria-label': name, className: 'number',
    });
    const label = h('label', { className: 'field' }, name, input, h('span', { className: 'unit', 'aria-hidden': 'true' }, unit));
    const field = { input, label, request, value, editing: false };
    input.addEventListener('input', () => { field.editing = true; });
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        this.#commit(field);
      } else if (event.key === 'Escape' && field.editing) {
        event.preventDefault();
        field.editing = false;
        this.#show(field);
      }
    });
    input.addEventListener('change', () => this.#commit(field));
    input.addEventListener('blur', () => this.#commit(field));
    return field;
  }

  /** Shows the library's value in `field`, unless the performer is typing into it. */
  #show(field) {
    if (field.editing) return;
    field.input.value = this.#timing ? numberText(field.value(this.#timing)) : '';
  }

  /** A value let go of: refused here with a reason, left alone when unchanged, else asked of the engine. */
  async #commit(field) {
    if (!field.editing) return;
    field.editing = false;
    const asked = field.request(this.#timing, field.input.value);
    if (asked.reason) this.#say(asked.reason);
    if (!asked.edit) {
      this.#show(field);
      return;
    }
    // The page takes the answer (or shows the pair again after a refusal): `timing` is set, the field follows.
    await this.#edit([asked.edit], asked.doing);
  }
}
