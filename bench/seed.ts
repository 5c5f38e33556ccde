// Fills a database with the scale data set: `node --import tsx bench/seed.ts [SCALE [DATA_DIR]]`.
// SCALE 1 (the default) is the design's budget size: 1M users, 10M matches, 500k withdrawals,
// 1,000 bots, 200k audit rows, 50k adjustments (where the table exists). The database is the one
// at DATABASE_URL when set, otherwise an embedded one in DATA_DIR (default .bench-data-SCALE).
// One that already has users is left as is (but gets the adjustments it lacks).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Timer } from '../server/db/bulk-load';
import type { Database } from '../server/db/connect';
import { migrate } from '../server/db/migrate';
import { openDatabase } from '../server/db/open';
import { createUser } from '../server/modules/users/create';
import { largeSeedSize, seedLarge } from '../server/seed/large';

const [scaleArg = '1', dataDirArg] = process.argv.slice(2);
const scale = Number(scaleArg);
if (!(scale > 0)) {
  console.error(`SCALE must be a positive number, not ${scaleArg}`);
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = dataDirArg ?? `.bench-data-${scaleArg}`;
// Scale 1's figures are the budgets' own; another scale's sit beside them.
const RESULT = path.join(
  import.meta.dirname,
  'results',
  scale === 1 ? 'seed.json' : `seed-scale-${scaleArg}.json`,
);

const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

const steps: { step: string; seconds: number }[] = [];
const timed: Timer = async (step, work) => {
  const started = performance.now();
  const result = await work();
  steps.push({ step, seconds: seconds(started) });
  console.log(`  ${step}: ${seconds(started)} s`);
  return result;
};

async function rowCounts(db: Database): Promise<Record<string, number>> {
  const { rows } = await sql<{ name: string }>`
    SELECT tablename AS name FROM pg_tables
    WHERE schemaname = current_schema() AND tablename NOT LIKE 'kysely%'
    ORDER BY tablename`.execute(db);
  const counts: Record<string, number> = {};
  for (const { name } of rows) {
    const { rows: found } = await sql<{ n: number }>`
      SELECT count(*)::bigint AS n FROM ${sql.table(name)}`.execute(db);
    counts[name] = found[0]?.n ?? 0;
  }
  return counts;
}

function printTable(rows: [string, string][]) {
  const header: [string, string] = ['step', 'seconds'];
  const all = [header, ...rows];
  const width = Math.max(...all.map(([label]) => label.length));
  const figures = Math.max(...all.map(([, figure]) => figure.length));
  const line = ([label, figure]: [string, string]) =>
    `${label.padEnd(width)}  ${figure.padStart(figures)}`;
  console.log(line(header));
  console.log(`${'-'.repeat(width)}  ${'-'.repeat(figures)}`);
  for (const row of rows) console.log(line(row));
}

/** The admin who gives the second approvals in the four-eyes bulk benchmark. */
async function secondApprover(db: Database) {
  const found = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'bench-second')
    .executeTakeFirst();
  if (found) return;
  await timed('second approver', () =>
    createUser(db, {
      username: 'bench-second',
      email: 'bench-second@example.com',
      password: 'bench-password',
      admin: true,
      permissions: ['withdrawals:read', 'withdrawals:approve'],
    }),
  );
}

// Every connection of the seed is quiet (migration 0014): the rows it loads, bots and reference
// data included, are not announced to live streams (bulkLoad also quiets its own transactions).
process.env.PGOPTIONS = [process.env.PGOPTIONS, '-c rewards.quiet=on'].filter(Boolean).join(' ');

/** Adjustments at scale 1: credits waiting for, or decided by, a second admin. */
const ADJUSTMENTS_AT_SCALE_1 = 50_000;

/**
 * Credits of the staff to players over the last 90 days: two in five pending, two approved and
 * one rejected by another staff admin (never the requester), each reason in turn. Only once, and
 * only where the adjustments table exists (data seeded before it gets them on its next seed).
 */
async function adjustments(db: Database) {
  const { rows } = await sql<{ table: string | null }>`
    SELECT to_regclass('adjustments')::text AS table`.execute(db);
  if (!rows[0]?.table) return;
  const found = await sql`SELECT 1 FROM adjustments LIMIT 1`.execute(db);
  if (found.rows.length > 0) return;
  const count = Math.max(1, Math.round(ADJUSTMENTS_AT_SCALE_1 * scale));
  await timed('adjustments', () =>
    sql`
      WITH players AS (
        SELECT min(id) AS lo, max(id) - min(id) + 1 AS n FROM users WHERE NOT admin_enabled
      ),
      staff AS (
        SELECT array_agg(id ORDER BY id) AS ids FROM users
        WHERE admin_enabled AND username NOT LIKE 'bench%'
      ),
      generated AS (
        SELECT g, s.ids, cardinality(s.ids) AS staff,
               p.lo + (g * 48611) % p.n AS player,
               (ARRAY['pending', 'pending', 'approved', 'approved', 'rejected'])[(1 + g % 5)::int]
                 AS status,
               (ARRAY['goodwill', 'support_correction', 'contest_prize', 'migration', 'other'])
                 [(1 + g / 5 % 5)::int] AS reason,
               now() - make_interval(secs => (g * 7933) % (90 * 86400)) AS requested
        FROM generate_series(1::bigint, ${count}) AS g
        CROSS JOIN players p
        CROSS JOIN staff s
      )
      INSERT INTO adjustments (user_id, delta, reason, note, requested_by, requested_at, status,
                               decided_by, decided_at, decision_note, updated_at)
      SELECT u.user_id, 1000 + (x.g * 7919) % 99000, x.reason,
             CASE WHEN x.reason = 'other' THEN 'Seeded credit' END,
             x.ids[1 + x.g % x.staff], x.requested, x.status,
             CASE WHEN x.status <> 'pending' THEN x.ids[1 + (x.g + 1) % x.staff] END,
             d.at, CASE WHEN x.status = 'rejected' THEN 'Not justified' END,
             coalesce(d.at, x.requested)
      FROM generated x
      JOIN users u ON u.id = x.player
      CROSS JOIN LATERAL (
        SELECT CASE WHEN x.status <> 'pending' THEN x.requested + interval '2 hours' END AS at
      ) d`.execute(db),
  );
  await sql`ANALYZE adjustments`.execute(db);
}

/**
 * The credits bench:api approved in earlier runs (it approves 1,400 a run), pending again: each
 * run then finds the seed's 20,000 pending ones, and the pending list stays past the 10,000 its
 * total is counted to. Their players keep the points: nothing checks the bench data's balances.
 */
async function pendingAgain(db: Database) {
  const { rows } = await sql<{ table: string | null }>`
    SELECT to_regclass('adjustments')::text AS table`.execute(db);
  if (!rows[0]?.table) return;
  await sql`
    UPDATE adjustments
    SET status = 'pending', decided_by = NULL, decided_at = NULL, decision_note = NULL,
        updated_at = requested_at
    WHERE decided_by IN (SELECT id FROM users WHERE username LIKE 'bench%')`.execute(db);
}

/**
 * The tables earlier runs wrote to, vacuumed and analysed, so that each run starts from what
 * autovacuum would leave rather than from however many runs came before: a deep page of users
 * read the heap again for every player an approved credit had touched (4x ping, 2.9x after).
 */
async function tidy(db: Database) {
  await sql`VACUUM (ANALYZE) users, withdrawals, adjustments, bots`.execute(db);
}

const target = databaseUrl ? 'DATABASE_URL' : 'embedded';
const started = performance.now();
const database = await openDatabase({ dataDir, databaseUrl }, console.log);
try {
  console.log(`Seeding ${database.location} at scale ${scale}...`);
  await timed('migrate', () => migrate(database.db));
  const size = largeSeedSize(scale);
  if (!(await seedLarge(database.db, size, timed))) {
    console.log(`${database.location} already holds users; nothing to do.`);
    if (!databaseUrl) console.log(`To seed it again, stop what uses it and delete ${dataDir}.`);
    // Data seeded before the four-eyes benchmark or the adjustments gets them.
    await secondApprover(database.db);
    await adjustments(database.db);
    await pendingAgain(database.db);
    await timed('vacuum', () => tidy(database.db));
  } else {
    // The account the API benchmark signs in with.
    await timed('bench admin', () =>
      createUser(database.db, {
        username: 'bench',
        email: 'bench@example.com',
        password: 'bench-password',
        admin: true,
      }),
    );
    await secondApprover(database.db);
    await adjustments(database.db);
    const total = seconds(started);
    console.log();
    printTable([
      ...steps.map(({ step, seconds }): [string, string] => [step, seconds.toFixed(1)]),
      ['total', total.toFixed(1)],
    ]);
    const { rows } = await sql<{
      version: string;
    }>`SELECT current_setting('server_version') AS version`.execute(database.db);
    const result = {
      date: new Date().toISOString(),
      machine: {
        cpu: os.cpus()[0]?.model ?? 'unknown',
        cores: os.cpus().length,
        memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      },
      node: process.version,
      postgres: rows[0]?.version,
      target,
      scale,
      rows: await rowCounts(database.db),
      steps,
      totalSeconds: total,
    };
    fs.mkdirSync(path.dirname(RESULT), { recursive: true });
    fs.writeFileSync(RESULT, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`\nWrote ${path.relative(process.cwd(), RESULT)}`);
  }
} finally {
  await database.close();
}
