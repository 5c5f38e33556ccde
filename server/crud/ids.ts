/**
 * A record's `_id` from a URL or a body: a canonical positive integer (no sign, no leading zero,
 * below 2^53). Anything else cannot name a record, so callers answer it as not found.
 */
export function parseId(raw: string): number | null {
  return /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
}
