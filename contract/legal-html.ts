import type { Config, DOMPurify } from 'dompurify';

// Legal HTML is shown by the console and served as is to the player app, so it is cleaned by an
// allow-list, by the server on write and by the console before its preview: document markup (what the rich-text editor makes, plus tables), no
// scripts, event handlers, frames, objects, forms, <style>, SVG or MathML, and links and images
// only to http(s), mailto and tel addresses or relative ones.

// biome-ignore format: a word list
const ALLOWED_TAGS = [
  'a', 'abbr', 'b', 'blockquote', 'br', 'caption', 'code', 'col', 'colgroup', 'dd', 'del', 'div',
  'dl', 'dt', 'em', 'figcaption', 'figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img',
  'ins', 'kbd', 'li', 'mark', 'ol', 'p', 'pre', 'q', 's', 'small', 'span', 'strong', 'sub', 'sup',
  'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'u', 'ul',
];

// No `class`: a document could borrow the page's own classes (a fixed, full-screen backdrop).
// biome-ignore format: a word list
const ALLOWED_ATTR = [
  'alt', 'colspan', 'data-color', 'height', 'href', 'rel', 'reversed', 'rowspan', 'src',
  'start', 'style', 'target', 'title', 'width',
];

const CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
};

const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/**
 * A link or image address a browser would open safely: no scheme (relative) or an allowed one.
 * Browsers ignore control characters and spaces in a scheme ('java\tscript:'), so we do too.
 */
export function isSafeUrl(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: exactly what browsers skip
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(compact)?.[1];
  return scheme === undefined || SAFE_SCHEMES.has(scheme.toLowerCase());
}

/**
 * Inline CSS is limited to what the rich-text editor writes (colours, highlight, alignment,
 * emphasis): anything else could lay the document over the page that shows it (position,
 * size, z-index) or fetch from elsewhere.
 */
// biome-ignore format: a word list
const STYLE_PROPERTIES = new Set([
  'background-color', 'color', 'font-style', 'font-weight', 'text-align', 'text-decoration',
  'vertical-align',
]);

/** CSS values that can fetch, run or hide behind escapes; colours and alignment never need it. */
const RISKY_STYLE = /url\s*\(|image-set|expression|@import|behavior|binding|javascript:|\\|<|>/i;

/** The declarations of `style` that are allowed, as `name: value; …`; '' when none is. */
export function safeStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    const name = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (colon > 0 && value && STYLE_PROPERTIES.has(name) && !RISKY_STYLE.test(value))
      kept.push(`${name}: ${value}`);
  }
  return kept.join('; ');
}

function configure(purify: DOMPurify): DOMPurify {
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const { attrName, attrValue } = data;
    if ((attrName === 'href' || attrName === 'src') && !isSafeUrl(attrValue)) data.keepAttr = false;
    if (attrName === 'style') {
      data.attrValue = safeStyle(attrValue);
      if (!data.attrValue) data.keepAttr = false;
    }
    if (attrName === 'target' && attrValue !== '_blank') data.keepAttr = false;
  });
  // A link opened in a new tab must not get a handle on the page that opened it.
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (!node.hasAttribute('target')) return;
    const rel = (node.getAttribute('rel') ?? '').split(/\s+/).filter(Boolean);
    for (const token of ['noopener', 'noreferrer']) if (!rel.includes(token)) rel.push(token);
    node.setAttribute('rel', rel.join(' '));
  });
  return purify;
}

/** Cleaning is repeated until nothing changes (once more, nearly always): sanitising is stable. */
const MAX_PASSES = 4;

/**
 * The HTML with everything that could run, load a frame or leave the document removed.
 * Sanitising what this answers answers it unchanged. Parsing is the cost (about 1 s for 200 KB),
 * so HTML that comes back as it went in (already clean) is not parsed again.
 */
function sanitiseWith(purify: DOMPurify, html: string): string {
  let input = html;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const clean = purify.sanitize(input, CONFIG);
    if (clean === input) break;
    input = clean;
  }
  return input;
}

/**
 * The legal-HTML sanitiser over a DOMPurify instance: the server's (over jsdom) cleans on write,
 * the console's (over the browser) cleans the live preview, with this one policy.
 */
export function legalHtmlSanitiser(purify: DOMPurify): (html: string) => string {
  configure(purify);
  return (html) => sanitiseWith(purify, html);
}
