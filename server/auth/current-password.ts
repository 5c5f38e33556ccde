import { CURRENT_PASSWORD_INCORRECT } from '../../contract/account';
import type { Database } from '../db/connect';
import { ApiError } from '../http/errors';
import { verifyPassword } from './passwords';

/**
 * Whether `password` is the account's own: typed again before a session changes a credential,
 * so that a session token alone (a stolen one) cannot. Run it under the sign-in limits.
 */
export async function isCurrentPassword(
  trx: Database,
  userId: number,
  password: string,
): Promise<boolean> {
  const row = await trx
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return verifyPassword(row.password_hash, password);
}

/** 401 'Current password is incorrect', on its field, as `POST /auth/password` answers it. */
export const currentPasswordIncorrect = () =>
  new ApiError(401, 'wrong_password', CURRENT_PASSWORD_INCORRECT, {
    currentPassword: CURRENT_PASSWORD_INCORRECT,
  });
