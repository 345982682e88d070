// The header's compositions (compositions-model.js says the rules): the chooser ("Composition", a select of
// the library's compositions, "—" when the selected pair is none of them) and three buttons. "New
// composition" makes one of the selected pair and "Rename composition" renames the chosen one, both through a
// name field that appears in place of the chooser ("Composition name": Enter gives the name, Escape or leaving
// it takes it back); "Delete composition" forgets the chosen one's name (its parts and voices stay), and the
// lab's Undo brings it back. A name no composition may have is refused here with one line; the engine's
// refusal is said by the page, and the field stays open to be mended.
//
// `new Compositions({ select }, { edit, say, choose })`: `select` is the chooser, in its label in compose.html's
// "Compositions" group (the field and the buttons go after the label); `edit(edits, doing)` sends edits and
// resolves to the answer (compose.js), `say(line)` tells the performer, `choose(pair)` selects a composition's
// pair. `show(index, pair)` follows the library and the selection.

import { h } from '../shared/dom.js';
import {
  addRequest, chosenComposition, compositionList, deleteRequest, freeCompositionName, renameRequest,
} from './compositions-model.js';

/** The composition chooser and what makes, renames and deletes compositions. */
export class Compositions {
  #actions;
  #select;
  #label;
  #list = [];
  #pair = null;
  #preferred = null;   // the composition last chosen or made: shown when the pair has several
  #naming = null;      // 'new' or 'rename' while the name field is open
  #busy = false;
  #field = h('input', {
    type: 'text', className: 'name-field', 'aria-label': 'Composition name', maxlength: '200', hidden: true,
    autocomplete: 'off', spellcheck: 'false',
  });
  #buttons = {
    add: h('button', { type: 'button', 'aria-label': 'New composition', title: 'New composition of the selected pair' }, 'New'),
    rename: h('button', { type: 'button', 'aria-label': 'Rename composition', title: 'Rename the chosen composition' }, 'Rename'),
    remove: h('button', { type: 'button', 'aria-label': 'Delete composition', title: 'Delete the chosen composition (its parts and voices stay)' }, 'Delete'),
  };

  constructor({ select }, actions) {
    this.#actions = actions;
    this.#select = select;
    this.#label = select.closest('label') ?? select;
    this.#label.after(this.#field, this.#buttons.add, this.#buttons.rename, this.#buttons.remove);
    select.addEventListener('change', () => {
      const composition = this.#list.find((one) => String(one.id) === select.value);
      if (!composition) return;
      this.#preferred = composition.id;
      actions.choose({ part: composition.part, voice: composition.voice });
    });
    this.#buttons.add.addEventListener('click', () => this.#open('new', freeCompositionName(this.#list)));
    this.#buttons.rename.addEventListener('click', () => this.#open('rename', this.#chosen()?.name ?? ''));
    this.#buttons.remove.addEventListener('click', () => this.#remove());
    this.#field.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        this.#commit();
      } else if (event.key === 'Escape') {
        event.preventDefault();
        this.#close();
      }
    });
    this.#field.addEventListener('blur', () => { if (!this.#busy) this.#close(); });
  }

  /** Shows the library's compositions (the index's, plane-model.js indexMusic) for the selected `pair`. */
  show(index, pair) {
    this.#list = compositionList(index?.compositions);
    this.#pair = pair;
    const options = [new Option('—', '')];
    for (const composition of this.#list) options.push(new Option(composition.name, String(composition.id)));
    this.#select.replaceChildren(...options);
    const chosen = chosenComposition(this.#list, pair, this.#preferred);
    this.#select.value = chosen === null ? '' : String(chosen);
    if (this.#naming === 'rename' && chosen === null) this.#close();  // gone while it was being renamed
    this.#showButtons();
  }

  /** The composition the chooser shows, or null. */
  #chosen() {
    return this.#list.find((one) => String(one.id) === this.#select.value) ?? null;
  }

  #showButtons() {
    const naming = this.#naming !== null;
    this.#buttons.add.disabled = naming || !this.#pair;
    this.#buttons.rename.disabled = this.#buttons.remove.disabled = naming || !this.#chosen();
  }

  /** The name field in place of the chooser, holding `name`, all of it selected. */
  #open(naming, name) {
    this.#naming = naming;
    this.#field.value = name;
    this.#field.title = naming === 'new' ? 'The new composition’s name: Enter makes it, Escape does not' : 'The composition’s new name: Enter renames it, Escape does not';
    this.#label.hidden = true;
    this.#field.hidden = false;
    this.#showButtons();
    this.#field.focus();
    this.#field.select();
  }

  #close() {
    if (this.#naming === null) return;
    const hadFocus = document.activeElement === this.#field;
    this.#naming = null;
    this.#field.hidden = true;
    this.#label.hidden = false;
    this.#showButtons();
    if (hadFocus) this.#select.focus();
  }

  async #commit() {
    if (this.#busy || this.#naming === null) return;
    const chosen = this.#chosen();
    const asked = this.#naming === 'new'
      ? addRequest(this.#field.value, this.#pair)
      : renameRequest(this.#field.value, this.#list, chosen?.id ?? null);
    if (asked.reason) {
      this.#actions.say(asked.reason);
      this.#field.focus();
      return;
    }
    if (asked.unchanged) {
      this.#close();
      return;
    }
    this.#busy = true;
    const answer = await this.#actions.edit(asked.edits, asked.doing);
    this.#busy = false;
    if (!answer.ok) {
      this.#field.focus();  // said by the page; the name can be mended
      return;
    }
    const made = answer.data?.results?.at(-1)?.id;
    if (this.#naming === 'new' && Number.isSafeInteger(made)) this.#preferred = made;
    this.#close();
    this.show({ compositions: this.#list }, this.#pair);
  }

  async #remove() {
    const asked = deleteRequest(this.#list, this.#chosen()?.id ?? null);
    if (asked.reason) {
      this.#actions.say(asked.reason);
      return;
    }
    const answer = await this.#actions.edit(asked.edits, asked.doing);
    if (answer.ok) this.#actions.say(asked.said);
  }
}
