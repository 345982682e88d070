// Sound files sent to the music library, one after the other (POST /api/music/sounds, docs/composition.md):
// each a new sound and a new voice named after it — or, replacing, the new sound of a voice. After each
// answer the page takes the library it holds and selects the voice; a refused file is said in one line that
// names it, and the next file goes on. Requests go through the page's Sender (shared/sender.js), which sends
// the File as it is, with the page's pairing cookie. No DOM here: the page hands in what it does.

import { quotedFileName, refusalLine, sortFiles, soundPaths, voiceNameOf } from './sounds-model.js';

/** How many files not taken the summary names. */
const NAMED_REFUSALS = 3;

/** The page's uploads: `add(files, { parent, replace, audioOnly })` queues a batch; batches run in turn. */
export class SoundUploads {
  #queue = Promise.resolve();

  /**
   * `sender` (its `request`), `take(music)` the answer's library, `chosen(voice)` the voice to select,
   * `say(line)` a refusal for the performer, `progress(line)` how the batch goes ('' once it is over and
   * all went well), and `voiceName(id)` a voice's name (for what a refused replacement says).
   */
  constructor({ sender, take = () => {}, chosen = () => {}, say = () => {}, progress = () => {}, voiceName = () => null }) {
    Object.assign(this, { sender, take, chosen, say, progress, voiceName });
  }

  /**
   * Sends `files` (a FileList or an array of File) in turn: as new voices under voice `parent` (root voices
   * without one), or — `replace`, a voice id — the first as that voice's new sound. `audioOnly` (a drop)
   * leaves out, and says, the files that are not audio by their name or type; a file chosen in the file
   * chooser is sent whatever its name (the library reads the content). Resolves, once the batch is done, to
   * `{ added: [{ file, sound, voice }], refused: [{ file, error }], skipped: [file] }`.
   */
  add(files, { parent = null, replace = null, audioOnly = false } = {}) {
    const batch = this.#queue.then(() => this.#run(Array.from(files ?? []), { parent, replace, audioOnly }));
    this.#queue = batch.catch(() => {});
    return batch;
  }

  async #run(files, { parent, replace, audioOnly }) {
    const { audio, other } = audioOnly ? sortFiles(files) : { audio: files.filter(Boolean), other: [] };
    const sending = replace === null ? audio : audio.slice(0, 1);
    const result = { added: [], refused: [], skipped: other };
    for (const file of other) this.say(refusalLine(file.name, null));
    for (const [index, file] of sending.entries()) {
      this.progress(replace === null
        ? `Adding ${quotedFileName(file.name)}${sending.length > 1 ? ` (${index + 1} of ${sending.length})` : ''}…`
        : `Replacing the sound with ${quotedFileName(file.name)}…`);
      const answer = await this.sender.request('POST', soundPaths.upload({ name: file.name, parent, replace }), undefined, {
        bytes: file, contentType: 'application/octet-stream', quiet: true,
      });
      if (answer.ok) {
        this.take(answer.data);
        const voice = answer.data?.voice;
        if (voice !== undefined && voice !== null) this.chosen(voice);
        result.added.push({ file, sound: answer.data?.sound ?? null, voice: voice ?? null });
      } else {
        result.refused.push({ file, error: answer.error });
        this.say(refusalLine(file.name, answer.error, { replacing: replace === null ? null : this.voiceName(replace) ?? 'the voice' }));
      }
    }
    this.progress(summary(result, replace !== null));
    return result;
  }
}

/** How a batch went, in one line for the Sounds list's status ('' when there was nothing to send). */
export function summary({ added, refused, skipped }, replacing = false) {
  const tried = added.length + refused.length + skipped.length;
  if (tried === 0) return '';
  if (replacing) return added.length > 0 ? `The sound is now ${quotedFileName(added[0].file.name)}.` : 'The sound was not replaced.';
  const names = added.map(({ file }) => `“${voiceNameOf(file.name)}”`);
  const made = added.length === 0 ? 'No sound added'
    : added.length === 1 ? `Added ${names[0]}` : `Added ${added.length} sounds`;
  const left = [...refused.map(({ file }) => file), ...skipped];
  if (left.length === 0) return `${made}.`;
  const shown = left.slice(0, NAMED_REFUSALS).map((file) => quotedFileName(file.name));
  if (left.length > NAMED_REFUSALS) shown.push(`${left.length - NAMED_REFUSALS} more`);
  return `${made}; not taken: ${shown.join(', ')}.`;
}

