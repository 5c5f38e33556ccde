import DOMPurify from 'dompurify';
import { legalHtmlSanitiser } from '../../../contract/legal-html';

// The stored HTML is sanitised by the server already; what is being typed is not, and the
// preview shows it live, so it is sanitised here too before it reaches the page.

/** HTML safe to put in the page, by the server's own policy: what the preview shows is what saves. */
export const sanitisePreview = legalHtmlSanitiser(DOMPurify(window));

/** Elements that show something without any text. */
const VISIBLE_WITHOUT_TEXT = 'img, hr, table, video, audio, picture';

/**
 * HTML that shows nothing: empty, or only empty paragraphs and breaks (what the rich-text
 * editor leaves once everything is deleted: '<p></p>'). Parsed inert: nothing loads or runs.
 */
export function isBlankHtml(html: string): boolean {
  if (!html.trim()) return true;
  const { body } = new DOMParser().parseFromString(html, 'text/html');
  return !body.textContent?.trim() && !body.querySelector(VISIBLE_WITHOUT_TEXT);
}

export type PreviewContent =
  | { kind: 'html'; html: string }
  | { kind: 'text'; text: string }
  | { kind: 'empty' };

/** Spec: the HTML if present, otherwise the plain text, otherwise 'No content'. */
export function previewOf(contentText: string, contentHtml: string): PreviewContent {
  const html = sanitisePreview(contentHtml);
  if (!isBlankHtml(html)) return { kind: 'html', html };
  if (contentText.trim()) return { kind: 'text', text: contentText };
  return { kind: 'empty' };
}
