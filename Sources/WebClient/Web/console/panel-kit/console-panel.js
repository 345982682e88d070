// What every console panel shares: the console (console.js) gives each panel element the store and the
// sender as properties — `panel.store` (console-store.js) and `panel.sender` (shared/sender.js) — and
// tells it when it shows or hides (`panel.shown = true|false`). A panel built on ConsolePanel builds its
// DOM once (`build()`), redraws what changed (`update(what)`, `what` a Set as ConsoleStore says), and sends
// through `send(intent)` and `request(…)`. Panels ask the console for things with events that bubble:
// `ip-toggle-panel` (`detail.panel`) and `ip-message` (`detail.text`, one line for the performer).

import { ASPECTS, LIVE_NEWS } from '../console-store.js';

/** Everything a panel may have to redraw: what it hears when it first meets the store. */
export const EVERYTHING = Object.freeze(new Set([
  'snapshot', ...ASPECTS, 'library', 'preferences', 'panels', 'connection', 'recording', ...LIVE_NEWS,
]));

/** A console panel: the store's listener for as long as it is in the document. */
export class ConsolePanel extends HTMLElement {
  #store = null;
  #sender = null;
  #unsubscribe = null;
  #built = false;
  #shown = false;

  get store() { return this.#store; }
  set store(store) {
    this.#store = store;
    this.#listen();
  }

  get sender() { return this.#sender; }
  set sender(sender) { this.#sender = sender; }

  /** Whether the console shows the panel now. */
  get shown() { return this.#shown; }
  set shown(shown) {
    if (this.#shown === shown) return;
    this.#shown = shown;
    this.shownChanged(shown);
  }

  connectedCallback() {
    if (!this.#built) {
      this.#built = true;
      this.build();
    }
    this.#listen();
  }

  disconnectedCallback() {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
  }

  #listen() {
    if (!this.isConnected || !this.#built || !this.#store) return;
    this.#unsubscribe?.();
    this.#unsubscribe = this.#store.subscribe((what) => this.update(what));
    this.update(EVERYTHING);
  }

  /** Builds the panel's DOM (once, when it first enters the document). */
  build() {}

  /** Redraws what `what` (a Set of aspects and news) says changed. */
  update(_what) {}

  /** The panel was shown or hidden. */
  shownChanged(_shown) {}

  /** The engine's state, or null before the first snapshot. */
  get state() { return this.#store?.state ?? null; }

  /** Sends an intent to the engine; false when it cannot now (no connection). */
  send(intent) { return this.#sender?.send(intent) ?? false; }

  /**
   * A request to the library's API that never rejects (Sender.request): `{ ok: true, data, revision }` or
   * `{ ok: false, status, error, body }`, the failure shown to the performer unless `quiet`; `{ ifMatch: N }`
   * sends the revision the change was made on.
   */
  request(method, path, body, options) {
    if (!this.#sender) return Promise.resolve({ ok: false, status: 0, error: 'the console is not ready', body: null });
    return this.#sender.request(method, path, body, options);
  }

  /** Asks the console to show a line to the performer. */
  message(text) {
    this.dispatchEvent(new CustomEvent('ip-message', { bubbles: true, composed: true, detail: { text } }));
  }

  /** Asks the console to show or hide a panel. */
  togglePanel(panel) {
    this.dispatchEvent(new CustomEvent('ip-toggle-panel', { bubbles: true, composed: true, detail: { panel } }));
  }
}

/**
 * Makes an element: `element('button', { class: 'pad', 'aria-label': 'Pad 1', onclick: f }, 'text', child)`.
 * Attributes named `on…` with a function are listeners; `hidden`, `disabled` and other booleans are set
 * when true; `dataset` takes an object.
 */
export function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') node.addEventListener(name.slice(2), value);
    else if (name === 'dataset') Object.assign(node.dataset, value);
    else if (value === true) node.setAttribute(name, '');
    else node.setAttribute(name, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/**
 * Replaces `list`'s children with `items`, the focus kept: on the control (`selector`) with the name — its
 * `aria-label`, else its text — of the one it was on, for a list rebuilt under the performer's hand.
 */
export function replaceKeepingFocus(list, items, selector = 'button') {
  const nameOf = (node) => node.getAttribute('aria-label') ?? node.textContent;
  const focused = list.contains(document.activeElement) ? nameOf(document.activeElement) : null;
  list.replaceChildren(...items);
  if (focused) [...list.querySelectorAll(selector)].find((node) => nameOf(node) === focused)?.focus();
}

/** Whether a key event's target is a place to type (an input, a text area, a select, an editable). */
export function isTyping(event) {
  const target = event.target;
  if (!(target instanceof Element)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['button', 'checkbox', 'radio', 'range', 'reset', 'submit', 'color', 'file', 'image'].includes(target.type);
  }
  return false;
}
