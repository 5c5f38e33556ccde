import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../../test/harness';

// An admin edits a balance from a form loaded earlier; a refund lands in between.

let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await createTestContext();
  const admin = await t.user({ admin: true });
  token = await t.login(admin.username, admin.password);
});
afterAll(() => t.close());

const patch = (userId: string, body: object, ifMatch?: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/admin/users/${userId}`,
    headers: { ...bearer(token), ...(ifMatch ? { 'if-match': ifMatch } : {}) },
    payload: body,
  });

describe('PATCH /admin/users/{id} with If-Match', () => {
  it('refuses with 409 when the user changed since the form was loaded, and changes nothing', async () => {
    const user = await t.user({ balance: 500 });
    const loaded = user.updated_at.toISOString();
    await t.db
      .updateTable('users')
      .set({ balance: 1500, updated_at: new Date(Date.now() + 1000) })
      .where('id', '=', user.id)
      .execute();

    const res = await patch(user.user_id, { balance: 600 }, loaded);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'stale' });
    const row = await t.db
      .selectFrom('users')
      .select('balance')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.balance).toBe(1500);
  });

  it('applies the change when the version matches (or none is sent)', async () => {
    const user = await t.user({ balance: 500 });
    const res = await patch(user.user_id, { balance: 600 }, user.updated_at.toISOString());
    expect(res.statusCode).toBe(200);
    expect(res.json().user.balance).toBe(600);
    expect((await patch(user.user_id, { balance: 700 })).json().user.balance).toBe(700);
  });
});
