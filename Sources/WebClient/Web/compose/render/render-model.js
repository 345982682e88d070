// What the lab's Render dialog (render-dialog.js) asks and shows: the request POST /api/renders takes for
// what the performer chose (the selected pair or a composition; WAV, FLAC, MP4 with a size and a frame rate,
// or the DMX its light sends the fixtures, as CSV), a render's record (R, as the server sends it on /live and answers it) read defensively, what its
// status line and progress bar say, and which record the dialog follows when several arrive, in whatever
// order (RenderFollower: a record never replaces a newer one), and when to ask the server for it again, lest
// its end be missed. No DOM.

import { capitalized } from '../../shared/text-rule.js';

/** The formats a render is made in, as the server names them and as the dialog shows them. */
export const FORMATS = Object.freeze([
  { value: 'wav', label: 'WAV' }, { value: 'flac', label: 'FLAC' }, { value: 'mp4', label: 'MP4' },
  { value: 'csv', label: 'DMX (CSV)' },
]);
/** The video sizes offered (CSS: "1920×1080"); "custom" gives width and height fields. */
export const SIZES = Object.freeze([
  { width: 1280, height: 720 }, { width: 1920, height: 1080 }, { width: 3840, height: 2160 },
]);
/** The frame rates offered, frames a second. */
export const FRAME_RATES = Object.freeze([24, 25, 30, 50, 60]);
/** What the server takes for a video (docs: even, 16…7680 × 16…4320; 1…120 frames a second). */
export const VIDEO_LIMITS = Object.freeze({ width: [16, 7680], height: [16, 4320], fps: [1, 120] });
/** The server's refusals of a video's size and of its frame rate (RenderRoutes.Body), word for word. */
export const VIDEO_REFUSALS = Object.freeze({
  size: 'a video has an even "width" (16…7680) and "height" (16…4320)',
  fps: 'a video has "fps", 1…120 frames a second',
});

const within = (value, [low, high]) => Number.isSafeInteger(value) && value >= low && value <= high;

/**
 * The video POST /api/renders makes of `width`, `height` (pixels) and `fps` (frames a second), as the server
 * checks them: `{ video }`, or `{ error }` in the server's words — a size that is not even and within
 * VIDEO_LIMITS, then a frame rate that is not. Held with the server to Tests/fixtures/twin-rules/render-request.json.
 */
export function checkedVideo({ width, height, fps } = {}) {
  if (!(within(width, VIDEO_LIMITS.width) && within(height, VIDEO_LIMITS.height) && width % 2 === 0 && height % 2 === 0)) {
    return { error: VIDEO_REFUSALS.size };
  }
  if (!within(fps, VIDEO_LIMITS.fps)) return { error: VIDEO_REFUSALS.fps };
  return { video: { width, height, fps } };
}

/** A size as the size select shows it and names its option: "1920×1080". */
export const sizeText = ({ width, height }) => `${width}×${height}`;

/** The states a render passes through; the last three are its end. */
export const STATES = Object.freeze(['waiting', 'running', 'done', 'failed', 'cancelled']);
const ENDED = new Set(['done', 'failed', 'cancelled']);

/** The whole number written in `text` (digits only, at most six), or null. */
function whole(text) {
  const trimmed = String(text ?? '').trim();
  return /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * The body of POST /api/renders for `choice` — `{ what: 'pair'|'composition', pair, composition, format,
 * size, width, height, fps }`: `pair` `{ part, voice }`, `composition` an id, `format` 'wav'|'flac'|'mp4'|'csv' (the
 * DMX the light sends the library's fixtures),
 * `size` "1920×1080" or "custom" (then `width`, `height` as typed), `fps` as the select gives it — with the
 * compositions the library has (`compositions`, to check the id). `{ body }` or `{ reason }`, one line (a
 * video's size or frame rate refused in the server's words: checkedVideo).
 */
export function renderRequest(choice, compositions = []) {
  const body = {};
  if (choice?.what === 'composition') {
    const id = Number(choice.composition);
    if (!(Array.isArray(compositions) && compositions.some((one) => one?.id === id))) return { reason: 'Choose a composition to render' };
    body.composition = id;
  } else if (choice?.what === 'pair') {
    const { part, voice } = choice.pair ?? {};
    if (!Number.isSafeInteger(part) || !Number.isSafeInteger(voice)) return { reason: 'Select a part and a voice to render' };
    Object.assign(body, { part, voice });
  } else {
    return { reason: 'Choose what to render: the selected pair or a composition' };
  }
  const format = FORMATS.find((one) => one.value === choice.format)?.value;
  if (!format) return { reason: 'Choose a format: WAV, FLAC, MP4 or DMX (CSV)' };
  body.format = format;
  if (format !== 'mp4') return { body };
  let size = SIZES.find((one) => sizeText(one) === choice.size);
  if (!size && choice.size === 'custom') size = { width: whole(choice.width), height: whole(choice.height) };
  if (!size) return { reason: 'Choose a size for the video' };
  const checked = checkedVideo({ ...size, fps: whole(choice.fps) });
  if (checked.error) return { reason: capitalized(checked.error) };
  return { body: { ...body, ...checked.video } };
}

/**
 * A render's record as the server sends it, read defensively: `{ id, name, format, state, stage, progress,
 * error, file, download }` with `progress` within 0…1 (0 when it is not a number), `download` only an address
 * of this server's renders (never another site's, nor a script), strings cut to a line. Null when it is not a
 * render at all (no whole id).
 */
export function readRender(record) {
  if (!record || typeof record !== 'object' || !Number.isSafeInteger(record.id) || record.id < 0) return null;
  const text = (value, longest = 200) => (typeof value === 'string' ? value.split(/\r?\n/)[0].slice(0, longest) : null);
  const progress = Number(record.progress);
  const download = typeof record.download === 'string' && /^\/api\/renders\/[^/?#\s]+\/file$/.test(record.download) ? record.download : null;
  return {
    id: record.id,
    name: text(record.name) ?? `Render ${record.id}`,
    format: text(record.format, 10) ?? '',
    state: text(record.state, 20) ?? 'unknown',
    stage: text(record.stage, 20),
    progress: Number.isFinite(progress) ? Math.min(Math.max(progress, 0), 1) : 0,
    error: text(record.error, 240),
    file: text(record.file),
    download,
  };
}

/** Words for a stage of a running render. */
const STAGES = { mix: 'Mixing', video: 'Drawing the light', dmx: 'Writing the DMX' };

/**
 * What the dialog shows of a render (readRender's, or null for none): `{ text, value, running, ended,
 * download, file }` — the status line ("Mixing… 40%", "Drawing the light… 70%", "Done", "Failed: …",
 * "Cancelled"), the progress bar's value (0…1, or null: no bar value, as while waiting), whether it is still
 * to finish (Cancel applies), whether it ended, and the address to fetch the file from once done.
 */
export function renderStatus(render) {
  if (!render) return { text: '', value: null, running: false, ended: false, download: null, file: null };
  const percent = `${Math.floor(render.progress * 100 + 1e-6)}%`;  // 0.29 is 29%, not 28
  const base = { value: null, running: false, ended: ENDED.has(render.state), download: null, file: null };
  switch (render.state) {
    case 'waiting':
      return { ...base, text: 'Waiting for the render before it…', running: true };
    case 'running':
      return { ...base, text: `${STAGES[render.stage] ?? 'Rendering'}… ${percent}`, value: render.progress, running: true };
    case 'done':
      return render.download
        ? { ...base, text: 'Done', value: 1, download: render.download, file: render.file ?? `${render.name}.${render.format}` }
        : { ...base, text: 'Done, but the server gave no file to download', value: 1 };
    case 'failed':
      return { ...base, text: `Failed: ${render.error ?? 'the server did not say why'}`, value: render.progress };
    case 'cancelled':
      return { ...base, text: 'Cancelled', value: render.progress };
    default:
      return { ...base, text: `The render is “${render.state}”, which this lab does not know`, ended: true };
  }
}

/** The stages of a running render, in the order it passes through them. */
const STAGE_ORDER = ['mix', 'video', 'dmx'];

/**
 * Where a render's record stands in its life, as a list compared item by item: its state (waiting 0, running 1,
 * ended 2 — done, failed, cancelled, or a state this lab does not know, which renderStatus counts as an end),
 * and, while it runs, its stage (mixing before drawing the light) and the progress made in it.
 */
function lifeRank(render) {
  const state = render.state === 'waiting' ? 0 : render.state === 'running' ? 1 : 2;
  if (state !== 1) return [state, 0, 0];
  return [state, Math.max(STAGE_ORDER.indexOf(render.stage), 0), render.progress];
}

/**
 * The newer of two records of one render (readRender's): `incoming`, unless it is older news than `held` —
 * a record never replaces a newer one, whichever arrives first: waiting < running < ended, and while it runs,
 * mixing < drawing the light, less progress < more. Of two records as new, the one that came last. A null
 * leaves the other; a record of another render is not older news of this one (then `incoming`).
 */
export function newerRender(held, incoming) {
  if (!held || !incoming || held.id !== incoming.id) return incoming ?? held ?? null;
  const [a, b] = [lifeRank(held), lifeRank(incoming)];
  for (let i = 0; i < a.length; i += 1) {
    if (a[i] !== b[i]) return b[i] > a[i] ? incoming : held;
  }
  return incoming;
}

/**
 * The render the dialog shows once `incoming` (readRender's) arrives, given the one it shows (`current`):
 * the dialog follows one render — the one it started; following none, the first it hears of (or finds still
 * to finish when it opens). A record of another render leaves it as it was; a record of the same render
 * replaces it unless it is older news (newerRender).
 */
export function followRender(current, incoming) {
  if (!incoming) return current;
  if (!current) return incoming;
  if (incoming.id !== current.id) return current;
  return newerRender(current, incoming);
}

/**
 * The dialog's render, as records of it arrive in whatever order: on /live, in the answer of the POST that
 * started it, of a GET, of a cancel. The render may be done before the POST's answer (a waiting record)
 * reaches the page, so while a Start waits for its answer the newest record heard of every render is kept,
 * and the answer is followed as the newest of them says.
 */
export class RenderFollower {
  /** The render followed (readRender's), or null. */
  render = null;
  #heard = null;  // while a Start waits for its answer: Map id → the newest record heard of that render

  /** Whether a Start waits for its answer. */
  get starting() { return this.#heard !== null; }

  /** A Start was asked (POST /api/renders sent): records heard from now on are kept until its answer. */
  start() { this.#heard = new Map(); }

  /** A render's record as the server sends it, heard or answered; true when the render followed changed. */
  hear(record) {
    const render = readRender(record);
    if (render && this.#heard) this.#heard.set(render.id, newerRender(this.#heard.get(render.id), render));
    return this.#become(followRender(this.render, render));
  }

  /**
   * The POST's answer came (its render's record, as the server sends it): that render is followed from now
   * on, whatever was before, as the newest record of it heard says; none when the answer names no render.
   * True when the render followed changed.
   */
  started(record) {
    const answered = readRender(record);
    const heard = this.#heard;
    this.#heard = null;
    return this.#become(answered && newerRender(heard?.get(answered.id), answered));
  }

  /** The POST was refused or not answered: the dialog goes on following what it followed. */
  refused() { this.#heard = null; }

  /**
   * The id of the render to read again (GET /api/renders/ID), or null: the render followed, while it is still
   * to finish, for news of it may have been missed — it moved on while the POST's answer travelled, or /live
   * was down or dropped messages for a page slow to read them. Asked when the answer comes and whenever /live
   * connects again; the answer is heard like any record, so it never replaces newer news.
   */
  worthRereading() {
    return renderStatus(this.render).running ? this.render.id : null;
  }

  #become(render) {
    if (render === this.render) return false;
    this.render = render;
    return true;
  }
}

/** The render to show when the dialog opens with none: the newest still waiting or running of GET /api/renders's. */
export function activeRender(answer) {
  const renders = Array.isArray(answer?.renders) ? answer.renders : [];
  for (const record of renders) {
    const render = readRender(record);
    if (render && (render.state === 'waiting' || render.state === 'running')) return render;
  }
  return null;
}
