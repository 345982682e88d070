// <ip-damaged-records scope="chordsets|music" level="2">: the library's damaged records — rows it holds but
// cannot read as they are (damaged-model.js) — with a way to repair each: the console's chordset list and
// the composition lab each show one. Hidden entirely while there are none. Styled by damaged-records.css.
//
// - `show(records)`: the records to show (a listing's `damaged` array). Those of other kinds than `scope`
//   says are left out; what is being typed into a record still listed is kept.
// - `sender` (property): the page's Sender (shared/sender.js); every repair is `sender.request`.
// - `level` (attribute): the level of its heading, "Damaged records" (2 unless said).
// - Each record is a list item: its kind, name and why it cannot be read. "Rename" (when the server offers
//   it) opens a field, "New name": "Save name" or Enter asks the server, "Cancel" or Escape closes it.
//   "Delete" asks first, in the item: "Delete for good" deletes it, "Cancel" or Escape keeps it. A refusal
//   is one line in the item (an alert); the field stays as it was typed.
// - After a repair the list is the server's answer, and a `damaged-repaired` event bubbles
//   (`detail: { record, action: 'rename'|'delete' }`) so that the page reads its lists again.

import { h, uid } from './dom.js';
import { canRename, damagedPaths, kindsOf, recordKey, recordParts, recordsOf, renameRequest } from './damaged-model.js';

class DamagedRecords extends HTMLElement {
  #built = false;
  /** key → the item's elements, its record and what it is doing ('rename', 'delete' or null). */
  #items = new Map();
  #records = [];

  connectedCallback() {
    this.#build();
  }

  /** The records shown now. */
  get records() { return this.#records; }

  /**
   * Shows `records` (those of this element's scope), keeping each item that is still listed as it is. When
   * the item that has the focus is gone, the focus goes to the next one still listed (else the one before).
   */
  show(records) {
    this.#build();
    this.#records = recordsOf(records, kindsOf(this.getAttribute('scope')));
    const listed = new Set(this.#records.map(recordKey));
    const order = [...this.list.children];
    const lost = order.find((li) => li.contains(document.activeElement) && !listed.has(li.dataset.key));
    const heir = lost && [...order.slice(order.indexOf(lost) + 1), ...order.slice(0, order.indexOf(lost)).reverse()]
      .find((li) => listed.has(li.dataset.key));
    for (const [key, item] of this.#items) {
      if (listed.has(key)) continue;
      item.li.remove();
      this.#items.delete(key);
    }
    this.#records.forEach((record, index) => {
      const key = recordKey(record);
      let item = this.#items.get(key);
      if (!item) {
        item = this.#createItem(key);
        this.#items.set(key, item);
      }
      this.#fillItem(item, record);
      const there = this.list.children[index] ?? null;
      if (there !== item.li) {
        const focused = item.li.contains(document.activeElement) ? document.activeElement : null;
        this.list.insertBefore(item.li, there);
        focused?.focus({ preventScroll: true });
      }
    });
    this.hidden = this.#records.length === 0;
    if (heir) this.#focusItem(this.#items.get(heir.dataset.key));
  }

  #build() {
    if (this.#built) return;
    this.#built = true;
    const headingId = uid('damaged');
    const level = Math.min(6, Math.max(1, Number.parseInt(this.getAttribute('level') ?? '2', 10) || 2));
    this.list = h('ul', { class: 'damaged-items', role: 'list' });
    this.replaceChildren(h('section', { class: 'damaged', 'aria-labelledby': headingId },
      h(`h${level}`, { id: headingId, class: 'damaged-heading' }, 'Damaged records'),
      h('p', { class: 'damaged-note' }, 'The library holds these but cannot read them as they are. Rename or delete each to repair it.'),
      this.list));
    this.hidden = this.#records.length === 0;
  }

  #createItem(key) {
    const item = { record: null, mode: null, busy: false };
    const button = (text, onclick, extra = '') => h('button', { type: 'button', class: `damaged-button ${extra}`.trim(), onclick }, text);
    item.kind = h('span', { class: 'damaged-kind' });
    item.name = h('bdi', { class: 'damaged-name' });
    item.reason = h('span', { class: 'damaged-reason' });
    item.line = h('p', { class: 'damaged-line' }, item.kind, ' ', item.name, ': ', item.reason);
    item.rename = button('Rename', () => this.#open(item, 'rename'));
    item.remove = button('Delete', () => this.#open(item, 'delete'), 'danger');
    item.actions = h('div', { class: 'damaged-actions' }, item.rename, item.remove);

    item.input = h('input', {
      type: 'text', class: 'damaged-input', 'aria-label': 'New name', autocomplete: 'off', spellcheck: 'false', enterkeyhint: 'done',
    });
    item.save = button('Save name', () => this.#saveName(item), 'primary');
    item.renameForm = h('div', { class: 'damaged-form', hidden: true }, item.input, item.save, button('Cancel', () => this.#close(item, true)));

    item.confirm = button('Delete for good', () => this.#delete(item), 'danger');
    item.deleteForm = h('div', { class: 'damaged-form', hidden: true, role: 'group', 'aria-label': 'Delete this record?' },
      h('span', { class: 'damaged-question' }, 'Delete it for good?'), item.confirm, button('Cancel', () => this.#close(item, true)));

    item.alert = h('p', { class: 'damaged-alert', role: 'alert' });
    item.li = h('li', { class: 'damaged-item' }, item.line, item.actions, item.renameForm, item.deleteForm, item.alert);
    item.li.dataset.key = key;
    item.li.addEventListener('keydown', (event) => this.#key(item, event));
    return item;
  }

  #fillItem(item, record) {
    item.record = record;
    // One line (recordLine), the name isolated so that its writing direction stays its own.
    const { kind, name, reason } = recordParts(record);
    item.kind.textContent = kind;
    item.name.textContent = name;
    item.reason.textContent = reason;
    item.rename.hidden = !canRename(record);
    if (item.mode === 'rename' && !canRename(record)) this.#close(item, false);
  }

  /** Opens the rename field or the delete question in place of the item's buttons. */
  #open(item, mode) {
    if (item.busy) return;
    item.mode = mode;
    item.alert.textContent = '';
    item.actions.hidden = true;
    item.renameForm.hidden = mode !== 'rename';
    item.deleteForm.hidden = mode !== 'delete';
    if (mode === 'rename') {
      item.input.value = item.record.name ?? '';
      item.input.focus();
      item.input.select();
    } else {
      item.confirm.focus();
    }
  }

  /** Back to the item's buttons; `refocus`: the focus goes to the one that opened what closes. */
  #close(item, refocus) {
    if (item.busy) return;
    const was = item.mode;
    item.mode = null;
    item.alert.textContent = '';
    item.renameForm.hidden = true;
    item.deleteForm.hidden = true;
    item.actions.hidden = false;
    if (refocus) (was === 'rename' && !item.rename.hidden ? item.rename : item.remove).focus();
  }

  /** Puts the focus in an item: its open field or question, else its first button. */
  #focusItem(item) {
    if (item?.mode === 'rename') item.input.focus();
    else if (item?.mode === 'delete') item.confirm.focus();
    else item?.[item.rename.hidden ? 'remove' : 'rename'].focus();
  }

  #key(item, event) {
    if (event.key === 'Escape' && item.mode) {
      event.preventDefault();
      event.stopPropagation();
      this.#close(item, true);
    } else if (event.key === 'Enter' && event.target === item.input) {
      event.preventDefault();
      this.#saveName(item);
    }
  }

  async #saveName(item) {
    if (item.busy) return;
    const asked = renameRequest(item.input.value);
    if (asked.problem) {
      item.alert.textContent = asked.problem;
      item.input.focus();
      return;
    }
    const { kind, id } = item.record;
    await this.#repair(item, 'POST', damagedPaths.rename(kind, id), asked.body, 'rename');
  }

  async #delete(item) {
    if (item.busy) return;
    const { kind, id } = item.record;
    await this.#repair(item, 'DELETE', damagedPaths.record(kind, id), undefined, 'delete');
  }

  /**
   * Asks for a repair. While it is asked the item's controls keep the focus but do nothing. The answer is
   * the records left (shown at once), or a refusal said in the item with what was typed kept.
   */
  async #repair(item, method, path, body, action) {
    this.#setBusy(item, true);
    const answer = this.sender
      ? await this.sender.request(method, path, body, { quiet: true })
      : { ok: false, error: 'the page is not ready' };
    this.#setBusy(item, false);
    if (!answer.ok) {
      item.alert.textContent = `Could not ${action} it: ${answer.error}`;
      return;
    }
    const record = item.record;
    const key = recordKey(record);
    this.show(Array.isArray(answer.data?.damaged) ? answer.data.damaged : this.#records.filter((one) => recordKey(one) !== key));
    // Still listed (still damaged, for another reason): back to its buttons.
    if (this.#items.get(key) === item) this.#close(item, item.li.contains(document.activeElement));
    this.dispatchEvent(new CustomEvent('damaged-repaired', { bubbles: true, composed: true, detail: { record, action } }));
  }

  #setBusy(item, busy) {
    item.busy = busy;
    for (const node of [item.li, ...item.li.querySelectorAll('button')]) {
      if (busy) node.setAttribute(node === item.li ? 'aria-busy' : 'aria-disabled', 'true');
      else node.removeAttribute(node === item.li ? 'aria-busy' : 'aria-disabled');
    }
    item.input.readOnly = busy;
  }
}

if (!customElements.get('ip-damaged-records')) customElements.define('ip-damaged-records', DamagedRecords);

export { DamagedRecords };
