import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signedIn } from '../test/client';
import { insertBot, insertWithdrawal } from '../test/fixtures';
import { bearer, createTestContext, type TestContext } from '../test/harness';
import { addressOf, type ChangeData, changeOf, openStream, type TestStream } from '../test/live';

// Only committed changes are announced: the notification is part of the writing transaction.

let t: TestContext;
let admin: SignedIn;
let stream: TestStream;

beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
  stream = await openStream(await addressOf(t.app), bearer(admin.token));
  expect(stream.status).toBe(200);
});
afterAll(async () => {
  stream.close();
  await t.close();
});

/** Whether any event received so far names this record of the resource. */
const named = (resource: string, id: string) =>
  stream.events.some(
    ({ event, data }) =>
      event === 'resource' &&
      (data as ChangeData).topic === `resource/${resource}` &&
      (data as ChangeData).ids.includes(id),
  );

/** A write committed after the rolled-back one, heard: whatever came before it has arrived. */
async function committedAfter(): Promise<void> {
  const bot = await insertBot(t.db);
  await stream.next(changeOf('bots', 'created', bot.bot_id));
}

describe('a rolled-back transaction', () => {
  it('is never announced, though its statements ran', async () => {
    const bot = await insertBot(t.db);
    await stream.next(changeOf('bots', 'created', bot.bot_id));
    const failure = new Error('changed my mind');
    await expect(
      t.db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('bots')
          .set({ skill: 99 })
          .where('bot_id', '=', bot.bot_id)
          .returning('bot_id')
          .execute();
        expect(updated).toHaveLength(1);
        const fresh = await trx
          .insertInto('bots')
          .values({ bot_id: `${bot.bot_id}_x`, nickname: `${bot.nickname} X`, skill: 1 })
          .returning('bot_id')
          .executeTakeFirstOrThrow();
        expect(fresh.bot_id).toBe(`${bot.bot_id}_x`);
        throw failure;
      }),
    ).rejects.toBe(failure);
    await committedAfter();
    expect(stream.events.some(changeOf('bots', 'updated', bot.bot_id))).toBe(false);
    expect(named('bots', `${bot.bot_id}_x`)).toBe(false);
  });

  it('is never announced when a constraint refuses the write', async () => {
    const bot = await insertBot(t.db);
    await stream.next(changeOf('bots', 'created', bot.bot_id));
    await expect(insertBot(t.db, { botId: bot.bot_id })).rejects.toThrow(/duplicate key/);
    await expect(
      sql`UPDATE bots SET skill = -1 WHERE bot_id = ${bot.bot_id}`.execute(t.db),
    ).rejects.toThrow(/check constraint/);
    await committedAfter();
    expect(stream.events.filter(changeOf('bots', 'created', bot.bot_id))).toHaveLength(1);
    expect(stream.events.some(changeOf('bots', 'updated', bot.bot_id))).toBe(false);
  });

  it('is never announced when an API decision fails after its update (no audit row)', async () => {
    const player = await t.user({ balance: 5 });
    const row = await insertWithdrawal(t.db, { userId: player.user_id, pointsSpent: 50 });
    await stream.next(changeOf('withdrawals', 'created', String(row.id)));
    // The decision updates the withdrawal and the player's balance, then cannot write its audit
    // row: the whole transaction rolls back.
    await sql`
      CREATE FUNCTION live_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit_log refuses inserts (test)'; END $$`.execute(t.db);
    await sql`
      CREATE TRIGGER live_test_refuse BEFORE INSERT ON audit_log
      FOR EACH ROW EXECUTE FUNCTION live_test_refuse()`.execute(t.db);
    try {
      const res = await admin.patch(`/api/admin/withdrawals/${row.id}/decision`, {
        action: 'reject',
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`DROP TRIGGER live_test_refuse ON audit_log`.execute(t.db);
      await sql`DROP FUNCTION live_test_refuse()`.execute(t.db);
    }
    await committedAfter();
    expect(stream.events.some(changeOf('withdrawals', 'updated', String(row.id)))).toBe(false);
    expect(stream.events.some(changeOf('users', 'updated', player.user_id))).toBe(false);

    // The same decision, committed, is heard.
    const ok = await admin.patch(`/api/admin/withdrawals/${row.id}/decision`, { action: 'reject' });
    expect(ok.statusCode, ok.body).toBe(200);
    await stream.next(changeOf('withdrawals', 'updated', String(row.id)));
    await stream.next(changeOf('users', 'updated', player.user_id));
  });
});
