import { sql } from 'kysely';
import { bulkLoad, type Timer, untimed } from '../db/bulk-load';
import type { Database } from '../db/connect';
import { initialsAvatar } from './avatars';
import { insertDemoDecks } from './decks';
import { GAMES } from './demo-data';
import { insertDemoLegal } from './legal';
import { insertDemoSettings } from './settings';

export interface LargeSeedSize {
  /** Players and admins together. */
  users: number;
  matches: number;
  withdrawals: number;
  bots: number;
  auditRows: number;
}

/** The console's staff: they decide the withdrawals and write the audit log. */
const ADMINS = ['ana.ops', 'ben.support', 'chen.finance', 'dora.ops', 'eli.lead', 'fay.support'];

/** Scale 1 is the design's budget size: 1M users, 10M matches, 500k withdrawals, 1,000 bots. */
export function largeSeedSize(scale: number): LargeSeedSize {
  const of = (n: number) => Math.max(1, Math.round(n * scale));
  return {
    users: Math.max(of(1_000_000), ADMINS.length + 1),
    matches: of(10_000_000),
    withdrawals: of(500_000),
    bots: of(1_000),
    auditRows: of(200_000),
  };
}

/** The withdrawal types the generated withdrawals use (the active ones) and one retired. */
const WITHDRAWAL_TYPES = sql`(VALUES
  ('paypal_10', 'PayPal $10', 0.001, 10, 10000, 500, true),
  ('paypal_25', 'PayPal $25', 0.001, 25, 25000, 200, true),
  ('amazon_gc_10', 'Amazon Gift Card $10', 0.001, 10, 10000, 300, true),
  ('crypto_usdt', 'Crypto (USDT)', 0.0008, NULL, 5000, 1000, true),
  ('giftcard_steam_20', 'Steam Gift Card $20', 0.001, 20, 20000, 0, false)
) AS t (key, title, rate, fixed, min_points, stock, is_active)`;

const CATEGORIES = ['Card Games', 'Arcade', 'Sports', 'Word Games', 'Puzzles', 'Tournaments'];
const OFFERS_PER_CATEGORY = 6;

/** Pseudo-random but repeatable: the row number times a prime, modulo the range. */
const spread = (g: ReturnType<typeof sql.ref>, prime: number, range: unknown) =>
  sql<number>`((${g} * ${sql.lit(prime)}::bigint) % ${range})`;
const g = sql.ref('g');

async function insertUsers(trx: Database, size: LargeSeedSize) {
  const players = size.users - ADMINS.length;
  await sql`
    INSERT INTO users (user_id, username, email, status, balance, xp, referred_by, referral_code,
                       created_at, updated_at)
    SELECT 'u_' || lpad(to_hex(g), 10, '0'),
           'player' || g,
           'player' || g || '@example.com',
           (ARRAY['active', 'active', 'active', 'pending', 'disabled'])[(1 + g % 5)::int],
           ${spread(g, 7919, 50_000)},
           ${spread(g, 104729, 90_000)},
           CASE WHEN g % 10 = 0 THEN 'R' || lpad(to_hex(g / 7), 9, '0') END,
           'R' || lpad(to_hex(g), 9, '0'),
           now() - make_interval(secs => ${spread(g, 2654435761, 365 * 86400)}),
           now()
    FROM generate_series(1::bigint, ${players}) AS g`.execute(trx);
  await sql`
    INSERT INTO users (user_id, username, email, referral_code, admin_enabled, admin_roles,
                       created_at, updated_at)
    SELECT 'u_admin' || lpad(i::text, 5, '0'), name, name || '@example.com',
           'A' || lpad(i::text, 9, '0'), true, '{admin}', now() - interval '400 days', now()
    FROM unnest(${ADMINS}::text[]) WITH ORDINALITY AS a (name, i)`.execute(trx);
}

const BOT_NAMES = ['Ace', 'Blitz', 'Clara', 'Dynamo', 'Echo', 'Glitch', 'Maverick', 'Nova'];
/** Drawn initials, shipped in the rows: no bot list loads pictures from elsewhere. */
const BOT_AVATARS = BOT_NAMES.map(initialsAvatar);

async function insertBots(trx: Database, size: LargeSeedSize) {
  await sql`
    INSERT INTO bots (bot_id, nickname, avatar_url, active, current_sessions, max_sessions, skill,
                      allowed_offers, last_used_at, created_at, updated_at)
    SELECT 'bot_' || lpad(g::text, 5, '0'),
           (${BOT_NAMES}::text[])[(1 + g % 8)::int] || ' ' || g,
           CASE WHEN g % 3 <> 0 THEN (${BOT_AVATARS}::text[])[(1 + g % 8)::int] END,
           g % 10 <> 0,
           ${spread(g, 7, sql`(2 + g % 4)`)},
           1 + g % 4,
           1 + ${spread(g, 37, 100)},
           ARRAY(SELECT game FROM unnest(${GAMES}::text[]) WITH ORDINALITY AS o (game, i)
                 WHERE (g >> (i - 1)::int) & 1 = 1),
           CASE WHEN g % 5 <> 0 THEN now() - make_interval(secs => ${spread(g, 7727, 3 * 86400)}) END,
           now() - make_interval(days => 30 + (g % 300)::int),
           now()
    FROM generate_series(1, ${size.bots}) AS g`.execute(trx);
}

/** Game categories and their offers, withdrawal types, settings, legal documents and decks. */
async function insertReferenceData(trx: Database) {
  await sql`
    INSERT INTO categories (name, slug, is_active, sort_order)
    SELECT name, lower(replace(name, ' ', '-')), i < ${CATEGORIES.length}, (i - 1)::int
    FROM unnest(${CATEGORIES}::text[]) WITH ORDINALITY AS c (name, i)`.execute(trx);
  await sql`
    INSERT INTO offers (category_id, name, game_name, price, reward_type, reward_amount,
                        is_active, sort_order)
    SELECT c.id, game || ' ' || (ARRAY['Practice', 'Duel', 'Pro', 'League', 'Masters', 'Marathon'])[k],
           game, (ARRAY[0, 0.5, 1, 2, 5, 10])[k], CASE WHEN k % 3 = 0 THEN 'xp' ELSE 'points' END,
           (ARRAY[20, 100, 250, 500, 1500, 4000])[k], (c.id + k) % 7 <> 0, k - 1
    FROM categories c
    CROSS JOIN generate_series(1, ${OFFERS_PER_CATEGORY}) AS k
    CROSS JOIN LATERAL (SELECT (${GAMES}::text[])[1 + (c.id + k) % ${GAMES.length}] AS game) o`.execute(
    trx,
  );
  await sql`
    INSERT INTO withdrawal_types (key, title, rate_usd_per_point, fixed_usd_amount, min_points,
                                  stock, is_active)
    SELECT key, title, rate, fixed, min_points, stock, is_active FROM ${WITHDRAWAL_TYPES}`.execute(
    trx,
  );
  await insertDemoSettings(trx);
  await insertDemoLegal(trx);
  await insertDemoDecks(trx);
}

/** The players' id range: they were inserted first, in one statement, so their ids run on. */
const PLAYERS = sql`
  players AS (SELECT min(id) AS lo, max(id) - min(id) + 1 AS n FROM users WHERE NOT admin_enabled)`;

// One row per player per match, against another player or (a third of them) one of the bots;
// the reward goes to a winner, half of it on a draw.
async function insertMatches(trx: Database, size: LargeSeedSize) {
  await sql`
    WITH ${PLAYERS}
    INSERT INTO matches (match_id, user_id, opponent_user_id, opponent_bot_id, game_name, price,
                         reward_amount, reward_type, user_score, opponent_score, outcome,
                         started_at, ended_at)
    SELECT 'm_' || g,
           p.lo + ${spread(g, 48271, sql`p.n`)},
           CASE WHEN g % 3 <> 0 THEN p.lo + ${spread(g, 69621, sql`p.n`)} END,
           CASE WHEN g % 3 = 0 THEN 'bot_' || lpad((1 + ${spread(g, 7, size.bots)})::text, 5, '0') END,
           (${GAMES}::text[])[(1 + g % ${GAMES.length})::int],
           (g % 5)::numeric,
           CASE WHEN s.us > s.them THEN s.prize WHEN s.us = s.them THEN s.prize / 2 ELSE 0 END,
           CASE WHEN g % 4 = 0 THEN 'xp' ELSE 'points' END,
           s.us, s.them,
           CASE WHEN s.us > s.them THEN 'win' WHEN s.us < s.them THEN 'loss' ELSE 'draw' END,
           now() - make_interval(secs => s.ago),
           CASE WHEN s.ago > 900 THEN now() - make_interval(secs => s.ago - 300) END
    FROM generate_series(1::bigint, ${size.matches}) AS g
    CROSS JOIN players p
    CROSS JOIN LATERAL (
      SELECT ${spread(g, 31, 1000)} AS us, ${spread(g, 17, 1000)} AS them,
             (ARRAY[10, 20, 50, 100, 250, 500])[(1 + g % 6)::int] AS prize,
             ${spread(g, 40503, 180 * 86400)} AS ago
    ) s`.execute(trx);
}

/**
 * Withdrawals of the active types, each carrying its type's rate and fixed amount as a real one
 * would; the decided ones by one of the admins, within two days.
 */
async function insertWithdrawals(trx: Database, size: LargeSeedSize) {
  // Its risk is computed once the indexes are back (computeRisk): the trigger's per-row signals
  // would each scan the table while they are dropped.
  await sql`ALTER TABLE withdrawals DISABLE TRIGGER withdrawals_risk_insert`.execute(trx);
  await sql`
    WITH ${PLAYERS},
    types AS (
      SELECT row_number() OVER (ORDER BY id) - 1 AS i, key, rate_usd_per_point AS rate,
             fixed_usd_amount AS fixed, min_points
      FROM withdrawal_types WHERE is_active
    ),
    admins AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE admin_enabled),
    generated AS (
      SELECT g, t.key, t.rate, t.fixed,
             CASE WHEN t.fixed IS NULL THEN t.min_points + (g % 50) * 100 ELSE t.min_points END
               AS points,
             (ARRAY['pending', 'pending', 'approved', 'approved', 'rejected'])[(1 + g % 5)::int]
               AS status,
             now() - make_interval(secs => ${spread(g, 7777, 120 * 86400)}) AS created,
             a.ids[1 + g % cardinality(a.ids)] AS admin,
             p.lo + ${spread(g, 16807, sql`p.n`)} AS player
      FROM generate_series(1::bigint, ${size.withdrawals}) AS g
      CROSS JOIN players p
      CROSS JOIN admins a
      JOIN types t ON t.i = g % (SELECT count(*) FROM types)
    )
    INSERT INTO withdrawals (user_id, type_id, points_spent, usd_value, rate_usd_per_point,
                             fixed_usd_amount, destination, status, admin_note, decided_at,
                             decided_by, created_at, updated_at)
    SELECT u.user_id, w.key, w.points, coalesce(w.fixed, round(w.points * w.rate, 2)), w.rate,
           w.fixed,
           CASE WHEN w.fixed IS NULL THEN '0x' || md5(w.g::text) || left(md5(u.user_id), 8)
                WHEN w.g % 5 = 0 THEN 'pay.' || u.user_id || '@example.com'
                ELSE u.email END,
           w.status,
           CASE WHEN w.status = 'approved' AND w.g % 2 = 0 THEN 'Paid'
                WHEN w.status = 'rejected' AND w.g % 2 = 0 THEN 'Destination could not be verified'
           END,
           d.at, CASE WHEN d.at IS NOT NULL THEN w.admin END, w.created, coalesce(d.at, w.created)
    FROM generated w
    JOIN users u ON u.id = w.player
    CROSS JOIN LATERAL (
      SELECT CASE WHEN w.status <> 'pending'
                  THEN least(now(), w.created + make_interval(hours => (1 + w.g % 48)::int)) END AS at
    ) d`.execute(trx);
  await sql`ALTER TABLE withdrawals ENABLE TRIGGER withdrawals_risk_insert`.execute(trx);
}

/** Every withdrawal's risk, as the insert trigger would have kept it, in one statement. */
async function computeRisk(db: Database) {
  await db.transaction().execute(async (trx) => {
    // Quiet, as the load itself (bulkLoad): not half a million ids to the live streams.
    await sql`SET LOCAL rewards.quiet = on`.execute(trx);
    await sql`SELECT refresh_withdrawal_risk(ARRAY(SELECT id FROM withdrawals))`.execute(trx);
  });
}

/**
 * The audit log as the real writers leave it: each decided withdrawal sampled gets its decision
 * row (by its decider, at its decision time, with the writer's before/after), and the rest are
 * sign-ins, user, bot, deck and settings changes by the admins over the last 90 days.
 */
async function insertAuditLog(trx: Database, size: LargeSeedSize) {
  await sql`
    WITH ${PLAYERS},
    admins AS (
      SELECT array_agg(id ORDER BY id) AS ids, array_agg(username ORDER BY id) AS names,
             array_agg(user_id ORDER BY id) AS user_ids
      FROM users WHERE admin_enabled
    ),
    paid AS (SELECT min(id) AS lo, max(id) - min(id) + 1 AS n FROM withdrawals),
    picked AS (
      SELECT g, a.ids, a.names, a.user_ids, 1 + (g % cardinality(a.ids))::int AS who,
             now() - make_interval(secs => ${spread(g, 86243, 90 * 86400)}) AS at,
             g % 20 AS kind,
             w.id AS wid, w.status AS wstatus, w.decided_at, w.decided_by, w.admin_note,
             w.points_spent, p.lo + ${spread(g, 92821, sql`p.n`)} AS player
      FROM generate_series(1::bigint, ${size.auditRows}) AS g
      CROSS JOIN admins a
      CROSS JOIN players p
      CROSS JOIN paid
      LEFT JOIN withdrawals w ON g % 20 < 8 AND w.id = paid.lo + ${spread(g, 15485863, sql`paid.n`)}
                              AND w.status <> 'pending' AND w.decided_at > now() - interval '90 days'
    )
    INSERT INTO audit_log (at, actor_id, actor, action, entity, entity_id, before, after, ip)
    SELECT CASE WHEN x.wid IS NOT NULL THEN x.decided_at ELSE x.at END,
           CASE WHEN x.wid IS NOT NULL THEN x.decided_by ELSE x.ids[x.who] END,
           CASE WHEN x.wid IS NOT NULL THEN x.names[array_position(x.ids, x.decided_by)]
                ELSE x.names[x.who] END,
           e.action, e.entity, e.entity_id, e.before, e.after,
           '203.0.113.' || (1 + x.g % 200)
    FROM picked x
    LEFT JOIN users u ON x.kind BETWEEN 11 AND 14 AND u.id = x.player
    CROSS JOIN LATERAL (
      SELECT * FROM (VALUES
        (x.wid IS NOT NULL, 'withdrawal.' || CASE x.wstatus WHEN 'approved' THEN 'approve' ELSE 'reject' END,
         'withdrawal', x.wid::text, '{"status":"pending"}'::jsonb,
         jsonb_build_object('status', x.wstatus, 'adminNote', x.admin_note)
           || CASE WHEN x.wstatus = 'rejected'
                   THEN jsonb_build_object('refundedPoints', x.points_spent) ELSE '{}' END),
        (x.kind < 11, CASE WHEN x.kind = 10 THEN 'auth.logout' ELSE 'auth.login' END, 'user',
         x.user_ids[x.who], NULL, NULL),
        (x.kind IN (11, 12), 'user.update', 'user', u.user_id,
         jsonb_build_object('balance', u.balance), jsonb_build_object('balance', u.balance + 500)),
        (x.kind IN (13, 14), 'user.disable', 'user', u.user_id,
         jsonb_build_object('status', u.status), '{"status":"disabled"}'),
        (x.kind IN (15, 16), 'bot.update', 'bot',
         'bot_' || lpad((1 + ${spread(g, 13, size.bots)})::text, 5, '0'),
         '{"active":true}', '{"active":false}'),
        (x.kind IN (17, 18), 'deck.save', 'deck', to_char(x.at, 'YYYY-MM-DD'), NULL,
         jsonb_build_object('cards', jsonb_build_array(
           jsonb_build_object('index', 0, 'amount', 10 * (x.g % 9)),
           jsonb_build_object('index', 1, 'amount', 25)), 'resetAt', NULL)),
        (x.kind = 19, 'settings.daily_rewards', 'settings', 'daily_rewards',
         NULL, jsonb_build_object('values', jsonb_build_array(20, 25, 30, 35, 40, 60, 150),
                                  'isActive', true))
      ) AS c (chosen, action, entity, entity_id, before, after)
      WHERE c.chosen AND (x.wid IS NULL OR c.action LIKE 'withdrawal.%')
      LIMIT 1
    ) e`.execute(trx);
}

/**
 * Fills an empty database with the data set the performance budgets are measured on, with
 * set-based inserts into tables whose loose indexes and foreign keys are rebuilt after (see
 * `bulkLoad`). Each table is its own transaction. Answers false, having written nothing, when
 * the database already has users.
 */
export async function seedLarge(
  db: Database,
  size: LargeSeedSize,
  timed: Timer = untimed,
): Promise<boolean> {
  return db.connection().execute(async (conn) => {
    const existing = await conn.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (existing) return false;
    // For this session only: a database crash may lose the last few commits (never half of
    // one), and a seed cut short is redone on a fresh database anyway.
    await sql`SET synchronous_commit = off`.execute(conn);
    await sql`SET maintenance_work_mem = '1GB'`.execute(conn);
    await sql`SET work_mem = '256MB'`.execute(conn);

    const load = (table: string, insert: (trx: Database) => Promise<unknown>) =>
      conn.transaction().execute((trx) => bulkLoad(trx, table, () => insert(trx), timed));

    await load('users', (trx) => insertUsers(trx, size));
    await timed('bots', () => insertBots(conn, size));
    await timed('catalog, types, settings, legal, decks', () =>
      conn.transaction().execute(insertReferenceData),
    );
    await load('matches', (trx) => insertMatches(trx, size));
    await load('withdrawals', (trx) => insertWithdrawals(trx, size));
    // Without statistics on the tables just loaded, the planner picks nested loops over
    // half a million rows (minutes); with them, hash joins (seconds).
    await timed('withdrawals: analyze', () => sql`ANALYZE users, withdrawals`.execute(conn));
    await timed('withdrawals: risk', () => computeRisk(conn));
    await load('audit_log', (trx) => insertAuditLog(trx, size));
    // The API's index-only scans need the visibility map, and the planner its statistics.
    await timed('vacuum analyze', () => sql`VACUUM ANALYZE`.execute(conn));
    return true;
  });
}
