import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockWaiters } from '../test/client';
import { bearer, createTestContext, type TestContext } from '../test/harness';
import { addressOf } from '../test/live';

// A client that gives up while its stream request still waits (here on its session) must
// not leave a subscriber behind: it would hold one of the session's places for good.

let t: TestContext;
let base: string;
beforeAll(async () => {
  t = await createTestContext();
  base = await addressOf(t.app);
});
afterAll(() => t.close());

describe('a stream request abandoned before it is answered', () => {
  it('leaves no subscriber behind', async () => {
    const user = await t.user({ admin: true });
    const token = await t.login(user.username, user.password);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let lockTaken = () => {};
    const taken = new Promise<void>((resolve) => {
      lockTaken = resolve;
    });
    // The sessions table locked: the request waits on reading its session.
    const locked = t.db.transaction().execute(async (trx) => {
      await sql`LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE`.execute(trx);
      lockTaken();
      await held;
    });
    await taken;
    const controller = new AbortController();
    const request = fetch(`${base}/api/admin/events`, {
      headers: bearer(token),
      signal: controller.signal,
    }).catch(() => 'aborted');
    try {
      await lockWaiters(t, 1);
      controller.abort();
      expect(await request).toBe('aborted');
      // The server sees the connection close while the request waits.
      await sleep(200);
    } finally {
      release();
      await locked;
    }
    await expect.poll(() => t.app.live.size, { timeout: 5000 }).toBe(0);
    await sleep(500);
    expect(t.app.live.size).toBe(0);
  });
});
