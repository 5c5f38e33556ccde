import { randomInt } from 'node:crypto';
import type { UserStatus } from '../../../contract/users';
import { hashPassword } from '../../auth/passwords';
import type { Database } from '../../db/connect';
import type { UserRow } from '../../db/schema';

// No 0/O, 1/I/L: ids and codes get read aloud and typed by hand.
const ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';

export function randomCode(length: number, alphabet = ALPHABET): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

export const newUserId = () => `u_${randomCode(10)}`;
export const newReferralCode = () => randomCode(8).toUpperCase();

export interface NewUserInput {
  username: string;
  email: string;
  password?: string;
  status?: UserStatus;
  admin?: boolean;
  balance?: number;
  xp?: number;
  referredBy?: string | null;
  createdAt?: Date;
}

export async function createUser(db: Database, input: NewUserInput): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({
      user_id: newUserId(),
      username: input.username,
      email: input.email,
      password_hash: input.password === undefined ? null : await hashPassword(input.password),
      status: input.status ?? 'active',
      balance: input.balance ?? 0,
      xp: input.xp ?? 0,
      referred_by: input.referredBy ?? null,
      referral_code: newReferralCode(),
      admin_enabled: input.admin ?? false,
      admin_roles: input.admin ? ['admin'] : [],
      created_at: input.createdAt,
      updated_at: input.createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
