import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromDateInput, toDateInput, toDateTimeInput } from './dates';

// The admin's zone is the browser's: here a zone west of UTC, where a day starts at 05:00Z in
// winter, so a conversion that treats a typed time as UTC shows a different day or hour.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = zone;
});

describe('the kit’s date inputs, in the admin’s time zone', () => {
  it('saves a typed date and time as the instant it names there, in UTC', () => {
    expect(fromDateInput('2026-12-20T22:00')).toBe('2026-12-21T03:00:00.000Z');
    expect(fromDateInput('2026-07-01T09:30')).toBe('2026-07-01T13:30:00.000Z');
  });

  it('saves a typed date as the start of that day there', () => {
    expect(fromDateInput('2026-12-20')).toBe('2026-12-20T05:00:00.000Z');
  });

  it('saves an emptied input as null', () => {
    expect(fromDateInput('')).toBeNull();
    expect(fromDateInput(null)).toBeNull();
  });

  it('shows a stored instant as the day and time there, whatever offset it came with', () => {
    expect(toDateTimeInput('2026-12-21T03:00:00.000Z')).toBe('2026-12-20T22:00');
    expect(toDateTimeInput('2026-12-21T04:00:00+01:00')).toBe('2026-12-20T22:00');
    expect(toDateInput('2026-12-20T05:00:00.000Z')).toBe('2026-12-20');
    expect(toDateInput('2026-12-20T02:00:00.000Z')).toBe('2026-12-19');
    expect(toDateTimeInput(null)).toBe('');
    // what the input holds already is shown as it is
    expect(toDateInput('2026-12-20')).toBe('2026-12-20');
    expect(toDateTimeInput('2026-12-20T22:00')).toBe('2026-12-20T22:00');
  });

  it('round-trips what was typed', () => {
    for (const typed of ['2026-03-08T02:30', '2026-11-01T01:15', '2027-01-01T00:00']) {
      const saved = fromDateInput(typed);
      expect(toDateTimeInput(saved), typed).toBe(
        // 02:30 on the day clocks go forward does not exist there: it is 03:30
        typed === '2026-03-08T02:30' ? '2026-03-08T03:30' : typed,
      );
    }
    expect(toDateInput(fromDateInput('2026-03-08'))).toBe('2026-03-08');
  });
});
