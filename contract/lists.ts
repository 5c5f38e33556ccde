import { z } from 'zod';

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

export const listResponse = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });

export interface ListResponse<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}
