import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoLegalRows } from '../../seed/legal';
import { XSS_PAYLOADS as PAYLOADS } from '../../test/xss-corpus';
import { isSafeUrl, sanitiseHtml } from './sanitise';

const ALLOWED_TAGS = new Set(
  'a abbr b blockquote br caption code col colgroup dd del div dl dt em figcaption figure h1 h2 h3 h4 h5 h6 hr i img ins kbd li mark ol p pre q s small span strong sub sup table tbody td tfoot th thead tr u ul'.split(
    ' ',
  ),
);

/** What the sanitised HTML turns into in a browser: every element, attribute and URL it holds. */
function assertInert(html: string) {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const element of template.content.querySelectorAll('*')) {
    expect(ALLOWED_TAGS.has(element.localName), `<${element.localName}> in ${html}`).toBe(true);
    for (const { name, value } of element.attributes) {
      expect(name.startsWith('on'), `${name} in ${html}`).toBe(false);
      if (name === 'href' || name === 'src') expect(isSafeUrl(value), value).toBe(true);
      expect(name, `${name} in ${html}`).not.toBe('class');
      if (name === 'style') {
        expect(value).not.toMatch(/url|expression|\\/i);
        expect(value).not.toMatch(/position|inset|z-index|width|height|margin|transform/i);
      }
    }
  }
}

// The API tests run in node: a DOM of our own to look at the output with.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: Window };
};
const { document } = new JSDOM('').window;

describe('sanitiseHtml', () => {
  it.each(PAYLOADS)('leaves nothing that runs of %s, and is stable', (payload) => {
    const clean = sanitiseHtml(payload);
    assertInert(clean);
    expect(clean).not.toMatch(/<script|<iframe|<object|<embed|<form|<style|<svg|<math/i);
    expect(sanitiseHtml(clean)).toBe(clean);
  });

  it('keeps what the rich-text editor makes', () => {
    const editor = [
      '<h1>Terms</h1><h2 style="text-align: center">Accounts</h2>',
      '<p><strong>Bold</strong> <em>italic</em> <u>under</u> <s>struck</s> <code>code</code></p>',
      '<ul><li><p>one</p></li></ul><ol start="3"><li><p>three</p></li></ol>',
      '<blockquote><p>quoted</p></blockquote><pre><code>block</code></pre><hr>',
      '<p><span style="color: #958DF1">colour</span> <mark data-color="#ff0" style="background-color: #ff0; color: inherit">marked</mark></p>',
      '<p><a href="https://example.com/terms" target="_blank" rel="noopener noreferrer nofollow">link</a> <a href="mailto:legal@example.com">mail</a> <a href="/privacy">relative</a></p>',
      '<img src="https://example.com/logo.png" alt="Logo"><p>line<br>break</p>',
    ].join('');
    expect(sanitiseHtml(editor)).toBe(editor);
  });

  it('keeps only the inline styles the editor writes, so nothing lays itself over the page', () => {
    expect(
      sanitiseHtml(
        '<div style="position: fixed; inset: 0; z-index: 9999; color: red">cover</div><p style="width: 100vw">wide</p>',
      ),
    ).toBe('<div style="color: red">cover</div><p>wide</p>');
    expect(sanitiseHtml('<div class="MuiBackdrop-root css-1x2y3z">cover</div>')).toBe(
      '<div>cover</div>',
    );
    expect(sanitiseHtml('<p style="TEXT-ALIGN:right;;color:">x</p>')).toBe(
      '<p style="text-align: right">x</p>',
    );
  });

  it('makes links that open a new tab unable to reach back', () => {
    expect(sanitiseHtml('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitiseHtml('<a href="/x" target="_parent" rel="help">x</a>')).toBe(
      '<a href="/x" rel="help">x</a>',
    );
  });

  it('leaves the demo documents as they are written', () => {
    for (const type of ['terms', 'privacy'] as const) {
      for (const row of demoLegalRows(type, Date.now())) {
        expect(sanitiseHtml(row.content_html ?? '')).toBe(row.content_html);
      }
    }
  });

  it('sanitising twice equals sanitising once, for any mix of markup', () => {
    const piece = fc.oneof(
      fc.constantFrom(
        ...PAYLOADS,
        '<p>',
        '</p>',
        '<table>',
        '<td>',
        '<a href="/x">',
        '</a>',
        '<li>',
        '<ul>',
        '<b>',
        '</i>',
        '<img src=x',
        '"',
        "'",
        '>',
        '&amp;',
        '&',
        '<!--',
        '-->',
        '<noscript>',
        '<math>',
        '<svg>',
        '<style>',
        '</style>',
        '<select>',
      ),
      fc.string({ maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const clean = sanitiseHtml(pieces.join(''));
        expect(sanitiseHtml(clean)).toBe(clean);
        assertInert(clean);
      }),
      { numRuns: 300 },
    );
  });
});

describe('isSafeUrl', () => {
  it.each([
    ['https://example.com', true],
    ['HTTP://example.com', true],
    ['mailto:legal@example.com', true],
    ['tel:+15551234', true],
    ['/privacy#data', true],
    ['#section-2', true],
    ['terms.html', true],
    ['//cdn.example.com/x.png', true],
    ['javascript:alert(1)', false],
    [' \tjava\nscript:alert(1)', false],
    ['\u0001javascript:alert(1)', false],
    ['data:image/png;base64,AAAA', false],
    ['vbscript:x', false],
    ['file:///etc/passwd', false],
  ])('%s is safe: %s', (url, safe) => {
    expect(isSafeUrl(url)).toBe(safe);
  });
});
