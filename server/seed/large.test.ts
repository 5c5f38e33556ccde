import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';
import { largeSeedSize, seedLarge } from './large';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const SCALE = 0.002;

const TABLES = [
  'users',
  'matches',
  'withdrawals',
  'bots',
  'audit_log',
  'categories',
  'offers',
  'withdrawal_types',
  'legal_documents',
  'unity_decks',
  'settings',
] as const;

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(t.db);
    counts[table] = rows[0]?.n ?? 0;
  }
  return counts;
}

/** Every index and constraint of the schema, by name, as PostgreSQL would recreate it. */
async function schemaDefinitions() {
  const { rows } = await sql<{ name: string; definition: string }>`
    SELECT indexname AS name, indexdef AS definition FROM pg_indexes
    WHERE schemaname = current_schema()
    UNION ALL
    SELECT conname, pg_get_constraintdef(oid) || CASE WHEN convalidated THEN '' ELSE ' NOT VALID' END
    FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
    ORDER BY name, definition`.execute(t.db);
  return rows;
}

async function single<T>(query: ReturnType<typeof sql<T>>): Promise<T> {
  const { rows } = await query.execute(t.db);
  return rows[0] as T;
}

describe('the scale data set', () => {
  let before: Awaited<ReturnType<typeof schemaDefinitions>>;
  let seeded: boolean;
  beforeAll(async () => {
    before = await schemaDefinitions();
    seeded = await seedLarge(t.db, largeSeedSize(SCALE));
  }, 30_000);

  it('has each table at its share of the full size, and every screen something to show', async () => {
    expect(seeded).toBe(true);
    expect(await rowCounts()).toEqual({
      users: 2_000,
      matches: 20_000,
      withdrawals: 1_000,
      bots: 2,
      audit_log: 400,
      categories: 6,
      offers: 36,
      withdrawal_types: 5,
      legal_documents: 4,
      unity_decks: 5,
      settings: 3,
    });
  });

  it('rebuilds every index and constraint exactly as it was', async () => {
    expect(await schemaDefinitions()).toEqual(before);
  });

  it('keeps the row counts per status exact', async () => {
    for (const table of ['users', 'withdrawals'] as const) {
      const { rows: kept } = await sql<{ key: string; n: number }>`
        SELECT key, n::int AS n FROM row_counts WHERE entity = ${table} AND n <> 0
        ORDER BY key`.execute(t.db);
      const { rows: real } = await sql<{ key: string; n: number }>`
        SELECT status AS key, count(*)::int AS n FROM ${sql.table(table)}
        GROUP BY status ORDER BY status`.execute(t.db);
      expect(kept, table).toEqual(real);
    }
    const { rows: matches } = await sql<{ key: string; n: number }>`
      SELECT key, n::int AS n FROM row_counts WHERE entity = 'matches' AND n <> 0
      ORDER BY key`.execute(t.db);
    const { rows: outcomes } = await sql<{ key: string; n: number }>`
      SELECT outcome AS key, count(*)::int AS n FROM matches GROUP BY outcome ORDER BY outcome`.execute(
      t.db,
    );
    expect(matches).toEqual(outcomes);
  });

  it('gives every withdrawal the risk its signals make, some of them high', async () => {
    const { rows } = await sql<{ level: string | null; n: number }>`
      SELECT risk_level AS level, count(*)::int AS n FROM withdrawals GROUP BY 1`.execute(t.db);
    expect(rows.find((r) => r.level === 'high')?.n).toBeGreaterThan(0);
    // Computing it again changes no row.
    const { rows: drift } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM withdrawals w
      CROSS JOIN LATERAL (
        SELECT count(*) AS signals,
               max(CASE s.level WHEN 'high' THEN 3 WHEN 'warning' THEN 2 ELSE 1 END) AS top
        FROM withdrawal_signals(w.id) s
      ) s
      WHERE w.risk_count <> s.signals
         OR coalesce(CASE w.risk_level WHEN 'high' THEN 3 WHEN 'warning' THEN 2 WHEN 'info' THEN 1 END, 0)
            <> coalesce(s.top, 0)`.execute(t.db);
    expect(drift[0]?.n).toBe(0);
  });

  it('points only at rows that exist, including the references no foreign key checks', async () => {
    const orphans = await single(sql<Record<string, number>>`
      SELECT
        (SELECT count(*)::int FROM matches m WHERE m.opponent_bot_id IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM bots b WHERE b.bot_id = m.opponent_bot_id)) AS bots,
        (SELECT count(*)::int FROM withdrawals w
           WHERE NOT EXISTS (SELECT 1 FROM withdrawal_types y WHERE y.key = w.type_id)) AS types,
        (SELECT count(*)::int FROM audit_log a
           WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = a.actor_id AND u.admin_enabled
                               AND u.username = a.actor)) AS actors,
        (SELECT count(*)::int FROM audit_log a WHERE a.entity = 'withdrawal'
           AND NOT EXISTS (SELECT 1 FROM withdrawals w WHERE w.id::text = a.entity_id
                             AND w.decided_by = a.actor_id AND w.decided_at = a.at)) AS decisions`);
    expect(orphans).toEqual({ bots: 0, types: 0, actors: 0, decisions: 0 });
  });

  it('has players facing both players and every bot, and decisions made by admins', async () => {
    const shape = await single(sql<Record<string, number>>`
      SELECT
        (SELECT count(DISTINCT opponent_bot_id)::int FROM matches) AS bots_played,
        (SELECT count(*)::int FROM matches WHERE opponent_user_id IS NOT NULL) AS versus_players,
        (SELECT count(*)::int FROM withdrawals
           WHERE (status = 'pending') <> (decided_by IS NULL AND decided_at IS NULL)) AS undecided_mixups,
        (SELECT count(DISTINCT actor)::int FROM audit_log) AS actors,
        (SELECT count(DISTINCT action)::int FROM audit_log) AS actions,
        (SELECT count(*)::int FROM audit_log WHERE at < now() - interval '90 days') AS too_old,
        (SELECT count(*)::int FROM legal_documents WHERE is_active) AS active_legal`);
    expect(shape).toMatchObject({
      bots_played: 2,
      undecided_mixups: 0,
      actors: 6,
      too_old: 0,
      active_legal: 2,
    });
    expect(shape.versus_players).toBeGreaterThan(10_000);
    expect(shape.actions).toBeGreaterThanOrEqual(8);
  });

  it('does nothing on a database that already has users', async () => {
    const counts = await rowCounts();
    expect(await seedLarge(t.db, largeSeedSize(SCALE))).toBe(false);
    expect(await rowCounts()).toEqual(counts);
  });
});
