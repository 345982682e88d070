// The page's own address. Under `imager serve --lan` a page is opened once with the pairing token in its
// address (/canvas?token=…, /?token=…, /compose?token=…); the server answers with the token as an HttpOnly
// cookie, so the page no longer needs it in its address, where it would stay on screen, in the history
// and in bookmarks — every page takes it out as it starts (docs/live-protocol.md). No DOM here: the
// location and the history are passed in (the browser's by default).

/** The query parameter that carries the pairing token. */
export const TOKEN_PARAMETER = 'token';

/**
 * `href` without its pairing token, or null when it carries none. Every other query parameter is kept as
 * it was written, in order, and so is the fragment.
 */
export function addressWithoutToken(href) {
  const url = new URL(href);
  const parameters = url.search.replace(/^\?/, '').split('&').filter((parameter) => parameter !== '');
  const kept = parameters.filter((parameter) => parameterName(parameter) !== TOKEN_PARAMETER);
  if (kept.length === parameters.length) return null;
  url.search = kept.length > 0 ? `?${kept.join('&')}` : '';
  return url.href;
}

/** The decoded name of one `name=value` piece of a query (as URLSearchParams reads it). */
function parameterName(parameter) {
  const name = parameter.split('=', 1)[0].replace(/\+/g, ' ');
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/**
 * Takes the pairing token out of the page's address, replacing the history entry it was opened with (no
 * entry keeps it; nothing is reloaded). Call it as the page starts: the server gave the token as a cookie
 * with the page itself, and the page's requests and live socket carry that cookie. Returns the query string
 * the page was opened with, for a page that reads its own parameters (the token is no parameter of a page).
 */
export function forgetPairingToken({ location = globalThis.location, history = globalThis.history } = {}) {
  const search = location.search;
  const tokenless = addressWithoutToken(location.href);
  if (tokenless) history.replaceState(history.state, '', tokenless);
  return search;
}
