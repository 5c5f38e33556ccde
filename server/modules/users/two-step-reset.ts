import { revokeUserSessions } from '../../auth/sessions';
import { turnOff } from '../../auth/two-step/store';
import type { Database } from '../../db/connect';
import type { UserRow } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { assertMayChange, auditUser, type Caller, isSelf } from './caller';
import { lockUser } from './queries';

const OWN = 'Use My account to turn off your own two-step sign-in.';
const NOT_ON = 'Two-step sign-in is not on for this user.';

/**
 * DELETE /admin/users/{id}/two-step: for an admin who lost their device. Two-step sign-in goes
 * off and their sessions end; they sign in with their password and set it up again.
 */
export function resetTwoStep(db: Database, caller: Caller, userId: string): Promise<UserRow> {
  if (isSelf(caller, userId)) throw new ApiError(409, 'use_my_account', OWN);
  return db.transaction().execute(async (trx) => {
    const row = await lockUser(trx, userId);
    assertMayChange(caller, row);
    if (!row.two_step_at) throw new ApiError(409, 'two_step_off', NOT_ON);
    await turnOff(trx, row.id);
    await revokeUserSessions(trx, row.id);
    await auditUser(trx, caller, 'user.two_step_reset', userId, { after: { twoStep: false } });
    return { ...row, two_step_at: null };
  });
}
