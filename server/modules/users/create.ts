import { randomInt } from 'node:crypto';
import { EVERYTHING } from '../../../contract/permissions';
import type { UserStatus } from '../../../contract/users';
import { hashPassword } from '../../auth/passwords';
import type { Database } from '../../db/connect';
import type { UserRow } from '../../db/schema';

// No 0/O, 1/I/L: ids and codes get read aloud and typed by hand.
const ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';

/** `nextInt(n)` answers an integer in [0, n): crypto by default, a seeded one for demo data. */
export function randomCode(
  length: number,
  alphabet = ALPHABET,
  nextInt: (n: number) => number = randomInt,
): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[nextInt(alphabet.length)];
  return out;
}

export const newUserId = (nextInt?: (n: number) => number) =>
  `u_${randomCode(10, ALPHABET, nextInt)}`;
export const newReferralCode = (nextInt?: (n: number) => number) =>
  randomCode(8, ALPHABET, nextInt).toUpperCase();

export interface NewUserInput {
  username: string;
  email: string;
  password?: string;
  status?: UserStatus;
  admin?: boolean;
  /** An admin's permissions; by default `*`, as the first admin of a database needs. */
  permissions?: string[];
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
      admin_permissions: input.admin ? (input.permissions ?? [EVERYTHING]) : [],
      created_at: input.createdAt,
      updated_at: input.createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
