import { expect } from 'vitest';
import type { Signal } from '../../contract/withdrawal-signals';
import type { Withdrawal } from '../../contract/withdrawals';
import type { Database } from '../db/connect';
import { outcomeOf } from '../modules/users/matches';
import type { bearer, TestContext } from './harness';

type Headers = ReturnType<typeof bearer>;

/** GET /api/admin/withdrawals/{id}/signals, expecting 200. */
export async function signalsOf(t: TestContext, headers: Headers, id: number | string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/withdrawals/${id}/signals`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { signals: Signal[] }).signals;
}

/** The one signal of this code, or undefined. */
export async function signalOf(
  t: TestContext,
  headers: Headers,
  id: number | string,
  code: Signal['code'],
) {
  const found = (await signalsOf(t, headers, id)).filter((s) => s.code === code);
  expect(found.length).toBeLessThanOrEqual(1);
  return found[0];
}

/** The list's rows for a query, expecting 200. */
export async function listed(t: TestContext, headers: Headers, query: Record<string, string>) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/withdrawals?${new URLSearchParams(query)}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: Withdrawal[] }).items;
}

const LEVEL_RANK = { info: 1, warning: 2, high: 3 } as const;

/** The list's risk of a withdrawal is its signals' highest level and count, as they are now. */
export async function expectRiskAsSignals(t: TestContext, headers: Headers, id: number) {
  const signals = await signalsOf(t, headers, id);
  const highest = signals.reduce<Signal['level'] | null>(
    (top, { level }) => (top === null || LEVEL_RANK[level] > LEVEL_RANK[top] ? level : top),
    null,
  );
  const [row] = await listed(t, headers, { ids: String(id) });
  expect(row?.risk).toEqual({ level: highest, count: signals.length });
}

export interface MatchesInput {
  /** The player's internal id (users.id). */
  userId: number;
  opponentUserId?: number | null;
  /** How many, and how many of them won (the rest lost). */
  played: number;
  won: number;
  /** When the most recent started; each earlier one a minute before the next. */
  lastStartedAt: Date;
}

/** Many match rows of one player in one statement, the wins the most recent. */
export async function insertMatches(db: Database, input: MatchesInput): Promise<void> {
  if (input.played === 0) return;
  await db
    .insertInto('matches')
    .values(
      Array.from({ length: input.played }, (_, i) => {
        const [userScore, opponentScore] = i < input.won ? [10, 5] : [5, 10];
        return {
          match_id: `bulk_${input.userId}_${input.lastStartedAt.getTime()}_${i}`,
          user_id: input.userId,
          opponent_user_id: input.opponentUserId ?? null,
          game_name: 'Solitaire',
          price: 0,
          reward_amount: 0,
          reward_type: 'points' as const,
          user_score: userScore,
          opponent_score: opponentScore,
          outcome: outcomeOf(userScore, opponentScore),
          started_at: new Date(input.lastStartedAt.getTime() - i * 60_000),
        };
      }),
    )
    .execute();
}

/** The players the users list shows for a signal's evidence, as the console's link asks for it. */
export async function playersLinked(t: TestContext, headers: Headers, signal: Signal | undefined) {
  expect(signal?.evidence.resource).toBe('users');
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/users?${new URLSearchParams({ ids: String(signal?.evidence.filter?.ids ?? '') })}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: { userId: string }[] }).items.map((user) => user.userId);
}
