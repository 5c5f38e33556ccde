import { audit } from '../audit/audit';
import type { Database } from '../db/connect';
import type { UserRow } from '../db/schema';
import {
  accountDelayMs,
  accountKey,
  claimAttempt,
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

interface SignInInput {
  emailOrUsername: string;
  password: string;
  ip: string;
  userAgent: string | undefined;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The account a name (lower-cased) belongs to, by username or email. */
const findAccount = (db: Database, name: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['username']), '=', name),
        eb(eb.fn('lower', ['email']), '=', name),
      ]),
    )
    .executeTakeFirst();

/**
 * One sign-in attempt. Unknown user, wrong password and disabled user do the same work and
 * give the same answer. Failures slow the account they name, whichever of its names was typed
 * (a name with no account is slowed alike, so the delay tells nothing); while it is slowed,
 * one attempt at a time may wait out the delay and the others answer 429 at once.
 */
export async function signIn(db: Database, input: SignInInput): Promise<SignInResult> {
  const name = input.emailOrUsername.trim().toLowerCase();
  const account = await findAccount(db, name);
  const identifier = account ? accountKey(account.id) : identifierKey(name);
  const delay = await accountDelayMs(db, identifier);
  if (delay === 0) return attempt(db, input, name, identifier);

  // An address past its own limit must not hold the account's one attempt.
  const ipWait = await ipRetryAfter(db, input.ip);
  if (ipWait > 0) return { outcome: 'rate-limited', retryAfterSeconds: ipWait };
  const claim = await claimAttempt(db, identifier, delay);
  if ('retryAfterSeconds' in claim) return { outcome: 'rate-limited', ...claim };
  try {
    await sleep(delay);
    return await attempt(db, input, name, identifier);
  } finally {
    await claim.release();
  }
}

/**
 * The password check. The IP's attempts run one at a time (the lock is held through the
 * check), so the failure limit holds under parallel requests.
 */
function attempt(
  db: Database,
  input: SignInInput,
  name: string,
  identifier: string,
): Promise<SignInResult> {
  return db.transaction().execute(async (trx): Promise<SignInResult> => {
    await lockIp(trx, input.ip);
    const retryAfterSeconds = await ipRetryAfter(trx, input.ip);
    if (retryAfterSeconds > 0) return { outcome: 'rate-limited', retryAfterSeconds };

    // Read again: the account may have changed while the attempt waited.
    const user = await findAccount(trx, name);
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
