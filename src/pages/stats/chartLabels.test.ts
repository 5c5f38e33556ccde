import { describe, expect, it } from 'vitest';
import { formatBucketLabel, formatBucketTooltip } from './chartLabels';

describe('chart labels (UTC)', () => {
  it('hourly buckets read HH:00', () => {
    expect(formatBucketLabel('2025-11-21T00:00:00Z', 'day')).toBe('00:00');
    expect(formatBucketLabel('2025-11-21T14:00:00Z', 'day')).toBe('14:00');
    expect(formatBucketLabel('2025-11-21T23:00:00.000Z', 'day')).toBe('23:00');
  });

  it("daily buckets read like 'Nov 21', whatever the local time zone", () => {
    expect(formatBucketLabel('2025-11-21', 'week')).toBe('Nov 21');
    expect(formatBucketLabel('2025-01-01', 'month')).toBe('Jan 1');
    expect(formatBucketLabel('2025-12-31T00:00:00Z', 'month')).toBe('Dec 31');
  });

  it('tooltips carry the day for hourly buckets', () => {
    expect(formatBucketTooltip('2025-11-21T14:00:00Z', 'day')).toBe('Nov 21, 14:00 UTC');
    expect(formatBucketTooltip('2025-11-21', 'week')).toBe('Nov 21');
  });

  it('shows anything else as it is', () => {
    expect(formatBucketLabel('soon', 'week')).toBe('soon');
  });
});
