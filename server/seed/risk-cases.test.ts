import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../test/harness';
import { listed, signalsOf } from '../test/signals';
import { seedOnFirstStart } from './demo';

let t: TestContext;
let headers: ReturnType<typeof bearer>;

beforeAll(async () => {
  t = await createTestContext();
  const admin = { username: 'demo-admin', email: 'demo-admin@example.com', password: 'demo-pw' };
  await seedOnFirstStart(t.db, { admin, demoData: true });
  headers = bearer(await t.login(admin.username, admin.password));
});
afterAll(() => t.close());

/** The signals of a demo player's pending withdrawal, as code and level. */
async function pendingSignalsOf(username: string) {
  const player = await t.db
    .selectFrom('users')
    .select('user_id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const w = await t.db
    .selectFrom('withdrawals')
    .select('id')
    .where('user_id', '=', player.user_id)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return (await signalsOf(t, headers, w.id)).map((s) => [s.code, s.level]);
}

it('the demo seeds pending withdrawals that show each kind of signal', async () => {
  // Three accounts to one destination, one of them disabled.
  expect(await pendingSignalsOf('quinn_sharedpay')).toContainEqual(['shared_destination', 'high']);
  expect(await pendingSignalsOf('reese_sharedpay')).toContainEqual(['shared_destination', 'high']);
  expect(await pendingSignalsOf('taylor_newcomer')).toContainEqual(['new_account', 'high']);
  expect(await pendingSignalsOf('uma_duo')).toContainEqual(['repeated_opponent', 'high']);
  // The queue's first page, pending and high, holds them.
  const high = await listed(t, headers, { status: 'pending', risk: 'high' });
  const names = high.map((w) => w.user?.username);
  for (const name of ['quinn_sharedpay', 'reese_sharedpay', 'taylor_newcomer', 'uma_duo']) {
    expect(names).toContain(name);
  }
});
