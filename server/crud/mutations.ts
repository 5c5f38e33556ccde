import { isDeepStrictEqual } from 'node:util';
import { sql } from 'kysely';
import { type Actor, audit } from '../audit/audit';
import type { Database } from '../db/connect';
import { assertVersion } from '../http/versions';
import { assertUnique, lockReferences, writeChecked } from './constraints';
import { recordWhere } from './find';
import type { AnyResource, Fields, FieldsOf, ItemOf } from './resource';
import { anyTables, type StoredRow } from './tables';

// Each mutation runs in one transaction with exactly one audit row; one that fails writes none.

/** Tries for a free generated key; a clash of ten random characters is already unlikely. */
const KEY_ATTEMPTS = 5;

/** The audit row's entity id: what the URL names the record by. */
const keyOf = (resource: AnyResource, row: StoredRow) => String(row[resource.key.column]);

/**
 * Creates a record from its validated create body; answers it as the API shows it. A resource
 * with a key of its own gets a new one drawn, and drawn again should it be taken.
 */
export function createRecord<R extends AnyResource>(
  db: Database,
  actor: Actor,
  resource: R,
  input: FieldsOf<R>,
): Promise<ItemOf<R>> {
  return db.transaction().execute(async (trx) => {
    const fields = (await resource.prepare?.(input, undefined, trx)) ?? input;
    await lockReferences(trx, resource, fields);
    await assertUnique(trx, resource, fields);
    const { column, generate } = resource.key;
    const insert = () =>
      writeChecked(resource, () =>
        anyTables(trx)
          .insertInto(resource.table)
          .values({ ...(generate && { [column]: generate() }), ...resource.columnsOf(fields) })
          .$if(generate !== undefined, (query) =>
            query.onConflict((oc) => oc.column(column).doNothing()),
          )
          .returningAll()
          .$castTo<StoredRow>()
          .executeTakeFirst(),
      );
    let row: StoredRow | undefined;
    for (let attempt = 0; !row && attempt < KEY_ATTEMPTS; attempt++) row = await insert();
    if (!row) throw new Error(`No free ${column} after ${KEY_ATTEMPTS} attempts`);

    const record = resource.present(row);
    await audit(trx, actor, {
      action: `${resource.entity}.create`,
      entity: resource.entity,
      entityId: keyOf(resource, row),
      after: record,
    });
    return record;
  });
}

/**
 * The record locked for the transaction; 404 for an unknown or malformed id. An update takes
 * the lock an UPDATE of it takes (FOR NO KEY UPDATE: a new record may still name this one);
 * a delete the full one.
 */
async function lockRecord(trx: Database, resource: AnyResource, rawId: string, forDelete = false) {
  const query = recordWhere(trx, resource, rawId);
  const row = await (forDelete ? query?.forUpdate() : query?.forNoKeyUpdate())?.executeTakeFirst();
  if (!row) throw resource.notFound();
  return row;
}

const pick = (fields: Fields, names: string[]) =>
  Object.fromEntries(names.map((name) => [name, fields[name]]));

export interface UpdateOptions {
  /** The `updatedAt` the edit was based on (If-Match): 409 when the record changed since. */
  ifMatch?: string | undefined;
  /** The audit action's verb; `update` by default. */
  action?: string;
}

/**
 * Writes the fields whose value differs from the record's (`change` may compute them from the
 * current fields) and audits only those. Nothing to change writes nothing and keeps updatedAt.
 */
export function updateRecord<R extends AnyResource>(
  db: Database,
  actor: Actor,
  resource: R,
  rawId: string,
  change: Partial<FieldsOf<R>> | ((current: FieldsOf<R>) => Partial<FieldsOf<R>>),
  { ifMatch, action = 'update' }: UpdateOptions = {},
): Promise<ItemOf<R>> {
  return db.transaction().execute(async (trx) => {
    if (typeof change !== 'function') await lockReferences(trx, resource, change);
    const row = await lockRecord(trx, resource, rawId);
    assertVersion(row.updated_at, ifMatch, resource.label.toLowerCase());
    const current: Fields = resource.fieldsOf(row);
    const wanted = typeof change === 'function' ? change(current as FieldsOf<R>) : change;
    const fields: Fields = (await resource.prepare?.(wanted, current, trx)) ?? wanted;
    const changes = Object.fromEntries(
      Object.entries(fields).filter(
        ([name, value]) => value !== undefined && !isDeepStrictEqual(value, current[name]),
      ),
    );
    const changed = Object.keys(changes);
    if (changed.length === 0) return resource.present(row);

    await assertUnique(trx, resource, changes, row.id);
    const updated = await writeChecked(resource, () =>
      anyTables(trx)
        .updateTable(resource.table)
        .set({ ...resource.columnsOf(changes), updated_at: sql<Date>`now()` })
        .where('id', '=', row.id)
        .returningAll()
        .$castTo<StoredRow>()
        .executeTakeFirstOrThrow(),
    );
    await audit(trx, actor, {
      action: `${resource.entity}.${action}`,
      entity: resource.entity,
      entityId: keyOf(resource, row),
      before: pick(current, changed),
      // As stored, which is how it will be read back.
      after: pick(resource.fieldsOf(updated), changed),
    });
    return resource.present(updated);
  });
}

/** Deletes the record (and, through `beforeDelete`, what goes with it); answers the reply. */
export function deleteRecord(
  db: Database,
  actor: Actor,
  resource: AnyResource,
  rawId: string,
): Promise<{ ok: true } & Record<string, unknown>> {
  return db.transaction().execute(async (trx) => {
    const row = await lockRecord(trx, resource, rawId, true);
    const record = resource.present(row);
    const extra = await resource.beforeDelete?.(trx, record);
    await anyTables(trx).deleteFrom(resource.table).where('id', '=', row.id).execute();
    await audit(trx, actor, {
      action: `${resource.entity}.delete`,
      entity: resource.entity,
      entityId: keyOf(resource, row),
      before: extra ? extra.before : record,
    });
    return { ...extra?.reply, ok: true as const };
  });
}
