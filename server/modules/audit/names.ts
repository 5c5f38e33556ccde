import type { AuditSummary } from '../../../contract/audit';
import type { Database } from '../../db/connect';

/**
 * The entries with their record's name where it has one: a user named by the entry (its userId)
 * gets its current username, in one query for the page. Other records are known by their id.
 */
export async function withRecordNames<Entry extends AuditSummary>(
  db: Database,
  entries: Entry[],
): Promise<Entry[]> {
  const userIds = [
    ...new Set(
      entries.flatMap((entry) =>
        entry.entity === 'user' && entry.entityId !== null ? [entry.entityId] : [],
      ),
    ),
  ];
  const users =
    userIds.length === 0
      ? []
      : await db
          .selectFrom('users')
          .select(['user_id', 'username'])
          .where('user_id', 'in', userIds)
          .execute();
  const usernames = new Map(users.map((user) => [user.user_id, user.username]));
  return entries.map((entry) => ({
    ...entry,
    entityName:
      entry.entity === 'user' && entry.entityId !== null
        ? (usernames.get(entry.entityId) ?? null)
        : null,
  }));
}
