import { sql } from 'kysely';
import { z } from 'zod';
import type { FieldShape } from '../../contract/crud';
import { labelOf, type SnakeCase, singularOf, snakeCase } from '../../contract/crud-names';
import { decimal, type Field, timestamp } from './fields';
import {
  type AnyResource,
  defineResource,
  type Fields,
  type ListQuery,
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

/** What `crudSchemas` (contract/crud.ts) makes of a resource's fields. */
export interface PlainSchemas<S extends FieldShape> {
  fields: S;
  sortFields: readonly string[];
  item: z.ZodType<{ _id: string }>;
  query: z.ZodType<ListQuery>;
  create: z.ZodType<Fields>;
  update: z.ZodType<Partial<Fields>>;
}

/** A resource spec of a table the Kysely DB type may not know: columns are any text. */
type Untyped = ResourceSpec<TableName, Fields, ListQuery, { _id: string }>;

export interface PlainOptions<S extends FieldShape> {
  /** The fields `q` searches, in this order. */
  search: readonly (keyof S & string)[];
  /**
   * Fields under a unique index named as PostgreSQL names a UNIQUE column's
   * (`<table>_<column>_key`): a value taken answers 409 '<Field> already exists'.
   */
  unique?: readonly (keyof S & string)[];
  /** By default from the name: 'promo-codes' → table promo_codes, 'Promo code', promo_code. */
  table?: string;
  label?: string;
  entity?: string;
}

/**
 * A resource that is nothing but CRUD, at /admin/<name>: list (search, sort, paging), create,
 * PATCH and delete, each change in one transaction with one audit row, If-Match honoured.
 * Its table needs no Kysely type: the kit reads any table's columns as unknown values.
 */
export function plainResource<S extends FieldShape>(
  name: string,
  schemas: PlainSchemas<S>,
  { search, unique = [], ...names }: PlainOptions<S>,
): AnyResource {
  const singular = singularOf(name);
  const table = names.table ?? name.replace(/-/g, '_');
  const fields = Object.fromEntries(
    Object.entries(schemas.fields).map(([field, schema]) => {
      const stored = storedAs(field, schema);
      const message = `${labelOf(field)} already exists`;
      const index = `${table}_${stored.column}_key`;
      return [field, unique.includes(field) ? { ...stored, unique: { index, message } } : stored];
    }),
  );
  const nullable = new Set(
    search.filter((field) => mayBeEmpty(schemas.fields[field])).map(snakeCase),
  );
  return defineResource<TableName, Fields, ListQuery, { _id: string }>({
    path: `/admin/${name}`,
    // Any table: the kit's queries are untyped inside (see tables.ts).
    table: table as TableName,
    entity: names.entity ?? singular.replace(/ /g, '_'),
    label: names.label ?? labelOf(singular),
    schemas: {
      item: schemas.item,
      query: schemas.query,
      create: schemas.create,
      update: { method: 'PATCH', body: schemas.update },
    },
    fields: fields as Untyped['fields'],
    search: searchText(search.map(snakeCase), nullable),
    sort: snakeColumns(schemas.sortFields) as Untyped['sort'],
  });
}
