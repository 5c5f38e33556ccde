import type { UserStatus } from '../../contract/users';
import type { Database } from '../db/connect';
import { ApiError } from '../http/errors';

// What the decisions needing a second admin (withdrawals, adjustments) share.

/** Why an approval is refused: no payout or credit to an account an admin has disabled. */
export const USER_DISABLED = 'This user is disabled.';

/** A decided record's 409 (`already_decided`) and a bulk's reason for skipping it. */
export const alreadyDecided = (status: string) => `already ${status}`;

/** Why an approval is refused: a single decision's error, a bulk's reason, a record's warning. */
export interface Refusal {
  status: 403 | 409;
  code: string;
  error: string;
}

export const userDisabled: Refusal = { status: 409, code: 'user_disabled', error: USER_DISABLED };

export const refusalError = ({ status, code, error }: Refusal) => new ApiError(status, code, error);

/**
 * Locks the players of records already locked, in users.id order: every decision takes its
 * records, then their players, each in id order, so two decisions never deadlock. Keyed by the
 * public userId.
 */
export async function lockPlayers(trx: Database, userIds: string[]) {
  const players = await trx
    .selectFrom('users')
    .select(['id', 'user_id', 'status', 'balance'])
    .where((eb) => eb('user_id', '=', eb.fn.any(eb.val(userIds))))
    .orderBy('id')
    .forUpdate()
    .execute();
  return new Map(players.map((row) => [row.user_id, row]));
}

/**
 * A bulk decision's `skipped`: each id of the request (counted once) that was not decided, with
 * why: its refusal, that it was decided already, or that it names nothing.
 */
export function skippedOf(
  uniqueIds: string[],
  parse: (raw: string) => number | null,
  outcome: {
    changed: Set<number>;
    refusalOf: (id: number) => string | undefined;
    statusOf: Map<number, string>;
  },
): { id: string; reason: string }[] {
  const skipped: { id: string; reason: string }[] = [];
  for (const raw of uniqueIds) {
    const id = parse(raw);
    if (id !== null && outcome.changed.has(id)) continue;
    const refusal = id === null ? undefined : outcome.refusalOf(id);
    const status = id === null ? undefined : outcome.statusOf.get(id);
    const reason = refusal ?? (status ? alreadyDecided(status) : 'not found');
    skipped.push({ id: raw, reason });
  }
  return skipped;
}

/** The player a withdrawal or a credit is for, as a list row joins them; null if unresolved. */
export const playerOf = (row: {
  username: string | null;
  email: string | null;
  user_status: UserStatus | null;
}) =>
  row.username === null || row.email === null || row.user_status === null
    ? null
    : { username: row.username, email: row.email, status: row.user_status };
