import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Database } from '../db/connect';
import type { BotsTable, MatchesTable, WithdrawalsTable } from '../db/schema';
import { outcomeOf } from '../modules/users/matches';

// Known rows for API tests, so assertions never depend on the random demo seed.

const suffix = () => randomBytes(4).toString('hex');

export type BotRow = Selectable<BotsTable>;
export type MatchRow = Selectable<MatchesTable>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;

export interface BotInput {
  botId?: string;
  nickname?: string;
  avatarUrl?: string | null;
  skill?: number;
  active?: boolean;
  currentSessions?: number;
  maxSessions?: number;
  allowedOffers?: string[];
  lastUsedAt?: Date | null;
  createdAt?: Date;
}

export async function insertBot(db: Database, input: BotInput = {}): Promise<BotRow> {
  const id = suffix();
  return db
    .insertInto('bots')
    .values({
      bot_id: input.botId ?? `bot_${id}`,
      nickname: input.nickname ?? `Bot ${id}`,
      avatar_url: input.avatarUrl ?? null,
      skill: input.skill ?? 50,
      active: input.active,
      current_sessions: input.currentSessions,
      max_sessions: input.maxSessions,
      allowed_offers: input.allowedOffers,
      last_used_at: input.lastUsedAt,
      created_at: input.createdAt,
      updated_at: input.createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface MatchInput {
  /** The player's internal id (users.id). */
  userId: number;
  /** The other player's internal id, or a bot's public botId; neither for an unknown opponent. */
  opponentUserId?: number | null;
  opponentBotId?: string | null;
  matchId?: string;
  gameName?: string;
  price?: number | string;
  rewardAmount?: number;
  rewardType?: 'points' | 'xp';
  /** Defaults to 10 vs 5: a win. The outcome follows from the scores. */
  userScore?: number;
  opponentScore?: number;
  startedAt?: Date;
  endedAt?: Date | null;
}

/** One match row, as `userId` saw it. */
export async function insertMatch(db: Database, input: MatchInput): Promise<MatchRow> {
  const userScore = input.userScore ?? 10;
  const opponentScore = input.opponentScore ?? 5;
  const startedAt = input.startedAt ?? new Date();
  return db
    .insertInto('matches')
    .values({
      match_id: input.matchId ?? `m_${suffix()}`,
      user_id: input.userId,
      opponent_user_id: input.opponentUserId ?? null,
      opponent_bot_id: input.opponentBotId ?? null,
      game_name: input.gameName ?? 'Solitaire',
      price: input.price ?? 0,
      reward_amount: input.rewardAmount ?? 0,
      reward_type: input.rewardType ?? 'points',
      user_score: userScore,
      opponent_score: opponentScore,
      outcome: outcomeOf(userScore, opponentScore),
      started_at: startedAt,
      ended_at:
        input.endedAt === undefined ? new Date(startedAt.getTime() + 5 * 60_000) : input.endedAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface WithdrawalInput {
  /** The player's public userId. */
  userId: string;
  typeId?: string;
  pointsSpent?: number;
  /** Defaults to the fixed amount, else rate * points rounded to the cent. */
  usdValue?: number | string;
  rateUsdPerPoint?: number | string;
  fixedUsdAmount?: number | string | null;
  destination?: string;
  status?: 'pending' | 'approved' | 'rejected';
  createdAt?: Date;
}

export async function insertWithdrawal(
  db: Database,
  input: WithdrawalInput,
): Promise<WithdrawalRow> {
  const pointsSpent = input.pointsSpent ?? 1000;
  const rate = input.rateUsdPerPoint ?? 0.001;
  const fixed = input.fixedUsdAmount ?? null;
  const usdValue = input.usdValue ?? fixed ?? Math.round(Number(rate) * pointsSpent * 100) / 100;
  return db
    .insertInto('withdrawals')
    .values({
      user_id: input.userId,
      type_id: input.typeId ?? 'paypal_10',
      points_spent: pointsSpent,
      usd_value: usdValue,
      rate_usd_per_point: rate,
      fixed_usd_amount: fixed,
      destination: input.destination ?? `payee-${suffix()}@example.com`,
      status: input.status ?? 'pending',
      created_at: input.createdAt,
      updated_at: input.createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A player's balance now. */
export async function balanceOf(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('balance')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.balance;
}
