// <ip-midi-mappings>: MIDI mappings, learnt and forgotten. Every target — the eight pads, the buttons, and
// every slider of the console: the colour and canvas controls, and (folded) the form panel's, the motion
// panel's, and each lumi feature's base and oscillator — and "Fire NAME" for each fixture the patch has that the
// stage never drives (midi-fire.js; listed as the store's patch says, again when it changes) has a "Learn"
// button: the next note (pads, buttons, fires) or control change (controls) binds its source to it; the note
// off of the note learnt plays nothing either. A mapping to a fixture the patch no longer has to fire is listed
// among "Other targets", saying it plays nothing. Each mapping has a "Forget" button. Mappings are read from GET /api/preferences and saved with PATCH /api/preferences
// ({midiMappings}); what is shown is what the server answered. Escape stops learning.

import { BUTTONS, CONTROL_GROUPS, PAD_TARGETS, controlsIn, describeTarget, targetKind } from './midi-targets.js';
import { fireTargets, fireableFixtures } from './midi-fire.js';
import { MidiLearn, forgetSource, sourcesFor } from './midi-learn.js';
import { describeSource } from './midi.js';
import { startMidi } from './midi-input.js';
import { h } from '../../shared/dom.js';
import { PanelElement } from '../panel-kit/panel-base.js';

const GROUPS = [
  { title: 'Pads', targets: PAD_TARGETS },
  { title: 'Buttons', targets: Object.keys(BUTTONS) },
  // The colour panel's controls open; the longer lists folded.
  ...CONTROL_GROUPS.map(({ group, title }) => ({ title, targets: controlsIn(group), folded: group !== 'color' })),
];

/** The MIDI mappings of the Preferences panel: each target with its sources, learnt and forgotten here. */
export class MidiMappings extends PanelElement {
  build() {
    this.learn = new MidiLearn();
    this.saved = {};
    this.loaded = false;
    this.saving = false;
    this.midi = startMidi({ store: this.store, sender: this.sender });
    this.deviceLine = h('p', { className: 'status', role: 'status' });
    this.learnLine = h('p', { className: 'status', role: 'status', 'aria-live': 'polite' });
    this.statusLine = h('p', { className: 'status', role: 'status' });
    this.cancelButton = h('button', { type: 'button', hidden: true, onclick: () => this.cancelLearning() }, 'Stop learning');
    this.body = h('div', {});
    this.shadowRoot.append(h('section', { className: 'midi-mappings', 'aria-label': 'MIDI mappings' },
      this.deviceLine,
      h('div', { className: 'inline' }, this.learnLine, this.cancelButton),
      this.statusLine,
      this.body));
    this.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && this.learn.armed) {
        event.stopPropagation();
        this.cancelLearning();
      }
    });
    this.render();
  }

  attached() {
    this.unsubscribeMidi = this.midi.subscribe(() => this.render());
    this.releaseIntercept = this.midi.intercept((message) => this.offer(message));
    // The patch is live news (the base redraws nothing for it): its fixtures to fire are listed when they change.
    this.unsubscribePatch = this.store.subscribe((what) => {
      if (what instanceof Set && what.has('fixturePatch') && this.fireShown !== this.fireKey()) this.render();
    });
    this.load();
  }

  detached() {
    this.unsubscribePatch?.();
    this.unsubscribeMidi?.();
    this.releaseIntercept?.();
    this.learn?.cancel();
  }

  showStatus(message, isError = false) {
    this.statusLine.textContent = message ?? '';
    this.statusLine.classList.toggle('error', Boolean(isError));
  }

  async load() {
    try {
      const preferences = await this.sender.api('GET', '/api/preferences');
      this.accept(preferences?.midiMappings ?? {});
      this.loaded = true;
      this.showStatus('');
    } catch (error) {
      this.showStatus(`The MIDI mappings could not be read: ${error.message}`, true);
    }
    this.render();
  }

  /** Takes the server's mappings as the truth. */
  accept(mappings) {
    this.learn.mappings = mappings;
    this.saved = this.learn.mappings;
    this.midi.setMappings(this.saved);
  }

  async save(mappings, done) {
    this.saving = true;
    this.showStatus('Saving…');
    this.render();
    try {
      const preferences = await this.sender.api('PATCH', '/api/preferences', { midiMappings: mappings });
      this.accept(preferences?.midiMappings ?? mappings);
      this.showStatus(done);
    } catch (error) {
      this.learn.mappings = this.saved;
      this.showStatus(`Not saved: ${error.message}`, true);
    }
    this.saving = false;
    this.render();
  }

  toggleLearning(target) {
    if (this.learn.armed === target) {
      this.cancelLearning();
      return;
    }
    this.learn.arm(target);
    this.render();
  }

  cancelLearning() {
    this.learn.cancel();
    this.render();
  }

  /** A message from MIDI: taken when it binds the armed target. */
  offer(message) {
    if (this.learn.takesRelease(message)) return true;
    if (!this.learn.armed || this.saving) return false;
    let bound;
    try {
      bound = this.learn.handle(message);
    } catch (error) {
      this.showStatus(error.message, true);
      return true;
    }
    if (!bound) return false;
    this.save(bound.mappings, `${describeSource(bound.source)} plays ${describeTarget(bound.target)}.`);
    return true;
  }

  forget(source) {
    if (this.saving) return;
    this.save(forgetSource(this.saved, source), `${describeSource(source)} forgotten.`);
  }

  /** Mappings the console's store has read afresh (another console may have changed them) are taken up. */
  update() {
    const preferences = this.store.preferences;
    if (!preferences || preferences === this.seenPreferences || this.saving) return;
    this.seenPreferences = preferences;
    if (preferences.midiMappings && typeof preferences.midiMappings === 'object') {
      this.accept(preferences.midiMappings);
      this.loaded = true;
      this.render();
    }
  }

  render() {
    if (!this.learn) return;
    const status = this.midi.status;
    this.deviceLine.textContent = status.error ? `${status.message} (${status.error})` : status.message;
    const patch = this.store?.fixturePatch ?? null;
    const fires = fireTargets(patch);
    // A fixture gone from the patch while its fire was being learnt: learning stops.
    if (targetKind(this.learn.armed) === 'fire' && !fires.includes(this.learn.armed)) this.learn.cancel();
    const armed = this.learn.armed;
    if (armed) {
      const what = targetKind(armed) === 'control' ? 'move a knob or fader' : 'play a note';
      this.learnLine.textContent = `Learning ${describeTarget(armed)}: ${what} on a MIDI device.`;
    } else {
      this.learnLine.textContent = '';
    }
    this.cancelButton.hidden = !armed;

    const focused = this.shadowRoot.activeElement?.dataset?.focusKey;
    const openFolds = new Set([...this.body.querySelectorAll('details[open]')].map((d) => d.dataset.title));
    const mappings = this.saved;
    this.fireable = patch ? fireableFixtures(patch) : null;
    this.fireShown = this.fireKey();
    const withFires = fires.length ? [...GROUPS, { title: 'Fire', targets: fires }] : GROUPS;
    const known = new Set(withFires.flatMap((g) => g.targets));
    const others = [...new Set(Object.values(mappings).filter((t) => !known.has(t)))];
    const groups = others.length ? [...withFires, { title: 'Other targets', targets: others, unknown: true }] : withFires;

    this.body.replaceChildren(...groups.map((group) => {
      const rows = group.targets.map((target) => this.row(target, mappings, armed, group.unknown));
      const table = h('table', {}, h('caption', {}, group.title),
        h('tbody', {}, rows));
      if (!group.folded) return table;
      const open = openFolds.has(group.title) || group.targets.includes(armed);
      const details = h('details', { open }, h('summary', {}, group.title), table);
      details.dataset.title = group.title;
      return details;
    }));
    if (focused) this.body.querySelector(`[data-focus-key="${CSS.escape(focused)}"]`)?.focus();
  }

  /** What the fire targets listed depend on: the fixtures the store's patch has to fire (null before it is known). */
  fireKey() {
    const patch = this.store?.fixturePatch ?? null;
    return patch ? JSON.stringify(fireableFixtures(patch)) : null;
  }

  row(target, mappings, armed, unknown) {
    const name = describeTarget(target, this.fireable);
    const chips = sourcesFor(mappings, target).map((source) => {
      const button = h('button', {
        type: 'button', 'aria-label': `Forget ${describeSource(source)} for ${name}`, disabled: this.saving || !this.loaded,
        onclick: () => this.forget(source),
      }, 'Forget');
      button.dataset.focusKey = `forget:${source}`;
      return h('span', { className: 'chip' }, h('span', { title: describeSource(source) }, describeSource(source)), button);
    });
    let learn = null;
    if (!unknown) {
      learn = h('button', {
        type: 'button', 'aria-label': `Learn ${name}`, 'aria-pressed': String(armed === target),
        disabled: this.saving || !this.loaded, onclick: () => this.toggleLearning(target),
      }, 'Learn');
      learn.dataset.focusKey = `learn:${target}`;
    }
    return h('tr', {},
      h('th', { scope: 'row', title: name }, name),
      h('td', {}, chips.length ? chips : h('span', { className: 'status' }, '—')),
      h('td', { className: 'actions' }, learn));
  }
}

if (!customElements.get('ip-midi-mappings')) customElements.define('ip-midi-mappings', MidiMappings);
