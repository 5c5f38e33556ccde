import { sql } from 'kysely';
import type { TwoStepWarning } from '../../../contract/two-step';
import { audit } from '../../audit/audit';
import type { Database } from '../../db/connect';
import { CODE_WINDOW_SECONDS } from './code-cap';

export const WRONG_CODES_ACTION = 'auth.two_step_codes_wrong';

/**
 * A wrong code at the sign-in's code step: whoever typed it knew the password. The owner's
 * warning says when and from where (the latest), and how many since it opened; the audit log
 * gets a row when the guessing starts (no wrong sign-in code in the window before), not one
 * per code: each is already a failed sign-in there.
 */
export async function warnOwner(
  trx: Database,
  user: { id: number; user_id: string },
  ip: string,
): Promise<void> {
  const before = await trx
    .selectFrom('two_step_warnings')
    .select(
      sql<boolean>`last_at > now() - make_interval(secs => ${CODE_WINDOW_SECONDS})`.as('recent'),
    )
    .where('user_id', '=', user.id)
    .forUpdate()
    .executeTakeFirst();
  await trx
    .insertInto('two_step_warnings')
    .values({ user_id: user.id, last_ip: ip })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        last_at: sql<Date>`now()`,
        last_ip: ip,
        wrong_codes: sql<number>`two_step_warnings.wrong_codes + 1`,
      }),
    )
    .execute();
  if (before?.recent) return;
  await audit(
    trx,
    { id: null, username: null, ip },
    { action: WRONG_CODES_ACTION, entity: 'user', entityId: user.user_id },
  );
}

/** The owner's warning for My account and the first page after signing in, or null. */
export async function ownWarning(db: Database, userId: number): Promise<TwoStepWarning | null> {
  const row = await db
    .selectFrom('two_step_warnings')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    firstAt: row.first_at.toISOString(),
    lastAt: row.last_at.toISOString(),
    ip: row.last_ip,
    wrongCodes: row.wrong_codes,
  };
}

/** Dismissed by the owner, or gone with the password it was about; whether there was one. */
export async function clearWarning(db: Database, userId: number): Promise<boolean> {
  const gone = await db
    .deleteFrom('two_step_warnings')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return gone.numDeletedRows > 0n;
}
