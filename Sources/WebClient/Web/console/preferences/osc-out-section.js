// The preferences' "OSC out" section: where the instrument sends OSC as it plays (docs/osc.md, "Being
// followed"). The targets kept (PATCH oscOut, the whole list each time; osc-out-model.js), each with
// "Remove"; "Add OSC target" and "Add". A refusal is said in the section, the field keeping what was typed.
// Beside each target, what GET /status says was sent to it (asked when the panel shows and every 5 s while it
// shows), and the command line's targets (`--osc-out`), which only the command line changes.

import { element } from '../panel-kit/console-panel.js';
import { apiPaths } from '../../shared/sender.js';
import {
  STATUS_PATH, STATUS_REFRESH_MILLISECONDS, addition, followerRows, followerText, keptTargets, parseFollowers, removal,
} from './osc-out-model.js';

/** The OSC out section of a panel: its elements, its targets drawn, its writes through the panel's requests. */
export class OscOutSection {
  /** `panel`: the ConsolePanel it sits in (its store, its requests, the focus within it). */
  constructor(panel) {
    this.panel = panel;
    this.list = element('ul', { class: 'osc-targets', 'aria-label': 'OSC targets' });
    this.empty = element('p', { class: 'osc-empty' }, 'OSC is sent nowhere.');
    this.field = element('input', {
      type: 'text', placeholder: 'host:port', autocomplete: 'off', autocapitalize: 'off', spellcheck: 'false',
      enterkeyhint: 'done', 'aria-describedby': 'osc-out-problem', oninput: () => this.sayProblem(''),
    });
    this.problem = element('p', { class: 'osc-problem', id: 'osc-out-problem', role: 'alert' });
    const add = element('form', { class: 'osc-add', onsubmit: (event) => { event.preventDefault(); this.addTarget(); } },
      element('label', { class: 'field' }, element('span', {}, 'Add OSC target'), this.field),
      element('button', { type: 'submit', class: 'list-button' }, 'Add'));
    this.rowsKey = null;
    this.followers = null;
    this.busy = false;
    this.timer = 0;
    this.element = element('section', { class: 'preferences-section osc-section', 'aria-label': 'OSC out' }, element('h3', {}, 'OSC out'),
      element('p', {}, 'Pads, chords, the tempo, each beat and what is heard, sent as they are played to:'),
      this.list, this.empty, add, this.problem);
  }

  /** Asks what was sent now and every STATUS_REFRESH_MILLISECONDS after (the panel shows). */
  start() {
    this.loadFollowers();
    this.timer = setInterval(() => this.loadFollowers(), STATUS_REFRESH_MILLISECONDS);
  }

  /** Stops asking (the panel hides or leaves the document). */
  stop() {
    clearInterval(this.timer);
    this.timer = 0;
  }

  /** The OSC targets: the kept ones with "Remove", then the command line's; what was sent to each. */
  draw() {
    const rows = followerRows(keptTargets(this.panel.store?.preferences), this.followers);
    const key = JSON.stringify(rows.map((row) => [row.address, row.kept]));
    if (key !== this.rowsKey) {
      this.rowsKey = key;
      this.list.replaceChildren(...rows.map((row) => element('li', { class: 'osc-target' },
        element('span', { class: 'osc-target-text' },
          element('code', { class: 'osc-address' }, row.address),
          element('span', { class: 'osc-sent' })),
        row.kept
          ? element('button', {
            type: 'button', class: 'list-button small', 'aria-label': `Remove OSC target ${row.address}`,
            onclick: () => this.removeTarget(row.index),
          }, 'Remove')
          : element('span', { class: 'osc-origin' }, 'command line'))));
    }
    rows.forEach((row, at) => {
      const sent = this.list.children[at]?.querySelector('.osc-sent');
      if (!sent) return;
      sent.textContent = followerText(row.follower);
      sent.classList.toggle('is-problem', Boolean(row.follower?.problem));
    });
    this.list.hidden = rows.length === 0;
    this.empty.hidden = rows.length > 0;
  }

  /** Says why a target was not added or removed ('' to say nothing). */
  sayProblem(text, { field = false } = {}) {
    this.problem.textContent = text;
    if (field && text) this.field.setAttribute('aria-invalid', 'true');
    else this.field.removeAttribute('aria-invalid');
  }

  /** What the server says it sent to each target (GET /status); an answer overtaken by a later ask is dropped. */
  async loadFollowers() {
    const asked = (this.followersAsked = (this.followersAsked ?? 0) + 1);
    const answer = await this.panel.request('GET', STATUS_PATH, undefined, { quiet: true });
    if (asked !== this.followersAsked) return;
    this.followers = answer.ok ? parseFollowers(answer.data) : null;
    this.draw();
  }

  /** Keeps `body` (the whole list) and follows it; the refusal, one line, or null. */
  async keepTargets(body) {
    this.busy = true;
    try {
      const answer = await this.panel.request('PATCH', apiPaths.preferences, body, { quiet: true });
      if (!answer.ok) return answer.error;
      this.panel.store.setPreferences(answer.data);
      this.loadFollowers();
      return null;
    } finally {
      this.busy = false;
    }
  }

  async addTarget() {
    if (this.busy) return;
    const preferences = this.panel.store?.preferences;
    if (!preferences) {
      this.sayProblem('The preferences have not been read from the library yet: try again in a moment.');
      return;
    }
    const typed = this.field.value;
    const plan = addition(keptTargets(preferences), typed);
    if (plan.problem) {
      this.sayProblem(plan.problem, { field: true });
      return;
    }
    const refusal = await this.keepTargets(plan.body);
    if (refusal) {
      this.sayProblem(`${plan.target} was not added: ${refusal}`, { field: true });
      return;
    }
    if (this.field.value === typed) this.field.value = '';  // what was typed meanwhile stays
    this.sayProblem('');
  }

  async removeTarget(index) {
    if (this.busy) return;
    const kept = keptTargets(this.panel.store?.preferences);
    const body = removal(kept, index);
    if (!body) return;
    const hadFocus = this.list.contains(document.activeElement);
    const refusal = await this.keepTargets(body);
    if (refusal) {
      this.sayProblem(`${kept[index]} was not removed: ${refusal}`);
      return;
    }
    this.sayProblem('');
    // The button pressed is gone: the focus goes to the one now in its place, or to the field.
    if (hadFocus && !this.list.contains(document.activeElement) && !this.panel.contains(document.activeElement)) {
      const buttons = [...this.list.querySelectorAll('button')];
      (buttons[index] ?? buttons.at(-1) ?? this.field).focus();
    }
  }
}
