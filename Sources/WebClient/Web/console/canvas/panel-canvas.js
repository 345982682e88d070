// <ip-canvas-preview>: the canvas panel — the performance as the canvas page draws it (canvas-view.js,
// the same view), in the 16:9 box seed 000's canvasRect gives it. Taps and strokes on it release lumis
// there, at once. It draws only while it shows: hidden, it closes its socket and gives back its WebGL
// context (a new <canvas> is made when it shows again). What it has done is in `preview.status`, as the
// canvas page's is in `window.imagerCanvas`.

import { startCanvasView } from '../../view/canvas-view.js';
import { ConsolePanel, element } from '../panel-kit/console-panel.js';

class CanvasPreview extends ConsolePanel {
  build() {
    this.view = null;
    this.canvas = null;
    this.frame = element('div', { class: 'preview-frame' });
    this.append(this.frame);
  }

  /** What the view has done (framesDrawn, lastFrame, …), or null while it is not drawing. */
  get status() { return this.view?.status ?? null; }

  shownChanged(shown) {
    if (shown) this.start();
    else this.stop();
  }

  connectedCallback() {
    super.connectedCallback();
    if (this.shown) this.start();
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this.stop();
  }

  start() {
    if (this.view || !this.isConnected) return;
    this.canvas = element('canvas', {
      class: 'preview-canvas', role: 'img',
      'aria-label': 'The canvas as the audience sees it. A tap or a stroke on it releases lumis there.',
    });
    this.frame.replaceChildren(this.canvas);
    this.view = startCanvasView(this.canvas, { search: '', label: 'canvas preview' });
  }

  stop() {
    if (!this.view) return;
    this.view.stop();
    this.view = null;
    // Give the GPU context back now rather than when the element is collected: browsers keep only a few.
    this.canvas?.getContext('webgl2')?.getExtension('WEBGL_lose_context')?.loseContext();
    this.canvas = null;
  }
}

if (!customElements.get('ip-canvas-preview')) customElements.define('ip-canvas-preview', CanvasPreview);

export { CanvasPreview };
