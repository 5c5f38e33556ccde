import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Database } from '../../db/connect';
import { afterCursor, type Cursor, cursorKey } from '../../db/keyset';
import type { UserRow } from '../../db/schema';
import { csvStream } from '../../http/csv';
import { filteredUsers, SORT_KEYS, type UserFilter, type UserSort } from './queries';

const HEADER = [
  'userId',
  'username',
  'email',
  'status',
  'balance',
  'xp',
  'role',
  'permissions',
  'referredBy',
  'referralCode',
  'createdAt',
];

const COLUMNS = [
  'id',
  'user_id',
  'username',
  'email',
  'status',
  'balance',
  'xp',
  'admin_enabled',
  'admin_permissions',
  'referred_by',
  'referral_code',
  'created_at',
] as const;

// Only what the file holds: the password hash never leaves the database for an export.
type ExportRow = Pick<UserRow, (typeof COLUMNS)[number]> & { cursor_key: string };

const toValues = (row: ExportRow) => [
  row.user_id,
  row.username,
  row.email,
  row.status,
  row.balance,
  row.xp,
  row.admin_enabled ? 'admin' : 'user',
  row.admin_permissions.join(' '),
  row.referred_by,
  row.referral_code,
  row.created_at,
];

/** GET /admin/users/export.csv: every matching user, read in keyset batches. */
export function usersCsv(db: Database, filter: UserFilter, sort: UserSort): Readable {
  const key = SORT_KEYS[sort.field];
  const nextBatch = (after: ExportRow | undefined, limit: number) => {
    let query = filteredUsers(db, filter);
    if (after) {
      const cursor: Cursor = { key: after.cursor_key, id: after.id };
      query = query.where(afterCursor(key, sql`id`, sort.direction, cursor));
    }
    return query
      .select(COLUMNS)
      .select(cursorKey(key).as('cursor_key'))
      .orderBy(key.expression, sort.direction)
      .orderBy('id', sort.direction)
      .limit(limit)
      .execute();
  };
  return csvStream(HEADER, toValues, nextBatch);
}
