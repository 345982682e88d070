// <ip-outputs-panel>: the Outputs panel — the stage's outputs as the server has them (issue 35): every canvas
// page shows one output, a slice of the stage drawn through its warp, blend and mask.
//
// - "Two projectors": Left and Right, halves of the stage overlapping by 15 %, blended across the overlap.
// - The outputs as a list, "Outputs", with "New output", "Rename", "Delete" and "Identify" (its canvases say
//   its name large) for the one selected (outputs-list.js); the name form (outputs-name-form.js). Main — the
//   whole stage, unwarped — is neither renamed nor deleted, and only its test pattern and brightness change.
// - The output selected: its light, its window and grid, its slice and its edge blend (output-detail.js).
//
// Every change sends the whole output with PUT /api/outputs/{name}, at most one request at a time and the
// newest always sent (panel-kit/edited-copy.js); it shows at once and, refused, goes back to the stored output
// with the server's reason said. The outputs and how many canvases show each are the console's store's
// (console-store.js): the live `outputs` and `canvases` messages, and every answer the panel has — GET
// /api/outputs when the panel shows and on every connection, and the answer of each change. Nothing is
// polled.
//
// Two consoles at once (docs/outputs.md): every PUT, DELETE and rename carries `If-Match` with the outputs'
// revision its change was made on — the store's, or, while an edited output waits to be answered, the one it
// was edited from; the revisions this console's own writes made are followed (EditedCopy), so a drag's writes
// never refuse each other. The name form keeps the revision it was opened on. Another console's change in
// between is refused (409): the outputs as they now are (`current`) are shown, a drag under way is let go,
// the refusal is said in the form or below, and a name typed stays in the form for Save to send again. A live
// message never touches the form. Everything goes through the one sender.

import { ConsolePanel, element } from '../panel-kit/console-panel.js';
import { LatestFetch } from '../console-store.js';
import { apiPaths } from '../../shared/sender.js';
import { uid } from '../../shared/dom.js';
import { conflictText, readConflict } from '../../shared/revisions.js';
import {
  MAIN, changeBody, defaultOutput, followRename, freeOutputName, identifyIntent, isMain, outputBody, outputNamed, parseOutput,
  parseOutputsAnswer, readOutputName, twoProjectors, withOutput, withRenamed, withoutOutput,
} from './outputs-model.js';
import { OutputDetail } from './output-detail.js';
import { OutputList } from './outputs-list.js';
import { OutputNameForm } from './outputs-name-form.js';
import { EditedCopy } from '../panel-kit/edited-copy.js';
import { StatusLine } from '../panel-kit/status-line.js';

/** The Outputs panel: the outputs and every change of them (the file's header says what it holds). */
class OutputsPanel extends ConsolePanel {
  build() {
    this.selected = MAIN;
    // The output as edited here, until the server answers, and its writes: the whole output, PUT.
    this.copy = new EditedCopy({
      write: (output, ifMatch) => this.request('PUT', apiPaths.output(output.name), changeBody(output), { quiet: true, ifMatch }),
      taken: (answer, output) => this.kept(answer, (outputs) => withOutput(outputs, parseOutput(answer.data) ?? output)),
    });
    this.pushed = null;  // the last output given to the write
    this.lastSent = null;  // its JSON: the same again is not sent
    this.fetch = new LatestFetch(
      () => this.sender.api('GET', apiPaths.outputs),
      (answer) => this.showAnswer(answer),
      (error) => this.status.say(`The outputs cannot be read: ${error?.message ?? error}`, true),
    );
    this.list = new OutputList({
      onSelect: (name) => this.select(name), onNew: () => this.openForm('new'), onRename: () => this.openForm('rename'),
      onDelete: () => this.remove(), onIdentify: () => this.identify(),
    });
    this.detail = new OutputDetail({
      onEdit: (output) => this.edit(output), onChange: (changes) => this.change(changes), onSettle: () => this.settle(),
    });
    this.form = new OutputNameForm({ onSave: (name) => this.saveName(name), onCancel: () => this.closeForm() });
    const titleId = uid('outputs-title');
    this.status = new StatusLine(element('p', { class: 'outputs-status', role: 'status' }));
    this.append(element('section', { class: 'outputs-layout', 'aria-labelledby': titleId },
      this.buildHeader(titleId),
      this.list.element,
      this.form.element,
      this.detail.element,
      this.status.element));
  }

  /** The title and "Two projectors". */
  buildHeader(titleId) {
    const two = element('button', {
      type: 'button', class: 'list-button small', title: 'Left and Right: halves of the stage, 15 % overlapping, blended',
      onclick: () => this.makeTwoProjectors(),
    }, 'Two projectors');
    return element('div', { class: 'outputs-header' }, element('h2', { id: titleId }, 'Outputs'), two);
  }

  shownChanged(shown) {
    if (shown) this.fetch.request();
  }

  update(what) {
    if (what.has('connection') && this.store?.connected) {
      this.copy.forget();  // a server started again counts from its own start
      if (this.shown) this.fetch.request();
    }
    if (what.has('outputs')) this.takeStored();
    else if (what.has('canvases')) this.draw();
  }

  /** Whether a handle or the slice is being dragged. */
  get dragging() { return this.detail.dragging; }

  /** Whether nothing is being dragged, sent or shown as edited (for tests: the page's own state). */
  get settled() { return !this.dragging && !this.copy.busy && this.copy.edited === null; }

  /** The outputs as the server has them (the store's). */
  get outputs() { return this.store?.outputs ?? []; }

  /** How many canvases show each output (the store's), or null before it has been said. */
  get canvases() { return this.store?.canvases ?? null; }

  /** The revision the output shown was made on: the one it was edited from while it waits, else the store's. */
  get base() { return this.copy.base(this.store?.outputsRevision ?? null); }

  /** The store's outputs, shown: the one shown and the one the name form renames follow a rename. */
  takeStored() {
    const renamed = this.store?.outputsRenamed ?? null;
    this.selected = followRename(this.selected, renamed);
    if (this.form.target !== null) this.form.target = followRename(this.form.target, renamed);
    this.draw();
  }

  /** GET /api/outputs's answer: kept in the store (unless newer outputs are held), which shows it. */
  showAnswer(answer) {
    if (!parseOutputsAnswer(answer)) {
      this.status.say('The server answered with something that is not a list of outputs.', true);
      return;
    }
    if (this.status.says('The outputs cannot be read')) this.status.say('');
    this.store?.setOutputsAnswer(answer);
  }

  /** A 409's `current`: the outputs as another console left them, shown — a drag under way let go, the edit dropped. */
  takeCurrent(current) {
    this.detail.letGo();
    this.copy.drop();
    this.lastSent = null;
    this.store?.setOutputsAnswer(current);
  }

  /** The output selected as the server has it (Main, or the first, when the one selected is gone). */
  get stored() {
    return outputNamed(this.outputs, this.selected) ?? outputNamed(this.outputs, MAIN) ?? this.outputs[0] ?? null;
  }

  /** The output selected as shown: as edited here while it is sent, else as stored. */
  get current() {
    const stored = this.stored;
    const edited = this.copy.edited;
    return edited && stored && edited.name === stored.name ? edited : stored;
  }

  draw() {
    const output = this.current;
    if (output) this.selected = output.name;
    const editable = output !== null && !isMain(output);
    this.list.draw(this.outputs, { selected: this.selected, canvases: this.canvases, output, editable });
    this.detail.draw(output, this.outputs, { editable });
  }

  select(name) {
    if (this.form.mode === 'rename') this.form.close();
    if (name !== this.selected) this.status.say('');
    this.selected = name;
    this.draw();
  }

  // ---- changing the output selected: always the whole of it, through PUT

  /** Changed fields of the output shown (`{ slice }`, `{ blend }`, …), sent with the rest of it. */
  change(changes) {
    const output = this.current;
    if (output) this.edit({ ...output, ...changes });
  }

  /** A change taken: the outputs as `change` makes them, with the answer's revision, into the store. */
  kept(answer, change, renamed = null) {
    this.store?.setOutputs({ outputs: change(this.outputs), revision: answer.revision, renamed });
  }

  /** The output as edited here: shown at once, sent whole (only the newest waits while one is sent). */
  async edit(output) {
    const base = this.base;
    this.copy.edit(output, base);
    this.draw();
    const signature = JSON.stringify(output);
    if (signature === this.lastSent) {
      this.settle();
      return;
    }
    this.lastSent = signature;
    this.pushed = output;
    const answer = await this.copy.push(output, base);
    if (this.copy.busy || this.pushed !== output) return;  // a newer one is under way: its answer says
    this.answered(answer);
  }

  /** The answer to the newest output sent: stored, or the refusal said (and the stored output read again). */
  answered(answer) {
    const conflict = this.status.sayAnswer(answer);
    if (conflict) this.takeCurrent(conflict.current);
    else if (!answer?.ok) {
      this.detail.reset();
      this.fetch.request();
    }
    this.settle();
  }

  /** Once nothing is dragged or sent, the stored output is shown again (a refused change goes back). */
  settle() {
    if (!this.copy.busy && !this.dragging) {
      this.copy.drop();
      this.lastSent = null;
    }
    this.draw();
  }

  // ---- the outputs: new, rename, delete, identify, two projectors

  openForm(mode) {
    const output = this.stored;
    const base = this.base;
    if (mode === 'new') this.form.open('new', freeOutputName(this.outputs), 'New output', { base });
    else if (output && !isMain(output)) this.form.open('rename', output.name, `Rename ${output.name}`, { base });
  }

  closeForm() {
    const mode = this.form.mode;
    this.form.close();
    (mode === 'rename' ? this.list.renameButton : this.list.newButton).focus();
  }

  /**
   * The form's name: a new output of that name (every field its default), or the one the form renames
   * renamed — on the revision the form was opened on. Another console's change in between: the outputs as
   * they now are shown, the name left as typed and the form on their revision, so Save sends it again.
   */
  async saveName(typed) {
    const mode = this.form.mode;
    const from = mode === 'rename' ? this.form.target : null;
    const read = readOutputName(typed, this.outputs, from);
    if (read.error) {
      this.form.showError(read.error);
      return;
    }
    if (mode === 'rename' && read.name === from) {
      this.closeForm();
      return;
    }
    this.form.setBusy(true);
    const answer = await this.copy.send(this.form.base, (ifMatch) => (mode === 'new'
      ? this.request('PUT', apiPaths.output(read.name), outputBody(defaultOutput(read.name)), { quiet: true, ifMatch })
      : this.request('POST', apiPaths.renameOutput(from), { name: read.name }, { quiet: true, ifMatch })));
    this.form.setBusy(false);
    if (!answer.ok) {
      const conflict = readConflict(answer);
      if (conflict) {
        this.takeCurrent(conflict.current);
        this.form.base = this.store?.outputsRevision ?? null;
        this.form.showError(`${conflictText(conflict)}. The name typed is kept: ${mode === 'new' ? 'Create output' : 'Save name'} sends it again.`);
      } else {
        this.form.showError(`Not saved: ${answer.error}`);
      }
      return;
    }
    const stored = parseOutput(answer.data) ?? { ...(outputNamed(this.outputs, from) ?? defaultOutput(read.name)), name: read.name };
    if (mode === 'rename') this.kept(answer, (outputs) => withRenamed(outputs, from, stored), { from, to: stored.name });
    else this.kept(answer, (outputs) => withOutput(outputs, stored));
    this.selected = stored.name;
    this.status.say('');
    this.closeForm();
    this.draw();
  }

  async remove() {
    const output = this.stored;
    if (!output || isMain(output)) return;
    const answer = await this.copy.send(this.base, (ifMatch) => this.request('DELETE', apiPaths.output(output.name), undefined, { quiet: true, ifMatch }));
    if (!answer.ok) {
      const conflict = this.status.sayAnswer(answer, 'Not deleted');
      if (conflict) this.takeCurrent(conflict.current);
      return;
    }
    this.kept(answer, (outputs) => withoutOutput(outputs, output.name));
    if (this.selected === output.name) this.selected = MAIN;
    this.status.say('');
    this.draw();
  }

  identify() {
    const name = this.stored?.name;
    if (!name) return;
    const sent = this.send(identifyIntent(name));
    this.status.say(sent ? `The canvases showing “${name}” say its name.` : 'Not connected: the canvases cannot be told now.', !sent);
  }

  /** Left and Right, made (or made again) one after the other, on the revision shown; Left shown. */
  async makeTwoProjectors() {
    const refusals = [];
    const base = this.base;
    for (const output of twoProjectors()) {
      const answer = await this.copy.send(base, (ifMatch) => this.request('PUT', apiPaths.output(output.name), outputBody(output), { quiet: true, ifMatch }));
      if (answer.ok) {
        this.kept(answer, (outputs) => withOutput(outputs, parseOutput(answer.data) ?? output));
        continue;
      }
      refusals.push(`${output.name}: ${answer.error}`);
      const conflict = readConflict(answer);
      if (conflict) {
        this.takeCurrent(conflict.current);
        break;
      }
    }
    this.status.say(refusals.length ? `Not made: ${refusals.join('; ')}` : '', refusals.length > 0);
    if (outputNamed(this.outputs, 'Left')) this.selected = 'Left';
    this.draw();
  }
}

if (!customElements.get('ip-outputs-panel')) customElements.define('ip-outputs-panel', OutputsPanel);

export { OutputsPanel };
