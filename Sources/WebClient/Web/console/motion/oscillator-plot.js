// The motion panel's plot of the feature's oscillator (feature-oscillator.js): its waveform over two cycles
// from its phase — full scale faintly, at its depth brightly — and a dot where it is now, moving each
// animation frame while the oscillator moves and the panel shows. The arithmetic is the engine's
// (waveform-plot.js); what it says to a screen reader, plotDescription.

import { h } from '../../shared/dom.js';
import { sizedContext } from '../panel-kit/panel-base.js';
import { oscillatorCycles, plotDescription, sampleWaveform, waveformPolyline, wrappedUnit } from './waveform-plot.js';

/** How many cycles the plot shows. */
const CYCLES = 2;

/** The plot: `element` to place, `show(...)` after every change, `start()` and `stop()` for its frames. */
export class OscillatorPlot {
  /** `owner` (the panel) says whether it `isConnected` and `shown`. */
  constructor(owner) {
    this.owner = owner;
    this.frame = null;
    this.plotted = null;
    this.element = h('canvas', { className: 'plot', role: 'img', 'aria-label': 'The waveform' });
  }

  /** Shows feature `f`'s `oscillator` (null: none) at `tempo` (BPM). */
  show(f, oscillator, tempo) {
    this.plotted = { feature: f, oscillator, tempo };
    this.element.setAttribute('aria-label', plotDescription(f, oscillator));
    this.draw(performance.now());
  }

  /** Draws each animation frame while the oscillator moves, the panel shows and the page is seen. */
  start() {
    if (this.frame !== null) return;
    const step = (now) => {
      this.frame = null;
      if (!this.owner.isConnected) return;
      const o = this.plotted?.oscillator;
      const moving = o && o.depth !== 0 && (o.rate?.hertz > 0 || o.rate?.beats > 0);
      if (moving && this.owner.shown && !document.hidden) this.draw(now);
      this.frame = requestAnimationFrame(step);
    };
    this.frame = requestAnimationFrame(step);
  }

  stop() {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
  }

  /** The axes, the waveform over two cycles from its phase — full scale faintly, at its depth brightly — and where it is at `now`. */
  draw(now) {
    const sized = sizedContext(this.element);
    if (!sized || !this.plotted) return;
    const { context, width, height } = sized;
    const { feature: f, oscillator, tempo } = this.plotted;
    const middle = height / 2;
    const half = height / 2 - 4;
    context.strokeStyle = '#2e333f';
    context.lineWidth = 1;
    context.beginPath();
    context.moveTo(0, middle);
    context.lineTo(width, middle);
    context.moveTo(width / 2, 2);
    context.lineTo(width / 2, height - 2);
    context.stroke();
    if (!oscillator) return;
    const line = waveformPolyline(oscillator.waveform, { phase: oscillator.phase ?? 0, cycles: CYCLES, samples: Math.max(32, Math.round(width / 2)) });
    const scale = Math.min(Math.abs(oscillator.depth ?? 0) / (f.depth[1] || 1), 1) * Math.sign(oscillator.depth ?? 0);
    const trace = (amount, style, lineWidth) => {
      context.strokeStyle = style;
      context.lineWidth = lineWidth;
      context.beginPath();
      for (let i = 0; i < line.length; i += 2) {
        const x = (line[i] / CYCLES) * width;
        const y = middle - line[i + 1] * amount * half;
        if (i === 0) context.moveTo(x, y);
        else context.lineTo(x, y);
      }
      context.stroke();
    };
    trace(1, 'rgba(127, 176, 255, 0.25)', 1);
    trace(scale, '#7fb0ff', 1.5);
    const seconds = now / 1000;
    const travelled = oscillatorCycles({ ...oscillator, phase: 0 }, { elapsed: seconds, beat: (seconds * tempo) / 60 });
    const x = wrappedUnit(travelled / CYCLES) * CYCLES;
    const y = sampleWaveform(oscillator.waveform, (oscillator.phase ?? 0) + x);
    context.fillStyle = '#ffd166';
    context.beginPath();
    context.arc((x / CYCLES) * width, middle - y * scale * half, 3, 0, 2 * Math.PI);
    context.fill();
  }
}
