// The canvas's keys: 1–8 play the trigger pads, space fades, Backspace, Delete and Escape erase, F toggles
// full screen. Pads are read by position (the top row or the keypad), so they work whatever the keyboard
// layout. No DOM here.

/** How long the space bar's fade takes, in seconds. */
export const FADE_SECONDS = 2;

/**
 * The keys that erase. Escape reaches the page in full screen only where the Keyboard Lock API keeps it
 * from the browser (Chromium, secure contexts); Backspace and Delete reach it everywhere.
 */
export const ERASE_KEYS = Object.freeze(['Backspace', 'Delete', 'Escape']);

/** The trigger pad (0…7) a key plays, or null. */
export function padForKey({ code, key }) {
  const match = /^(?:Digit|Numpad)([1-8])$/.exec(code ?? '') ?? /^([1-8])$/.exec(key ?? '');
  return match ? Number(match[1]) - 1 : null;
}

/**
 * What a key press does: `{ pad }` (press the pad; its release sends padUp), `{ intent }`,
 * `{ fullScreen: true }` (toggle), `{ ignore: true }` for the repeats of a held key, or null when the
 * canvas leaves the key to the browser (modifiers held, other keys).
 */
export function keyDownAction(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const action = firstPressAction(event);
  return action && event.repeat ? { ignore: true } : action;
}

function firstPressAction(event) {
  const pad = padForKey(event);
  if (pad !== null) return { pad };
  if (event.code === 'Space' || event.key === ' ') return { intent: { type: 'fade', seconds: FADE_SECONDS } };
  if (ERASE_KEYS.includes(event.key) || ERASE_KEYS.includes(event.code)) return { intent: { type: 'erase' } };
  if (event.code === 'KeyF' || event.key === 'f' || event.key === 'F') return { fullScreen: true };
  return null;
}
