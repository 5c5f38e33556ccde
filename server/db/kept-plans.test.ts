import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';
import { connect, connectionOf } from './connect';
import { KEPT_PLAN, keepPlans } from './kept-plans';
import { windowOf } from './paging';

// A marked statement is prepared once per connection and run from there; these play what could
// make a kept statement answer wrongly or fail: other values, more statements than are kept, a
// column added under it (a rolling migration), a pooler or a reset that dropped it.

describe('kept plans', () => {
  let t: TestContext;
  let pool: pg.Pool;
  let client: pg.PoolClient;

  /** The names and texts this connection has prepared. */
  const prepared = async () =>
    (
      await client.query<{ name: string; statement: string }>(
        'SELECT name, statement FROM pg_prepared_statements ORDER BY prepare_time',
      )
    ).rows;
  const numbers = (text: string, values: unknown[]) =>
    client.query<{ n: number }>(text, values).then((r) => r.rows.map((row) => row.n));

  beforeAll(async () => {
    t = await createTestContext();
    pool = new pg.Pool({ ...connectionOf(t.db), max: 1 });
    keepPlans(pool, 3);
    client = await pool.connect();
    await client.query('CREATE TABLE kept_t (n int)');
    await client.query('INSERT INTO kept_t SELECT generate_series(1, 10)');
  });
  afterAll(async () => {
    client.release();
    await pool.end();
    await t.close();
  });

  it('prepares a marked statement once and answers each call for its own values', async () => {
    const text = `SELECT ${KEPT_PLAN} n FROM kept_t WHERE n > $1 ORDER BY n LIMIT 3`;
    expect(await numbers(text, [2])).toEqual([3, 4, 5]);
    expect(await numbers(text, [7])).toEqual([8, 9, 10]);
    await numbers('SELECT n FROM kept_t WHERE n = $1', [1]);

    const kept = await prepared();
    expect(kept.map((k) => k.statement)).toEqual([text]);
    expect(kept[0]?.name).toMatch(/^kept_[0-9a-f]{24}$/);
  });

  it('keeps the most recently used ones only, and prepares a dropped one again', async () => {
    const nth = (i: number) => `SELECT ${KEPT_PLAN} n FROM kept_t WHERE n = ${i} + $1::int`;
    for (const i of [1, 2, 3, 4, 5]) expect(await numbers(nth(i), [0])).toEqual([i]);
    expect((await prepared()).map((k) => k.statement)).toEqual([nth(3), nth(4), nth(5)]);

    expect(await numbers(nth(1), [1])).toEqual([2]);
    expect((await prepared()).map((k) => k.statement)).toEqual([nth(4), nth(5), nth(1)]);
  });

  it('answers with a column added under a kept select *, and keeps it as the table is now', async () => {
    const text = `SELECT ${KEPT_PLAN} * FROM kept_t WHERE n = $1`;
    expect((await client.query(text, [4])).rows).toEqual([{ n: 4 }]);

    const migrator = new pg.Client(connectionOf(t.db));
    await migrator.connect();
    await migrator.query('ALTER TABLE kept_t ADD COLUMN label text DEFAULT $$four$$');
    await migrator.end();

    expect((await client.query(text, [4])).rows).toEqual([{ n: 4, label: 'four' }]);
    expect((await client.query(text, [4])).rows).toEqual([{ n: 4, label: 'four' }]);
  });

  it('prepares again a statement the server no longer has', async () => {
    const text = `SELECT ${KEPT_PLAN} n FROM kept_t WHERE n < $1 ORDER BY n`;
    expect(await numbers(text, [3])).toEqual([1, 2]);
    await client.query('DEALLOCATE ALL'); // as a pooler handing over another server would
    expect(await numbers(text, [3])).toEqual([1, 2]);
    expect((await prepared()).map((k) => k.statement)).toContain(text);
  });

  it('runs a statement the server already has under its name', async () => {
    const nth = (i: number) => `SELECT ${KEPT_PLAN} n FROM kept_t WHERE n = ${i} * $1::int`;
    expect(await numbers(nth(2), [1])).toEqual([2]);
    const name = (await prepared()).find((k) => k.statement === nth(2))?.name;
    for (const i of [3, 4, 5]) await numbers(nth(i), [1]); // nth(2) is no longer kept
    expect((await prepared()).map((k) => k.name)).not.toContain(name);
    // As another client's connection, handed over by a pooler, would have it.
    await client.query(`PREPARE ${name} AS ${nth(2)}`);
    expect(await numbers(nth(2), [1])).toEqual([2]);
  });

  it('keeps nothing inside a transaction, where a failed retry would abort it', async () => {
    await client.query('DEALLOCATE ALL');
    const text = `SELECT ${KEPT_PLAN} n FROM kept_t WHERE n = $1 + 1`;
    await client.query('BEGIN');
    expect(await numbers(text, [1])).toEqual([2]);
    expect(await prepared()).toEqual([]);
    await client.query('COMMIT');
    expect(await numbers(text, [1])).toEqual([2]);
    expect((await prepared()).map((k) => k.statement)).toEqual([text]);
  });

  it('hands a call with a callback to pg as it came, answered through the callback', async () => {
    const text = `SELECT ${KEPT_PLAN} n FROM kept_t WHERE n = $1 + 2`;
    const rows = await new Promise((resolve, reject) => {
      client.query(text, [1], (error, result) => (error ? reject(error) : resolve(result.rows)));
    });
    expect(rows).toEqual([{ n: 3 }]);
  });

  it('runs unmarked statements as before, unnamed', async () => {
    await client.query('DEALLOCATE ALL');
    await numbers('SELECT n FROM kept_t WHERE n = $1', [5]);
    expect(await prepared()).toEqual([]);
  });
});

describe('a page window', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const compiled = (page: number, keep: boolean) =>
    windowOf(t.db.selectFrom('users').selectAll(), { page, limit: 20 }, keep).compile();

  it('keeps the plan of a first page it may keep, its limit in the statement', async () => {
    const first = compiled(1, true);
    expect(first.sql).toContain(KEPT_PLAN);
    expect(first.sql).toMatch(/limit 20$/);
    expect(first.parameters).toEqual([]);
    await Promise.all([t.user(), t.user(), t.user()]);
    const page = windowOf(t.db.selectFrom('users').select('id'), { page: 1, limit: 2 }, true);
    expect(await page.execute()).toHaveLength(2);
  });

  it('plans a further page, one it may not keep, or an odd page size, for its values', () => {
    for (const [page, keep, limit] of [
      [2, true, 20],
      [1, false, 20],
      [1, true, 7],
    ] as const) {
      const { sql, parameters } = windowOf(
        t.db.selectFrom('users').selectAll(),
        { page, limit },
        keep,
      ).compile();
      expect(sql).not.toContain(KEPT_PLAN);
      expect(sql).toMatch(/limit \$1 offset \$2$/);
      expect(parameters).toEqual([limit, (page - 1) * limit]);
    }
  });

  it('is kept by every connection the server opens', async () => {
    const db = connect(connectionOf(t.db), 1);
    try {
      const page = () =>
        windowOf(db.selectFrom('users').select('id'), { page: 1, limit: 10 }, true);
      await page().execute();
      const { rows } = await sql<{ statement: string }>`
        SELECT statement FROM pg_prepared_statements`.execute(db);
      expect(rows.map((row) => row.statement)).toEqual([page().compile().sql]);
    } finally {
      await db.destroy();
    }
  });
});
