// Small DOM helpers every page's custom elements use: an element from a tag, its attributes and children
// (`h`), ids unique in the page (`uid`), and the next animation frame (`nextFrame`).

let serial = 0;
/** An id unique in the page, for `<label for>` within a shadow root. */
export function uid(prefix = 'ip') {
  serial += 1;
  return `${prefix}-${serial}`;
}

/**
 * An element: `h('button', {type: 'button', 'aria-label': 'Play', onclick}, 'Play')`. Attributes named
 * `on…` with a function are listeners, `className` the class; a value that is not a string is set as the
 * element's property when it has one (`hidden: true`, `value: 3`), anything else as an attribute; null,
 * undefined and false are left out, of attributes and of children alike.
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') element.addEventListener(name.slice(2), value);
    else if (name === 'className') element.className = value;
    else if (name in element && typeof value !== 'string') element[name] = value;
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) if (child !== null && child !== undefined && child !== false) element.append(child);
  return element;
}

/** Calls `fn` at the next animation frame (a 16 ms timer where there are none, as in Node); returns its id. */
export function nextFrame(fn) {
  return typeof requestAnimationFrame === 'function' ? requestAnimationFrame(fn) : setTimeout(fn, 16);
}
