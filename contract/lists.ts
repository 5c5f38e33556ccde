import { z } from 'zod';
import { text } from './text';

/** A query value that may be sent empty (`?status=`): empty means absent. */
export const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const PAGE_LIMIT_MAX = 100;

/** `page` is 1-based; `limit` at most 100. */
export const paging = (defaultLimit: number) => ({
  page: optionalParam(z.coerce.number().int().min(1).max(100_000)).transform((v) => v ?? 1),
  limit: optionalParam(z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX)).transform(
    (v) => v ?? defaultLimit,
  ),
});

/** How many records one `ids` request may name: one page's worth. */
export const IDS_MAX = PAGE_LIMIT_MAX;

const anyId = text().max(200);

/**
 * `ids=a&ids=b` (or one `ids=a`): just these records, each named as its URL names it (a user by
 * userId, a bot by botId, any other record by `_id`); an id naming none is simply not there.
 */
export const idsParam = () =>
  optionalParam(
    z
      .union([anyId, z.array(anyId).max(IDS_MAX, `must name at most ${IDS_MAX} records`)])
      .transform((ids) => (typeof ids === 'string' ? [ids] : ids)),
  ).describe(`Just these records (ids=a&ids=b), all on one page; at most ${IDS_MAX}`);

/** With `ids`, one page holds every record named, whatever `page` and `limit` say. */
export function onePageOfIds<Q>(query: Q): Q {
  const { ids } = query as { ids?: string[] };
  return ids ? { ...query, page: 1, limit: IDS_MAX } : query;
}

/** `sort=field:asc|desc` on an allow-list of fields. */
export const sortParam = <const F extends readonly [string, ...string[]]>(
  fields: F,
  fallback: `${F[number]}:${'asc' | 'desc'}`,
) =>
  optionalParam(
    z
      .string()
      .regex(
        new RegExp(`^(${fields.join('|')}):(asc|desc)$`),
        `must be one of ${fields.join(', ')} followed by :asc or :desc`,
      ),
  ).transform((value) => {
    const [field, direction] = (value ?? fallback).split(':') as [F[number], 'asc' | 'desc'];
    return { field, direction };
  });

/** Past this many matches a list's total is not counted on: it answers this, a lower bound. */
export const TOTAL_BOUND = 10_000;

export const listResponse = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    totalIsLowerBound: z
      .literal(true)
      .optional()
      .describe(
        `Present when more than ${TOTAL_BOUND} records match: then total is ${TOTAL_BOUND}, a lower bound, not the count`,
      ),
    page: z.number().int(),
    limit: z.number().int(),
  });

/** A list's total: exact, or TOTAL_BOUND with `totalIsLowerBound` when more match. */
export interface ListTotal {
  total: number;
  totalIsLowerBound?: true;
}

export interface ListResponse<T> extends ListTotal {
  items: T[];
  page: number;
  limit: number;
}
