import { sql } from 'kysely';
import {
  PRESENCE_TTL_MS,
  type PresenceChange,
  presenceTopic,
  type Viewer,
} from '../../contract/live';
import type { Database } from '../db/connect';
import { lockName } from '../db/xact-lock';
import { CHANNELS } from './listener';

interface Place {
  resource: string;
  id: string;
}

const fresh = sql<boolean>`p.seen_at > now() - make_interval(secs => ${PRESENCE_TTL_MS / 1000})`;

async function viewersOf(trx: Database, { resource, id }: Place): Promise<Viewer[]> {
  const rows = await trx
    .selectFrom('presence as p')
    .innerJoin('users as u', 'u.id', 'p.admin_id')
    .select(['u.id', 'u.username'])
    .where('p.resource', '=', resource)
    .where('p.record_id', '=', id)
    .where(fresh)
    .orderBy('u.username')
    .execute();
  return rows.map((row) => ({ adminId: String(row.id), username: row.username }));
}

/** Viewers an announcement names: a notification holds under 8,000 bytes. */
const MAX_ANNOUNCED = 50;

/** Tells every instance who views the record now; sent when the transaction commits. */
async function announce(trx: Database, place: Place, viewers: Viewer[]): Promise<void> {
  const change: PresenceChange = {
    topic: presenceTopic(place.resource, place.id),
    ...place,
    viewers: viewers.slice(0, MAX_ANNOUNCED),
  };
  await sql`SELECT pg_notify(${CHANNELS.presence}, ${JSON.stringify(change)})`.execute(trx);
}

// Changes to one record's viewers take its lock, so each announcement lists what committed.
const lockPlace = (trx: Database, { resource, id }: Place) =>
  lockName(trx, `presence:${resource}/${id}`);

/**
 * The admin views the record (again): answers who views it now. Only an arrival is announced;
 * a refresh changes nobody's list.
 */
export function arrive(db: Database, adminId: number, place: Place): Promise<Viewer[]> {
  return db.transaction().execute(async (trx) => {
    await lockPlace(trx, place);
    const wasThere = await trx
      .selectFrom('presence as p')
      .select('p.admin_id')
      .where('p.resource', '=', place.resource)
      .where('p.record_id', '=', place.id)
      .where('p.admin_id', '=', adminId)
      .where(fresh)
      .executeTakeFirst();
    await trx
      .insertInto('presence')
      .values({ admin_id: adminId, resource: place.resource, record_id: place.id })
      .onConflict((oc) =>
        oc.columns(['resource', 'record_id', 'admin_id']).doUpdateSet({ seen_at: sql`now()` }),
      )
      .execute();
    const viewers = await viewersOf(trx, place);
    if (!wasThere) await announce(trx, place, viewers);
    return viewers;
  });
}

/** The admin left the record's page. */
export function leave(db: Database, adminId: number, place: Place): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await lockPlace(trx, place);
    const gone = await trx
      .deleteFrom('presence')
      .where('resource', '=', place.resource)
      .where('record_id', '=', place.id)
      .where('admin_id', '=', adminId)
      .returning('admin_id')
      .executeTakeFirst();
    if (gone) await announce(trx, place, await viewersOf(trx, place));
  });
}

/** The admin signed out: they view nothing any more (each record they left is announced). */
export async function leaveAll(db: Database, adminId: number): Promise<void> {
  const places = await db
    .selectFrom('presence')
    .select(['resource', 'record_id'])
    .where('admin_id', '=', adminId)
    .execute();
  for (const { resource, record_id } of places)
    await leave(db, adminId, { resource, id: record_id });
}

/**
 * Drops the viewers silent for PRESENCE_TTL_MS and announces each record they left. Several
 * instances may sweep at once: a row is deleted, and so announced, by one of them.
 */
export async function sweepPresence(db: Database): Promise<void> {
  const gone = await db
    .deleteFrom('presence as p')
    .where(sql<boolean>`NOT ${fresh}`)
    .returning(['p.resource', 'p.record_id'])
    .execute();
  const places = new Map(
    gone.map((row) => [
      `${row.resource}/${row.record_id}`,
      { resource: row.resource, id: row.record_id },
    ]),
  );
  for (const place of places.values()) {
    await db.transaction().execute(async (trx) => {
      await lockPlace(trx, place);
      await announce(trx, place, await viewersOf(trx, place));
    });
  }
}
