// <ip-listening-panel>: the listening panel — what the instrument hears and how it answers (docs/live-protocol.md):
//
// - "Listen to": the sound input — the default one, nothing, or a device (GET /api/listening, chosen with
//   POST); a file given when the server started shows but cannot be chosen. Why nothing is heard, when the
//   server says (in that answer, or in the heard messages), below it. The choices are read when the panel
//   shows, on every connection and every five seconds while it shows (a device plugged in appears).
// - Five meters (`role="meter"`: Level, with the peak as a tick, and the bands Low, Low-mid, High-mid,
//   High), the onset lamp ("Onset": it flashes at each onset, the count so far in it) and the tempo heard,
//   from the store's `heard` (listening-model.js), drawn at most once an animation frame while the panel
//   shows; what is older than HEARD_STALE_MILLISECONDS shows as silence. Their accessible values are told at
//   most four times a second.
// - "Tempo follows sound", "Onsets release chord" and "Onset gap (ms)" (the least time between two onsets'
//   releases, each retriggering the last): the engine's `soundResponse`, changed with the `soundResponse` intent.
// - Link: "Link" joins or leaves an Ableton Link session, "Quantum" sets its quantum (the `link` request,
//   link-model.js); the peers, the session's tempo and the beat within the quantum ("Link beat": a dot a
//   beat — at most sixteen, each several beats of a longer quantum — carried forward between the server's
//   messages); what went wrong with it (the session started and nothing could play), below them.
// - "Clock from": the MIDI input whose clock sets the tempo (listening-clock.js).

import { ConsolePanel, element } from '../console-panel.js';
import { LatestFetch } from '../console-store.js';
import {
  ARIA_MILLISECONDS, HEARD_STALE_MILLISECONDS, METERS, ONSET_FLASH_MILLISECONDS, ONSET_GAP_RANGE, Throttle, isCurrent, meterText,
  meterValue, onsetGapFromMilliseconds, onsetSince, soundResponse, soundResponseIntent, tempoText,
} from './listening-model.js';
import { parseListening, shownProblem, sourceChoices, sourceRequest } from './listening-sources.js';
import {
  DEFAULT_QUANTUM, QUANTUM_RANGE, beatDot, beatDotCount, linkIntent, linkProblem, linkText, phaseAt, readQuantum,
} from './link-model.js';
import { MidiClockSection } from './listening-clock.js';
import { uid } from '../../shared/dom.js';
import { apiPaths } from '../../shared/sender.js';

/** How often the sound inputs are read again while the panel shows, in milliseconds. */
const SOURCES_MILLISECONDS = 5000;
/** How long after a control is worked the engine's value is shown again (a refusal puts it back). */
const RESYNC_MILLISECONDS = 700;

const nextFrame = (fn) => (typeof requestAnimationFrame === 'function' ? requestAnimationFrame(fn) : setTimeout(fn, 16));
const clock = () => performance.now();
/** The engine's gap between onset releases, in milliseconds as the field shows it ('' when it says none). */
const gapText = (response) => (response?.onsetGap === undefined ? '' : String(Math.round(response.onsetGap * 1000)));

class ListeningPanel extends ConsolePanel {
  build() {
    this.listening = null;
    this.choicesShown = '';
    this.heardFrame = 0;
    this.staleTimer = 0;
    this.pollTimer = 0;
    this.beatFrame = 0;
    this.litDot = -2;
    this.seenOnsets = null;
    this.lastCount = 0;
    this.ariaThrottle = new Throttle(ARIA_MILLISECONDS);
    this.sourcesFetch = new LatestFetch(
      () => this.sender.api('GET', apiPaths.listening),
      (answer) => this.showSources(parseListening(answer)),
      (error) => {
        this.readFailed = true;
        this.showStatus(error?.status === 404
          ? 'This server does not listen to sound.'
          : `The sound inputs cannot be read: ${error?.message ?? error}`, true);
      },
    );
    this.status = element('p', { class: 'listening-status', role: 'status' });
    this.midiClock = new MidiClockSection(() => this.shown);
    this.append(element('div', { class: 'listening-layout' },
      element('h2', { class: 'visually-hidden' }, 'Listening'),
      this.buildSource(),
      this.problem,
      this.buildHeard(),
      this.buildResponse(),
      this.buildLink(),
      this.midiClock.element,
      this.status));
    this.drawBeatDots(DEFAULT_QUANTUM);
  }

  /** "Listen to" and, below it, why nothing is heard. */
  buildSource() {
    const sourceId = uid('listen-to');
    this.sourceSelect = element('select', { id: sourceId, class: 'listening-select', onchange: () => this.chooseSource() });
    this.problem = element('p', { class: 'listening-problem', hidden: true });
    return element('div', { class: 'listening-source' }, element('label', { for: sourceId }, 'Listen to'), this.sourceSelect);
  }

  /** What is heard: the meters, the onset lamp and the tempo heard. */
  buildHeard() {
    this.meters = METERS.map((meter) => {
      const fill = element('span', { class: 'listening-meter-fill' });
      const peak = meter.key === 'level' ? element('span', { class: 'listening-meter-peak' }) : null;
      const bar = element('div', {
        class: 'listening-meter', role: 'meter', 'aria-label': meter.label, 'aria-valuemin': '0', 'aria-valuemax': '1',
        'aria-valuenow': '0', 'aria-valuetext': meterText(0),
      }, fill, peak);
      const row = element('div', { class: 'listening-meter-row' }, element('span', { 'aria-hidden': 'true' }, meter.label), bar);
      return { meter, bar, fill, peak, row };
    });
    this.meterGroup = element('div', { class: 'listening-meters' }, this.meters.map(({ row }) => row));
    this.onsetLamp = element('output', { class: 'listening-onset', 'aria-label': 'Onset', 'aria-live': 'off' }, '0');
    const tempoId = uid('tempo-heard');
    this.tempoHeard = element('output', { class: 'listening-tempo', 'aria-labelledby': tempoId, 'aria-live': 'off' }, tempoText(null));
    return element('div', { class: 'listening-heard' },
      this.meterGroup,
      element('div', { class: 'listening-side' },
        this.onsetLamp,
        element('span', { class: 'listening-caption', id: tempoId }, 'Tempo heard'),
        this.tempoHeard));
  }

  /** How the performance answers: "Tempo follows sound" and "Onsets release chord". */
  buildResponse() {
    this.tempoFollows = element('input', { type: 'checkbox', disabled: true, onchange: () => this.setResponse({ tempoFollows: this.tempoFollows.checked }) });
    this.onsetsRelease = element('input', { type: 'checkbox', disabled: true, onchange: () => this.setResponse({ onsetsRelease: this.onsetsRelease.checked }) });
    this.onsetGap = element('input', {
      type: 'number', class: 'listening-gap', disabled: true, min: String(ONSET_GAP_RANGE[0] * 1000),
      max: String(ONSET_GAP_RANGE[1] * 1000), step: '10', inputmode: 'numeric', onchange: () => this.setOnsetGap(),
    });
    return element('div', { class: 'listening-response' },
      element('label', { class: 'listening-switch' }, this.tempoFollows, element('span', {}, 'Tempo follows sound')),
      element('label', { class: 'listening-switch' }, this.onsetsRelease, element('span', {}, 'Onsets release chord')),
      element('label', { class: 'listening-gap-label' }, element('span', {}, 'Onset gap (ms)'), this.onsetGap));
  }

  /** Link: the switch, the quantum, the beat within it, the session and what went wrong with it. */
  buildLink() {
    this.linkBox = element('input', { type: 'checkbox', onchange: () => this.setLink() });
    const quantumId = uid('quantum');
    this.quantum = element('input', {
      type: 'number', id: quantumId, class: 'listening-quantum', min: String(QUANTUM_RANGE[0]), max: String(QUANTUM_RANGE[1]),
      step: '1', inputmode: 'numeric', value: String(DEFAULT_QUANTUM),
      onchange: () => this.setQuantum(),
      oninput: () => { this.quantumEdited = true; },
      onblur: () => { this.quantumEdited = false; this.drawLink(); },
    });
    this.beat = element('div', {
      class: 'listening-beat', role: 'meter', 'aria-label': 'Link beat', 'aria-valuemin': '1',
      'aria-valuemax': String(DEFAULT_QUANTUM), 'aria-valuenow': '1', 'aria-valuetext': 'Link is off',
    });
    this.linkStatus = element('span', { class: 'listening-link-status' }, linkText(null));
    this.linkProblem = element('p', { class: 'listening-problem listening-link-problem', role: 'status', hidden: true });
    return element('div', { class: 'listening-link', role: 'group', 'aria-label': 'Ableton Link' },
      element('label', { class: 'listening-switch' }, this.linkBox, element('span', {}, 'Link')),
      element('label', { class: 'listening-quantum-label', for: quantumId }, 'Quantum'), this.quantum,
      this.beat,
      this.linkStatus,
      this.linkProblem);
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this.midiClock.stop();
    this.stopPolling();
    clearTimeout(this.staleTimer);
    if (this.beatFrame) cancelAnimationFrame(this.beatFrame);
    this.beatFrame = 0;
  }

  shownChanged(shown) {
    if (shown) {
      this.midiClock.start(this.store, this.sender);
      this.midiClock.drawChoices();
      this.seenOnsets = this.store?.heard?.onsets ?? null;  // no flash for onsets heard while hidden
      this.sourcesFetch.request();
      this.startPolling();
      this.drawHeard();
      this.drawLink();
    } else {
      this.stopPolling();
    }
  }

  update(what) {
    if (this.shown && !this.midiClock.started) this.midiClock.start(this.store, this.sender);
    if (what.has('heard')) this.scheduleHeard();
    if (what.has('link') || what.has('connection')) this.drawLink();
    if (what.has('listening') || what.has('snapshot') || what.has('connection')) this.drawResponse();
    if (what.has('connection') && this.store?.connected && this.shown) this.sourcesFetch.request();
  }

  showStatus(text, isError = false) {
    if (this.status.textContent !== text) this.status.textContent = text ?? '';
    this.status.classList.toggle('is-error', Boolean(isError) && Boolean(text));
  }

  // ---- the source

  startPolling() {
    if (this.pollTimer) return;
    this.pollTimer = setInterval(() => {
      if (this.shown && !document.hidden && document.activeElement !== this.sourceSelect) this.sourcesFetch.request();
    }, SOURCES_MILLISECONDS);
  }

  stopPolling() {
    clearInterval(this.pollTimer);
    this.pollTimer = 0;
  }

  /** What the server says is listened to, and the choices: the select is rebuilt only when they change. */
  showSources(listening) {
    if (!listening) return;
    this.listening = listening;
    const { options, value } = sourceChoices(listening);
    const signature = JSON.stringify([options, value]);
    if (signature !== this.choicesShown) {
      this.choicesShown = signature;
      this.sourceSelect.replaceChildren(...options.map((option) => element('option', { value: option.value, disabled: option.disabled }, option.label)));
      this.sourceSelect.value = value;
    }
    this.showProblem(shownProblem(listening));
    if (this.readFailed) this.showStatus('');
    this.readFailed = false;
  }

  /** Why nothing is heard (null: nothing wrong), as GET /api/listening or the newest heard message says. */
  showProblem(problem) {
    if (this.problem.textContent !== (problem ?? '')) this.problem.textContent = problem ?? '';
    this.problem.hidden = !problem;
  }

  async chooseSource() {
    const body = sourceRequest(this.sourceSelect.value);
    if (!body) return;
    this.sourceSelect.disabled = true;
    const answer = await this.request('POST', apiPaths.listening, body, { quiet: true });
    this.sourceSelect.disabled = false;
    this.readFailed = false;
    if (answer.ok) {
      this.showStatus('');
      this.choicesShown = '';
      this.showSources(parseListening(answer.data));
    } else {
      this.showStatus(`Not changed: ${answer.error}`, true);
      this.choicesShown = '';
      this.sourcesFetch.request();
    }
  }

  // ---- what is heard

  scheduleHeard() {
    if (this.heardFrame || !this.shown) return;
    this.heardFrame = nextFrame(() => {
      this.heardFrame = 0;
      this.drawHeard();
    });
  }

  drawHeard() {
    if (!this.shown || !this.store) return;
    const now = clock();
    const heard = isCurrent(this.store.heardAt, now) ? this.store.heard : null;
    const tell = this.ariaThrottle.ready(now) || !heard;
    for (const { meter, bar, fill, peak } of this.meters) {
      const value = meterValue(heard, meter);
      fill.style.transform = `scaleX(${value})`;
      if (peak) {
        peak.style.left = `${(heard?.peak ?? 0) * 100}%`;
        peak.hidden = !(heard?.peak > 0);
      }
      if (tell) {
        const text = meterText(value, heard?.gated === true);
        if (bar.getAttribute('aria-valuetext') !== text) {
          bar.setAttribute('aria-valuenow', String(Math.round(value * 100) / 100));
          bar.setAttribute('aria-valuetext', text);
        }
      }
    }
    this.meterGroup.toggleAttribute('data-gated', heard?.gated === true);
    if (heard && heard.problem !== undefined && this.listening?.source !== 'none') this.showProblem(heard.problem);
    if (heard && onsetSince(this.seenOnsets, heard)) this.flashOnset();
    if (heard) this.seenOnsets = heard.onsets;
    if (heard?.onsets !== null && heard?.onsets !== undefined) this.lastCount = heard.onsets;
    const count = String(this.lastCount);
    if (this.onsetLamp.textContent !== count) this.onsetLamp.textContent = count;
    const tempo = tempoText(heard?.tempo ?? null);
    if (this.tempoHeard.textContent !== tempo) this.tempoHeard.textContent = tempo;
    // Nothing more heard: shown as silence once it is old.
    clearTimeout(this.staleTimer);
    if (heard) this.staleTimer = setTimeout(() => this.drawHeard(), HEARD_STALE_MILLISECONDS + 20);
  }

  flashOnset() {
    this.onsetLamp.classList.add('is-lit');
    clearTimeout(this.onsetTimer);
    this.onsetTimer = setTimeout(() => this.onsetLamp.classList.remove('is-lit'), ONSET_FLASH_MILLISECONDS);
  }

  // ---- the response

  drawResponse() {
    clearTimeout(this.responseTimer);
    const response = soundResponse(this.state);
    for (const [box, key] of [[this.tempoFollows, 'tempoFollows'], [this.onsetsRelease, 'onsetsRelease']]) {
      box.disabled = response === null;
      box.checked = response?.[key] === true;
    }
    this.onsetGap.disabled = response === null || response.onsetGap === undefined;
    if (document.activeElement !== this.onsetGap) this.onsetGap.value = gapText(response);
  }

  /** The gap typed, sent when it is one (0…2000 ms); else the engine's shown again. */
  setOnsetGap() {
    const gap = onsetGapFromMilliseconds(this.onsetGap.value);
    if (gap === null) this.onsetGap.value = gapText(soundResponse(this.state));
    else this.setResponse({ onsetGap: gap });
  }

  /** Sends the change; the engine's answer shows when it comes, and its value after a while anyway (a refusal). */
  setResponse(change) {
    this.send(soundResponseIntent(this.state, change));
    clearTimeout(this.responseTimer);
    this.responseTimer = setTimeout(() => this.drawResponse(), RESYNC_MILLISECONDS);
  }

  // ---- Link

  get link() { return this.store?.link ?? null; }

  /** Link's controls keep what the performer set for a moment: messages said before it was heard do not undo it. */
  holdLink() {
    this.linkHeldUntil = clock() + RESYNC_MILLISECONDS;
    clearTimeout(this.linkTimer);
    this.linkTimer = setTimeout(() => this.drawLink(), RESYNC_MILLISECONDS + 20);
  }

  setLink() {
    this.send(linkIntent(this.linkBox.checked, readQuantum(this.quantum.value) ?? this.link?.quantum ?? DEFAULT_QUANTUM));
    this.holdLink();
  }

  setQuantum() {
    this.quantumEdited = false;
    const quantum = readQuantum(this.quantum.value);
    if (quantum === null) {
      this.showStatus(`The quantum is a whole number of beats, ${QUANTUM_RANGE[0]} to ${QUANTUM_RANGE[1]}.`, true);
    } else {
      this.showStatus('');
      this.send(linkIntent(this.link?.enabled === true, quantum));
    }
    this.holdLink();
  }

  drawLink() {
    if (!this.linkBox) return;
    const link = this.link;
    const held = clock() < (this.linkHeldUntil ?? 0);
    if (!held) this.linkBox.checked = link?.enabled === true;
    const quantum = link?.quantum ?? DEFAULT_QUANTUM;
    if (!held && !this.quantumEdited && document.activeElement !== this.quantum) this.quantum.value = String(quantum);
    const text = linkText(link);
    if (this.linkStatus.textContent !== text) this.linkStatus.textContent = text;
    this.linkStatus.classList.toggle('is-playing', link?.playing === true);
    const problem = linkProblem(link) ?? '';
    if (this.linkProblem.textContent !== problem) this.linkProblem.textContent = problem;
    this.linkProblem.hidden = problem === '';
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
    const phase = this.shown ? phaseAt(link, this.store?.linkAt, clock()) : null;
    const lit = beatDot(phase, link?.quantum);
    if (lit !== this.litDot) {
      this.litDot = lit;
      [...this.beat.children].forEach((dot, index) => dot.classList.toggle('is-lit', index === lit));
    }
    // Said as the beat within the quantum (a dot may stand for several beats of a long one).
    const beats = Math.max(1, Math.round(link?.quantum ?? DEFAULT_QUANTUM));
    const beat = phase === null ? 0 : Math.min(Math.floor(phase), beats - 1) + 1;
    const text = beat === 0 ? (link?.enabled ? 'No beat yet' : 'Link is off') : `Beat ${beat} of ${beats}`;
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

if (!customElements.get('ip-listening-panel')) customElements.define('ip-listening-panel', ListeningPanel);

export { ListeningPanel };
