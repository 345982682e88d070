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
// - Link: "Link" and "Quantum", the session and its beat ("Link beat"), and what went wrong with it
//   (listening-link.js).
// - "Clock from": the MIDI input whose clock sets the tempo (listening-clock.js).

import { ConsolePanel, element } from '../panel-kit/console-panel.js';
import { LatestFetch } from '../console-store.js';
import {
  ARIA_MILLISECONDS, HEARD_STALE_MILLISECONDS, METERS, ONSET_FLASH_MILLISECONDS, ONSET_GAP_RANGE, Throttle, isCurrent, meterText,
  meterValue, onsetGapFromMilliseconds, onsetSince, soundResponse, soundResponseIntent, tempoText,
} from './listening-model.js';
import { parseListening, shownProblem, sourceChoices, sourceRequest } from './listening-sources.js';
import { MidiClockSection } from './listening-clock.js';
import { LinkSection } from './listening-link.js';
import { nextFrame, uid } from '../../shared/dom.js';
import { apiPaths } from '../../shared/sender.js';

/** How often the sound inputs are read again while the panel shows, in milliseconds. */
const SOURCES_MILLISECONDS = 5000;
/** How long after a control is worked the engine's value is shown again (a refusal puts it back). */
const RESYNC_MILLISECONDS = 700;

const clock = () => performance.now();
/** The engine's gap between onset releases, in milliseconds as the field shows it ('' when it says none). */
const gapText = (response) => (response?.onsetGap === undefined ? '' : String(Math.round(response.onsetGap * 1000)));

/** The listening panel: what is heard and how the performance answers it (the file's header says what it holds). */
class ListeningPanel extends ConsolePanel {
  build() {
    this.listening = null;
    this.choicesShown = '';
    this.heardFrame = 0;
    this.staleTimer = 0;
    this.pollTimer = 0;
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
    this.linkSection = new LinkSection(this);
    this.append(element('div', { class: 'listening-layout' },
      element('h2', { class: 'visually-hidden' }, 'Listening'),
      this.buildSource(),
      this.problem,
      this.buildHeard(),
      this.buildResponse(),
      this.linkSection.element,
      this.midiClock.element,
      this.status));
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

  disconnectedCallback() {
    super.disconnectedCallback();
    this.midiClock.stop();
    this.stopPolling();
    clearTimeout(this.staleTimer);
    this.linkSection?.stop();
  }

  shownChanged(shown) {
    if (shown) {
      this.midiClock.start(this.store, this.sender);
      this.midiClock.drawChoices();
      this.seenOnsets = this.store?.heard?.onsets ?? null;  // no flash for onsets heard while hidden
      this.sourcesFetch.request();
      this.startPolling();
      this.drawHeard();
      this.linkSection?.draw();
    } else {
      this.stopPolling();
    }
  }

  update(what) {
    if (this.shown && !this.midiClock.started) this.midiClock.start(this.store, this.sender);
    if (what.has('heard')) this.scheduleHeard();
    if (what.has('link') || what.has('connection')) this.linkSection?.draw();
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
}

if (!customElements.get('ip-listening-panel')) customElements.define('ip-listening-panel', ListeningPanel);

export { ListeningPanel };
