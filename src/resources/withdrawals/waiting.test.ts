import { describe, expect, it } from 'vitest';
import { ageSince, formatAge } from './waiting';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('formatAge', () => {
  it('counts minutes under an hour, hours and minutes under a day, then days and hours', () => {
    expect(formatAge(0)).toBe('< 1 min');
    expect(formatAge(59_999)).toBe('< 1 min');
    expect(formatAge(MIN)).toBe('1 min');
    expect(formatAge(45 * MIN + 30_000)).toBe('45 min');
    expect(formatAge(3 * HOUR + 12 * MIN + 5_000)).toBe('3 h 12 min');
    expect(formatAge(23 * HOUR + 59 * MIN)).toBe('23 h 59 min');
    expect(formatAge(2 * DAY + 4 * HOUR + 59 * MIN)).toBe('2 d 4 h');
    expect(formatAge(400 * DAY)).toBe('400 d 0 h');
  });

  it('says a clock ahead of the browser is under a minute, never a negative age', () => {
    expect(formatAge(-5 * MIN)).toBe('< 1 min');
  });

  it('ageSince: from a timestamp to now; no time is a dash', () => {
    const now = Date.parse('2026-01-02T12:00:00.000Z');
    expect(ageSince('2026-01-02T08:48:00.000Z', now)).toBe('3 h 12 min');
    expect(ageSince('not a time', now)).toBe('-');
  });
});
