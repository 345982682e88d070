// Numbers as a person reads them, on every page. No DOM here.

/** A number for a person: at most `digits` decimals, no trailing zeros, a minus sign that is one. */
export function formatNumber(x, digits = 2) {
  if (typeof x !== 'number' || !Number.isFinite(x)) return '—';
  const text = Number(x.toFixed(digits)).toString();
  return text === '-0' ? '0' : text.replace('-', '−');
}

/**
 * A number as the server's refusals write it — Swift's description of a Double: the shortest digits that read
 * back the same, a whole number with ".0" (4.0), and an exponent of at least two digits below 0.0001 or past
 * 2^53 (1e-05, 1.5e+16) — so that a refusal said before anything is sent reads as the server's would.
 */
export function refusalNumber(x) {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const size = Math.abs(x);
  if (size < 1e-4 || size > 2 ** 53) {
    const [digits, exponent] = x.toExponential().split('e');
    return `${digits}e${exponent[0]}${exponent.slice(1).padStart(2, '0')}`;
  }
  const text = String(x);  // no exponent between 1e-6 and 1e21
  return text.includes('.') ? text : `${text}.0`;
}
