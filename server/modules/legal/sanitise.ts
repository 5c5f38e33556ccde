import { createRequire } from 'node:module';
import createDOMPurify, { type WindowLike } from 'dompurify';
import { legalHtmlSanitiser } from '../../../contract/legal-html';

export { isSafeUrl } from '../../../contract/legal-html';

let sanitiser: ((html: string) => string) | undefined;

/**
 * The HTML with everything that could run, load a frame or leave the document removed (the
 * policy is in contract/legal-html.ts). Sanitising what this answers answers it unchanged.
 * One DOMPurify over one jsdom window, made on first use: jsdom is slow to load.
 */
export function sanitiseHtml(html: string): string {
  if (!sanitiser) {
    // jsdom ships no types; this is all of it we use.
    const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
      JSDOM: new (html: string) => { window: unknown };
    };
    sanitiser = legalHtmlSanitiser(createDOMPurify(new JSDOM('').window as WindowLike));
  }
  return sanitiser(html);
}
