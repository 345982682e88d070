// The page's own address. Under `imager serve --lan` the canvas is opened once as /canvas?token=…; the
// server answers with the token as an HttpOnly cookie, so the page no longer needs it in its address, where
// it would stay on screen, in the history and in bookmarks. No DOM here.

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
