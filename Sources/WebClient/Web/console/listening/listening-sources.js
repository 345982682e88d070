// What the instrument listens to (GET and POST /api/listening, docs/live-protocol.md): the server's answer
// read defensively, the choices of the "Listen to" select, and the body a choice is posted with. A choice's
// value says what kind it is (`default`, `none`, `device:NAME`, `file:NAME`), so that a device called
// "default" is still a device. No DOM here.

const DEVICE = 'device:';
const FILE = 'file:';

/**
 * An answer of /api/listening read into `{ source, devices, problem, hearing }`: `source` as the server
 * says it ("default", "none", "device: Name", "file: set.wav"; "none" when it says nothing), `devices` the
 * input devices' names (strings only, each once), `problem` one line or null, `hearing` whether sound comes
 * (true unless it says not). Null when it is not an answer.
 */
export function parseListening(answer) {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return null;
  const source = typeof answer.source === 'string' && answer.source.trim() !== '' ? answer.source.trim() : 'none';
  const devices = [...new Set((Array.isArray(answer.devices) ? answer.devices : []).filter((d) => typeof d === 'string' && d !== ''))];
  const problem = typeof answer.problem === 'string' && answer.problem.trim() !== '' ? answer.problem.trim() : null;
  return { source, devices, problem, hearing: answer.hearing !== false };
}

/** The select's value for a source as the server says it ("default input" — the default, opened — too). */
export function sourceValue(source) {
  if (source === 'default' || source === 'default input') return 'default';
  if (source === 'none') return source;
  const match = /^(device|file):\s*(.*)$/.exec(source ?? '');
  if (match) return `${match[1]}:${match[2]}`;
  return `${DEVICE}${source}`;
}

/**
 * The select's options for what the server said: `[{ value, label, disabled }]` — the default input,
 * nothing, and each device; and the source being heard where it is none of those (a file given when the
 * server started, or a device that is gone), offered as it is but not choosable. `value` is the one
 * selected.
 */
export function sourceChoices(listening) {
  const options = [
    { value: 'default', label: 'Default input', disabled: false },
    { value: 'none', label: 'Nothing (not listening)', disabled: false },
    ...(listening?.devices ?? []).map((name) => ({ value: `${DEVICE}${name}`, label: name, disabled: false })),
  ];
  const value = sourceValue(listening?.source ?? 'none');
  if (!options.some((option) => option.value === value)) {
    const name = value.slice(value.indexOf(':') + 1);
    const label = value.startsWith(FILE) ? `File: ${name}` : `${name} (not connected)`;
    options.unshift({ value, label, disabled: true });
  }
  return { options, value };
}

/** The problem worth showing: none while nothing is listened to (the choice says so already). */
export function shownProblem(listening) {
  if (!listening || sourceValue(listening.source) === 'none') return null;
  return listening.problem;
}

/** The body POST /api/listening is sent for a choice: `{"source": "default" | "none" | "<device name>"}`; null for one that cannot be chosen. */
export function sourceRequest(value) {
  if (value === 'default' || value === 'none') return { source: value };
  if (typeof value === 'string' && value.startsWith(DEVICE)) return { source: value.slice(DEVICE.length) };
  return null;
}
