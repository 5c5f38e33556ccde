import { type Actor, audit } from '../../audit/audit';
import type { Database } from '../../db/connect';
import { accountKey } from '../login-throttle';
import { hashPassword, verifyPassword } from '../passwords';
import { revokeUserSessions } from '../sessions';
import { underSignInLimits } from '../sign-in-limits';

interface OwnPasswordChange {
  userId: number;
  /** The session asking: it stays; every other session of the account ends. */
  sessionId: number;
  currentPassword: string;
  newPassword: string;
  actor: Actor;
  ip: string;
}

/**
 * One's own password, which needs the current one: a wrong one counts against the sign-in
 * limits, so a session left open cannot be used to guess it.
 */
export async function changeOwnPassword(db: Database, change: OwnPasswordChange) {
  const who = { ip: change.ip, identifier: accountKey(change.userId) };
  return underSignInLimits(db, who, async (trx) => {
    const row = await trx
      .selectFrom('users')
      .select(['password_hash', 'user_id'])
      .where('id', '=', change.userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(row.password_hash, change.currentPassword))) {
      return { outcome: 'invalid' as const };
    }
    // Only now: a refused attempt costs one argon2 check, not two.
    const newHash = await hashPassword(change.newPassword);
    await trx
      .updateTable('users')
      .set({ password_hash: newHash })
      .where('id', '=', change.userId)
      .execute();
    await revokeUserSessions(trx, change.userId, change.sessionId);
    // Never the password or its hash: only that it changed.
    await audit(trx, change.actor, {
      action: 'auth.password_change',
      entity: 'user',
      entityId: row.user_id,
      after: { passwordChanged: true },
    });
    return { outcome: 'changed' as const };
  });
}
