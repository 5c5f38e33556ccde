import { describe, expect, it } from 'vitest';
import { csvField, csvLine, csvStream, FIRST_PAGE_ROWS, PAGE_ROWS_MAX } from './csv';

describe('csvField', () => {
  it('defuses formulas and quotes what could split a cell', () => {
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('payee;=HYPERLINK("x")')).toBe('"payee;=HYPERLINK(""x"")"');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
  });

  it('writes numbers, dates and empty values plainly', () => {
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
    expect(csvField(new Date('2026-11-21T10:00:00Z'))).toBe('2026-11-21T10:00:00.000Z');
    expect(csvLine(['u_1', 12.5, undefined])).toBe('u_1,12.5,\r\n');
  });
});

describe('csvStream', () => {
  it('sends the header before any page is read, then pages growing to the largest', async () => {
    const limits: number[] = [];
    let release: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stream = csvStream(
      ['n'],
      (row: number) => [row],
      async (after, limit) => {
        limits.push(limit);
        await started;
        const from = (after ?? 0) + 1;
        return from > 4000 ? [] : Array.from({ length: limit }, (_, i) => from + i);
      },
    );
    const reader = stream[Symbol.asyncIterator]();
    // The first page is still being read: the header is out already.
    expect((await reader.next()).value).toBe('n\r\n');
    release();
    let rows = 0;
    for await (const chunk of { [Symbol.asyncIterator]: () => reader }) {
      rows += String(chunk).split('\r\n').length - 1;
    }
    expect(limits).toEqual([
      FIRST_PAGE_ROWS,
      100,
      200,
      400,
      800,
      PAGE_ROWS_MAX,
      PAGE_ROWS_MAX,
      PAGE_ROWS_MAX,
      PAGE_ROWS_MAX,
    ]);
    expect(rows).toBe(4550);
  });
});
