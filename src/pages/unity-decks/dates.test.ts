import { describe, expect, it } from 'vitest';
import { addDays, dateKeyProblem, isoToUtcInput, todayKey, utcInputToIso } from './dates';

describe('day keys', () => {
  it('today is the UTC date, even late in the evening west of Greenwich', () => {
    expect(todayKey(new Date('2026-03-31T23:30:00-05:00'))).toBe('2026-04-01');
    expect(todayKey(new Date('2026-04-01T00:10:00+02:00'))).toBe('2026-03-31');
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-01-05', 7)).toBe('2026-01-12');
    expect(addDays('2026-01-05', -7)).toBe('2025-12-29');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });

  it('tells what is wrong with a typed day', () => {
    expect(dateKeyProblem('2026-01-05')).toBeNull();
    expect(dateKeyProblem('2028-02-29')).toBeNull();
    expect(dateKeyProblem('2026-1-5')).toBe('Use the YYYY-MM-DD form');
    expect(dateKeyProblem('05/01/2026')).toBe('Use the YYYY-MM-DD form');
    expect(dateKeyProblem(' 2026-01-05')).toBe('Use the YYYY-MM-DD form');
    expect(dateKeyProblem('2026-02-30')).toBe('Not a real date');
    expect(dateKeyProblem('2026-13-01')).toBe('Not a real date');
    expect(dateKeyProblem('2027-02-29')).toBe('Not a real date');
  });
});

describe('the Reset at (UTC) field', () => {
  it('reads the field as UTC, with or without seconds; empty means none', () => {
    expect(utcInputToIso('2026-01-05T06:30')).toBe('2026-01-05T06:30:00.000Z');
    expect(utcInputToIso('2026-01-05T06:30:15')).toBe('2026-01-05T06:30:15.000Z');
    expect(utcInputToIso('2026-01-05T06:30:15.5')).toBe('2026-01-05T06:30:15.500Z');
    expect(utcInputToIso('')).toBeNull();
    expect(utcInputToIso('  ')).toBeNull();
    expect(utcInputToIso('tomorrow')).toBeUndefined();
    expect(utcInputToIso('2026-01-05')).toBeUndefined();
    expect(utcInputToIso('2026-01-05T25:00')).toBeUndefined();
  });

  it('shows a timestamp in UTC, seconds only when it has some', () => {
    expect(isoToUtcInput('2026-01-06T00:00:00.000Z')).toBe('2026-01-06T00:00');
    expect(isoToUtcInput('2026-01-06T02:00:00+02:00')).toBe('2026-01-06T00:00');
    expect(isoToUtcInput('2026-01-06T00:00:09.000Z')).toBe('2026-01-06T00:00:09');
    expect(isoToUtcInput(null)).toBe('');
  });
});
