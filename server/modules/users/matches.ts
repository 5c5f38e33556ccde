import { sql } from 'kysely';
import type { z } from 'zod';
import type { Match, MatchesQuery, MatchOutcome } from '../../../contract/users';
import type { Database } from '../../db/connect';
import { pageCountedAlong, windowOf } from '../../db/paging';
import { findUser } from './queries';

/** A match's outcome from one side, following from the scores. */
export const outcomeOf = (us: number, them: number): MatchOutcome =>
  us > them ? 'win' : us < them ? 'loss' : 'draw';

const iso = (value: Date | string) => new Date(value).toISOString();

/** GET /admin/users/{id}/matches: newest first; the opponent is a user or a bot. */
export async function listMatches(
  db: Database,
  userId: string,
  query: z.output<typeof MatchesQuery>,
) {
  const user = await findUser(db, userId);
  let matches = db.selectFrom('matches as m').where('m.user_id', '=', user.id);
  // A literal: each outcome has its own kept plan (see windowOf); the player's id changes none.
  if (query.outcome) matches = matches.where('m.outcome', '=', sql.lit(query.outcome));

  const page = matches
    .leftJoin('users as o', 'o.id', 'm.opponent_user_id')
    .leftJoin('bots as b', 'b.bot_id', 'm.opponent_bot_id')
    .select([
      'm.id',
      'm.match_id',
      'm.game_name',
      'm.price',
      'm.reward_amount',
      'm.reward_type',
      'm.user_score',
      'm.opponent_score',
      'm.outcome',
      'm.started_at',
      'm.ended_at',
      sql<string | null>`coalesce(o.username, b.nickname)`.as('opponent_name'),
      sql<string | null>`coalesce(o.user_id, m.opponent_bot_id)`.as('opponent_id'),
    ])
    .orderBy('m.started_at', 'desc')
    .orderBy('m.id', 'desc');
  return pageCountedAlong(db, query, matches, windowOf(page, query, true), (rows) =>
    rows.map(
      (row): Match => ({
        _id: String(row.id),
        matchId: row.match_id,
        gameName: row.game_name,
        price: Number(row.price),
        rewardAmount: row.reward_amount,
        rewardType: row.reward_type,
        userScore: row.user_score,
        opponentScore: row.opponent_score,
        outcome: row.outcome,
        opponent: row.opponent_name === null ? null : { username: row.opponent_name },
        opponentUserId: row.opponent_id,
        startedAt: iso(row.started_at),
        endedAt: row.ended_at === null ? null : iso(row.ended_at),
      }),
    ),
  );
}
