import { describe, expect, it } from 'vitest';
import { activeValue, toBoolean, toNonNegative, toNumber } from './formValues';

describe('toNumber', () => {
  it('reads numbers and numeric text', () => {
    expect(toNumber('12')).toBe(12);
    expect(toNumber(' 2.5 ')).toBe(2.5);
    expect(toNumber('-3')).toBe(-3);
    expect(toNumber(7)).toBe(7);
  });

  it('falls back (0 by default) for empty, non-numeric and non-finite values', () => {
    for (const value of ['', '  ', 'abc', '1e999', null, undefined, Number.NaN, Infinity, true]) {
      expect(toNumber(value)).toBe(0);
    }
    expect(toNumber('abc', 5)).toBe(5);
  });
});

describe('toNonNegative', () => {
  it('floors at 0 and keeps decimals', () => {
    expect(toNonNegative('-4')).toBe(0);
    expect(toNonNegative('1.25')).toBe(1.25);
    expect(toNonNegative('')).toBe(0);
    expect(toNonNegative('x')).toBe(0);
  });
});

describe('toBoolean', () => {
  it("is true only for true and 'true'", () => {
    expect(toBoolean(true)).toBe(true);
    expect(toBoolean('true')).toBe(true);
    expect(toBoolean('TRUE')).toBe(true);
    for (const value of [false, 'false', '', 'yes', 1, null, undefined]) {
      expect(toBoolean(value)).toBe(false);
    }
  });

  it('round-trips the select value of a flag', () => {
    expect(toBoolean(activeValue(true))).toBe(true);
    expect(toBoolean(activeValue(false))).toBe(false);
  });
});
