// Stylesheets for shadow roots. A custom element that draws in its own shadow root cannot see the page's
// stylesheets, so its look is a .css file beside its module, read once — with top-level await in that
// module, so the element is defined only once its look is known, and is never drawn unstyled — and adopted
// by every instance.

/**
 * The stylesheet at `url` (give `new URL('./name.css', import.meta.url)`): a constructed sheet, or its text
 * where the browser cannot construct one. Rejects when the file cannot be read, as a missing module would.
 */
export async function loadStyleSheet(url) {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`the stylesheet ${url} could not be read (${response.status})`);
  const text = await response.text();
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    return { sheet, text };
  } catch {
    return { sheet: null, text };
  }
}

/** Gives `root` (a shadow root) the stylesheet `style` from loadStyleSheet: adopted, or as a style element. */
export function adoptStyleSheet(root, style) {
  if (style.sheet && 'adoptedStyleSheets' in root) {
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, style.sheet];
    return;
  }
  const element = document.createElement('style');
  element.textContent = style.text;
  root.append(element);
}
