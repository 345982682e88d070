// <render-dialog>: the lab's "Render" dialog (render-model.js says what it asks and shows). What to render —
// "Selected pair" (its name beside it) or "Composition" (a select of the library's) — and the format, "WAV",
// "FLAC" or "MP4" (with a "Size" and a "Frame rate"); "Start" asks the server (POST /api/renders), and the
// dialog then follows that render: a progress bar ("Render progress") and a status line ("Mixing… 40%",
// "Drawing the light… 70%", "Done", "Failed: …", "Cancelled"), "Cancel" while it is to finish, a "Download"
// link once done. "Close" (or Escape) closes the dialog; the render goes on, and opening the dialog again shows
// it as the server has it now (GET /api/renders/ID). The records of a render come in whatever order — the
// POST's answer (waiting) may reach the page after /live told it done — and the dialog never goes back to older
// news (render-model.js RenderFollower). /live's news may also be lost (the socket down, or messages dropped for
// a slow page), so while its render is to finish the dialog reads it again when the POST's answer comes and
// whenever /live connects again.
//
// The page sets `sender` (shared/sender.js) and `choices` (`{ pair, pairName, compositions, composition }`:
// the selected pair, its name, the library's compositions and the one chosen in the header), calls `open()`,
// hands every `{"type": "render", "render": R}` heard on /live to `hear(R)`, and calls `connected()` whenever
// /live connects.

import { h, uid } from '../../shared/dom.js';
import { adoptStyleSheet, loadStyleSheet } from '../../shared/style-sheets.js';
import {
  FORMATS, FRAME_RATES, SIZES, VIDEO_LIMITS, RenderFollower, activeRender, renderRequest, renderStatus, sizeText,
} from './render-model.js';

/** The dialog's look (render-dialog.css): read once, adopted by its shadow root. */
const DIALOG_STYLE = await loadStyleSheet(new URL('./render-dialog.css', import.meta.url));

/** The size the video select starts on. */
const DEFAULT_SIZE = sizeText(SIZES[1]);

/** The Render dialog: what to render, how, and the render it follows. */
class RenderDialog extends HTMLElement {
  sender = null;
  #choices = { pair: null, pairName: null, compositions: [], composition: null };
  #follower = new RenderFollower();  // the render followed, whatever order its records arrive in
  #touched = false;        // whether the performer chose what to render (else it follows the header)
  #ui = {};
  #dialog;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    adoptStyleSheet(root, DIALOG_STYLE);
    const ui = this.#ui;
    const heading = uid('render-title');
    const radio = (name, value, label) => h('label', { className: 'choice' }, h('input', { type: 'radio', name, value }), ` ${label}`);
    ui.pair = radio('what', 'pair', 'Selected pair');
    ui.pairName = h('span', { className: 'pair-name' });
    ui.composition = radio('what', 'composition', 'Composition');
    ui.compositions = h('select', { 'aria-label': 'Which composition' });
    ui.formats = FORMATS.map((format) => radio('format', format.value, format.label));
    ui.size = h('select', {},
      ...SIZES.map((size) => new Option(sizeText(size), sizeText(size))), new Option('Custom…', 'custom'));
    ui.width = h('input', { type: 'number', min: String(VIDEO_LIMITS.width[0]), max: String(VIDEO_LIMITS.width[1]), step: '2', value: '1920', className: 'number' });
    ui.height = h('input', { type: 'number', min: String(VIDEO_LIMITS.height[0]), max: String(VIDEO_LIMITS.height[1]), step: '2', value: '1080', className: 'number' });
    ui.custom = h('span', { className: 'custom', hidden: true },
      h('label', {}, 'Width ', ui.width), h('label', {}, 'Height ', ui.height));
    ui.fps = h('select', {}, ...FRAME_RATES.map((fps) => new Option(`${fps} fps`, String(fps))));
    ui.video = h('fieldset', { className: 'video' }, h('legend', {}, 'Video'),
      h('label', {}, 'Size ', ui.size), ui.custom, h('label', {}, 'Frame rate ', ui.fps));
    ui.progress = h('progress', { max: '1', 'aria-label': 'Render progress' });
    ui.name = h('p', { className: 'render-name' });
    ui.status = h('p', { className: 'status', role: 'status' });
    ui.download = h('a', { className: 'download', hidden: true }, 'Download');
    ui.start = h('button', { type: 'button', className: 'primary', onclick: () => this.#start() }, 'Start');
    ui.cancel = h('button', { type: 'button', hidden: true, onclick: () => this.#cancel() }, 'Cancel');
    ui.close = h('button', { type: 'button', onclick: () => this.#dialog.close() }, 'Close');
    ui.run = h('div', { className: 'run', hidden: true }, ui.name, ui.progress, ui.status, ui.download);
    ui.problem = h('p', { className: 'problem', role: 'alert' });
    this.#dialog = h('dialog', { 'aria-labelledby': heading },
      h('h2', { id: heading }, 'Render'),
      h('fieldset', {}, h('legend', {}, 'What'), h('div', { className: 'line' }, ui.pair, ui.pairName), h('div', { className: 'line' }, ui.composition, ui.compositions)),
      h('fieldset', { className: 'formats' }, h('legend', {}, 'Format'), ...ui.formats),
      ui.video, ui.run, ui.problem,
      h('div', { className: 'buttons' }, ui.start, ui.cancel, ui.close));
    root.append(this.#dialog);
    this.#radio('format', 'wav').checked = true;
    ui.size.value = DEFAULT_SIZE;
    ui.fps.value = '30';
    this.#dialog.addEventListener('change', (event) => {
      if (event.target.name === 'what') this.#touched = true;
      if (event.target === ui.compositions) {
        this.#touched = true;
        this.#radio('what', 'composition').checked = true;
      }
      this.#showForm();
    });
  }

  /** What may be rendered: `{ pair, pairName, compositions, composition }` (see above). */
  set choices(choices) {
    this.#choices = { ...this.#choices, ...choices };
    const { compositions, composition } = this.#choices;
    const kept = this.#ui.compositions.value;
    this.#ui.compositions.replaceChildren(...(compositions ?? []).map((one) => new Option(one.name, String(one.id))));
    // The header's composition, until the performer chooses here.
    const wanted = !this.#touched && composition !== null && composition !== undefined ? String(composition) : kept;
    if ([...this.#ui.compositions.options].some((option) => option.value === wanted)) this.#ui.compositions.value = wanted;
    this.#showForm();
  }

  /** Opens the dialog, showing the render it follows as the server has it now (or one running, found). */
  async open() {
    if (!this.#dialog.open) this.#dialog.showModal();
    this.#showForm();
    this.#showRender();
    if (!this.sender) return;
    const following = this.#follower.render;
    const answer = following
      ? await this.sender.request('GET', `/api/renders/${following.id}`, undefined, { quiet: true })
      : await this.sender.request('GET', '/api/renders', undefined, { quiet: true });
    if (!answer.ok) return;
    if (following) this.hear(answer.data?.render);
    else if (!this.#follower.render) this.hear(activeRender(answer.data));
  }

  /**
   * A render's record heard on /live (or answered): the dialog follows it when it is the render it shows (or
   * the one its Start is waiting to hear of), unless it is older news than a record of it already heard.
   */
  hear(record) {
    if (this.#follower.hear(record)) this.#showRender();
  }

  /** /live connected (again): what it said while it was down was not heard, so the render is read again. */
  connected() {
    this.#reread();
  }

  /** Reads the render followed again (GET /api/renders/ID) when RenderFollower says news of it may be missed. */
  async #reread() {
    const id = this.#follower.worthRereading();
    if (id === null || !this.sender) return;
    const answer = await this.sender.request('GET', `/api/renders/${id}`, undefined, { quiet: true });
    if (answer.ok) this.hear(answer.data?.render);
  }

  #radio(name, value) {
    return this.#dialog.querySelector(`input[name="${name}"][value="${value}"]`);
  }

  #checked(name) {
    return this.#dialog.querySelector(`input[name="${name}"]:checked`)?.value ?? null;
  }

  /** What the form asks now (render-model.js renderRequest's choice). */
  #choice() {
    const ui = this.#ui;
    return {
      what: this.#checked('what'), pair: this.#choices.pair, composition: ui.compositions.value, format: this.#checked('format'),
      size: ui.size.value, width: ui.width.value, height: ui.height.value, fps: ui.fps.value,
    };
  }

  #showForm() {
    const ui = this.#ui;
    const { pair, pairName, compositions, composition } = this.#choices;
    if (!this.#touched || !this.#checked('what')) {
      const header = composition !== null && composition !== undefined;
      this.#radio('what', header ? 'composition' : 'pair').checked = true;
    }
    ui.pairName.textContent = pairName ?? '(none selected)';
    ui.pair.querySelector('input').disabled = !pair;
    ui.composition.querySelector('input').disabled = ui.compositions.disabled = !(compositions?.length > 0);
    ui.video.hidden = this.#checked('format') !== 'mp4';
    ui.custom.hidden = ui.size.value !== 'custom';
    ui.start.disabled = this.#follower.starting || renderStatus(this.#follower.render).running;
  }

  #showRender() {
    const ui = this.#ui;
    const render = this.#follower.render;
    const status = renderStatus(render);
    ui.run.hidden = render === null;
    if (status.value === null) ui.progress.removeAttribute('value');
    else ui.progress.value = status.value;
    ui.progress.setAttribute('aria-valuetext', status.text);
    ui.name.textContent = render ? `${render.name} (${render.format.toUpperCase()})` : '';
    ui.status.textContent = status.text;
    ui.status.classList.toggle('failed', render?.state === 'failed');
    ui.download.hidden = !status.download;
    if (status.download) {
      ui.download.href = status.download;
      ui.download.download = status.file;
    } else {
      ui.download.removeAttribute('href');
    }
    ui.cancel.hidden = !status.running;
    ui.start.disabled = this.#follower.starting || status.running;
  }

  /** Said under the form, until the next Start: a request refused here or by the server. */
  #problem(line) {
    this.#ui.problem.textContent = line;
  }

  async #start() {
    this.#problem('');
    const asked = renderRequest(this.#choice(), this.#choices.compositions);
    if (asked.reason) {
      this.#problem(asked.reason);
      return;
    }
    if (!this.sender) return;
    // Records of the new render may come on /live before the answer does (it may even be done by then).
    this.#follower.start();
    this.#ui.start.disabled = true;
    const answer = await this.sender.request('POST', '/api/renders', asked.body, { quiet: true });
    if (!answer.ok) {
      this.#follower.refused();
      this.#showRender();
      this.#problem(`Could not start the render: ${answer.error}`);
      return;
    }
    this.#follower.started(answer.data?.render);  // a new render: followed from now on, as its newest record says
    this.#showRender();
    if (!this.#follower.render) this.#problem('The server started a render but did not say which');
    this.#reread();  // it may have moved on, unheard, while the answer travelled
  }

  async #cancel() {
    const render = this.#follower.render;
    if (!render || !this.sender) return;
    this.#problem('');
    this.#ui.cancel.disabled = true;
    const answer = await this.sender.request('POST', `/api/renders/${render.id}/cancel`, undefined, { quiet: true });
    this.#ui.cancel.disabled = false;
    if (answer.ok) this.hear(answer.data?.render);
    else this.#problem(`Could not cancel the render: ${answer.error}`);
  }
}

customElements.define('render-dialog', RenderDialog);
