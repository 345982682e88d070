// The look of the console's form, motion and MIDI panels: a dark instrument console. Each panel draws in its
// own shadow root and adopts this one stylesheet. The shell may tune it through custom properties, which
// pass into shadow roots: --ip-text, --ip-muted, --ip-surface, --ip-control, --ip-line, --ip-accent,
// --ip-focus, --ip-danger, --ip-font.

export const PANEL_CSS = `
:host {
  display: block;
  box-sizing: border-box;
  height: 100%;
  min-width: 0;
  overflow-x: hidden;
  overflow-y: auto;
  padding: 4px 8px;
  color: var(--ip-text, #dde0e7);
  background: var(--ip-surface, transparent);
  font: 12px/1.3 var(--ip-font, system-ui, -apple-system, "Segoe UI", sans-serif);
  color-scheme: dark;
  -webkit-tap-highlight-color: transparent;
}
:host([hidden]) { display: none; }
*, *::before, *::after { box-sizing: border-box; }
[hidden] { display: none !important; }
h2, h3 {
  margin: 0 0 3px;
  font-size: 11px;
  font-weight: 600;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: var(--ip-muted, #8d93a1);
}
.columns {
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: 6px 14px;
  align-items: start;
}
.column { min-width: 0; display: grid; gap: 1px; align-content: start; }
.row {
  display: grid;
  grid-template-columns: 6em minmax(0, 1fr) 4.4em;
  align-items: center;
  gap: 6px;
  min-height: 23px;
  min-width: 0;
}
.row.wide { grid-template-columns: 6em minmax(0, 1fr); }
.row > label, .row > .label {
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  color: var(--ip-muted, #a4a9b6);
}
output, .value {
  text-align: right;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  font-variant-numeric: tabular-nums;
}
.row.from-chord > output { color: var(--ip-muted, #8d93a1); font-style: italic; }
.inline { display: flex; gap: 6px; align-items: center; min-width: 0; }
.inline > * { min-width: 0; }
input[type="range"] {
  width: 100%;
  min-width: 0;
  margin: 0;
  height: 22px;
  background: transparent;
  accent-color: var(--ip-accent, #7fb0ff);
  cursor: pointer;
  touch-action: none;
}
select, button, input[type="number"] {
  min-width: 0;
  min-height: 24px;
  padding: 2px 8px;
  border: 1px solid var(--ip-line, #3a3f4c);
  border-radius: 5px;
  background: var(--ip-control, #242731);
  color: inherit;
  font: inherit;
}
select { width: 100%; padding-right: 4px; }
input[type="number"] { width: 4.6em; padding-right: 2px; font-variant-numeric: tabular-nums; }
button { cursor: pointer; white-space: nowrap; }
button:hover, select:hover { border-color: var(--ip-accent, #7fb0ff); }
button:active { transform: translateY(1px); }
button[aria-pressed="true"] {
  background: var(--ip-accent, #7fb0ff);
  border-color: var(--ip-accent, #7fb0ff);
  color: #0b0d12;
}
button:disabled, select:disabled, input:disabled { opacity: 0.45; cursor: default; }
:focus { outline: none; }
:focus-visible, input[type="range"]:focus-visible {
  outline: 2px solid var(--ip-focus, #ffd166);
  outline-offset: 1px;
  border-radius: 4px;
}
.segmented { display: flex; min-width: 0; border: 0; margin: 0; padding: 0; }
.segmented label {
  flex: 1 1 0;
  min-width: 0;
  position: relative;
  padding: 3px 2px;
  text-align: center;
  border: 1px solid var(--ip-line, #3a3f4c);
  background: var(--ip-control, #242731);
  cursor: pointer;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
}
.segmented label + label { border-left: 0; }
.segmented label:first-of-type { border-radius: 5px 0 0 5px; }
.segmented label:last-of-type { border-radius: 0 5px 5px 0; }
.segmented input {
  position: absolute;
  inset: 0;
  opacity: 0;
  margin: 0;
  cursor: pointer;
}
.segmented label:has(input:checked) {
  background: var(--ip-accent, #7fb0ff);
  border-color: var(--ip-accent, #7fb0ff);
  color: #0b0d12;
}
.segmented label:has(input:focus-visible) { outline: 2px solid var(--ip-focus, #ffd166); outline-offset: 1px; z-index: 1; }
.status { min-height: 1.3em; margin: 2px 0 0; color: var(--ip-muted, #8d93a1); overflow-wrap: anywhere; }
.status:empty { min-height: 0; margin: 0; }
.error { color: var(--ip-danger, #ff8a80); }
canvas { display: block; }
.gallery { display: flex; flex-wrap: wrap; gap: 4px; min-width: 0; }
.thumb {
  width: 46px;
  height: 46px;
  padding: 2px;
  position: relative;
  background: #0b0c10;
}
.thumb canvas { width: 40px; height: 40px; }
.thumb .count {
  position: absolute;
  right: 2px;
  bottom: 1px;
  font-size: 10px;
  color: var(--ip-muted, #a4a9b6);
  pointer-events: none;
}
.thumb[aria-pressed="true"] { background: #0b0c10; box-shadow: inset 0 0 0 2px var(--ip-accent, #7fb0ff); color: inherit; }
.preview-box { display: flex; gap: 6px; align-items: flex-start; min-width: 0; }
.preview {
  width: 80px;
  height: 80px;
  flex: none;
  border: 1px solid var(--ip-line, #3a3f4c);
  border-radius: 6px;
  background: #050608;
}
.plot {
  width: 100%;
  height: 40px;
  border: 1px solid var(--ip-line, #3a3f4c);
  border-radius: 5px;
  background: #0b0c10;
}
table { width: 100%; border-collapse: collapse; table-layout: fixed; }
th, td { padding: 2px 4px; text-align: left; vertical-align: middle; border-bottom: 1px solid #2a2e38; }
th { width: 9em; font-weight: 500; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
caption { padding: 6px 0 2px; text-align: left; font-size: 11px; color: var(--ip-muted, #8d93a1); }
details caption { display: none; }
td.actions { width: 5.5em; text-align: right; }
.chip {
  display: inline-flex;
  align-items: center;
  gap: 4px;
  margin: 1px 4px 1px 0;
  padding: 1px 2px 1px 6px;
  border-radius: 10px;
  background: #2b303c;
  max-width: 100%;
}
.chip span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.chip button { min-height: 18px; padding: 0 6px; border-radius: 9px; font-size: 11px; }
details > summary { cursor: pointer; padding: 3px 0; color: var(--ip-muted, #a4a9b6); }
@media (prefers-reduced-motion: reduce) { button:active { transform: none; } }
`;

let shared = null;

/** Gives `root` (a shadow root) the panels' stylesheet: one constructed sheet shared by all, or a style element where constructed sheets are not supported. */
export function adoptPanelStyle(root) {
  try {
    if (!shared) {
      shared = new CSSStyleSheet();
      shared.replaceSync(PANEL_CSS);
    }
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, shared];
  } catch {
    const style = document.createElement('style');
    style.textContent = PANEL_CSS;
    root.append(style);
  }
}
