import { sql } from 'kysely';
import { IDLE_TIMEOUT_MS } from '../auth/sessions';
import { sameGroups } from '../auth/sso-groups';
import type { Database } from '../db/connect';
import type { Subscriber } from './subscriber';

/** What held a stream at connect time, sorted and joined, to compare with what holds now. */
export const permissionKey = (permissions: readonly string[]) =>
  [...new Set(permissions)].sort().join(' ');

interface Holder {
  user_id: number;
  session_id: number | null;
  admin_enabled: boolean;
  admin_permissions: string[];
  sso_groups: string[];
}

/**
 * The streams that must close: their session ended (signed out, revoked, expired, idle), their
 * user was disabled or is no longer an admin, or what they hold changed (their permissions, or
 * the sign-on groups that gave them some). One query for all the instance's streams, without
 * touching the sessions (a stream is not activity).
 */
export async function streamsToClose(
  db: Database,
  subscribers: Iterable<Subscriber>,
): Promise<Subscriber[]> {
  const all = [...subscribers];
  if (all.length === 0) return [];
  const sessionIds = [...new Set(all.flatMap((s) => (s.sessionId === null ? [] : [s.sessionId])))];
  const proxyUserIds = [...new Set(all.filter((s) => s.sessionId === null).map((s) => s.userId))];
  const holders = await sql<Holder>`
    SELECT u.id AS user_id, s.id AS session_id, u.admin_enabled, u.admin_permissions,
      u.sso_groups
    FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.id = ANY(${sessionIds}::bigint[])
      AND s.revoked_at IS NULL AND s.expires_at > now()
      AND s.last_seen_at > now() - make_interval(secs => ${IDLE_TIMEOUT_MS / 1000})
      AND u.status <> 'disabled'
    UNION ALL
    SELECT u.id, NULL, u.admin_enabled, u.admin_permissions, u.sso_groups
    FROM users u
    WHERE u.id = ANY(${proxyUserIds}::bigint[]) AND u.status <> 'disabled'`.execute(db);
  const bySession = new Map<number, Holder>();
  const byUser = new Map<number, Holder>();
  for (const holder of holders.rows) {
    if (holder.session_id === null) byUser.set(holder.user_id, holder);
    else bySession.set(holder.session_id, holder);
  }
  return all.filter((subscriber) => {
    const holder =
      subscriber.sessionId === null
        ? byUser.get(subscriber.userId)
        : bySession.get(subscriber.sessionId);
    if (!holder?.admin_enabled) return true;
    if (subscriber.ssoGroups && !sameGroups(holder.sso_groups, subscriber.ssoGroups)) return true;
    const now = permissionKey([...holder.admin_permissions, ...subscriber.groupPermissions]);
    return now !== subscriber.permissions;
  });
}
