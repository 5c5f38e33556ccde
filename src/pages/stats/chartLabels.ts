import type { StatsRange } from '../../../contract/stats';

const hour = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});
const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A bucket label of the API ('2025-11-21T14:00:00Z' or '2025-11-21') as a UTC instant. */
const parseBucket = (label: string): Date | null => {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(label) ? `${label}T00:00:00Z` : label);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * The x-axis text of a bucket, in UTC: hourly buckets (range day) as 'HH:00', daily buckets as
 * 'Nov 21'. A label that is not a date is shown as it is.
 */
export const formatBucketLabel = (label: string, range: StatsRange): string => {
  const date = parseBucket(label);
  if (!date) return label;
  return range === 'day' ? hour.format(date) : day.format(date);
};

/** The tooltip's longer form: 'Nov 21, 14:00 UTC' for hours, 'Nov 21' for days. */
export const formatBucketTooltip = (label: string, range: StatsRange): string => {
  const date = parseBucket(label);
  if (!date) return label;
  return range === 'day' ? `${day.format(date)}, ${hour.format(date)} UTC` : day.format(date);
};
