import { sql } from 'kysely';
import { normalizeCode, type TwoStepSetup, type TwoStepStatus } from '../../../contract/two-step';
import type { Database } from '../../db/connect';
import type { Sealed, SecretBox } from '../../secrets/box';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { acceptedStep, newTotpSecret, otpauthUrl } from './totp';

/** A secret is sealed for its own account: copied to another user's row, it does not open. */
const purposeOf = (userId: number) => `auth.totp.${userId}`;

const seal = (box: SecretBox, userId: number, secret: string) =>
  JSON.stringify(box.seal(secret, purposeOf(userId)));

const open = (box: SecretBox, userId: number, sealed: Sealed) =>
  box.open(sealed, purposeOf(userId));

/**
 * A new secret for the account, not in force until a code confirms it (`enable`). It belongs to
 * the session that asked: another session's set-up is a set-up of its own, and replaces none.
 */
export async function startSetup(
  db: Database,
  box: SecretBox,
  user: { id: number; username: string },
  sessionId: number,
): Promise<TwoStepSetup> {
  const secret = newTotpSecret();
  const sealed = seal(box, user.id, secret);
  await db
    .insertInto('two_step_setups')
    .values({ session_id: sessionId, user_id: user.id, secret: sealed })
    .onConflict((oc) =>
      oc.column('session_id').doUpdateSet({ secret: sealed, created_at: sql<Date>`now()` }),
    )
    .execute();
  return { secret, otpauthUrl: otpauthUrl(secret, user.username) };
}

/**
 * The account's row first, then its secrets: every change of two-step sign-in (a sign-in, the
 * admin's reset) locks in this order, so two of them never wait on each other.
 */
export const lockAccount = (trx: Database, userId: number) =>
  trx.selectFrom('users').selectAll().where('id', '=', userId).forNoKeyUpdate().executeTakeFirst();

async function lockSecrets(trx: Database, userId: number) {
  await lockAccount(trx, userId);
  return trx
    .selectFrom('two_step_secrets')
    .selectAll()
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

const setTwoStepAt = (trx: Database, userId: number, on: boolean) =>
  // A credential, not profile data: updated_at (the edit form's version) stays.
  trx
    .updateTable('users')
    .set({ two_step_at: on ? sql<Date>`now()` : null })
    .where('id', '=', userId)
    .execute();

export type EnableResult =
  | { outcome: 'enabled'; recoveryCodes: string[] }
  | { outcome: 'invalid' }
  | { outcome: 'not-started' };

/**
 * Puts the secret this session is setting up in force when `code` is its current one; answers
 * the new recovery codes, which are kept only as hashes. Every set-up of the account ends.
 */
export async function enable(
  trx: Database,
  box: SecretBox,
  { userId, sessionId }: { userId: number; sessionId: number },
  code: string,
): Promise<EnableResult> {
  await lockAccount(trx, userId);
  const setup = await trx
    .selectFrom('two_step_setups')
    .select('secret')
    .where('session_id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!setup) return { outcome: 'not-started' };
  const typed = normalizeCode(code);
  const secret = open(box, userId, setup.secret);
  const step = 'totp' in typed ? acceptedStep(secret, typed.totp, null) : null;
  if (step === null) return { outcome: 'invalid' };

  const values = { secret: seal(box, userId, secret), last_step: step };
  await trx
    .insertInto('two_step_secrets')
    .values({ user_id: userId, ...values })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ ...values, updated_at: sql<Date>`now()` }),
    )
    .execute();
  await trx.deleteFrom('two_step_setups').where('user_id', '=', userId).execute();
  await setTwoStepAt(trx, userId, true);
  const recoveryCodes = newRecoveryCodes();
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await trx
    .insertInto('recovery_codes')
    .values(recoveryCodes.map((c) => ({ user_id: userId, code_hash: hashRecoveryCode(c) })))
    .execute();
  return { outcome: 'enabled', recoveryCodes };
}

/**
 * Whether `code` proves the account's second step: a code of the app not used before (its
 * step is then spent), or an unused recovery code (then used up). Holds the account's secrets
 * row until the transaction ends, so the same code cannot pass twice in parallel.
 */
export async function checkCode(
  trx: Database,
  box: SecretBox,
  userId: number,
  code: string,
): Promise<'totp' | 'recovery' | null> {
  const row = await lockSecrets(trx, userId);
  if (!row?.secret) return null;
  const typed = normalizeCode(code);
  if ('totp' in typed) {
    const step = acceptedStep(open(box, userId, row.secret), typed.totp, row.last_step);
    if (step === null) return null;
    await trx
      .updateTable('two_step_secrets')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .execute();
    return 'totp';
  }
  if (!typed.recovery) return null;
  const used = await trx
    .updateTable('recovery_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hashRecoveryCode(typed.recovery))
    .where('used_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  return used ? 'recovery' : null;
}

/** Turns two-step sign-in off: the secrets, set-ups and recovery codes are deleted. */
export async function turnOff(trx: Database, userId: number): Promise<void> {
  await trx.deleteFrom('sign_in_challenges').where('user_id', '=', userId).execute();
  await trx.deleteFrom('two_step_secrets').where('user_id', '=', userId).execute();
  await trx.deleteFrom('two_step_setups').where('user_id', '=', userId).execute();
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await setTwoStepAt(trx, userId, false);
}

export async function twoStepStatus(
  db: Database,
  user: { id: number; two_step_at: Date | null },
  required: boolean,
): Promise<TwoStepStatus> {
  const left = user.two_step_at
    ? await db
        .selectFrom('recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', user.id)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow()
    : { n: 0 };
  return {
    enabled: user.two_step_at !== null,
    enabledAt: user.two_step_at?.toISOString() ?? null,
    recoveryCodesLeft: Number(left.n),
    required,
  };
}
