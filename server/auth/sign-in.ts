import { audit } from '../audit/audit';
import type { Database } from '../db/connect';
import type { UserRow } from '../db/schema';
import {
  accountDelayMs,
  identifierKey,
  ipRetryAfter,
  lockIp,
  recordFailure,
} from './login-throttle';
import { verifyPassword } from './passwords';
import { createSession } from './sessions';

export type SignInResult =
  | { outcome: 'signed-in'; token: string; user: UserRow }
  | { outcome: 'invalid' }
  | { outcome: 'rate-limited'; retryAfterSeconds: number };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One sign-in attempt. Unknown user, wrong password and disabled user do the same work and
 * give the same answer. The IP's attempts run one at a time (the lock is held through the
 * password check), so the failure limit holds under parallel requests.
 */
export async function signIn(
  db: Database,
  input: { emailOrUsername: string; password: string; ip: string; userAgent: string | undefined },
): Promise<SignInResult> {
  const name = input.emailOrUsername.trim().toLowerCase();
  const identifier = identifierKey(name);
  const delay = await accountDelayMs(db, identifier);
  if (delay > 0) await sleep(delay);

  return db.transaction().execute(async (trx): Promise<SignInResult> => {
    await lockIp(trx, input.ip);
    const retryAfterSeconds = await ipRetryAfter(trx, input.ip);
    if (retryAfterSeconds > 0) return { outcome: 'rate-limited', retryAfterSeconds };

    const user = await trx
      .selectFrom('users')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['username']), '=', name),
          eb(eb.fn('lower', ['email']), '=', name),
        ]),
      )
      .executeTakeFirst();
    const passwordOk = await verifyPassword(user?.password_hash ?? null, input.password);

    if (!user || !passwordOk || user.status === 'disabled') {
      await recordFailure(trx, input.ip, identifier);
      // What was typed is not kept: it may be a password typed into the wrong field.
      await audit(
        trx,
        { id: null, username: null, ip: input.ip },
        { action: 'auth.login_failed', entity: 'user', entityId: user?.user_id ?? null },
      );
      return { outcome: 'invalid' };
    }

    const token = await createSession(trx, user.id, { ip: input.ip, userAgent: input.userAgent });
    await audit(
      trx,
      { id: user.id, username: user.username, ip: input.ip },
      { action: 'auth.login', entity: 'user', entityId: user.user_id },
    );
    return { outcome: 'signed-in', token, user };
  });
}
