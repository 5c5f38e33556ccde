import { audit } from '../audit/audit';
import type { Database } from '../db/connect';
import type { UserRow } from '../db/schema';
import { knownDevice, rememberDevice } from './devices';
import { accountKey, identifierKey } from './login-throttle';
import { verifyPassword } from './passwords';
import { createSession } from './sessions';
import { underSignInLimits } from './sign-in-limits';
import { createChallenge } from './two-step/challenges';

export type SignInResult =
  | { outcome: 'signed-in'; token: string; user: UserRow }
  /** The password was right; two-step sign-in asks for a code against this challenge. */
  | { outcome: 'challenge'; challenge: string }
  | { outcome: 'invalid' }
  | { outcome: 'rate-limited'; retryAfterSeconds: number };

export interface SignInInput {
  emailOrUsername: string;
  password: string;
  ip: string;
  userAgent: string | undefined;
  /** The device cookie the browser sent, if any. */
  device: string | undefined;
}

/** A right password also answers the browser's device cookie: a new one, or none to keep its own. */
export type PasswordSignIn = SignInResult & { newDevice?: string };

/**
 * The account a name (lower-cased) belongs to, by username or email. `forShare` holds its row
 * until the transaction ends: a password change waits for the check made with the old one.
 */
const findAccount = (db: Database, name: string, { forShare = false } = {}) => {
  const query = db
    .selectFrom('users')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['username']), '=', name),
        eb(eb.fn('lower', ['email']), '=', name),
      ]),
    );
  return (forShare ? query.forShare() : query).executeTakeFirst();
};

/**
 * One sign-in attempt. Unknown user, wrong password and disabled user do the same work and
 * give the same answer, whether or not the account has two-step sign-in on. Failures slow the
 * account they name, whichever of its names was typed (a name with no account is slowed alike,
 * so the delay tells nothing); see `underSignInLimits`.
 */
export async function signIn(db: Database, input: SignInInput): Promise<PasswordSignIn> {
  const name = input.emailOrUsername.trim().toLowerCase();
  const account = await findAccount(db, name);
  const identifier = account ? accountKey(account.id) : identifierKey(name);
  const device = await knownDevice(db, input.device, account?.id);
  return underSignInLimits(db, { ip: input.ip, identifier, device }, (trx) =>
    passwordCheck(trx, input, name, device === null),
  );
}

/**
 * The password check, in the transaction that holds the address's sign-in lock. A browser not
 * known yet (`remember`) is given a device cookie by a right password, in the same transaction:
 * a password changed meanwhile forgets it with the others.
 */
async function passwordCheck(
  trx: Database,
  input: SignInInput,
  name: string,
  remember: boolean,
): Promise<PasswordSignIn> {
  // Read again: the account may have changed while the attempt waited.
  const user = await findAccount(trx, name, { forShare: true });
  const passwordOk = await verifyPassword(user?.password_hash ?? null, input.password);

  if (!user || !passwordOk || user.status === 'disabled') {
    // What was typed is not kept: it may be a password typed into the wrong field.
    await audit(
      trx,
      { id: null, username: null, ip: input.ip },
      { action: 'auth.login_failed', entity: 'user', entityId: user?.user_id ?? null },
    );
    return { outcome: 'invalid' };
  }
  const newDevice = remember ? { newDevice: await rememberDevice(trx, user.id) } : {};
  if (user.two_step_at) {
    return { outcome: 'challenge', challenge: await createChallenge(trx, user.id), ...newDevice };
  }
  return { ...(await startSession(trx, user, input)), ...newDevice };
}

/** The end of a sign-in: a new session, audited. */
export async function startSession(
  trx: Database,
  user: UserRow,
  meta: { ip: string; userAgent: string | undefined },
  how?: string,
): Promise<SignInResult> {
  const token = await createSession(trx, user.id, meta);
  await audit(
    trx,
    { id: user.id, username: user.username, ip: meta.ip },
    {
      action: 'auth.login',
      entity: 'user',
      entityId: user.user_id,
      ...(how && { after: { with: how } }),
    },
  );
  return { outcome: 'signed-in', token, user };
}
