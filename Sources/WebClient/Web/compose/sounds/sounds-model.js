// The composition lab's sounds as plain values (docs/composition.md, "The composition lab"): what the
// "Sounds" list shows of each — its length, the voices that play it, whether it may be deleted, its waveform
// miniature — which of the files a chooser or a drop holds are audio, the voice a file becomes, the upload's
// address, what a refusal says, and what "Preview" asks of the transport. No DOM here.

import { oneLine } from '../../shared/sender.js';
import { resolveKey } from '../tree-rows.js';

/** What the file chooser offers: any audio, and the files the library reads by their usual names. */
export const AUDIO_ACCEPT = 'audio/*,.wav,.flac,.aif,.aiff,.ogg,.oga,.mp3';

/** The names the library's sound files usually end in (it reads WAV, FLAC, AIFF, Ogg and MP3 by their content). */
export const AUDIO_EXTENSIONS = Object.freeze(['wav', 'wave', 'flac', 'aif', 'aiff', 'aifc', 'ogg', 'oga', 'mp3']);

/** The longest a name may be, in characters (the library's rule). */
const MAX_NAME_LENGTH = 200;

/** The longest a file's name is quoted in a message, in characters. */
const QUOTED_NAME_LENGTH = 80;

/** The most points a waveform miniature draws (the server sends 128). */
const MAX_PEAKS = 1024;

/** The addresses of the sounds' API (the music library's; docs/composition.md). */
export const soundPaths = Object.freeze({
  /**
   * Where a sound file is sent: a new sound and a new voice named after `name`, under voice `parent` (a
   * root voice without one) — or, with `replace`, the new sound of that voice. Ids that are not positive
   * whole numbers are left out.
   */
  upload({ name, parent = null, replace = null } = {}) {
    let path = `/api/music/sounds?name=${encodeURIComponent(String(name ?? ''))}`;
    if (isId(replace)) path += `&replace=${replace}`;
    else if (isId(parent)) path += `&parent=${parent}`;
    return path;
  },
  waveform: (id) => `/api/music/sounds/${encodeURIComponent(String(id))}/waveform`,
});

function isId(value) {
  return Number.isSafeInteger(value) && value > 0;
}

/** The extension of a file's name, lower case, without its dot ('' for none; a name that is only ".wav" has none). */
export function extensionOf(fileName) {
  const name = String(fileName ?? '');
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Whether a file (`{ name, type }`) is audio: its type says so, or its name ends as a sound file's does. */
export function isAudioFile(file) {
  const type = typeof file?.type === 'string' ? file.type.toLowerCase() : '';
  return type.startsWith('audio/') || AUDIO_EXTENSIONS.includes(extensionOf(file?.name));
}

/** The files of a list (a FileList, an array) split into those that are audio and the others, each in order. */
export function sortFiles(files) {
  const audio = [], other = [];
  for (const file of Array.from(files ?? [])) {
    if (file) (isAudioFile(file) ? audio : other).push(file);
  }
  return { audio, other };
}

/** Whether a drag carries files (its `dataTransfer.types`): only those are the sounds' to take. */
export function carriesFiles(types) {
  return Array.from(types ?? []).includes('Files');
}

/**
 * The name of the voice a file becomes, as the library gives it: the file's name without its extension,
 * trimmed, at most 200 characters. A name that is only an extension (".wav") stays as it is; an empty one
 * is "Sound".
 */
export function voiceNameOf(fileName) {
  const name = String(fileName ?? '').trim();
  const dot = name.lastIndexOf('.');
  const stem = (dot > 0 ? name.slice(0, dot) : name).trim();
  const chosen = stem === '' ? 'Sound' : stem;
  const characters = [...chosen];
  return characters.length > MAX_NAME_LENGTH ? characters.slice(0, MAX_NAME_LENGTH).join('') : chosen;
}

/** A file's name quoted for a message: one line, control characters as spaces, long names cut. */
export function quotedFileName(fileName) {
  const name = String(fileName ?? '').replace(/[\u0000-\u001f\u007f]+/g, ' ').trim() || 'the file';
  const characters = [...name];
  const short = characters.length > QUOTED_NAME_LENGTH ? `${characters.slice(0, QUOTED_NAME_LENGTH - 1).join('')}…` : name;
  return `“${short}”`;
}

/**
 * Why a file was not taken, in one line naming it: `error` is the server's refusal (or null for a file
 * that is not audio); `replacing` the name of the voice whose sound it was to replace.
 */
export function refusalLine(fileName, error, { replacing = null } = {}) {
  const file = quotedFileName(fileName);
  if (error === null || error === undefined) {
    return oneLine(`${file} is not a sound file (WAV, FLAC, AIFF, Ogg or MP3): left out`);
  }
  const why = oneLine(error) || 'the server refused it';
  return oneLine(replacing === null || replacing === undefined
    ? `${file} was not added: ${why}`
    : `${file} did not replace the sound of “${replacing}”: ${why}`);
}

/** A sound's length in seconds (its frames over its sample rate), or null when the record does not say. */
export function soundSeconds(sound) {
  const frames = Number(sound?.frameCount), rate = Number(sound?.sampleRate);
  if (!Number.isFinite(frames) || !Number.isFinite(rate) || frames < 0 || rate <= 0) return null;
  const seconds = frames / rate;
  return Number.isFinite(seconds) ? seconds : null;
}

/** Seconds as a length reads, to a tenth: "0:02.0", "12:05.3", "1:02:05.0"; "—" when unknown; past 100 hours "> 99 h". */
export function lengthText(seconds) {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '—';
  const tenths = Math.round(seconds * 10);
  if (tenths >= 100 * 3600 * 10) return '> 99 h';
  const hours = Math.floor(tenths / 36000);
  const minutes = Math.floor((tenths % 36000) / 600);
  const rest = ((tenths % 600) / 10).toFixed(1).padStart(4, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/**
 * The "Sounds" list: one row per sound of the library (GET /api/music's `library.sounds`), by name:
 * `{ id, name, seconds, length, voices, deletable }`. `voices` are the names of the voices that play it
 * (by name); a sound no voice plays is `deletable`. Records without a usable id are left out.
 */
export function soundRows(music) {
  const library = music?.library ?? {};
  const sounds = Array.isArray(library.sounds) ? library.sounds : [];
  const users = new Map();
  for (const voice of Array.isArray(library.voices) ? library.voices : []) {
    const sound = voice?.sound;
    if (sound === null || sound === undefined) continue;
    const name = textOr(voice.name, `Voice ${voice.id}`);
    users.set(sound, [...(users.get(sound) ?? []), name]);
  }
  const seen = new Set();
  const rows = [];
  for (const sound of sounds) {
    if (!isId(sound?.id) || seen.has(sound.id)) continue;
    seen.add(sound.id);
    const voices = (users.get(sound.id) ?? []).sort(byName);
    const seconds = soundSeconds(sound);
    rows.push({
      id: sound.id, name: textOr(sound.name, `Sound ${sound.id}`), seconds, length: lengthText(seconds), voices,
      deletable: voices.length === 0,
    });
  }
  return rows.sort((a, b) => byName(a.name, b.name) || a.id - b.id);
}

function textOr(value, fallback) {
  return typeof value === 'string' && value.trim() !== '' ? value : fallback;
}

function byName(a, b) {
  return a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });
}

/** Who plays a sound, in words: "Kick, Kick 2", or "No voice plays it". */
export function usersText(voices) {
  return voices?.length > 0 ? voices.join(', ') : 'No voice plays it';
}

/** Whether the transport is previewing sound `id` now (its status names the sound and plays). */
export function previewing(status, id) {
  return Boolean(status?.playing) && status.sound !== undefined && status.sound !== null && id !== null && id !== undefined
    && String(status.sound) === String(id);
}

/** What "Preview" of sound `id` asks of the transport: to stop when it previews that sound, else to preview it. */
export function previewRequest(status, id) {
  return previewing(status, id) ? { type: 'transport', action: 'stop' } : { type: 'transport', action: 'preview', sound: id };
}

/** The edit that deletes sound `id` (the library refuses it while a voice plays it). */
export function deleteSoundEdit(id) {
  return { type: 'deleteSound', sound: id };
}

/**
 * The voice a drop on the Voices tree's row `key` adds under (tree-rows.js keys: "26/34"), from GET
 * /api/music's answer; null when the key leads nowhere (the new voice is then a root).
 */
export function voiceOfRowKey(music, key) {
  if (key === null || key === undefined) return null;
  const nodes = new Map((Array.isArray(music?.library?.voices) ? music.library.voices : [])
    .filter((voice) => voice && voice.id !== undefined).map((voice) => [voice.id, voice]));
  const roots = Array.isArray(music?.rootVoices) ? music.rootVoices : [];
  return resolveKey({ nodes, roots }, key)?.id ?? null;
}

/**
 * A waveform miniature's outline (GET …/waveform's `peaks`, each 0…1) as an SVG path in a box `peaks.length`
 * wide and 2 high, mirrored about its middle: the loudest sample of each stretch up and down from y = 1.
 * Values that are not numbers count as silence, others are held to 0…1; more than MAX_PEAKS are folded
 * (each point the loudest of its share). An empty list is a flat line.
 */
export function waveformPath(peaks) {
  const values = foldPeaks(Array.isArray(peaks) ? peaks : []);
  if (values.length === 0) return 'M0,1H1';
  const round = (n) => Math.round(n * 1000) / 1000;
  const top = values.map((peak, index) => `${index},${round(1 - peak)}H${index + 1}`);
  const bottom = values.map((peak, index) => `${index + 1},${round(1 + peak)}H${index}`).reverse();
  return `M${top.join('L')}L${bottom.join('L')}Z`;
}

/** The miniature's width in its own units (the points waveformPath draws). */
export function waveformWidth(peaks) {
  return Math.max(1, foldPeaks(Array.isArray(peaks) ? peaks : []).length);
}

function foldPeaks(peaks) {
  const clean = peaks.map((peak) => (typeof peak === 'number' && Number.isFinite(peak) ? Math.min(1, Math.max(0, peak)) : 0));
  if (clean.length <= MAX_PEAKS) return clean;
  const folded = [];
  for (let point = 0; point < MAX_PEAKS; point += 1) {
    const from = Math.floor((point * clean.length) / MAX_PEAKS), to = Math.floor(((point + 1) * clean.length) / MAX_PEAKS);
    let loudest = 0;
    for (let index = from; index < to; index += 1) loudest = Math.max(loudest, clean[index]);
    folded.push(loudest);
  }
  return folded;
}
