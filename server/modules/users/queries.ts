import { type SelectQueryBuilder, sql } from 'kysely';
import type { z } from 'zod';
import type {
  USER_SORT_FIELDS,
  UserStats,
  UsersExportQuery,
  UsersQuery,
} from '../../../contract/users';
import { presentUser } from '../../auth/present-user';
import { keyIn } from '../../crud/ids';
import type { Database } from '../../db/connect';
import type { SortKey } from '../../db/keyset';
import {
  countOf,
  isDeep,
  MATCHES,
  offsetOf,
  pageCarryingTotal,
  pageWithTotal,
  windowOf,
} from '../../db/paging';
import type { DB, UserRow, UserUpdate } from '../../db/schema';
import { containsText, frequenciesFor, isRare, matchesFirst } from '../../db/search';
import type { TrigramFrequencies } from '../../db/trigrams';
import { notFound } from '../../http/errors';

export type UserFilter = Pick<z.output<typeof UsersExportQuery>, 'q' | 'status'> & {
  ids?: string[] | undefined;
};
export type UserSort = z.output<typeof UsersExportQuery>['sort'];

export const SORT_KEYS: Record<(typeof USER_SORT_FIELDS)[number], SortKey> = {
  createdAt: { expression: sql`created_at`, type: 'timestamptz' },
  // Case-insensitive, as people read names; served by the unique lower() indexes.
  username: { expression: sql`lower(username)`, type: 'text' },
  email: { expression: sql`lower(email)`, type: 'text' },
  balance: { expression: sql`balance`, type: 'bigint' },
  xp: { expression: sql`xp`, type: 'bigint' },
  status: { expression: sql`status`, type: 'text' },
};

/** Users matching the filter; `q` is served by the trigram index users_search_idx. */
export function filteredUsers(db: Database, filter: UserFilter, frequencies?: TrigramFrequencies) {
  let query = db.selectFrom('users');
  const q = filter.q?.trim();
  if (q) {
    const text = sql<string>`lower(username || ' ' || email || ' ' || user_id)`;
    query = query.where(containsText(text, q, frequencies));
  }
  // A literal: each status has its own kept plan (see windowOf).
  if (filter.status) query = query.where('status', '=', sql.lit(filter.status));
  if (filter.ids) query = query.where(keyIn('user_id', filter.ids, (raw) => raw));
  return query;
}

export async function listUsers(db: Database, query: z.output<typeof UsersQuery>) {
  const { field, direction } = query.sort;
  const frequencies = await frequenciesFor(db, 'users_search_trigrams', query.q);
  const users = filteredUsers(db, query, frequencies);
  const inOrder = <Q extends SelectQueryBuilder<DB, 'users', object>>(rows: Q) =>
    rows.orderBy(SORT_KEYS[field].expression, direction).orderBy('id', direction) as Q;
  const count = () => countOf(db, users);

  // A rare term: its few matches read once, through the trigram index, for the page and total.
  if (isRare(query.q?.trim() ?? '', frequencies)) {
    const rows = inOrder(matchesFirst(db, users, 'users'))
      .selectAll()
      .select(sql<number>`count(*) OVER ()`.as(MATCHES))
      .limit(query.limit)
      .offset(offsetOf(query))
      .execute();
    return pageCarryingTotal(query, rows, presentUsers, count);
  }

  // A deep page reads its ids first, off the sort's index alone (see isDeep).
  const offset = offsetOf(query);
  const rows = isDeep(query)
    ? inOrder(
        db
          .selectFrom('users')
          .selectAll()
          .where('id', 'in', inOrder(users.select('id')).limit(query.limit).offset(offset)),
      )
    : windowOf(inOrder(users.selectAll()), query, !query.q?.trim() && !query.ids);
  // Without a search the total is the kept count: no scan of a million rows per page.
  const total =
    query.q?.trim() || query.ids ? users : { kept: 'users' as const, status: query.status };
  return pageWithTotal(db, query, rows, presentUsers, total);
}

const presentUsers = (rows: UserRow[]) => rows.map(presentUser);

export const userNotFound = () => notFound('User not found');

/** The user with this public userId; 404 when there is none. */
export async function findUser(db: Database, userId: string): Promise<UserRow> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw userNotFound();
  return row;
}

/** Same, locked until the transaction ends: the read a mutation's `before` comes from. */
export async function lockUser(trx: Database, userId: string): Promise<UserRow> {
  const row = await trx
    .selectFrom('users')
    .selectAll()
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw userNotFound();
  return row;
}

export async function userStats(db: Database, id: number): Promise<UserStats> {
  const outcome = (value: string) => sql<number>`count(*) FILTER (WHERE outcome = ${value})`;
  return db
    .selectFrom('matches')
    .where('user_id', '=', id)
    .select((eb) => [
      eb.fn.countAll<number>().as('matchesCount'),
      outcome('win').as('wins'),
      outcome('loss').as('losses'),
      outcome('draw').as('draws'),
    ])
    .executeTakeFirstOrThrow();
}

/** Writes one user row (bumping updated_at) and answers it as it now is. */
export function updateUserRow(trx: Database, id: number, set: UserUpdate): Promise<UserRow> {
  return trx
    .updateTable('users')
    .set({ ...set, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
