// Sanitising parses the HTML into jsdom, whose cost grows with size times nesting depth: 2,000
// nested <div>s (10 KB) take seconds, 20,000 take minutes or overflow the stack, all on the event
// loop. Legal documents nest a dozen deep at most, so deeper markup is refused before parsing.

export const MARKUP_DEPTH_MAX = 64;

// Elements that never hold others, and those the parser closes when a sibling of theirs opens
// (<p>, <li>, <td>… cannot nest in themselves without another element in between).
// biome-ignore format: a word list
const FLAT = new Set([
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track',
  'wbr', 'p', 'li', 'dt', 'dd', 'tr', 'td', 'th', 'thead', 'tbody', 'tfoot', 'option', 'optgroup',
  'colgroup', 'caption', 'rb', 'rp', 'rt', 'rtc',
]);

// Formatting elements left open are reopened by the parser inside what follows, whatever end tag
// closed them.
// biome-ignore format: a word list
const FORMATTING = new Set([
  'a', 'b', 'big', 'code', 'em', 'font', 'i', 'nobr', 's', 'small', 'strike', 'strong', 'tt', 'u',
]);

const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
const TAG = /<(\/?)([a-z][^\s/>]*)/gi;

/**
 * How deep the elements of `html` nest, estimated from its tags without parsing it: every start
 * tag the parser would see is counted (and some text that only looks like one), so the estimate
 * is at least the real depth up to the flat elements left out.
 */
export function markupDepth(html: string): number {
  const open: string[] = [];
  let deepest = 0;
  for (const [, closing, rawName] of html.replace(COMMENT, '').matchAll(TAG)) {
    const name = (rawName as string).toLowerCase();
    if (FLAT.has(name)) continue;
    if (!closing) {
      open.push(name);
      deepest = Math.max(deepest, open.length);
      continue;
    }
    const at = open.lastIndexOf(name);
    if (at < 0) continue;
    const carried = open.slice(at + 1).filter((inner) => FORMATTING.has(inner));
    open.length = at;
    open.push(...carried);
  }
  return deepest;
}
