import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect } from '../../db/connect';
import {
  buildTestApp,
  createTestContext,
  TEST_SECRETS_KEY,
  type TestContext,
} from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const get = (app: TestContext['app'], url: string) => app.inject({ method: 'GET', url });

describe('GET /api/health and /api/ready', () => {
  it('answer 200 without auth on a migrated database', async () => {
    expect((await get(t.app, '/api/health')).json()).toEqual({ ok: true, database: 'up' });
    const ready = await get(t.app, '/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ok: true, database: 'up', migrations: 'applied' });
  });

  it('ready answers 503 naming a migration the database lacks; health stays 200', async () => {
    const { rows } = await sql<{ name: string }>`
      DELETE FROM kysely_migration
      WHERE name = (SELECT max(name) FROM kysely_migration) RETURNING name`.execute(t.db);
    const missing = rows[0]?.name ?? '';
    try {
      const ready = await get(t.app, '/api/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        code: 'not_ready',
        error: `Migrations not applied: ${missing}`,
      });
      expect((await get(t.app, '/api/health')).statusCode).toBe(200);
    } finally {
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${missing}, now()::text)`.execute(
        t.db,
      );
    }
    expect((await get(t.app, '/api/ready')).statusCode).toBe(200);
  });

  it('both answer 503 when the database cannot be reached', async () => {
    const db = connect({ ...inject('pg'), database: 'no_such_database' }, 1);
    const app = await buildTestApp({
      db,
      logLevel: 'silent',
      secretsKey: TEST_SECRETS_KEY,
      push: { url: 'http://127.0.0.1:9' },
    });
    try {
      for (const url of ['/api/health', '/api/ready']) {
        const res = await get(app, url);
        expect(res.statusCode, url).toBe(503);
        expect(res.json(), url).toEqual({ code: 'unavailable', error: 'Database unavailable' });
      }
    } finally {
      await app.close();
      await db.destroy();
    }
  });
});
