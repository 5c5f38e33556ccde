import { describe, expect, it } from 'vitest';
import { demoLegalRows } from '../../seed/legal';
import { markupDepth } from './markup-depth';

describe('markupDepth', () => {
  it('counts nested elements, closed or not', () => {
    expect(markupDepth('plain text')).toBe(0);
    expect(markupDepth('<div><span>x</span></div><div>y</div>')).toBe(2);
    expect(markupDepth('<div>'.repeat(100))).toBe(100);
    expect(markupDepth('<B><i>'.repeat(50))).toBe(100);
  });

  it('leaves out elements that cannot nest in themselves, and comments', () => {
    expect(markupDepth('<p>a<p>b<br><img src=x><hr>'.repeat(500))).toBe(0);
    expect(markupDepth(`<table>${'<tr><td>x'.repeat(500)}</table>`)).toBe(1);
    expect(markupDepth(`<!--${'<div>'.repeat(500)}-->`)).toBe(0);
  });

  it('does not let stray or mismatched closing tags hide nesting', () => {
    expect(markupDepth('</div></span>'.repeat(10) + '<div>'.repeat(10))).toBe(10);
    // The parser reopens the <em> left open in each next <div>: they nest.
    expect(markupDepth('<div><em class=n>x</div>'.repeat(10))).toBe(11);
    expect(markupDepth('<div><em>x</em></div>'.repeat(10))).toBe(2);
  });

  it('finds the demo documents shallow', () => {
    for (const type of ['terms', 'privacy'] as const) {
      for (const row of demoLegalRows(type, Date.now())) {
        expect(markupDepth(row.content_html ?? '')).toBeLessThan(5);
      }
    }
  });
});
