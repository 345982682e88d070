// Sound files dropped on the composition lab: on a row of the Voices tree, each becomes a voice under that
// row's voice; anywhere else on the tree, on the editing plane or on the Sounds list, a root voice. While
// files are dragged over a place that takes them, a mark outlines where they would go and says so (styled
// by sound-drops.css). Only drags that carry files are the sounds'; the tree's own reordering (by a row's
// grip, with pointer events) is left alone. Files dropped anywhere else are refused, so that the browser
// never leaves the lab to open one.

import { h } from '../../shared/dom.js';
import { carriesFiles, voiceOfRowKey } from './sounds-model.js';

/** How long the mark stays after the last drag over its place, in ms (a drag that leaves says nothing reliable). */
const MARK_MS = 250;

/** The lab's drop places: `music()` is the library as the page holds it, `drop(files, parent)` sends them. */
export class SoundDrops {
  #label = h('span', { className: 'sound-drop-label' });
  #mark = h('div', { className: 'sound-drop-mark', 'aria-hidden': 'true', hidden: true }, this.#label);
  #timer = null;

  constructor({ music, drop, root = document }) {
    Object.assign(this, { music, drop });
    root.body.append(this.#mark);
    // Files let go where nothing takes them: refused, not opened by the browser.
    root.addEventListener('dragover', (event) => {
      if (event.defaultPrevented || !carriesFiles(event.dataTransfer?.types)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'none';
    });
    root.addEventListener('drop', (event) => {
      if (!event.defaultPrevented && carriesFiles(event.dataTransfer?.types)) event.preventDefault();
    });
  }

  /** The Voices tree (<music-tree kind="voice">): a row is its voice, the rest of the tree a root. */
  onVoiceTree(tree) {
    this.#accept(tree, (event) => {
      const row = event.composedPath().find((node) => node.getAttribute?.('role') === 'treeitem');
      const parent = row ? voiceOfRowKey(this.music(), row.dataset.key) : null;
      if (parent === null) return { parent: null, box: tree.getBoundingClientRect(), label: 'Add as new voices' };
      return { parent, box: row.getBoundingClientRect(), label: `Add under “${row.getAttribute('aria-label') ?? ''}”` };
    });
  }

  /** A place where dropped files become root voices. */
  onRootArea(element) {
    this.#accept(element, () => ({ parent: null, box: element.getBoundingClientRect(), label: 'Add as new voices' }));
  }

  #accept(element, place) {
    const over = (event) => {
      if (!carriesFiles(event.dataTransfer?.types)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
      this.#show(place(event));
    };
    element.addEventListener('dragenter', over);
    element.addEventListener('dragover', over);
    element.addEventListener('drop', (event) => {
      if (!carriesFiles(event.dataTransfer?.types)) return;
      event.preventDefault();
      this.#hide();
      const files = Array.from(event.dataTransfer.files ?? []);
      if (files.length > 0) this.drop(files, place(event).parent);
    });
  }

  #show({ box, label }) {
    const style = this.#mark.style;
    style.left = `${box.left}px`;
    style.top = `${box.top}px`;
    style.width = `${box.width}px`;
    style.height = `${box.height}px`;
    this.#label.textContent = label;
    this.#mark.hidden = false;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#hide(), MARK_MS);
  }

  #hide() {
    clearTimeout(this.#timer);
    this.#mark.hidden = true;
  }
}
