import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../test/harness';
import { type SeedResult, seedOnFirstStart } from './demo';
import { GAMES } from './demo-data';

let t: TestContext;
let seeded: SeedResult;
let seedMs: number;
const admin = { username: 'demo-admin', email: 'demo-admin@example.com', password: undefined };

beforeAll(async () => {
  t = await createTestContext();
  const started = Date.now();
  seeded = await seedOnFirstStart(t.db, { admin, demoData: true });
  seedMs = Date.now() - started;
});
afterAll(() => t.close());

const count = async (query: ReturnType<typeof sql<{ n: number }>>) =>
  (await query.execute(t.db)).rows[0]?.n ?? -1;

describe('the demo seed', () => {
  it('is quick, and creates the demo admin with a generated password', async () => {
    expect(seedMs).toBeLessThan(3000);
    expect(seeded.created).toBe(true);
    expect(seeded.generatedPassword).toMatch(/^[\w-]{16}$/);
    const token = await t.login(admin.username, seeded.generatedPassword as string);
    const ping = await t.app.inject({
      method: 'GET',
      url: '/api/admin/ping',
      headers: bearer(token),
    });
    expect(ping.statusCode).toBe(200);
    // Players have no password: only the admin's was hashed.
    expect(await count(sql`SELECT count(*) AS n FROM users WHERE password_hash IS NOT NULL`)).toBe(
      1,
    );
  });

  it('creates a few hundred users across statuses, mostly active', async () => {
    const rows = await t.db
      .selectFrom('users')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();
    const by = Object.fromEntries(rows.map((r) => [r.status, r.n]));
    const total = rows.reduce((sum, r) => sum + r.n, 0);
    expect(total).toBeGreaterThanOrEqual(250);
    expect(total).toBeLessThanOrEqual(400);
    expect(by.active).toBeGreaterThan(total / 2);
    expect(by.pending).toBeGreaterThan(0);
    expect(by.disabled).toBeGreaterThan(0);
    expect(
      await count(sql`SELECT count(*) AS n FROM users WHERE referred_by IS NOT NULL`),
    ).toBeGreaterThan(20);
    // Every referral points at a real code.
    expect(
      await count(sql`SELECT count(*) AS n FROM users u WHERE referred_by IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM users r WHERE r.referral_code = u.referred_by)`),
    ).toBe(0);
    expect(
      await count(sql`SELECT count(*) AS n FROM users WHERE balance > 0 AND xp > 0`),
    ).toBeGreaterThan(100);
    expect(
      await count(
        sql`SELECT count(*) AS n FROM users WHERE created_at < now() - interval '61 days' OR created_at > now()`,
      ),
    ).toBe(0);
  });

  it('spreads sign-ups so the day, week and month charts all have a shape', async () => {
    const token = await t.login(admin.username, seeded.generatedPassword as string);
    const totals: Record<string, number[]> = {};
    for (const range of ['day', 'week', 'month']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/stats/users?range=${range}`,
        headers: bearer(token),
      });
      totals[range] = res.json().data;
    }
    const nonZero = (data: number[] = []) => data.filter((n) => n > 0).length;
    expect(nonZero(totals.day)).toBeGreaterThanOrEqual(5);
    expect(nonZero(totals.week)).toBe(7);
    expect(nonZero(totals.month)).toBeGreaterThanOrEqual(20);
    const sum = (data: number[] = []) => data.reduce((a, b) => a + b, 0);
    // More recent days are busier.
    expect(sum(totals.month?.slice(15))).toBeGreaterThan(sum(totals.month?.slice(0, 15)));
  });

  it('creates bots', async () => {
    const bots = await t.db.selectFrom('bots').selectAll().execute();
    expect(bots.length).toBeGreaterThanOrEqual(5);
    expect(bots.length).toBeLessThanOrEqual(12);
    for (const bot of bots) {
      expect(bot.bot_id).toMatch(/^bot_[a-z0-9]{5}$/);
      // drawn initials shipped in the row: a list of bots asks no outside server for pictures
      expect(bot.avatar_url === null || bot.avatar_url.startsWith('data:image/svg+xml,')).toBe(
        true,
      );
      expect(bot.current_sessions).toBeLessThanOrEqual(bot.max_sessions);
    }
    const clara = bots.find((bot) => bot.nickname === 'CleverClara');
    expect(decodeURIComponent(clara?.avatar_url ?? '')).toContain('>CC</text></svg>');
  });

  it('creates thousands of matches, consistent with their scores and both players', async () => {
    const total = await count(sql`SELECT count(*) AS n FROM matches`);
    expect(total).toBeGreaterThanOrEqual(2500);
    expect(total).toBeLessThanOrEqual(4000);
    const outcomes = await t.db.selectFrom('matches').select('outcome').distinct().execute();
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['draw', 'loss', 'win']);

    expect(
      await count(sql`SELECT count(*) AS n FROM matches WHERE outcome <> CASE
        WHEN user_score > opponent_score THEN 'win'
        WHEN user_score < opponent_score THEN 'loss' ELSE 'draw' END`),
    ).toBe(0);
    // A match between two players is two rows, one from each side, mirrored.
    expect(
      await count(sql`SELECT count(*) AS n FROM matches a WHERE a.opponent_user_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM matches b WHERE b.match_id = a.match_id
          AND b.user_id = a.opponent_user_id AND b.opponent_user_id = a.user_id
          AND b.user_score = a.opponent_score AND b.opponent_score = a.user_score
          AND b.started_at = a.started_at)`),
    ).toBe(0);
    expect(
      await count(sql`SELECT count(*) AS n FROM (SELECT match_id FROM matches
        GROUP BY match_id HAVING count(*) > 2) x`),
    ).toBe(0);
    expect(
      await count(sql`SELECT count(*) AS n FROM matches WHERE opponent_bot_id IS NOT NULL`),
    ).toBeGreaterThan(100);
    expect(
      await count(sql`SELECT count(*) AS n FROM matches m JOIN users u ON u.id = m.user_id
        WHERE m.started_at < u.created_at OR m.ended_at < m.started_at`),
    ).toBe(0);
  });

  it('creates a few hundred withdrawals across statuses and types, about 40% pending', async () => {
    const rows = await t.db.selectFrom('withdrawals').selectAll().execute();
    expect(rows.length).toBeGreaterThanOrEqual(200);
    expect(rows.length).toBeLessThanOrEqual(400);
    const pending = rows.filter((w) => w.status === 'pending').length / rows.length;
    expect(pending).toBeGreaterThan(0.3);
    expect(pending).toBeLessThan(0.5);
    expect(new Set(rows.map((w) => w.status))).toEqual(
      new Set(['pending', 'approved', 'rejected']),
    );
    expect(new Set(rows.map((w) => w.type_id))).toEqual(
      new Set(['paypal_10', 'paypal_25', 'amazon_gc_10', 'crypto_usdt']),
    );
    const adminId = (
      await t.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', admin.username)
        .executeTakeFirstOrThrow()
    ).id;
    for (const w of rows) {
      const usd =
        w.fixed_usd_amount ??
        (Math.round(Number(w.rate_usd_per_point) * w.points_spent * 100) / 100).toFixed(2);
      expect(Number(w.usd_value)).toBe(Number(usd));
      if (w.status === 'pending') expect([w.decided_at, w.decided_by]).toEqual([null, null]);
      else {
        expect(w.decided_by).toBe(adminId);
        expect(w.decided_at?.getTime()).toBeGreaterThanOrEqual(w.created_at.getTime());
      }
    }
    expect(rows.some((w) => w.admin_note !== null)).toBe(true);
    expect(rows.some((w) => w.destination.startsWith('0x'))).toBe(true);
    expect(rows.some((w) => w.destination.includes('@'))).toBe(true);
  });

  it('creates the withdrawal types the withdrawals are made with', async () => {
    const types = await t.db.selectFrom('withdrawal_types').selectAll().orderBy('id').execute();
    expect(types.map((w) => [w.key, w.is_active, w.fixed_usd_amount])).toEqual([
      ['paypal_10', true, '10.00'],
      ['paypal_25', true, '25.00'],
      ['amazon_gc_10', true, '10.00'],
      ['crypto_usdt', true, null],
      ['giftcard_steam_20', false, '20.00'],
    ]);
    expect(types.find((w) => w.key === 'paypal_10')?.title).toBe('PayPal $10');
    for (const type of types) {
      expect(Number(type.rate_usd_per_point)).toBeGreaterThan(0);
      expect(type.min_points).toBeGreaterThanOrEqual(1);
    }
    // Each withdrawal names an active type and carries that type's rate and fixed amount.
    expect(
      await count(sql`SELECT count(*) AS n FROM withdrawals w
        LEFT JOIN withdrawal_types t ON t.key = w.type_id AND t.is_active
        WHERE t.id IS NULL OR w.rate_usd_per_point <> t.rate_usd_per_point
          OR w.fixed_usd_amount IS DISTINCT FROM t.fixed_usd_amount
          OR w.points_spent < t.min_points`),
    ).toBe(0);
  });

  it('creates categories with offers of the demo games, one of each inactive', async () => {
    const categories = await t.db
      .selectFrom('categories')
      .selectAll()
      .orderBy('sort_order')
      .execute();
    expect(categories.map((c) => c.slug)).toEqual([
      'card-games',
      'arcade',
      'sports',
      'word-games',
      'puzzles',
    ]);
    expect(categories.filter((c) => !c.is_active).map((c) => c.name)).toEqual(['Puzzles']);

    const offers = await t.db.selectFrom('offers').selectAll().execute();
    for (const category of categories) {
      expect(offers.some((o) => o.category_id === category.id)).toBe(true);
    }
    expect(offers.filter((o) => !o.is_active)).toHaveLength(1);
    expect(new Set(offers.map((o) => o.game_name))).toEqual(new Set(GAMES));
    expect(new Set(offers.map((o) => o.price))).toEqual(
      new Set(['0.00', '0.50', '1.00', '2.00', '5.00']),
    );
    expect(new Set(offers.map((o) => o.reward_type))).toEqual(new Set(['points', 'xp']));
    const cardGames = offers.filter((o) => o.category_id === categories[0]?.id);
    expect(cardGames.every((o) => o.game_name === 'Solitaire')).toBe(true);
  });

  it('records what it created in its audit row', async () => {
    const row = await t.db
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'seed.demo')
      .executeTakeFirstOrThrow();
    const tables = [
      'users',
      'bots',
      'matches',
      'withdrawals',
      'withdrawal_types',
      'categories',
      'offers',
      'settings',
      'legal_documents',
      'unity_decks',
    ];
    const [
      users = 0,
      bots,
      matches,
      withdrawals,
      withdrawalTypes,
      categories,
      offers,
      settings,
      legalDocuments,
      decks,
    ] = await Promise.all(
      tables.map((table) => count(sql`SELECT count(*) AS n FROM ${sql.table(table)}`)),
    );
    const deckCards = await count(
      sql`SELECT coalesce(sum(jsonb_array_length(cards)), 0) AS n FROM unity_decks`,
    );
    expect(row.after).toEqual({
      // Every user but the admin.
      players: users - 1,
      bots,
      matches,
      withdrawals,
      withdrawalTypes,
      categories,
      offers,
      settings,
      legalDocuments,
      decks,
      deckCards,
    });
  });

  it('writes nothing on a later start', async () => {
    const users = await count(sql`SELECT count(*) AS n FROM users`);
    const again = await seedOnFirstStart(t.db, { admin, demoData: true });
    expect(again).toEqual({ created: false });
    expect(await count(sql`SELECT count(*) AS n FROM users`)).toBe(users);
  });
});

describe('without demo data', () => {
  it('creates only the admin, with ADMIN_PASSWORD when given', async () => {
    const bare = await createTestContext();
    try {
      const result = await seedOnFirstStart(bare.db, {
        admin: { ...admin, password: 'given-password' },
        demoData: false,
      });
      expect(result).toEqual({ created: true, generatedPassword: undefined });
      expect(await bare.db.selectFrom('users').select('username').execute()).toEqual([
        { username: admin.username },
      ]);
      expect(await bare.db.selectFrom('matches').select('id').execute()).toEqual([]);
      expect(await bare.db.selectFrom('withdrawal_types').select('id').execute()).toEqual([]);
      expect(await bare.db.selectFrom('categories').select('id').execute()).toEqual([]);
      expect(await bare.login(admin.username, 'given-password')).toEqual(expect.any(String));
    } finally {
      await bare.close();
    }
  });
});
