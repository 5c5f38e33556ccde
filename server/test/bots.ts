import type { TestContext } from './harness';

// Reads the API tests of this module assert on: what is in the database, not just the answer.

/** The bot row with this botId, or undefined once it is gone. */
export const botRow = (t: TestContext, botId: string) =>
  t.db.selectFrom('bots').selectAll().where('bot_id', '=', botId).executeTakeFirst();

export const botCount = (t: TestContext) =>
  t.db
    .selectFrom('bots')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((row) => row.n);
