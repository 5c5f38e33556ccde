import type { RawBuilder } from 'kysely';
import type { z } from 'zod';
import type { RecordArea } from '../../contract/permissions';
import type { Database } from '../db/connect';
import { notFound } from '../http/errors';
import { type Field, type FieldSpec, fieldOf } from './fields';
import { parseId } from './ids';
import type { ColumnOf, StoredRow, TableName } from './tables';

/** What every list query holds once its schema parsed it. */
export interface ListQuery {
  q?: string | undefined;
  /** Just the records these ids name, as `:id` names them. */
  ids?: string[] | undefined;
  page: number;
  limit: number;
  sort: { field: string; direction: 'asc' | 'desc' };
}

export type Fields = Record<string, unknown>;

/** How a field sorts: its column, or an expression; `nullsLast` keeps empty values last both ways. */
export type SortKey<C extends string> = C | { by: C | RawBuilder<unknown>; nullsLast?: boolean };

/** What the URL's `:id` names, when it is not the `id` column. */
export interface KeySpec<C extends string> {
  column: C;
  /** The stored key a URL id names; null when it can name none (404). */
  parse(raw: string): string | null;
  /** A new record's key, drawn again should it be taken. */
  generate(): string;
}

/** The URL verbs of one record, for `refuseId`. */
export type RecordVerb = 'fetch' | 'update' | 'delete';

/** What a module declares: its table, its API fields and the few rules of its own. */
export interface ResourceSpec<
  T extends TableName,
  F extends Fields,
  Q extends ListQuery,
  Item extends { _id: string },
> {
  /** List and create at `path`; each record at `path/:id`. */
  path: string;
  /** Its reads need `<area>:read`, its changes `<area>:write`. */
  area: RecordArea;
  table: T;
  /** By default `:id` is the record's `_id`; or a public key of its own (bots' botId). */
  key?: KeySpec<ColumnOf<T>>;
  /** Audit entity, and the prefix of its actions: `category` → `category.create`. */
  entity: string;
  /** 'Category' → 404 'Category not found', 409 'This category was changed by someone else…'. */
  label: string;
  schemas: {
    item: z.ZodType<Item>;
    query: z.ZodType<Q>;
    /** The create body, defaults applied: every editable field. */
    create: z.ZodType<F>;
    /** PATCH sends the fields to change; PUT the whole record. */
    update: { method: 'PATCH' | 'PUT'; body: z.ZodType<Partial<F>> };
    /** The DELETE answer; `{ok: true}` unless `beforeDelete` adds to it. */
    deleted?: z.ZodType;
  };
  /** Each editable field (the create body's) and how it is stored. */
  fields: { [K in keyof F]-?: FieldSpec<ColumnOf<T>> };
  /** Fields the API shows but never writes (the server keeps them). */
  shown?: Record<string, FieldSpec<ColumnOf<T>>>;
  /** The lower-cased text `q` searches. */
  search: RawBuilder<string>;
  /** How each sortable field orders; id breaks ties. */
  sort: Record<Q['sort']['field'], SortKey<ColumnOf<T>>>;
  /** Conditions from the list query's own filters. */
  filters?: (query: Q) => RawBuilder<boolean>[];
  /**
   * Turns what was sent into what is stored, inside the write's transaction: on create `input`
   * is the whole record and `current` undefined; on update, the fields sent and the record now.
   * References are checked as sent: it must not change them.
   */
  prepare?: (
    input: Partial<F>,
    current: F | undefined,
    trx: Database,
  ) => Partial<F> | Promise<Partial<F>>;
  /**
   * Runs just before the record is deleted, in that transaction, for what goes with it: answers
   * what the audit row keeps as `before` and what the reply adds to `{ok: true}`.
   */
  beforeDelete?: (
    trx: Database,
    record: Item,
  ) => Promise<{ before: unknown; reply: Record<string, unknown> }>;
  /** Throws (a 400) for an id that can never name a record, before the body is looked at. */
  refuseId?: (raw: string, verb: RecordVerb) => void;
}

type NamedField = Field & { name: string };

export interface Resource<
  T extends TableName,
  F extends Fields,
  Q extends ListQuery,
  Item extends { _id: string },
> extends Omit<ResourceSpec<T, F, Q, Item>, 'key'> {
  /** The column `:id` names and how a raw id reads; `generate` only for a key of its own. */
  key: { column: string; parse(raw: string): string | number | null; generate?: () => string };
  /** Each editable field with its column, in the order declared. */
  fieldList: NamedField[];
  /** The editable fields of a row, as the API shows them. */
  fieldsOf(row: StoredRow): F;
  /** The columns to write for these fields. */
  columnsOf(fields: Partial<F>): Record<string, unknown>;
  /** The API's view of a row. */
  present(row: StoredRow): Item;
  notFound(): Error;
}

// biome-ignore lint/suspicious/noExplicitAny: a resource of any table, fields, query and item
export type AnyResource = Resource<any, any, any, any>;
/** A resource's editable fields, list query and item, read off its members. */
export type FieldsOf<R> = R extends { fieldsOf(row: StoredRow): infer F } ? F : never;
export type QueryOf<R> = R extends { schemas: { query: z.ZodType<infer Q> } } ? Q : never;
export type ItemOf<R> = R extends { present(row: StoredRow): infer I } ? I : never;

const named = (specs: Record<string, FieldSpec<string>>): NamedField[] =>
  Object.entries(specs).map(([name, spec]) => ({ name, ...fieldOf(spec) }));

const readAll = (fields: NamedField[], row: StoredRow) =>
  Object.fromEntries(
    fields.map(({ name, column, read }) => [name, read ? read(row[column]) : row[column]]),
  );

export function defineResource<
  T extends TableName,
  F extends Fields,
  Q extends ListQuery,
  Item extends { _id: string },
>(spec: ResourceSpec<T, F, Q, Item>): Resource<T, F, Q, Item> {
  const fieldList = named(spec.fields);
  const shownList = named(spec.shown ?? {});
  const byName = new Map(fieldList.map((field) => [field.name, field]));
  const fieldsOf = (row: StoredRow) => readAll(fieldList, row) as F;

  return {
    ...spec,
    fieldList,
    key: spec.key ?? { column: 'id', parse: parseId },
    fieldsOf,
    columnsOf: (fields) =>
      Object.fromEntries(
        Object.entries(fields).flatMap(([name, value]) => {
          const field = byName.get(name);
          if (!field || value === undefined) return [];
          return [[field.column, field.write ? field.write(value) : value]];
        }),
      ),
    // The route's response schema checks this shape on the way out.
    present: (row) =>
      ({
        _id: String(row.id),
        ...readAll(shownList, row),
        ...fieldsOf(row),
        createdAt: row.created_at.toISOString(),
        updatedAt: row.updated_at.toISOString(),
      }) as unknown as Item,
    notFound: () => notFound(`${spec.label} not found`),
  };
}
