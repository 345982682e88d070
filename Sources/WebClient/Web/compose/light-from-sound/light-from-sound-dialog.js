// <light-from-sound-dialog>: the lab's "Light from sound" dialog (light-from-sound-model.js says what it
// offers and asks). Opened on the selected pair — an atomic part × a voice whose pair plays sound — it asks the
// server what it hears there (GET /api/music/hearing; "Analysing…" meanwhile, a refusal said in one line)
// and offers the light voices of the composition, each with what it follows ("Not lit", Onsets, Beats, Bars,
// Low, Low mid, High mid, High); "New lights" (four new light voices on a chordset's first four chords);
// "Sensitivity"; a "Cues preview" of the mix's outline with a lane of marks per chosen follow
// (cues-preview.js). "Apply" sends one `lightFromSound` edit through the page's edit path — one undo step —
// and closes, or keeps the refusal in the dialog; "Cancel" or Escape closes it. Styled by
// light-from-sound-dialog.css in its shadow root.
//
// - `sender` (property): the page's Sender, for the hearing and the chordsets (GET /api/chordsets).
// - `edit` (property): `(edits, doing) → Promise<{ ok, data } | { ok: false, error }>`, the page's edit path,
//   which takes the library the engine answers and leaves the refusal for the dialog to say.
// - `index` (property): the lab's index of the library (plane-model.js indexMusic), set whenever it changes.
// - `open(pair)`: shows the dialog for `{ part, voice }`.
// - Events: `choose` `{ voice }` — with New lights applied, the voice to select (the lights' parent, or the
//   new "… with lights"), so that the plane shows the sound and the lights together.

import { h, uid } from '../../shared/dom.js';
import { adoptStyleSheet, loadStyleSheet } from '../../shared/style-sheets.js';
import { chordsetsOf } from '../light-model.js';
import { drawCuesPreview } from './cues-preview.js';
import {
  FOLLOWS, NOT_LIT, SENSITIVITY, chosenFollows, hearingOf, hearingPath, lightFromSoundRequest, lightVoices,
  newLightsLine, newLightsParent, previewOf, sensitivityOf, tempoLine,
} from './light-from-sound-model.js';

const CONTROLS_STYLE = await loadStyleSheet(new URL('../../shared/shadow-controls.css', import.meta.url));
const DIALOG_STYLE = await loadStyleSheet(new URL('./light-from-sound-dialog.css', import.meta.url));

class LightFromSoundDialog extends HTMLElement {
  sender = null;
  edit = null;
  #index = null;
  #pair = null;
  /** What the server heard (hearingOf), the refusal of the hearing, whether it is being asked. */
  #hearing = null;
  #refused = '';
  #analysing = false;
  /** The hearing asked last: older answers are let go. */
  #asked = 0;
  #applying = false;
  #applyProblem = '';
  #chordsets = null;
  /** The light voices offered (lightVoices) and what each follows (voice id → follow; NOT_LIT left out). */
  #voices = [];
  #follows = new Map();
  #preview = null;
  #ui = {};
  #dialog;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    adoptStyleSheet(root, CONTROLS_STYLE);
    adoptStyleSheet(root, DIALOG_STYLE);
    this.#dialog = this.#build();
    root.append(this.#dialog);
    new ResizeObserver(() => this.#draw()).observe(this.#ui.canvas);
  }

  #build() {
    const ui = this.#ui;
    const heading = h('h2', { id: uid('light-from-sound-title') }, 'Light from sound');
    const sensitivityName = h('span', { id: uid('sensitivity') }, 'Sensitivity');
    ui.pair = h('p', { className: 'pair' });
    ui.status = h('p', { className: 'status', role: 'status' });
    ui.problem = h('p', { className: 'problem', role: 'alert' });
    ui.rows = h('ul', { className: 'rows', role: 'list' });
    ui.noVoices = h('p', { className: 'note' });
    ui.newLights = h('input', { type: 'checkbox' });
    ui.chordset = h('select', { 'aria-label': 'Chordset' });
    ui.newLine = h('p', { className: 'note' });
    ui.sensitivity = h('input', {
      type: 'range', min: String(SENSITIVITY.min), max: String(SENSITIVITY.max), step: String(SENSITIVITY.step),
      value: String(SENSITIVITY.initial), 'aria-labelledby': sensitivityName.id,
    });
    ui.sensitivityValue = h('output', { className: 'value', 'aria-hidden': 'true' });
    ui.canvas = h('canvas', { className: 'preview', role: 'img', 'aria-label': 'Cues preview' });
    ui.caption = h('p', { className: 'caption', 'aria-hidden': 'true' });
    ui.apply = h('button', { type: 'button', className: 'primary', onclick: () => this.#apply() }, 'Apply');
    const cancel = h('button', { type: 'button', onclick: () => this.#dialog.close() }, 'Cancel');
    const dialog = h('dialog', { 'aria-labelledby': heading.id },
      heading, ui.pair, ui.status, ui.problem,
      h('fieldset', { className: 'voices' }, h('legend', {}, 'Light voices'), ui.rows, ui.noVoices),
      h('div', { className: 'new-lights' },
        h('label', { className: 'choice' }, ui.newLights, ' New lights'), h('label', {}, 'Chordset ', ui.chordset), ui.newLine),
      h('div', { className: 'sensitivity' }, sensitivityName, ui.sensitivity, ui.sensitivityValue),
      ui.canvas, ui.caption,
      h('div', { className: 'buttons' }, ui.apply, cancel));
    dialog.addEventListener('change', (event) => {
      if (event.target === ui.chordset) ui.newLights.checked = true;  // choosing a chordset chooses New lights
      this.#applyProblem = '';
      this.#showChoice();
    });
    ui.sensitivity.addEventListener('input', () => this.#showChoice());
    return dialog;
  }

  /** The library as the lab indexed it: the voices offered and the part's time follow it while open. */
  set index(index) {
    this.#index = index ?? null;
    if (this.#dialog.open) this.#showVoices();
  }

  /** Opens the dialog for the pair `{ part, voice }`: its choices start afresh, and the server is asked what it hears. */
  open(pair) {
    if (!pair) return;
    this.#pair = { part: pair.part, voice: pair.voice };
    this.#follows = new Map();
    this.#voices = [];  // the rows made afresh, every one "Not lit"
    this.#applyProblem = '';
    this.#ui.newLights.checked = false;
    if (!this.#dialog.open) this.#dialog.showModal();
    this.#showVoices();
    this.#hear();
    this.#loadChordsets();
  }

  async #hear() {
    const asked = ++this.#asked;
    this.#hearing = null;
    this.#refused = '';
    this.#analysing = true;
    this.#showHearing();
    const path = hearingPath(this.#pair.part, this.#pair.voice);
    const answer = path && this.sender
      ? await this.sender.request('GET', path, undefined, { quiet: true })
      : { ok: false, error: 'Select a part and a voice first' };
    if (asked !== this.#asked) return;
    this.#analysing = false;
    this.#hearing = answer.ok ? hearingOf(answer.data) : null;
    this.#refused = answer.ok ? (this.#hearing ? '' : 'The server said nothing of the sound') : answer.error;
    this.#showHearing();
  }

  async #loadChordsets() {
    if (!this.sender) return;
    const answer = await this.sender.request('GET', '/api/chordsets', undefined, { quiet: true });
    if (!answer.ok && this.#chordsets !== null) return;  // the list read before stays
    this.#chordsets = answer.ok ? chordsetsOf(answer.data) : [];
    const select = this.#ui.chordset, kept = select.value;
    select.replaceChildren(...this.#chordsets.map((chordset) => new Option(chordset.title, chordset.id)));
    if (this.#chordsets.some((chordset) => chordset.id === kept)) select.value = kept;
    this.#showChoice();
  }

  /** The part's record, as the preview and the words need it: `{ name, ticks, tempo }`, or null. */
  #part() {
    const record = this.#pair ? this.#index?.parts?.get(this.#pair.part) : null;
    return record ? { name: String(record.name ?? ''), ticks: record.length, tempo: record.tempo } : null;
  }

  #showHearing() {
    const ui = this.#ui;
    ui.status.textContent = this.#analysing ? 'Analysing…' : this.#hearing ? tempoLine(this.#hearing, this.#part()) : '';
    this.#showChoice();
  }

  /** The rows of the light voices, keeping what each follows. */
  #showVoices() {
    const ui = this.#ui;
    const index = this.#index, pair = this.#pair;
    const part = pair ? index?.parts?.get(pair.part) : null, voice = pair ? index?.voices?.get(pair.voice) : null;
    ui.pair.textContent = part && voice ? `${part.name} × ${voice.name}` : 'The pair is no longer in the library';
    const voices = pair ? lightVoices(index, pair.voice) : [];
    // Rows made again only when the voices offered changed: a chooser in use keeps the focus.
    if (JSON.stringify(voices) !== JSON.stringify(this.#voices) || ui.rows.childElementCount !== voices.length) {
      this.#voices = voices;
      ui.rows.replaceChildren(...voices.map((light) => this.#row(light)));
    }
    ui.noVoices.textContent = this.#voices.length === 0 ? 'No voice of this composition plays a light: choose New lights.' : '';
    ui.newLine.textContent = voice ? newLightsLine(index, pair.voice) : '';
    this.#showHearing();
  }

  #row(light) {
    const name = h('bdi', { id: uid('light-voice') }, light.name);
    const select = h('select', { 'aria-labelledby': name.id },
      new Option('Not lit', NOT_LIT), ...FOLLOWS.map((follow) => new Option(follow.label, follow.value)));
    select.value = this.#follows.get(light.id) ?? NOT_LIT;
    select.addEventListener('change', () => {
      if (select.value === NOT_LIT) this.#follows.delete(light.id);
      else this.#follows.set(light.id, select.value);
    });
    return h('li', { className: 'row' }, name, select);
  }

  /** What the dialog's controls choose now (lightFromSoundRequest's choice). */
  #choice() {
    const ui = this.#ui, pair = this.#pair;
    const follows = this.#voices.filter((light) => this.#follows.has(light.id)).map((light) => [light.id, this.#follows.get(light.id)]);
    return {
      part: pair?.part, sound: pair?.voice, sensitivity: sensitivityOf(ui.sensitivity.value), follows,
      newLights: ui.newLights.checked, chordset: ui.chordset.value || null, parent: pair ? newLightsParent(this.#index, pair.voice) : null,
    };
  }

  /** Apply's state, the problem line and the preview, for the choices as they are now. */
  #showChoice() {
    const ui = this.#ui;
    const choice = this.#choice();
    const asked = lightFromSoundRequest(choice);
    const reason = this.#refused ? 'The sound cannot be heard here' : asked.reason ?? (this.#applying ? 'Applying…' : null);
    ui.apply.disabled = reason !== null;
    ui.apply.title = reason ?? 'Score the chosen light voices from the sound (one step of Undo)';
    ui.problem.textContent = this.#applyProblem || this.#refused;
    ui.chordset.disabled = !(this.#chordsets?.length > 0);
    ui.sensitivityValue.textContent = choice.sensitivity.toFixed(2);
    this.#preview = previewOf(this.#hearing, chosenFollows(choice), choice.sensitivity, this.#part());
    const label = this.#analysing ? 'Analysing…' : this.#hearing ? this.#preview.label : 'Nothing heard';
    ui.canvas.setAttribute('aria-label', `Cues preview: ${label}`);
    ui.caption.textContent = this.#hearing ? this.#preview.label : '';
    this.#draw();
  }

  #draw() {
    if (this.#dialog.open && this.#preview) drawCuesPreview(this.#ui.canvas, this.#preview);
  }

  async #apply() {
    const asked = lightFromSoundRequest(this.#choice());
    if (asked.reason || this.#applying || !this.edit) return;
    this.#applying = true;
    this.#applyProblem = '';
    this.#showChoice();
    const answer = await this.edit([asked.edit], asked.doing);
    this.#applying = false;
    if (!answer?.ok) {
      this.#applyProblem = `Not applied: ${answer?.error ?? 'the server did not answer'}`;
      this.#showChoice();
      return;
    }
    this.#dialog.close();
    const made = answer.data?.results?.[0]?.id;
    if (asked.edit.newLights && Number.isSafeInteger(made)) {
      this.dispatchEvent(new CustomEvent('choose', { detail: { voice: made } }));
    }
  }
}

if (!customElements.get('light-from-sound-dialog')) customElements.define('light-from-sound-dialog', LightFromSoundDialog);

export { LightFromSoundDialog };
