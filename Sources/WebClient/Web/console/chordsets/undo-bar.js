// The chordset list's Undo (panel-chordset-list.js): after a delete, "Deleted “TITLE”." with "Undo" and the
// seconds left for as long as the library keeps the chordset (`undoSeconds`); then it goes. Restoring is the
// list's request.

import { element } from '../panel-kit/console-panel.js';

/** The bar: `offer(id, title, seconds)` after a delete, `close()` when it is done; `offered` is what Undo brings back. */
export class UndoBar {
  /** `onUndo()` is the list's: it asks the library for `offered` back. */
  constructor({ onUndo }) {
    this.offered = null;
    this.text = element('span', {});
    this.button = element('button', { type: 'button', class: 'list-button', onclick: () => onUndo() }, 'Undo');
    this.countdown = element('span', { class: 'undo-countdown', 'aria-hidden': 'true' });
    this.element = element('div', { class: 'undo-bar', role: 'status', hidden: true }, this.text, this.button, this.countdown);
  }

  /** Offers chordset `id`, called `title`, back for `seconds`, counting them down. */
  offer(id, title, seconds) {
    clearInterval(this.offered?.timer);
    const until = Date.now() + seconds * 1000;
    this.offered = { id, title, until };
    this.text.textContent = `Deleted “${title}”.`;
    this.element.hidden = false;
    const tick = () => {
      const left = Math.ceil((until - Date.now()) / 1000);
      if (left <= 0) return this.close();
      this.countdown.textContent = `${left} s`;
      return undefined;
    };
    tick();
    this.offered.timer = setInterval(tick, 1000);
  }

  /** Nothing is offered any more. */
  close() {
    clearInterval(this.offered?.timer);
    this.offered = null;
    this.element.hidden = true;
  }
}
