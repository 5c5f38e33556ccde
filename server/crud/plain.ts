import { sql } from 'kysely';
import { z } from 'zod';
import { brokenRule, type RecordRule } from '../../contract/crud';
import { labelOf, type SnakeCase, singularOf, snakeCase } from '../../contract/crud-names';
import type { RecordArea } from '../../contract/permissions';
import { invalidField } from './errors';
import { decimal, type Field, reference, timestamp } from './fields';
import {
  defineResource,
  type Fields,
  type ListQuery,
  type Resource,
  type ResourceSpec,
} from './resource';
import type { TableName } from './tables';

/** Each name with the column of the same name in snake_case: `{ sortOrder: 'sort_order' }`. */
export const snakeColumns = <const N extends string>(names: readonly N[]) =>
  Object.fromEntries(names.map((name) => [name, snakeCase(name)])) as {
    [K in N]: SnakeCase<K>;
  };

/**
 * The lower-cased text `q` searches: the columns joined by spaces, a nullable one as ''.
 * A trigram index serves the search only when built on this very expression.
 */
export function searchText(columns: readonly string[], nullable: ReadonlySet<string> = new Set()) {
  const parts = columns.map((column) =>
    nullable.has(column) ? sql`coalesce(${sql.ref(column)}, '')` : sql.ref(column),
  );
  return sql<string>`lower(${sql.join(parts, sql` || ' ' || `)})`;
}

/** The schema under its default, nullability and transforms: what kind of value it holds. */
function baseOf(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodNullable)
    return baseOf(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodPipe && schema.out instanceof z.ZodTransform)
    return baseOf(schema.in as z.ZodType);
  return schema;
}

/** A field in its snake_case column: times shown in ISO 8601, numbers (also numeric) as numbers. */
function storedAs(name: string, schema: z.ZodType): Field {
  const column = snakeCase(name);
  const base = baseOf(schema);
  if (base instanceof z.ZodISODateTime) return timestamp(column);
  if (base instanceof z.ZodNumber) return decimal(column);
  return { column };
}

/** Whether a field may be stored as NULL: it takes null, or may be left out with no default. */
function mayBeEmpty(schema: z.ZodType | undefined): boolean {
  if (!schema) return false;
  const missing = schema.safeParse(undefined);
  return schema.safeParse(null).success || (missing.success && missing.data === undefined);
}

/**
 * A plain resource's schemas: what `crudSchemas` (contract/crud.ts) makes of its fields, or the
 * same written by hand. The create body's fields are the editable ones, each in its column.
 */
export interface PlainSchemas<F extends Fields, Q extends ListQuery, Item extends { _id: string }> {
  sortFields: readonly Q['sort']['field'][];
  item: z.ZodType<Item>;
  query: z.ZodType<Q>;
  create: z.ZodObject & z.ZodType<F>;
  update: z.ZodType<Partial<F>>;
  /** The DELETE answer, when `beforeDelete` adds to `{ok: true}`. */
  deleted?: z.ZodType;
  /** Rules across fields: a change that breaks one, over the stored record, answers 400. */
  rules?: readonly RecordRule<F>[];
}

/** A resource spec of a table the Kysely DB type may not know: columns are any text. */
type Untyped = ResourceSpec<TableName, Fields, ListQuery, { _id: string }>;

type Rules<F extends Fields, Q extends ListQuery, Item extends { _id: string }> = Pick<
  ResourceSpec<TableName, F, Q, Item>,
  'filters' | 'prepare' | 'beforeDelete'
>;

export interface PlainOptions<F extends Fields, Q extends ListQuery, Item extends { _id: string }>
  extends Rules<F, Q, Item> {
  /** Its reads need `<area>:read`, its changes `<area>:write` (contract/permissions.ts). */
  area: RecordArea;
  /** The fields `q` searches, in this order. */
  search: readonly (keyof F & string)[];
  /**
   * Fields under a unique index named as PostgreSQL names a UNIQUE column's
   * (`<table>_<column>_key`): a value taken answers 409 '<Field> already exists'.
   */
  unique?: readonly (keyof F & string)[];
  /** Fields holding another table's `_id` (a bigint column): one naming no record answers 400. */
  references?: { [K in keyof F & string]?: NonNullable<Field['references']> };
  /** PUT sends the whole record instead of PATCH's changed fields. */
  method?: 'PATCH' | 'PUT';
  /** By default from the name: 'promo-codes' → table promo_codes, 'Promo code', promo_code. */
  table?: string;
  label?: string;
  entity?: string;
}

/**
 * `prepare`, then the rules across fields on the record a change makes (the create body's
 * schema checks them on a new one).
 */
function withRules<F extends Fields, Q extends ListQuery, Item extends { _id: string }>(
  prepare: Rules<F, Q, Item>['prepare'],
  rules: readonly RecordRule<F>[],
): Rules<F, Q, Item>['prepare'] {
  if (rules.length === 0) return prepare;
  return async (input, current, trx) => {
    const fields = (await prepare?.(input, current, trx)) ?? input;
    const sent = Object.entries(fields).filter(([, value]) => value !== undefined);
    const broken = current && brokenRule(rules, { ...current, ...Object.fromEntries(sent) });
    if (broken) throw invalidField(broken.field, broken.message);
    return fields;
  };
}

/**
 * A resource that is CRUD and a few rules of its own, at /admin/<name>: list (search, sort,
 * paging, `ids`, its filters), create, update (PATCH, or PUT) and delete, each change in one
 * transaction with one audit row, If-Match honoured. Each field is stored in the column of its
 * name in snake_case; its table needs no Kysely type: the kit reads any table's columns as
 * unknown values.
 */
export function plainResource<F extends Fields, Q extends ListQuery, Item extends { _id: string }>(
  name: string,
  schemas: PlainSchemas<F, Q, Item>,
  options: PlainOptions<F, Q, Item>,
): Resource<TableName, F, Q, Item> {
  const { search, unique = [], references, method = 'PATCH' } = options;
  const { filters, beforeDelete } = options;
  const prepare = withRules(options.prepare, schemas.rules ?? []);
  const singular = singularOf(name);
  const table = options.table ?? name.replace(/-/g, '_');
  const shape = schemas.create.shape as Record<string, z.ZodType>;
  const fields = Object.fromEntries(
    Object.entries(shape).map(([field, schema]) => {
      const stored = storedAs(field, schema);
      const target = references?.[field as keyof F & string];
      if (target) return [field, reference(stored.column, target)];
      if (!unique.includes(field)) return [field, stored];
      const index = `${table}_${stored.column}_key`;
      return [field, { ...stored, unique: { index, message: `${labelOf(field)} already exists` } }];
    }),
  );
  const nullable = new Set(search.filter((field) => mayBeEmpty(shape[field])).map(snakeCase));
  const spec: Untyped = {
    path: `/admin/${name}`,
    area: options.area,
    // Any table: the kit's queries are untyped inside (see tables.ts).
    table: table as TableName,
    entity: options.entity ?? singular.replace(/ /g, '_'),
    label: options.label ?? labelOf(singular),
    schemas: {
      item: schemas.item,
      query: schemas.query,
      create: schemas.create,
      update: { method, body: schemas.update },
      ...(schemas.deleted && { deleted: schemas.deleted }),
    },
    fields: fields as Untyped['fields'],
    search: searchText(search.map(snakeCase), nullable),
    sort: snakeColumns(schemas.sortFields) as Untyped['sort'],
    ...(filters && { filters: filters as Untyped['filters'] }),
    ...(prepare && { prepare: prepare as Untyped['prepare'] }),
    ...(beforeDelete && { beforeDelete: beforeDelete as Untyped['beforeDelete'] }),
  };
  return defineResource(spec) as unknown as Resource<TableName, F, Q, Item>;
}
