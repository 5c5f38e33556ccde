import { audit } from '../../audit/audit';
import type { Database } from '../../db/connect';
import type { SecretBox } from '../../secrets/box';
import { knownDevice } from '../devices';
import { type SignInResult, startSession } from '../sign-in';
import { challengedUser, lockChallenge, spendChallenge } from './challenges';
import { type TooManyCodes, underCodeCap } from './code-cap';
import { checkCode, lockAccount } from './store';
import { warnOwner } from './warning';

export type VerifyResult = SignInResult | TooManyCodes | { outcome: 'expired' };

interface VerifyInput {
  challenge: string;
  code: string;
  ip: string;
  userAgent: string | undefined;
  /** The browser's device cookie, if any: the owner's browser skips the slowdown here too. */
  device: string | undefined;
}

/**
 * The second step of a sign-in: the code (or a recovery code) for the challenge the password
 * earned. A wrong code counts against the same limits as a wrong password, and against the
 * account's cap on wrong codes; it also warns the owner, as whoever typed it knew the password.
 */
export async function verifySignIn(
  db: Database,
  box: SecretBox,
  input: VerifyInput,
): Promise<VerifyResult> {
  const userId = await challengedUser(db, input.challenge);
  if (userId === undefined) return { outcome: 'expired' };
  const device = await knownDevice(db, input.device, userId);
  return underCodeCap(db, { ip: input.ip, userId, device }, async (trx): Promise<VerifyResult> => {
    // The account first (see lockAccount), then the challenge again: a parallel attempt may
    // have used it, or it ran out while this one waited.
    const user = await lockAccount(trx, userId);
    const live = await lockChallenge(trx, input.challenge);
    // Disabled since, or two-step turned off (reset): the password step is to be done again.
    if (
      !live ||
      live.user_id !== userId ||
      !user ||
      user.status === 'disabled' ||
      !user.two_step_at
    ) {
      return { outcome: 'expired' };
    }
    const how = await checkCode(trx, box, user.id, input.code);
    if (!how) {
      await audit(
        trx,
        { id: null, username: null, ip: input.ip },
        { action: 'auth.login_failed', entity: 'user', entityId: user.user_id },
      );
      await warnOwner(trx, user, input.ip);
      return { outcome: 'invalid' };
    }
    await spendChallenge(trx, live.id);
    return startSession(trx, user, input, how === 'totp' ? 'two-step code' : 'recovery code');
  });
}
