// The Listening panel's Link group (panel-listening.js; docs/live-protocol.md, `link`): "Link" joins or leaves
// an Ableton Link session, "Quantum" sets its quantum (the `link` request); beside them the peers and the
// session's tempo, the beat within the quantum ("Link beat": a dot a beat — at most sixteen, each several
// beats of a longer quantum — carried forward between the server's messages each animation frame while the
// panel shows) and what went wrong with it (the session started and nothing could play). What the controls
// set is kept a moment, so messages said before it was heard do not undo it. Arithmetic in link-model.js.

import { element } from '../panel-kit/console-panel.js';
import { nextFrame, uid } from '../../shared/dom.js';
import {
  DEFAULT_QUANTUM, QUANTUM_RANGE, beatDot, beatDotCount, beatReading, linkIntent, linkProblem, linkText, phaseAt, readQuantum,
} from './link-model.js';

/** How long after a control is worked the session's values are shown again (a refusal puts them back). */
const HOLD_MILLISECONDS = 700;

const clock = () => performance.now();

/** The "Ableton Link" group: built once with the panel, drawn from the store's `link`. */
export class LinkSection {
  /** `panel` has `store` (its `link` and `linkAt`), `send`, `shown` and `showStatus`. */
  constructor(panel) {
    this.panel = panel;
    this.beatFrame = 0;
    this.litDot = -2;
    this.box = element('input', { type: 'checkbox', onchange: () => this.setLink() });
    const quantumId = uid('quantum');
    this.quantum = element('input', {
      type: 'number', id: quantumId, class: 'listening-quantum', min: String(QUANTUM_RANGE[0]), max: String(QUANTUM_RANGE[1]),
      step: '1', inputmode: 'numeric', value: String(DEFAULT_QUANTUM),
      onchange: () => this.setQuantum(),
      oninput: () => { this.quantumEdited = true; },
      onblur: () => { this.quantumEdited = false; this.draw(); },
    });
    this.beat = element('div', {
      class: 'listening-beat', role: 'meter', 'aria-label': 'Link beat', 'aria-valuemin': '1',
      'aria-valuemax': String(DEFAULT_QUANTUM), 'aria-valuenow': '1', 'aria-valuetext': 'Link is off',
    });
    this.status = element('span', { class: 'listening-link-status' }, linkText(null));
    this.problem = element('p', { class: 'listening-problem listening-link-problem', role: 'status', hidden: true });
    this.element = element('div', { class: 'listening-link', role: 'group', 'aria-label': 'Ableton Link' },
      element('label', { class: 'listening-switch' }, this.box, element('span', {}, 'Link')),
      element('label', { class: 'listening-quantum-label', for: quantumId }, 'Quantum'), this.quantum,
      this.beat,
      this.status,
      this.problem);
    this.drawBeatDots(DEFAULT_QUANTUM);
  }

  /** The session as the server last said it (the store's), or null. */
  get link() { return this.panel.store?.link ?? null; }

  /** Stops carrying the beat forward (the panel left the page). */
  stop() {
    if (this.beatFrame) cancelAnimationFrame(this.beatFrame);
    this.beatFrame = 0;
  }

  /** Link's controls keep what the performer set for a moment: messages said before it was heard do not undo it. */
  hold() {
    this.heldUntil = clock() + HOLD_MILLISECONDS;
    clearTimeout(this.holdTimer);
    this.holdTimer = setTimeout(() => this.draw(), HOLD_MILLISECONDS + 20);
  }

  setLink() {
    this.panel.send(linkIntent(this.box.checked, readQuantum(this.quantum.value) ?? this.link?.quantum ?? DEFAULT_QUANTUM));
    this.hold();
  }

  setQuantum() {
    this.quantumEdited = false;
    const quantum = readQuantum(this.quantum.value);
    if (quantum === null) {
      this.panel.showStatus(`The quantum is a whole number of beats, ${QUANTUM_RANGE[0]} to ${QUANTUM_RANGE[1]}.`, true);
    } else {
      this.panel.showStatus('');
      this.panel.send(linkIntent(this.link?.enabled === true, quantum));
    }
    this.hold();
  }

  /** The session shown: the switch and the quantum (unless held or typed in), its words, its problem and its beat. */
  draw() {
    const link = this.link;
    const held = clock() < (this.heldUntil ?? 0);
    if (!held) this.box.checked = link?.enabled === true;
    const quantum = link?.quantum ?? DEFAULT_QUANTUM;
    if (!held && !this.quantumEdited && document.activeElement !== this.quantum) this.quantum.value = String(quantum);
    const text = linkText(link);
    if (this.status.textContent !== text) this.status.textContent = text;
    this.status.classList.toggle('is-playing', link?.playing === true);
    const problem = linkProblem(link) ?? '';
    if (this.problem.textContent !== problem) this.problem.textContent = problem;
    this.problem.hidden = problem === '';
    this.drawBeatDots(quantum);
    this.drawBeat();
  }

  /** One dot a beat of the quantum. */
  drawBeatDots(quantum) {
    const count = beatDotCount(quantum);
    if (this.beat.childElementCount === count) return;
    this.beat.replaceChildren(...Array.from({ length: count }, () => element('span', { class: 'listening-dot' })));
    this.litDot = -2;
  }

  /** Lights the beat's dot, carried forward between messages, each animation frame while Link is on and the panel shows. */
  drawBeat() {
    const link = this.link;
    const phase = this.panel.shown ? phaseAt(link, this.panel.store?.linkAt, clock()) : null;
    const lit = beatDot(phase, link?.quantum);
    if (lit !== this.litDot) {
      this.litDot = lit;
      [...this.beat.children].forEach((dot, index) => dot.classList.toggle('is-lit', index === lit));
    }
    // Said as the beat within the quantum (a dot may stand for several beats of a long one).
    const { beat, beats, text } = beatReading(phase, link);
    if (this.beat.getAttribute('aria-valuetext') !== text) {
      this.beat.setAttribute('aria-valuemax', String(beats));
      this.beat.setAttribute('aria-valuenow', String(Math.max(beat, 1)));
      this.beat.setAttribute('aria-valuetext', text);
    }
    if (phase !== null && !this.beatFrame) {
      this.beatFrame = nextFrame(() => {
        this.beatFrame = 0;
        this.drawBeat();
      });
    }
  }
}
