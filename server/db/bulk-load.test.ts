import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';
import { bulkLoad } from './bulk-load';
import { connectionOf } from './connect';

let t: TestContext;
let listener: pg.Client;
const heard: { ids: string[] }[] = [];
beforeAll(async () => {
  t = await createTestContext();
  listener = new pg.Client(connectionOf(t.db));
  await listener.connect();
  listener.on('notification', (message) => heard.push(JSON.parse(message.payload ?? '{}')));
  await listener.query('LISTEN rewards_changes');
});
afterAll(async () => {
  await listener.end();
  await t.close();
});

const insertCategories = (db: typeof t.db, slugs: string[]) =>
  sql<{ id: number }>`
    INSERT INTO categories (name, slug)
    SELECT slug, slug FROM unnest(${slugs}::text[]) AS slug
    RETURNING id`.execute(db);

it('announces none of the rows it loads, and the session announces again after', async () => {
  const after = await t.db.connection().execute(async (conn) => {
    await conn
      .transaction()
      .execute((trx) =>
        bulkLoad(trx, 'categories', () => insertCategories(trx, ['bulk-a', 'bulk-b', 'bulk-c'])),
      );
    return insertCategories(conn, ['after-bulk']);
  });
  const afterId = String(after.rows[0]?.id);
  // Notifications arrive in commit order: once the later write is heard, the load would have been.
  for (let waited = 0; heard.length === 0 && waited < 5_000; waited += 20)
    await new Promise((resolve) => setTimeout(resolve, 20));
  expect(heard.map((change) => change.ids)).toEqual([[afterId]]);
});
