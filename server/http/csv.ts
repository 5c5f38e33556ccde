import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * One CSV field. Quotes when needed, and defuses spreadsheet formulas: a cell starting with
 * = + - @ (or a tab/CR) gets a leading apostrophe, so a username cannot run in the admin's Excel.
 * A ';' is quoted too: spreadsheets in many locales split on it, which could start a new cell.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (values: unknown[]): string => `${values.map(csvField).join(',')}\r\n`;

/** The first page of an export, and the largest: pages double from the one to the other. */
export const FIRST_PAGE_ROWS = 50;
export const PAGE_ROWS_MAX = 1000;

/**
 * Streams a CSV: the header at once, then every row `nextPage` yields, page after page (keyset
 * paging in the caller, `limit` rows a page), so an export of a million rows never sits in memory
 * at once. The first pages are small: the first rows come soon, and a download cancelled early
 * leaves little work behind.
 */
export function csvStream<T>(
  header: string[],
  toValues: (row: T) => unknown[],
  nextPage: (after: T | undefined, limit: number) => Promise<T[]>,
): Readable {
  async function* lines() {
    yield csvLine(header);
    let last: T | undefined;
    let limit = FIRST_PAGE_ROWS;
    while (true) {
      const rows = await nextPage(last, limit);
      if (rows.length === 0) return;
      yield rows.map((row) => csvLine(toValues(row))).join('');
      last = rows[rows.length - 1];
      limit = Math.min(limit * 2, PAGE_ROWS_MAX);
    }
  }
  return Readable.from(lines());
}

/** Answers a CSV download: the stream as an attachment with this file name. */
export function sendCsv(reply: FastifyReply, filename: string, stream: Readable): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(stream);
}
