import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from './csv';

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
