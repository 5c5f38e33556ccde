import { createRequire } from 'node:module';
import createDOMPurify, { type WindowLike } from 'dompurify';
import { legalHtmlSanitiser } from '../../../contract/legal-html';

export { isSafeUrl } from '../../../contract/legal-html';

let sanitiser: ((html: string) => string) | undefined;

/**
 * One DOMPurify over one jsdom window, made once. Loading jsdom blocks the process for a second
 * or more (seven on a busy 2-core machine): the server calls this before it listens, or the first
 * legal save would hold up every request in flight.
 */
export function prepareSanitiser(): (html: string) => string {
  if (!sanitiser) {
    // jsdom ships no types; this is all of it we use.
    const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
      JSDOM: new (html: string) => { window: unknown };
    };
    sanitiser = legalHtmlSanitiser(createDOMPurify(new JSDOM('').window as WindowLike));
    sanitiser('<p>jsdom parses its first fragment slowly too</p>');
  }
  return sanitiser;
}

/**
 * The HTML with everything that could run, load a frame or leave the document removed (the
 * policy is in contract/legal-html.ts). Sanitising what this answers answers it unchanged.
 */
export function sanitiseHtml(html: string): string {
  return prepareSanitiser()(html);
}
