import { describe, expect, it } from 'vitest';
import { isSafeUrl } from '../../../contract/legal-html';
import { XSS_PAYLOADS } from '../../../server/test/xss-corpus';
import { isBlankHtml, previewOf, sanitisePreview } from './previewContent';

describe('previewOf', () => {
  it('shows the HTML if present, otherwise the plain text, otherwise nothing', () => {
    expect(previewOf('Plain', '<p>Rich</p>')).toEqual({ kind: 'html', html: '<p>Rich</p>' });
    expect(previewOf('Plain', '')).toEqual({ kind: 'text', text: 'Plain' });
    expect(previewOf('Plain', '<p></p><p><br></p>')).toEqual({ kind: 'text', text: 'Plain' });
    expect(previewOf('  \n', '  ')).toEqual({ kind: 'empty' });
  });

  it('counts an image or a rule as content without text', () => {
    expect(previewOf('', '<p><img src="https://x.example/a.png"></p>').kind).toBe('html');
    expect(previewOf('', '<hr>').kind).toBe('html');
  });

  it('sanitises the HTML, and HTML that is only a script is no content', () => {
    expect(previewOf('', '<p onclick="x()">Hi<script>alert(1)</script></p>')).toEqual({
      kind: 'html',
      html: '<p>Hi</p>',
    });
    expect(previewOf('Fallback', '<script>alert(1)</script>')).toEqual({
      kind: 'text',
      text: 'Fallback',
    });
  });
});

describe('sanitisePreview', () => {
  it.each([
    ['<img src=x onerror=alert(1)>', '<img src="x">'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<svg onload=alert(1)></svg><p>after</p>', '<p>after</p>'],
    ['<iframe src="https://x.example"></iframe>', ''],
    ['<style>p{}</style><form><p>in</p></form>', '<p>in</p>'],
  ])('%s becomes %s', (dirty, clean) => {
    expect(sanitisePreview(dirty)).toBe(clean);
  });
});

describe('isBlankHtml', () => {
  it('is true for nothing, whitespace and empty markup only', () => {
    expect(isBlankHtml('')).toBe(true);
    expect(isBlankHtml('<p></p>')).toBe(true);
    expect(isBlankHtml('<p> &nbsp; </p>')).toBe(true);
    expect(isBlankHtml('<p>a</p>')).toBe(false);
    expect(isBlankHtml('<table><tr><td></td></tr></table>')).toBe(false);
  });
});

describe('sanitisePreview against the XSS corpus', () => {
  const RUNNABLE = 'script, iframe, frame, object, embed, svg, math, form, style, base, meta, link';

  it.each(XSS_PAYLOADS)('leaves nothing that runs of %s, and is stable', (payload) => {
    const once = sanitisePreview(payload);
    expect(sanitisePreview(once)).toBe(once);
    const template = document.createElement('template');
    template.innerHTML = once;
    expect(template.content.querySelector(RUNNABLE)).toBeNull();
    for (const element of template.content.querySelectorAll('*')) {
      for (const { name, value } of element.attributes) {
        expect(name.startsWith('on'), `${name} in ${once}`).toBe(false);
        if (['href', 'src', 'action', 'formaction', 'background'].includes(name)) {
          expect(isSafeUrl(value), value).toBe(true);
        }
        if (name === 'style') expect(value).not.toMatch(/url|expression|\\/i);
      }
    }
  });
});
