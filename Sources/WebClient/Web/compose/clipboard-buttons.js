// The score clipboard's buttons (score-clipboard.js says the rules): "Copy" keeps the pair the plane works on
// (the working row's, or on a composed part's plane the cell's sub-pair), "Paste linked" makes the pair the
// plane now works on play that same score (`share`: the plane marks it shared, "×n"), "Paste as copy" gives it
// a score of its own with the same events (`copyScore`). A line says what is copied. Each button is disabled
// where it cannot act, its title saying why. Keys, while the plane has the focus (or nothing has): Ctrl+C,
// Ctrl+V (linked), Ctrl+Shift+V (as copy).
//
// `new ClipboardButtons(container, { plane, index, edit, say })`: `plane` is the <editing-plane>, `index()`
// the lab's index of the library now, `edit(edits, doing)` sends edits (compose.js), `say(line)` tells the
// performer. The page calls `show()` when the library, the pair or the working row changes; the plane's own
// events (a cell tapped or focused) are heard here.

import { h } from '../shared/dom.js';
import { clipboardKey, clipboardLine, copyRequest, pasteRequest, workingPair } from './score-clipboard.js';

/** Copy and the two pastes, with what the clipboard holds. */
export class ClipboardButtons {
  #actions;
  #plane;
  #clip = null;
  #buttons = {
    copy: h('button', { type: 'button', 'aria-keyshortcuts': 'Control+C' }, 'Copy'),
    linked: h('button', { type: 'button', 'aria-keyshortcuts': 'Control+V' }, 'Paste linked'),
    copied: h('button', { type: 'button', 'aria-keyshortcuts': 'Control+Shift+V' }, 'Paste as copy'),
  };
  #line = h('span', { className: 'clipboard-line', role: 'status' }, 'Nothing copied');

  constructor(container, actions) {
    this.#actions = actions;
    this.#plane = actions.plane;
    container.replaceChildren(this.#buttons.copy, this.#buttons.linked, this.#buttons.copied, this.#line);
    this.#buttons.copy.addEventListener('click', () => this.copy());
    this.#buttons.linked.addEventListener('click', () => this.paste('linked'));
    this.#buttons.copied.addEventListener('click', () => this.paste('copy'));
    for (const type of ['row', 'cell', 'range', 'open']) this.#plane.addEventListener(type, () => this.show());
    document.addEventListener('keydown', (event) => this.#key(event));
  }

  /** The pair the plane works on now (score-clipboard.js workingPair). */
  #working() {
    return workingPair(this.#actions.index(), this.#plane.plane, { row: this.#plane.row, cell: this.#plane.cell });
  }

  /** Shows what is copied and which buttons apply, for the library and the plane as they are now. */
  show() {
    const index = this.#actions.index();
    const working = this.#working();
    this.#line.textContent = clipboardLine(index, this.#clip);
    const states = [
      [this.#buttons.copy, copyRequest(index, working), 'Copy the score of'],
      [this.#buttons.linked, pasteRequest(index, this.#clip, working, 'linked'), 'Make it play the copied score:'],
      [this.#buttons.copied, pasteRequest(index, this.#clip, working, 'copy'), 'Give it a copy of the copied score:'],
    ];
    for (const [button, asked, what] of states) {
      button.disabled = Boolean(asked.reason);
      button.title = asked.reason ?? `${what} ${working.label}`;
    }
  }

  /** Keeps the working pair, or says why it cannot be copied. */
  copy() {
    const asked = copyRequest(this.#actions.index(), this.#working());
    if (asked.reason) this.#actions.say(asked.reason);
    else this.#clip = asked.clip;
    this.show();
  }

  /** Pastes what is copied onto the working pair: `mode` 'linked' or 'copy'. */
  async paste(mode) {
    const asked = pasteRequest(this.#actions.index(), this.#clip, this.#working(), mode);
    if (asked.reason) {
      this.#actions.say(asked.reason);
      return;
    }
    await this.#actions.edit(asked.edits, asked.doing);
    this.show();
  }

  #key(event) {
    const action = clipboardKey(event);
    if (!action || !this.#keysAreMine(event)) return;
    event.preventDefault();
    if (action.copy) this.copy();
    else this.paste(action.paste);
  }

  /** Whether the clipboard keys act now: the plane has the focus, or nothing has and no text is selected. */
  #keysAreMine(event) {
    if (event.composedPath().includes(this.#plane)) return true;
    const active = document.activeElement;
    return (active === null || active === document.body) && (window.getSelection()?.isCollapsed ?? true);
  }
}
