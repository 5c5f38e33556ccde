import { sql } from 'kysely';
import type { Database } from '../db/connect';
import { uniqueViolation } from '../db/errors';
import { duplicateField, invalidField } from './errors';
import { parseId } from './ids';
import type { AnyResource, Fields } from './resource';
import { anyTables } from './tables';

/**
 * 400 when a reference among `fields` names no record. Each record named stays locked against
 * deletion (FOR KEY SHARE) until the write commits, so it cannot go between this check and the
 * write; taken before the record written is locked, that is the order a delete of the referenced
 * record takes them in (its own row, then the rows that name it), and the two never deadlock.
 */
export async function lockReferences(
  trx: Database,
  resource: AnyResource,
  fields: Fields,
): Promise<void> {
  for (const { name, references } of resource.fieldList) {
    const value = fields[name];
    if (!references || value === undefined) continue;
    const id = parseId(String(value));
    const found =
      id !== null &&
      (await anyTables(trx)
        .selectFrom(references.table)
        .select('id')
        .where('id', '=', id)
        .forKeyShare()
        .executeTakeFirst());
    if (!found) throw invalidField(name, references.message);
  }
}

/**
 * 409 naming the field when another record holds one of the unique values among `changes`, so
 * the answer can say which; `selfId` is the record being updated (its own value is no clash).
 */
export async function assertUnique(
  trx: Database,
  resource: AnyResource,
  changes: Fields,
  selfId?: number,
): Promise<void> {
  for (const { name, column, write, unique } of resource.fieldList) {
    const value = changes[name];
    if (!unique || value === undefined) continue;
    const stored = write ? write(value) : value;
    let query = anyTables(trx)
      .selectFrom(resource.table)
      .select('id')
      .where(
        unique.ignoreCase ? sql`lower(${sql.ref(column)})` : sql.ref(column),
        '=',
        unique.ignoreCase ? sql`lower(${stored})` : stored,
      );
    if (selfId !== undefined) query = query.where('id', '<>', selfId);
    if (await query.executeTakeFirst()) throw duplicateField(name, unique.message);
  }
}

/** Runs a write; a unique value taken by a concurrent write since `assertUnique` answers 409 too. */
export async function writeChecked<T>(resource: AnyResource, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const index = uniqueViolation(error);
    const field = resource.fieldList.find(({ unique }) => index && unique?.index === index);
    if (field?.unique) throw duplicateField(field.name, field.unique.message);
    throw error;
  }
}
