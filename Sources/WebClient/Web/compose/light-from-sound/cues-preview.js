// The "Cues preview" of the Light from sound dialog, drawn on a canvas (light-from-sound-model.js previewOf
// says what): the mix's outline over the sound's seconds, and under it a lane per chosen follow, its name at
// the left and a mark where each event Apply would make begins, the more opaque the stronger its cue. The
// colours are the dialog's stylesheet's (light-from-sound-dialog.css: the page's variables, and a colour per
// follow as `--lane-onsets` … `--lane-high`).

/** Heights in CSS pixels: the outline, each lane, the gap between. */
const WAVE_HEIGHT = 64;
const LANE_HEIGHT = 18;
const GAP = 4;
/** The width of a lane's name at its left, in CSS pixels. */
const NAMES_WIDTH = 70;

/** The canvas's height in CSS pixels for `lanes` lanes. */
export function previewHeight(lanes) {
  return WAVE_HEIGHT + lanes * (LANE_HEIGHT + GAP) + GAP;
}

/** Draws `preview` (previewOf's) on `canvas`, sized to its box at the device's pixel ratio. */
export function drawCuesPreview(canvas, preview) {
  const lanes = preview?.lanes ?? [];
  const height = previewHeight(lanes.length);
  if (canvas.style.height !== `${height}px`) canvas.style.height = `${height}px`;
  const width = Math.max(1, canvas.clientWidth);
  const ratio = window.devicePixelRatio || 1;
  const pixels = { width: Math.max(1, Math.round(width * ratio)), height: Math.max(1, Math.round(height * ratio)) };
  if (canvas.width !== pixels.width) canvas.width = pixels.width;
  if (canvas.height !== pixels.height) canvas.height = pixels.height;
  const context = canvas.getContext('2d');
  if (!context) return;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, width, height);
  const style = getComputedStyle(canvas);
  const color = (name, fallback) => style.getPropertyValue(name).trim() || fallback;
  const across = { left: NAMES_WIDTH, width: Math.max(1, width - NAMES_WIDTH - 2), seconds: preview?.seconds ?? 0 };
  drawOutline(context, preview?.peaks ?? [], across, color('--ip-muted', '#8d93a1'));
  lanes.forEach((lane, place) => {
    const top = WAVE_HEIGHT + GAP + place * (LANE_HEIGHT + GAP);
    drawLane(context, lane, { ...across, top }, {
      mark: color(`--lane-${lane.follow}`, color('--ip-accent', '#7fb0ff')),
      name: color('--ip-muted', '#8d93a1'),
      line: color('--ip-line', '#2c303b'),
    });
  });
}

/** The outline: each peak a bar up and down from the middle of its stretch of the width. */
function drawOutline(context, peaks, across, color) {
  const middle = WAVE_HEIGHT / 2;
  context.fillStyle = color;
  context.fillRect(across.left, middle - 0.5, across.width, 1);
  if (peaks.length === 0) return;
  const step = across.width / peaks.length;
  peaks.forEach((peak, index) => {
    const half = peak * (middle - 2);
    if (half > 0.25) context.fillRect(across.left + index * step, middle - half, Math.max(1, step), 2 * half);
  });
}

/** A lane: its name, a line along it, and a mark at each event's cue, its opacity the cue's strength. */
function drawLane(context, lane, at, colors) {
  context.globalAlpha = 1;
  context.fillStyle = colors.name;
  context.font = '11px system-ui, sans-serif';
  context.textBaseline = 'middle';
  context.fillText(lane.label, 2, at.top + LANE_HEIGHT / 2, NAMES_WIDTH - 6);
  context.fillStyle = colors.line;
  context.fillRect(at.left, at.top + LANE_HEIGHT / 2, at.width, 1);
  if (!(at.seconds > 0)) return;
  context.fillStyle = colors.mark;
  for (const mark of lane.marks) {
    const x = at.left + Math.min(1, mark.seconds / at.seconds) * at.width;
    context.globalAlpha = 0.2 + 0.8 * mark.strength;
    context.fillRect(x - 1, at.top, 2, LANE_HEIGHT);
  }
  context.globalAlpha = 1;
}
