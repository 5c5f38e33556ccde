import { z } from 'zod';
import { idsParam, onePageOfIds, optionalParam, paging, sortParam } from './lists';
import { text } from './text';

/** The schemas of a record's editable fields, by API name. */
export type FieldShape = Record<string, z.ZodType>;

type SortDirection = 'asc' | 'desc';
type Name<S extends FieldShape> = keyof S & string;

/** The field as sent in a change: its create default is not applied. */
type Unset<T> = T extends z.ZodDefault<infer I> ? I : T;
const unset = (schema: z.ZodType): z.ZodType =>
  schema instanceof z.ZodDefault ? (schema.unwrap() as z.ZodType) : schema;

/** `q`, the text a list search looks for. */
const searchParam = () => optionalParam(text().max(200));

/** A list's query: `q`, `ids`, paging, `sort` on an allow-list, and the list's own filters. */
export const listQuery = <
  const F extends readonly [string, ...string[]],
  E extends z.ZodRawShape = Record<never, never>,
>(
  sort: F,
  fallback: `${F[number]}:${SortDirection}`,
  pageSize: number,
  filters?: E,
) =>
  z
    .strictObject({
      q: searchParam(),
      ids: idsParam(),
      ...(filters as E),
      ...paging(pageSize),
      sort: sortParam(sort, fallback),
    })
    .transform(onePageOfIds);

/** PATCH's body: any subset of the fields, none given a default. */
export const patchOf = <S extends FieldShape>(fields: S) =>
  z.strictObject(
    Object.fromEntries(
      Object.entries(fields).map(([name, schema]) => [name, unset(schema).optional()]),
    ) as { [K in keyof S]: z.ZodOptional<Unset<S[K]>> },
  );

/**
 * A field as the API answers it: what is stored is already clean, so defaults and transforms
 * (a whole number's -0 to 0) are left out, and the answer's schema says only what JSON Schema
 * can.
 */
function shown(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodDefault) return shown(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodNullable) return shown(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodPipe && schema.out instanceof z.ZodTransform)
    return shown(schema.in as z.ZodType);
  return schema;
}

/** What every record answers besides its fields. */
interface Stamped {
  _id: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * A rule across fields ('Ends at must be after Starts on'): `holds` sees the whole record (on a
 * change, the fields sent over the stored ones); when it does not, `message` goes on `field`.
 * Fields left empty are the rule's to allow.
 */
export interface RecordRule<T> {
  field: keyof T & string;
  message: string;
  holds: (record: T) => boolean;
}

/** The first rule `record` breaks, if any. */
export const brokenRule = <T>(rules: readonly RecordRule<T>[], record: T) =>
  rules.find((rule) => !rule.holds(record));

export interface CrudOptions<S extends FieldShape, F extends readonly Name<S>[]> {
  /** The fields a list sorts by besides `createdAt`: by default each field. */
  sort?: F;
  /** The order of a list that sends no `sort`: newest first by default. */
  defaultSort?: `${F[number] | 'createdAt'}:${SortDirection}`;
  /** A list page's size when `limit` is not sent (20 by default). */
  pageSize?: number;
  /** Rules across fields, checked on create and on each change (server and console alike). */
  rules?: readonly RecordRule<z.output<z.ZodObject<S>>>[];
}

/**
 * The schemas of a plain resource, from its editable fields: the record (`_id`, the fields,
 * `createdAt`, `updatedAt`), the list query (`q`, `ids`, paging, `sort`), the create body (a
 * field with a default may be left out, the rules checked) and the PATCH body (any subset; the
 * server checks the rules on the record it makes).
 */
export function crudSchemas<S extends FieldShape, const F extends readonly Name<S>[] = Name<S>[]>(
  fields: S,
  { sort, defaultSort = 'createdAt:desc', pageSize = 20, rules = [] }: CrudOptions<S, F> = {},
) {
  const sortFields: [F[number] | 'createdAt', ...F[number][]] = [
    'createdAt',
    ...((sort ?? Object.keys(fields)) as F[number][]),
  ];
  const item = z.object({
    _id: z.string(),
    ...Object.fromEntries(Object.entries(fields).map(([name, schema]) => [name, shown(schema)])),
    createdAt: z.string(),
    updatedAt: z.string(),
  }) as unknown as z.ZodType<Stamped & z.output<z.ZodObject<S>>>;
  return {
    fields,
    sortFields,
    item,
    query: listQuery(sortFields, defaultSort, pageSize),
    create: z.strictObject(fields).superRefine((record, context) => {
      const broken = brokenRule(rules, record);
      if (broken)
        context.addIssue({ code: 'custom', path: [broken.field], message: broken.message });
    }),
    update: patchOf(fields),
    rules,
  };
}
