import type { Insertable } from 'kysely';
import type { Database } from '../db/connect';
import type { MatchesTable, NewUser, WithdrawalsTable } from '../db/schema';
import { newReferralCode, newUserId, randomCode } from '../modules/users/create';
import { outcomeOf } from '../modules/users/matches';
import type { Random } from './random';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SHARED_WALLET = 'payouts@shared-wallet.example';

/** The demo's players whose pending withdrawals show the review's risk signals. */
const CASES = [
  // Three accounts paying out to one destination, one of them since disabled.
  { username: 'quinn_sharedpay', ageDays: 40, status: 'active', destination: SHARED_WALLET },
  { username: 'reese_sharedpay', ageDays: 35, status: 'active', destination: SHARED_WALLET },
  { username: 'sage_sharedpay', ageDays: 50, status: 'disabled', destination: SHARED_WALLET },
  // Signed up this morning and cashing out already.
  { username: 'taylor_newcomer', ageDays: 0.8, status: 'active', destination: null },
  // A collusion pair: one keeps beating the other.
  { username: 'uma_duo', ageDays: 45, status: 'active', destination: null },
  { username: 'vic_duo', ageDays: 45, status: 'active', destination: null },
] as const;
type CaseName = (typeof CASES)[number]['username'];

/** The pair's matches: 24 against each other, the first of them won 22. */
const PAIR_MATCHES = 24;
const PAIR_WINS = 22;

/**
 * Players and pending withdrawals that trip each signal: a destination shared by three accounts
 * (one disabled), a day-old account, a collusion pair; so the review shows them on first start.
 * `adminId` approved the one decided. Answers how many players, matches and withdrawals it wrote.
 */
export async function insertRiskCases(trx: Database, r: Random, now: number, adminId: number) {
  const users: NewUser[] = CASES.map((c) => {
    const createdAt = new Date(now - c.ageDays * DAY);
    return {
      user_id: newUserId(r.below),
      username: c.username,
      email: `${c.username.replace('_', '.')}@example.org`,
      password_hash: null,
      status: c.status,
      balance: 2_000,
      xp: 1_000,
      referred_by: null,
      referral_code: newReferralCode(r.below),
      created_at: createdAt,
      updated_at: createdAt,
    };
  });
  const inserted = await trx
    .insertInto('users')
    .values(users)
    .returning(['id', 'user_id', 'username', 'email'])
    .execute();
  const by = (name: CaseName) => inserted.find((u) => u.username === name) as (typeof inserted)[0];

  const [winner, loser] = [by('uma_duo'), by('vic_duo')];
  const matches: Insertable<MatchesTable>[] = Array.from({ length: PAIR_MATCHES }, (_, i) => {
    const won = i < PAIR_WINS;
    const started = new Date(now - (i + 2) * 3 * HOUR);
    const shared = {
      match_id: `m_${randomCode(12, undefined, r.below)}`,
      game_name: '8 Ball',
      price: '1.00',
      reward_type: 'points' as const,
      started_at: started,
      ended_at: new Date(started.getTime() + 6 * 60_000),
    };
    const [a, b] = won ? [10, 3] : [3, 10];
    return [
      {
        ...shared,
        user_id: winner.id,
        opponent_user_id: loser.id,
        user_score: a,
        opponent_score: b,
        outcome: outcomeOf(a, b),
        reward_amount: won ? 100 : 0,
      },
      {
        ...shared,
        user_id: loser.id,
        opponent_user_id: winner.id,
        user_score: b,
        opponent_score: a,
        outcome: outcomeOf(b, a),
        reward_amount: won ? 0 : 100,
      },
    ];
  }).flat();
  await trx.insertInto('matches').values(matches).execute();

  const withdrawal = (
    name: CaseName,
    hoursAgo: number,
    status: 'pending' | 'approved' = 'pending',
  ): Insertable<WithdrawalsTable> => {
    const player = by(name);
    const c = CASES.find((x) => x.username === name);
    const created = new Date(now - hoursAgo * HOUR);
    return {
      user_id: player.user_id,
      type_id: 'paypal_10',
      points_spent: 10_000,
      usd_value: '10.00',
      rate_usd_per_point: 0.001,
      fixed_usd_amount: '10.00',
      destination: c?.destination ?? player.email,
      status,
      created_at: created,
      updated_at: created,
    };
  };
  // The disabled account's payout went through before it was caught.
  const rows = [
    {
      ...withdrawal('sage_sharedpay', 20 * 24, 'approved'),
      decided_at: new Date(now - 19 * DAY),
      decided_by: adminId,
    },
    withdrawal('quinn_sharedpay', 5),
    withdrawal('reese_sharedpay', 3),
    withdrawal('taylor_newcomer', 1),
    withdrawal('uma_duo', 2),
  ];
  await trx.insertInto('withdrawals').values(rows).execute();
  return { players: users.length, matches: matches.length, withdrawals: rows.length };
}
