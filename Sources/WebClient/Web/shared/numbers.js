// Numbers as a person reads them, on every page. No DOM here.

/** A number for a person: at most `digits` decimals, no trailing zeros, a minus sign that is one. */
export function formatNumber(x, digits = 2) {
  if (typeof x !== 'number' || !Number.isFinite(x)) return '—';
  const text = Number(x.toFixed(digits)).toString();
  return text === '-0' ? '0' : text.replace('-', '−');
}
