import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, siblingApp, type TestContext } from '../test/harness';
import { addressOf, openStream } from '../test/live';

// Open event streams never end on their own: closing the app must end them rather than wait.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('closing the app', () => {
  it('ends its open streams and does not hang', async () => {
    const app = await siblingApp(t);
    const base = await addressOf(app);
    const user = await t.user({ admin: true });
    const token = await t.login(user.username, user.password);
    const streams = await Promise.all([1, 2, 3].map(() => openStream(base, bearer(token))));
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    expect(app.live.size).toBe(3);

    const closed = app.close().then(() => 'closed');
    const timeout = new Promise((resolve) => setTimeout(() => resolve('hung'), 5000));
    expect(await Promise.race([closed, timeout])).toBe('closed');
    await Promise.all(streams.map((s) => s.ended));
    expect(app.live.size).toBe(0);
    // The database stays usable: the app ended only its own LISTEN connection.
    expect(await t.db.selectFrom('users').select('id').where('id', '=', user.id).execute()).toEqual(
      [{ id: user.id }],
    );
  });
});
