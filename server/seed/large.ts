import { sql } from 'kysely';
import type { Database } from '../db/connect';

export interface LargeSeedSize {
  users: number;
  matches: number;
  withdrawals: number;
}

/**
 * The data set the API budgets are measured on (bench/api.mjs): set-based inserts, so a
 * million users and ten million matches take minutes, not hours. Only for an empty database.
 */
export async function seedLarge(db: Database, size: LargeSeedSize, log: (m: string) => void) {
  const timed = async (label: string, work: () => Promise<unknown>) => {
    const started = Date.now();
    await work();
    log(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };

  await timed(`${size.users} users`, () =>
    sql`
      INSERT INTO users (user_id, username, email, status, balance, xp, referral_code, created_at, updated_at)
      SELECT 'u_' || lpad(to_hex(g), 10, '0'),
             'player' || g,
             'player' || g || '@example.com',
             (ARRAY['active', 'active', 'active', 'pending', 'disabled'])[(1 + g % 5)::int],
             (g * 7919) % 50000,
             (g * 104729) % 90000,
             'R' || lpad(to_hex(g), 9, '0'),
             now() - make_interval(secs => (g * 2654435761::bigint) % (365 * 86400)),
             now()
      FROM generate_series(1::bigint, ${size.users}) AS g`.execute(db),
  );

  await timed('8 bots', () =>
    sql`
      INSERT INTO bots (bot_id, nickname, skill, max_sessions)
      SELECT 'bot_' || g, 'Bot ' || g, 20 + g * 9, 1 + g % 4 FROM generate_series(1, 8) AS g`.execute(
      db,
    ),
  );

  // Each user's matches against users (ids spread by a multiplicative hash) and bots.
  await timed(`${size.matches} matches`, () =>
    sql`
      WITH bounds AS (SELECT min(id) AS lo, max(id) - min(id) + 1 AS n FROM users)
      INSERT INTO matches (match_id, user_id, opponent_user_id, opponent_bot_id, game_name, price,
                           reward_amount, reward_type, user_score, opponent_score, outcome,
                           started_at, ended_at)
      SELECT 'm_' || g,
             b.lo + (g * 48271) % b.n,
             CASE WHEN g % 3 = 0 THEN NULL ELSE b.lo + (g * 69621) % b.n END,
             CASE WHEN g % 3 = 0 THEN 'bot_' || (1 + g % 8) END,
             (ARRAY['Solitaire', 'Bubble Shooter', '8 Ball', 'Word Duel', 'Blocks'])[(1 + g % 5)::int],
             (g % 5)::numeric,
             (g % 10) * 10,
             CASE WHEN g % 4 = 0 THEN 'xp' ELSE 'points' END,
             s.us, s.them,
             CASE WHEN s.us > s.them THEN 'win' WHEN s.us < s.them THEN 'loss' ELSE 'draw' END,
             now() - make_interval(secs => (g * 40503) % (180 * 86400)),
             now() - make_interval(secs => (g * 40503) % (180 * 86400) - 300)
      FROM generate_series(1::bigint, ${size.matches}) AS g
      CROSS JOIN bounds b
      CROSS JOIN LATERAL (SELECT (g * 31) % 1000 AS us, (g * 17) % 1000 AS them) s`.execute(db),
  );

  await timed(`${size.withdrawals} withdrawals`, () =>
    sql`
      WITH bounds AS (SELECT min(id) AS lo, max(id) - min(id) + 1 AS n FROM users)
      INSERT INTO withdrawals (user_id, type_id, points_spent, usd_value, rate_usd_per_point,
                               destination, status, created_at, updated_at)
      SELECT u.user_id,
             (ARRAY['paypal_10', 'paypal_25', 'amazon_gc_10', 'crypto_usdt'])[(1 + g % 4)::int],
             1000 + (g % 50) * 100,
             round(((1000 + (g % 50) * 100) * 0.001)::numeric, 2),
             0.001,
             'payee' || g || '@example.com',
             (ARRAY['pending', 'approved', 'approved', 'rejected', 'pending'])[(1 + g % 5)::int],
             now() - make_interval(secs => (g * 7777) % (120 * 86400)),
             now()
      FROM generate_series(1::bigint, ${size.withdrawals}) AS g
      CROSS JOIN bounds b
      JOIN users u ON u.id = b.lo + (g * 16807) % b.n`.execute(db),
  );

  await timed('vacuum analyze', () => sql`VACUUM ANALYZE`.execute(db));
}
