/** USD with exactly 2 decimals (spec section 9), e.g. $1,234.50. */
export const formatUsd = (value: number | null | undefined): string =>
  value === null || value === undefined || !Number.isFinite(value)
    ? '-'
    : new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(value);

/** Whole numbers with thousands separators (points, XP). */
export const formatNumber = (value: number | null | undefined): string =>
  value === null || value === undefined ? '-' : new Intl.NumberFormat('en-US').format(value);

/**
 * A list's total as the console writes it: as counted, or past what the API counts (its total a
 * lower bound) that figure with a '+': '10,000+'.
 */
export const formatTotal = (total: number, lowerBound = false): string =>
  lowerBound ? `${formatNumber(total)}+` : String(total);

/** A timestamp in the admin's locale and time zone; '-' when absent. */
export const formatDateTime = (
  iso: string | null | undefined,
  /** 'medium' shows seconds: entries a few seconds apart stay distinguishable. */
  timeStyle: 'short' | 'medium' = 'short',
): string => {
  if (!iso) return '-';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? '-'
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle });
};
