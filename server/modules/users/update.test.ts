import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD_TEXTS as RULE } from '../../../contract/passwords';
import { lockWaiters, type SignedIn, signedIn, userAudits } from '../../test/client';
import { bearer, createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
});
afterAll(() => t.close());

const userRow = (id: number) =>
  t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

describe('PATCH /api/admin/users/:id', () => {
  it('updates the given fields, trims text, clears referredBy with an empty string', async () => {
    const user = await t.user({ referredBy: 'ABCD1234', balance: 10 });
    const res = await admin.patch(`/api/admin/users/${user.user_id}`, {
      username: `  ${user.username}-renamed `,
      balance: 250,
      xp: 0,
      status: 'pending',
      referredBy: '   ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true,
      user: {
        userId: user.user_id,
        username: `${user.username}-renamed`,
        email: user.email,
        balance: 250,
        xp: 0,
        status: 'pending',
        referredBy: null,
      },
    });
    const row = await userRow(user.id);
    expect(row.updated_at.getTime()).toBeGreaterThan(user.updated_at.getTime());

    const set = await admin.patch(`/api/admin/users/${user.user_id}`, { referredBy: ' XY12 ' });
    expect(set.json().user.referredBy).toBe('XY12');
  });

  it('writes one audit row with only the changed fields', async () => {
    const user = await t.user({ balance: 10, xp: 5 });
    await admin.patch(`/api/admin/users/${user.user_id}`, { balance: 99, xp: 5 });
    const rows = await userAudits(t, user.user_id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'user.update',
      entity: 'user',
      actor: admin.user.username,
      actor_id: admin.user.id,
      before: { balance: 10 },
      after: { balance: 99 },
    });
  });

  it('treats an empty body, or values equal to the current ones, as a no-op', async () => {
    const user = await t.user();
    for (const body of [{}, { username: user.username, status: 'active' }]) {
      const res = await admin.patch(`/api/admin/users/${user.user_id}`, body);
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ username: user.username, status: 'active' });
    }
    expect(await userAudits(t, user.user_id)).toHaveLength(0);
    expect((await userRow(user.id)).updated_at).toEqual(user.updated_at);
  });

  it('answers 409 for a username or email already in use, in any case', async () => {
    const taken = await t.user();
    const user = await t.user();
    const url = `/api/admin/users/${user.user_id}`;

    const name = await admin.patch(url, { username: taken.username.toUpperCase() });
    expect(name.statusCode).toBe(409);
    expect(name.json()).toEqual({
      error: 'Username already taken',
      code: 'duplicate',
      fields: { username: 'Username already taken' },
    });
    const email = await admin.patch(url, { email: taken.email.toUpperCase() });
    expect(email.statusCode).toBe(409);
    expect(email.json()).toEqual({
      error: 'Email already in use',
      code: 'duplicate',
      fields: { email: 'Email already in use' },
    });
    const both = await admin.patch(url, { username: taken.username, email: taken.email });
    expect(both.json().fields).toEqual({
      username: 'Username already taken',
      email: 'Email already in use',
    });
    expect((await userRow(user.id)).username).toBe(user.username);

    // A user may change the case of their own name.
    const own = await admin.patch(url, { username: user.username.toUpperCase() });
    expect(own.statusCode).toBe(200);
  });

  it('answers 409 to the loser when two users take the same name at once', async () => {
    const [a, b] = [await t.user(), await t.user()];
    const wanted = `${a.username}-race`;
    const results = await Promise.all(
      [a, b].map((u) => admin.patch(`/api/admin/users/${u.user_id}`, { username: wanted })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json()).toMatchObject({ code: 'duplicate' });
  });

  it('answers 409 when the name is taken between its check and its write', async () => {
    const [holder, user] = [await t.user(), await t.user()];
    const wanted = `${holder.username}-late`;
    let pending: ReturnType<SignedIn['patch']> | undefined;
    await t.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ username: wanted })
        .where('id', '=', holder.id)
        .execute();
      // The check cannot see this uncommitted name; the write then waits on the unique index.
      pending = admin.patch(`/api/admin/users/${user.user_id}`, { username: wanted.toUpperCase() });
      await lockWaiters(t, 1);
    });
    const res = await pending;
    expect(res?.statusCode).toBe(409);
    expect(res?.json()).toEqual({
      error: 'Username already taken',
      code: 'duplicate',
      fields: { username: 'Username already taken' },
    });
  });

  it('rejects bad values and unknown fields with 400, naming the field', async () => {
    const user = await t.user();
    const url = `/api/admin/users/${user.user_id}`;
    const cases: [object, string][] = [
      [{ balance: 1.5 }, 'balance'],
      [{ balance: -1 }, 'balance'],
      [{ xp: '12' }, 'xp'],
      [{ email: 'not-an-email' }, 'email'],
      [{ email: `${'a'.repeat(250)}@example.com` }, 'email'],
      [{ username: '   ' }, 'username'],
      [{ status: 'banned' }, 'status'],
      [{ password_hash: 'x' }, 'password_hash'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.patch(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
    }
    expect(await userAudits(t, user.user_id)).toHaveLength(0);
  });

  it('ends the user’s sessions when it sets status disabled', async () => {
    const user = await t.user();
    const token = await t.login(user.username, user.password);
    expect((await me(token)).statusCode).toBe(200);
    const res = await admin.patch(`/api/admin/users/${user.user_id}`, { status: 'disabled' });
    expect(res.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    const live = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
  });

  it('refuses to let an admin disable themselves through it', async () => {
    const res = await admin.patch(`/api/admin/users/${admin.user.user_id}`, { status: 'disabled' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'You cannot disable your own account',
      code: 'self_disable',
    });
  });

  it('answers 404 for an unknown user', async () => {
    const res = await admin.patch('/api/admin/users/u_nobody', { balance: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'User not found', code: 'not_found' });
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('disables the user, ends their sessions and deletes nothing', async () => {
    const user = await t.user();
    const token = await t.login(user.username, user.password);
    const res = await admin.delete(`/api/admin/users/${user.user_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true,
      user: { userId: user.user_id, status: 'disabled' },
    });
    expect((await me(token)).statusCode).toBe(401);
    expect((await userRow(user.id)).status).toBe('disabled');

    const rows = await userAudits(t, user.user_id);
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      ['user.disable', { status: 'active' }, { status: 'disabled' }],
    ]);

    // Again: still disabled, nothing more to record.
    const again = await admin.delete(`/api/admin/users/${user.user_id}`);
    expect(again.statusCode).toBe(200);
    expect(await userAudits(t, user.user_id)).toHaveLength(1);
  });

  it('can disable another admin while one remains', async () => {
    const other = await t.user({ admin: true });
    const res = await admin.delete(`/api/admin/users/${other.user_id}`);
    expect(res.statusCode).toBe(200);
  });

  it('refuses to disable the caller', async () => {
    const res = await admin.delete(`/api/admin/users/${admin.user.user_id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'You cannot disable your own account',
      code: 'self_disable',
    });
    expect((await userRow(admin.user.id)).status).toBe('active');
  });

  it('answers 404 for an unknown user', async () => {
    const res = await admin.delete('/api/admin/users/u_nobody');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'User not found', code: 'not_found' });
  });
});

describe('POST /api/admin/users/:id/password', () => {
  it('sets a new password and ends all of that user’s sessions', async () => {
    const user = await t.user();
    const token = await t.login(user.username, user.password);
    const res = await admin.post(`/api/admin/users/${user.user_id}/password`, {
      newPassword: 'fresh-secret-1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await me(token)).statusCode).toBe(401);
    await expect(t.login(user.username, user.password)).rejects.toThrow(/401/);
    expect(await t.login(user.username, 'fresh-secret-1')).toEqual(expect.any(String));

    const row = await userRow(user.id);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const audits = await userAudits(t, user.user_id);
    const audit = audits.find((r) => r.action === 'user.password');
    expect(audit).toMatchObject({ actor: admin.user.username, after: { passwordChanged: true } });
    const text = JSON.stringify(audits);
    expect(text).not.toContain('fresh-secret-1');
    expect(text).not.toContain(row.password_hash);
    expect(text).not.toContain('argon2');
  });

  it('refuses an admin’s own password with 409: My account asks for the current one', async () => {
    const self = await signedIn(t);
    const otherDevice = await t.login(self.user.username, self.user.password);
    const res = await self.post(`/api/admin/users/${self.user.user_id}/password`, {
      newPassword: 'my-new-pass',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'Use My account to change your own password.',
      code: 'use_my_account',
    });
    // Nothing changed: the old password signs in, every session goes on, nothing audited.
    expect((await me(self.token)).statusCode).toBe(200);
    expect((await me(otherDevice)).statusCode).toBe(200);
    expect(await t.login(self.user.username, self.user.password)).toEqual(expect.any(String));
    expect(await userAudits(t, self.user.user_id)).toEqual([]);
  });

  it('needs at least 6 characters: 400 Min 6 chars', async () => {
    const user = await t.user();
    const res = await admin.post(`/api/admin/users/${user.user_id}/password`, {
      newPassword: '12345',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'invalid_input',
      fields: { newPassword: 'Min 6 chars' },
    });
    expect(await userAudits(t, user.user_id)).toHaveLength(0);
  });

  it('keeps a player’s rule: 6 characters will do, even a common password', async () => {
    const user = await t.user();
    const res = await admin.post(`/api/admin/users/${user.user_id}/password`, {
      newPassword: 'abc123',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.login(user.username, 'abc123')).toEqual(expect.any(String));
  });

  it('answers 404 for an unknown user', async () => {
    const res = await admin.post('/api/admin/users/u_nobody/password', { newPassword: 'abcdef' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'User not found', code: 'not_found' });
  });
});

describe('POST /api/admin/users/:id/password for another admin: the admin password rules', () => {
  const refusal = (message: string) => ({
    error: message,
    code: 'invalid_input',
    fields: { newPassword: message },
  });

  it('refuses a common password, the admin’s own names and a length out of 8 to 256, changing nothing', async () => {
    const target = await t.user({ admin: true });
    const token = await t.login(target.username, target.password);
    const attempts: [string, string][] = [
      ['password1', RULE.tooCommon],
      ['PassWord1', RULE.tooCommon],
      [target.username, RULE.namesAccount],
      [target.username.toUpperCase(), RULE.namesAccount],
      [target.email, RULE.namesAccount],
      ['12345', RULE.tooShort],
      ['seven-7', RULE.tooShort],
      ['x'.repeat(257), RULE.tooLong],
    ];
    for (const [newPassword, message] of attempts) {
      const res = await admin.post(`/api/admin/users/${target.user_id}/password`, { newPassword });
      expect(res.statusCode, newPassword).toBe(400);
      expect(res.json()).toEqual(refusal(message));
    }
    // Nothing changed: the password still signs in, the session goes on, nothing audited.
    expect((await me(token)).statusCode).toBe(200);
    expect(await t.login(target.username, target.password)).toEqual(expect.any(String));
    expect(await userAudits(t, target.user_id)).toEqual([]);
  });

  it('never says whether a new password is that admin’s current one', async () => {
    const target = await t.user({ admin: true });
    const res = await admin.post(`/api/admin/users/${target.user_id}/password`, {
      newPassword: target.password,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('takes 8 and 256 characters', async () => {
    const target = await t.user({ admin: true });
    for (const newPassword of ['k7#mq2!x', 'k7'.repeat(128)]) {
      const res = await admin.post(`/api/admin/users/${target.user_id}/password`, { newPassword });
      expect(res.statusCode, res.body).toBe(200);
      expect(await t.login(target.username, newPassword)).toEqual(expect.any(String));
    }
  });
});
