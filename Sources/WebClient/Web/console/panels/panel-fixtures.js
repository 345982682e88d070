// <ip-fixtures-panel>: the Fixtures panel — the DMX rig as the server has it (docs/fixtures.md, "Over HTTP"):
//
// - "Blackout" (a toggle, aria-pressed; the key B while the panel shows and no field is typed in) and the
//   "Fixtures master" slider: PATCH /api/fixtures with `blackout` or `master`.
// - The test modes "White", "Black", "Identify" and "Off", for the selected fixture or, with none selected,
//   every one: POST /api/fixtures/test. What runs is said below them.
// - The stage's picture (fixtures-stage.js): every fixture drawn where it stands, moved by a drag or the
//   arrow keys; a drop (or a key) sends the whole patch.
// - The patch as a list, "Fixtures patch" (name, kind, universe.address, place), each with Edit and Delete;
//   "Add fixture" and Edit open the form (fixture-form.js). Every change sends the whole patch with PUT
//   /api/fixtures; a refusal is said in the form (which keeps what was typed) or below the list.
// - Where DMX goes and how often (`targets`, `rate`), and the rows the library could not read (`problems`).
//
// The patch shown is the console's store's (console-store.js): the live `fixturePatch` message (on every
// connection and after every change, whoever made it) and the `fixtures` message (the controls: MIDI's
// Blackout, another console), and every answer the panel has — GET /api/fixtures when the panel shows and on
// every connection, and the answer of each change. Nothing is polled.
//
// Two consoles at once (docs/fixtures.md): every PUT carries `If-Match` with the revision the fixtures it
// sends were made on — the store's, or, while moved fixtures wait to be answered, the revision they were
// moved from; the revisions this console's own writes made are followed (shared/revisions.js's
// OwnRevisions), so a drag's or a held arrow key's writes never refuse each other. The form keeps the
// revision it was opened on. Another console's change in between is refused (409): the patch as it now is
// (`current`) is shown, the refusal said in the form or below the list, and nothing typed is lost — the form
// stays open as typed, and Save sends it again on the patch as it now is. A live message never touches the
// form. Everything goes through the one sender (`request`).

import { ConsolePanel, element, isTyping } from '../console-panel.js';
import { LatestFetch } from '../console-store.js';
import { apiPaths } from '../../shared/sender.js';
import { uid } from '../../shared/dom.js';
import { OwnRevisions, conflictText, readConflict } from '../../shared/revisions.js';
import { fixtureFromFields, formFields, newFixtureFields } from '../fixture-fields.js';
import {
  LatestWrite, TEST_MODES, addressText, fixtureNamed, indexNamed, isBlackoutKey, masterText, outputText, parsePatch, patchBody, placeText,
  shownPatch, testBody, testText, withFixture, withoutFixture,
} from '../fixtures-model.js';
import { movedBy, samePlace } from '../fixtures-geometry.js';
import { FixtureForm } from './fixture-form.js';
import { FixturesStage } from './fixtures-stage.js';
import { StatusLine } from './status-line.js';

class FixturesPanel extends ConsolePanel {
  build() {
    this.draft = null;  // the fixtures as moved here, until the server answers
    this.draftBase = null;  // the revision they were moved from
    this.own = new OwnRevisions();
    this.selected = null;
    this.listShown = '';
    this.masterHeld = false;
    this.fetch = new LatestFetch(
      () => this.sender.api('GET', apiPaths.fixtures),
      (answer) => this.showAnswer(answer),
      (error) => this.status.say(error?.status === 404 || error?.status === 503
        ? 'This server has no fixtures.' : `The fixtures cannot be read: ${error?.message ?? error}`, true),
    );
    this.patchWrite = new LatestWrite(({ fixtures, base }) => this.putPatch(fixtures, base), { stopsAfter: (answer) => readConflict(answer) !== null });
    this.masterWrite = new LatestWrite((master) => this.request('PATCH', apiPaths.fixtures, { master }, { quiet: true }));
    this.form = new FixtureForm({ onSave: (fields) => this.saveForm(fields), onCancel: () => this.closeForm() });
    this.stage = new FixturesStage({
      onSelect: (name) => this.select(this.selected === name ? null : name),
      onMove: (name, fixture) => this.moveLocally(name, fixture),
      onDrop: (name, fixture) => this.moveLocally(name, fixture, true),
      onCancel: () => { this.draft = null; this.draw(); },
      onNudge: (name, dx, dy) => this.nudge(name, dx, dy),
    });
    const titleId = uid('fixtures-title');
    this.status = new StatusLine(element('p', { class: 'fixtures-status', role: 'status' }));
    this.append(element('section', { class: 'fixtures-layout', 'aria-labelledby': titleId },
      this.buildHeader(titleId),
      this.buildMaster(),
      this.buildTests(),
      this.stage.element,
      this.buildList(),
      this.form.element,
      this.buildOutput(),
      this.status.element));
    this.onKeyDown = (event) => {
      if (!this.shown || !isBlackoutKey(event) || isTyping(event) || event.defaultPrevented) return;
      event.preventDefault();
      this.setBlackout(!(this.patch?.blackout === true));
    };
  }

  /** The title and "Blackout". */
  buildHeader(titleId) {
    this.blackout = element('button', {
      type: 'button', class: 'list-button fixtures-blackout', 'aria-pressed': 'false', 'aria-keyshortcuts': 'B', title: 'Blackout (B)',
      onclick: () => this.setBlackout(this.blackout.getAttribute('aria-pressed') !== 'true'),
    }, 'Blackout');
    return element('div', { class: 'fixtures-header' }, element('h2', { id: titleId }, 'Fixtures'), this.blackout);
  }

  /** "Fixtures master": sent as it moves (only the newest value waiting), shown from the server otherwise. */
  buildMaster() {
    const id = uid('fixtures-master');
    this.master = element('input', {
      type: 'range', id, min: '0', max: '1', step: '0.01', value: '1', 'aria-label': 'Fixtures master',
      oninput: () => this.setMaster(Number(this.master.value)),
      onpointerdown: () => { this.masterHeld = true; },
      onpointerup: () => { this.masterHeld = false; },
      onblur: () => { this.masterHeld = false; this.draw(); },
    });
    this.masterOutput = element('output', { for: id, 'aria-hidden': 'true' }, '100%');
    return element('div', { class: 'fixtures-master' }, element('label', { for: id }, 'Master'), this.master, this.masterOutput);
  }

  /** The test modes, and what runs. */
  buildTests() {
    this.testButtons = TEST_MODES.map(({ mode, label }) => element('button', {
      type: 'button', class: 'list-button small', 'aria-pressed': 'false', dataset: { mode }, onclick: () => this.runTest(mode),
    }, label));
    this.testTarget = element('span', { class: 'fixtures-test-target' });
    this.testText = element('p', { class: 'fixtures-test-text' });
    return element('div', { class: 'fixtures-tests' },
      element('div', { class: 'fixtures-test-buttons', role: 'group', 'aria-label': 'Test' }, this.testButtons, this.testTarget),
      this.testText);
  }

  /** "Add fixture" and the patch's list. */
  buildList() {
    this.addButton = element('button', { type: 'button', class: 'list-button small', onclick: () => this.openForm(null) }, 'Add fixture');
    this.list = element('ul', { class: 'fixtures-list', 'aria-label': 'Fixtures patch' });
    this.empty = element('p', { class: 'fixtures-empty' }, 'No fixtures yet: add one, then drag it where it stands on the stage.');
    return element('div', { class: 'fixtures-patch' },
      element('div', { class: 'fixtures-list-header' }, element('h3', {}, 'Patch'), this.addButton),
      this.list, this.empty);
  }

  /** Where DMX goes, and what the library could not read. */
  buildOutput() {
    this.output = element('p', { class: 'fixtures-output' });
    this.problems = element('ul', { class: 'fixtures-problems', 'aria-label': 'Fixtures the library cannot read', hidden: true });
    return element('div', { class: 'fixtures-where' }, this.output, this.problems);
  }

  connectedCallback() {
    super.connectedCallback();
    window.addEventListener('keydown', this.onKeyDown);
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    window.removeEventListener('keydown', this.onKeyDown);
  }

  shownChanged(shown) {
    if (shown) this.fetch.request();
  }

  update(what) {
    if (what.has('connection') && this.store?.connected) {
      this.own.clear();  // a server started again counts from its own start
      if (this.shown) this.fetch.request();
    }
    if (what.has('fixturePatch') || what.has('fixtures')) this.showStored();
  }

  /** GET /api/fixtures's answer: kept in the store (unless a newer patch is held), which shows it. */
  showAnswer(answer) {
    if (!parsePatch(answer)) {
      this.status.say('The server answered with something that is not a patch.', true);
      return;
    }
    if (this.status.says('The fixtures cannot be read', { errorOnly: true })) this.status.say('');
    this.store?.setFixturePatch(answer);
  }

  /** The store's patch, shown (a drag or a write under way keeps the fixtures moved here). */
  showStored() {
    if (!this.stage.dragging && !this.patchWrite.busy) this.draft = null;
    if (this.selected !== null && this.patch && !fixtureNamed(this.fixtures, this.selected)) this.selected = null;
    this.draw();
  }

  /** The patch as the server has it, with its controls (the store's), or null before it has been said. */
  get patch() { return shownPatch(this.store?.fixturePatch ?? null, this.store?.fixtureControls ?? null); }

  /** The fixtures as shown: moved here and not yet answered, else the server's. */
  get fixtures() { return this.draft ?? this.patch?.fixtures ?? []; }

  /** The revision the fixtures shown were made on: the one moved from while moved fixtures wait, else the store's. */
  get base() { return this.draft ? this.draftBase : this.store?.fixturePatch?.revision ?? null; }

  /** The fixtures as moved here, shown until the server answers; the first move keeps the revision it was made on. */
  setDraft(fixtures) {
    if (this.draft === null) this.draftBase = this.store?.fixturePatch?.revision ?? null;
    this.draft = fixtures;
  }

  draw() {
    const patch = this.patch;
    const fixtures = this.fixtures;
    this.stage.draw(fixtures, { selected: this.selected, blackout: patch?.blackout === true });
    this.drawList(fixtures);
    this.blackout.setAttribute('aria-pressed', String(patch?.blackout === true));
    if (patch && !this.masterHeld && !this.masterWrite.busy && document.activeElement !== this.master) {
      this.master.value = String(patch.master);
      this.masterOutput.textContent = masterText(patch.master);
    }
    this.master.setAttribute('aria-valuetext', masterText(Number(this.master.value)));
    const running = patch?.test?.mode ?? 'off';
    for (const button of this.testButtons) button.setAttribute('aria-pressed', String(button.dataset.mode === running));
    this.testTarget.textContent = this.selected ? `for “${this.selected}”` : 'for every fixture';
    this.testText.textContent = patch ? testText(patch.test) : '';
    this.output.textContent = outputText(patch);
    const problems = patch?.problems ?? [];
    this.problems.replaceChildren(...problems.map((problem) => element('li', {}, problem)));
    this.problems.hidden = problems.length === 0;
  }

  /** The list, rebuilt only when what it says changes (the focus stays on its buttons otherwise). */
  drawList(fixtures) {
    const signature = JSON.stringify([fixtures, this.selected]);
    if (signature === this.listShown) return;
    this.listShown = signature;
    const focused = this.list.contains(document.activeElement) ? document.activeElement.getAttribute('aria-label') ?? document.activeElement.textContent : null;
    this.list.replaceChildren(...fixtures.map((fixture, index) => this.listItem(fixture, index)));
    this.empty.hidden = fixtures.length > 0;
    if (focused) [...this.list.querySelectorAll('button')].find((button) => (button.getAttribute('aria-label') ?? button.textContent) === focused)?.focus();
  }

  listItem(fixture, index) {
    const selected = this.selected === fixture.name;
    return element('li', { class: `fixture-item${selected ? ' is-selected' : ''}` },
      element('button', {
        type: 'button', class: 'fixture-name', 'aria-pressed': String(selected), onclick: () => this.select(selected ? null : fixture.name),
      }, fixture.name),
      element('button', { type: 'button', class: 'list-button small', 'aria-label': `Edit ${fixture.name}`, onclick: () => this.openForm(index) }, 'Edit'),
      element('button', {
        type: 'button', class: 'list-button small danger', 'aria-label': `Delete ${fixture.name}`, onclick: () => this.remove(index),
      }, 'Delete'),
      element('span', { class: 'fixture-details' },
        element('span', {}, fixture.kind), element('span', {}, addressText(fixture)), element('span', {}, placeText(fixture))));
  }

  select(name) {
    this.selected = name;
    this.draw();
  }

  // ---- changing the patch: always the whole of it, through PUT, on the revision it was made on

  /**
   * One PUT of the patch (LatestWrite's write): `If-Match` the revision `fixtures` were made on, followed
   * through this console's own writes; taken, the answer is kept in the store.
   */
  async putPatch(fixtures, base) {
    const answer = await this.own.send(base, (ifMatch) => this.request('PUT', apiPaths.fixtures, patchBody(fixtures), { quiet: true, ifMatch }));
    if (answer.ok) this.store?.setFixturePatch(answer.data);
    return answer;
  }

  /**
   * Sends `fixtures` as the patch, made on revision `base` (what is shown, unless said); `optimistic`: shown at
   * once, as moved here, until the server answers. Another console's change in between: the patch as it now
   * is shown, and the refusal said below the list (unless `say` is false: the form says it).
   */
  async writePatch(fixtures, { optimistic = true, say = true, base = this.base } = {}) {
    if (optimistic) {
      this.setDraft(fixtures);
      this.draw();
    }
    const answer = await this.patchWrite.push({ fixtures, base });
    if (this.patchWrite.busy) return answer;
    if (!this.stage.dragging) this.draft = null;
    const conflict = readConflict(answer);
    if (say) this.status.sayAnswer(answer);
    if (conflict) this.takeCurrent(conflict.current);
    else if (!answer?.ok) this.fetch.request();
    this.showStored();
    return answer;
  }

  /** A 409's `current`: the patch as another console left it, shown — the fixtures moved here let go. */
  takeCurrent(current) {
    this.draft = null;
    this.stage.letGo();
    this.store?.setFixturePatch(current);
  }

  openForm(index) {
    const fixtures = this.fixtures;
    const fixture = index === null ? null : fixtures[index];
    const base = this.base;
    if (fixture) this.form.open(formFields(fixture), { editing: fixture.name, base, title: `Edit ${fixture.name}` });
    else this.form.open(newFixtureFields(fixtures), { editing: null, base, title: 'Add a fixture' });
  }

  closeForm() {
    this.form.close();
    this.addButton.focus();
  }

  /**
   * The form's fixture, added or in place of the one edited (found by the name it was opened on: another
   * console may have moved the others; gone meanwhile, it is added again), on the revision the form was opened
   * on; the form closes once the server has it. Another console's change in between: the patch as it now is
   * shown, the form left as typed and on that revision, so Save sends it again.
   */
  async saveForm(fields) {
    const fixtures = this.fixtures;
    const editing = this.form.editing;
    const index = indexNamed(fixtures, editing);
    const others = fixtures.filter((_, at) => at !== index);
    const read = fixtureFromFields(fields, others);
    if (read.error) {
      this.form.showError(read.error, read.field);
      return;
    }
    this.form.setBusy(true);
    const answer = await this.writePatch(withFixture(fixtures, read.fixture, index), { optimistic: false, say: false, base: this.form.base });
    this.form.setBusy(false);
    if (!answer?.ok) {
      const conflict = readConflict(answer);
      if (conflict) {
        this.form.base = this.store?.fixturePatch?.revision ?? null;
        const gone = editing !== null && indexNamed(this.fixtures, editing) === null;
        this.form.showError(`${conflictText(conflict)}. What you typed is kept: `
          + `${gone ? `“${editing}” is no longer in the patch, and Save fixture adds it again` : 'Save fixture sends it on the patch as it now is'}.`);
      } else {
        this.form.showError(`Not saved: ${answer?.error ?? 'the server did not answer'}`);
      }
      return;
    }
    this.status.say('');
    if (editing !== null && this.selected === editing) this.selected = read.fixture.name;  // renamed
    this.form.close();
    this.draw();
    this.addButton.focus();
  }

  remove(index) {
    const fixtures = this.fixtures;
    const fixture = fixtures[index];
    if (!fixture) return;
    if (this.form.editing === fixture.name) this.form.close();
    this.writePatch(withoutFixture(fixtures, index));
  }

  /** A fixture moved on the stage: shown at once; sent when dropped (`send`). */
  moveLocally(name, moved, send = false) {
    const fixtures = this.fixtures;
    const index = fixtures.findIndex((fixture) => fixture.name === name);
    if (index < 0) return;
    const next = withFixture(fixtures, moved, index);
    if (send) this.writePatch(next);
    else {
      this.setDraft(next);
      this.draw();
    }
  }

  /** An arrow key: the focused fixture a step along, sent at once (only the newest waits while one is sent). */
  nudge(name, dx, dy) {
    const fixture = fixtureNamed(this.fixtures, name);
    const moved = fixture ? movedBy(fixture, dx, dy) : null;
    if (moved && !samePlace(fixture, moved)) this.moveLocally(name, moved, true);  // at the stage's edge: nothing to send
  }

  // ---- the controls: PATCH and the tests

  async setBlackout(on) {
    const answer = await this.request('PATCH', apiPaths.fixtures, { blackout: on }, { quiet: true });
    this.answered(answer);
  }

  async setMaster(master) {
    this.masterOutput.textContent = masterText(master);
    const answer = await this.masterWrite.push(master);
    if (!this.masterWrite.busy) this.answered(answer);
  }

  async runTest(mode) {
    const answer = await this.request('POST', apiPaths.fixturesTest, testBody(mode, this.selected), { quiet: true });
    this.answered(answer);
  }

  /** A control's answer: the patch shown (kept in the store), or the refusal said. */
  answered(answer) {
    if (!answer?.ok) {
      this.status.say(`Not changed: ${answer?.error ?? 'the server did not answer'}`, true);
      this.fetch.request();
    } else if (!parsePatch(answer.data)) {
      this.status.say('The server answered with something that is not a patch.', true);
    } else {
      this.status.say('');
      this.store?.setFixturePatch(answer.data);
    }
  }
}

if (!customElements.get('ip-fixtures-panel')) customElements.define('ip-fixtures-panel', FixturesPanel);

export { FixturesPanel };
