import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressesFrom } from '../test/client';
import { bearer, createTestContext, type TestContext } from '../test/harness';
import { accountKey, identifierKey } from './login-throttle';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const nextIp = addressesFrom('10.0.0');

function login(body: unknown, ip = nextIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: body as object,
    remoteAddress: ip,
  });
}

const auditRows = (action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();

describe('POST /api/auth/login', () => {
  it('signs in by username or email, in any case, and answers a token and the user', async () => {
    const user = await t.user({ username: 'Grace.Hopper' });
    for (const name of ['Grace.Hopper', 'grace.hopper', 'GRACE.HOPPER@EXAMPLE.COM']) {
      const res = await login({ emailOrUsername: name, password: user.password });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.user).toMatchObject({
        userId: user.user_id,
        username: 'Grace.Hopper',
        status: 'active',
      });
      expect(body.user.adminRole).toEqual({ enabled: false, roles: [], permissions: [] });
      expect(JSON.stringify(body)).not.toContain('argon2');
    }
    const rows = await auditRows('auth.login');
    expect(rows.filter((r) => r.entity_id === user.user_id)).toHaveLength(3);
  });

  it('answers the same 401 for an unknown user, a wrong password and a disabled user', async () => {
    const active = await t.user();
    const disabled = await t.user({ status: 'disabled' });
    const attempts = [
      { emailOrUsername: 'nobody-here', password: 'whatever' },
      { emailOrUsername: active.username, password: 'wrong-password' },
      { emailOrUsername: disabled.username, password: disabled.password },
      { emailOrUsername: '', password: '' },
    ];
    for (const attempt of attempts) {
      const res = await login(attempt);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Invalid credentials', code: 'invalid_credentials' });
    }
    const failed = await auditRows('auth.login_failed');
    expect(failed.map((r) => r.entity_id)).toEqual(
      expect.arrayContaining([null, active.user_id, disabled.user_id]),
    );
    expect(JSON.stringify(failed)).not.toContain('wrong-password');
  });

  it('rejects unknown fields and a malformed body with 400, naming the field', async () => {
    const extra = await login({ emailOrUsername: 'a', password: 'b', admin: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({
      code: 'invalid_input',
      fields: { admin: 'Unknown field' },
    });

    const missing = await login({ emailOrUsername: 'a' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty('password');

    const garbled = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"emailOrUsername":',
    });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json()).toMatchObject({ code: 'invalid_json' });
  });

  it('answers the 11th wrong sign-in within a minute from one IP with 429 and Retry-After', async () => {
    const user = await t.user();
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      const res = await login({ emailOrUsername: `someone${i}`, password: 'nope' }, ip);
      expect(res.statusCode).toBe(401);
    }
    const eleventh = await login({ emailOrUsername: 'someone10', password: 'nope' }, ip);
    expect(eleventh.statusCode).toBe(429);
    const retryAfter = Number(eleventh.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(eleventh.json()).toEqual({
      error: `Too many failed sign-in attempts. Try again in ${retryAfter} seconds.`,
      code: 'rate_limited',
    });
    // Even the right password waits, from that IP only.
    const blocked = await login({ emailOrUsername: user.username, password: user.password }, ip);
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await login({ emailOrUsername: user.username, password: user.password });
    expect(elsewhere.statusCode).toBe(200);

    // Once the failures leave the window the IP may sign in again.
    await sql`UPDATE login_failures SET at = at - interval '61 seconds' WHERE ip = ${ip}`.execute(
      t.db,
    );
    const later = await login({ emailOrUsername: user.username, password: user.password }, ip);
    expect(later.statusCode).toBe(200);
  });

  it('slows an account down after failures from many IPs, and never locks its owner out', async () => {
    const user = await t.user();
    const timed = async (password: string) => {
      const started = performance.now();
      const res = await login({ emailOrUsername: user.username, password });
      return { status: res.statusCode, ms: performance.now() - started };
    };
    // Seven failures, each from its own address: no IP limit is near, the account's is passed.
    for (let i = 0; i < 7; i++) expect((await timed(`guess${i}`)).status).toBe(401);

    const slowed = await timed(user.password);
    expect(slowed.status).toBe(200);
    expect(slowed.ms).toBeGreaterThanOrEqual(1000);

    // Once the failures leave the 15-minute window, the owner signs in at full speed.
    await sql`UPDATE login_failures SET at = at - interval '16 minutes' WHERE identifier = ${accountKey(user.id)}`.execute(
      t.db,
    );
    const later = await timed(user.password);
    expect(later.status).toBe(200);
    expect(later.ms).toBeLessThan(500);
  });

  it('slows the account, not the name typed: failures on its username slow its email', async () => {
    const user = await t.user();
    for (let i = 0; i < 7; i++) {
      const res = await login({ emailOrUsername: user.username, password: `guess${i}` });
      expect(res.statusCode).toBe(401);
    }
    const started = performance.now();
    const byEmail = await login({
      emailOrUsername: user.email.toUpperCase(),
      password: user.password,
    });
    expect(byEmail.statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('lets one attempt at a time try a slowed account: the others answer 429 with Retry-After', async () => {
    const user = await t.user();
    for (let i = 0; i < 7; i++) {
      const res = await login({ emailOrUsername: user.email, password: `guess${i}` });
      expect(res.statusCode).toBe(401);
    }
    // Twelve guesses at once, each from its own address, by either name.
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        login({ emailOrUsername: i % 2 ? user.username : user.email, password: `burst${i}` }),
      ),
    );
    const statuses = burst.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(11);
    for (const res of burst.filter((r) => r.statusCode === 429)) {
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(9);
      expect(res.json()).toEqual({
        error: `Too many failed sign-in attempts. Try again in ${retryAfter} seconds.`,
        code: 'rate_limited',
      });
    }
    // Once the attempt in flight has answered, the right password signs in (slowed, not locked).
    const owner = await login({ emailOrUsername: user.username, password: user.password });
    expect(owner.statusCode).toBe(200);
  });

  it('slows an unknown name, a live account and a disabled one alike: it tells nothing', async () => {
    const live = await t.user();
    const disabled = await t.user({ status: 'disabled' });
    const names = ['nobody-slowed', live.username, disabled.username];
    const buckets = [identifierKey(names[0] ?? ''), accountKey(live.id), accountKey(disabled.id)];
    // Seven recent failures on each, as if from seven addresses.
    await t.db
      .insertInto('login_failures')
      .values(
        buckets.flatMap((identifier) =>
          Array.from({ length: 7 }, (_, i) => ({ ip: `10.9.9.${i}`, identifier })),
        ),
      )
      .execute();
    const attempts = await Promise.all(
      names.map(async (name) => {
        const started = performance.now();
        const res = await login({ emailOrUsername: name, password: 'wrong-password' });
        return { status: res.statusCode, ms: performance.now() - started };
      }),
    );
    for (const [i, attempt] of attempts.entries()) {
      expect(attempt.status, names[i]).toBe(401);
      expect(attempt.ms, names[i]).toBeGreaterThanOrEqual(1000);
    }
  });

  it('keeps the limit under parallel requests: at most 10 failures get a password check', async () => {
    const ip = nextIp();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        login({ emailOrUsername: `burst${i}`, password: 'x' }, ip),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });

  it('never stores what was typed as the name, and answers 400 to a NUL character', async () => {
    await login({ emailOrUsername: 'MyS3cretPassw0rd', password: 'oops' });
    const rows = await t.db.selectFrom('login_failures').select('identifier').execute();
    expect(JSON.stringify(rows)).not.toContain('MyS3cretPassw0rd');
    expect(JSON.stringify(rows).toLowerCase()).not.toContain('mys3cretpassw0rd');
    const audits = await auditRows('auth.login_failed');
    expect(JSON.stringify(audits).toLowerCase()).not.toContain('mys3cretpassw0rd');

    const nul = await login({ emailOrUsername: 'a\u0000b', password: 'x' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({
      code: 'invalid_input',
      fields: { emailOrUsername: expect.any(String) },
    });
  });

  it('stores only an argon2id hash of the password and a SHA-256 of the token', async () => {
    const user = await t.user();
    const token = await t.login(user.username, user.password);
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(user.password);
    const sessions = await t.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.token_hash.length).toBe(32);
    expect(JSON.stringify(sessions)).not.toContain(token);
  });
});

describe('sessions', () => {
  it('GET /api/auth/me answers the signed-in user, and 401 without a valid token', async () => {
    const user = await t.user();
    const token = await t.login(user.username, user.password);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ userId: user.user_id, username: user.username });

    for (const headers of [{}, bearer('not-a-token'), { authorization: token }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthorized' });
    }
  });

  it('GET /api/admin/ping answers 200 for an admin, 403 for a player, 401 without a session', async () => {
    const admin = await t.user({ admin: true });
    const player = await t.user();
    const adminToken = await t.login(admin.username, admin.password);
    const playerToken = await t.login(player.username, player.password);
    const ping = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/admin/ping', headers });

    expect((await ping(bearer(adminToken))).json()).toEqual({ ok: true });
    const denied = await ping(bearer(playerToken));
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: 'Admin access required', code: 'forbidden' });
    expect((await ping({})).statusCode).toBe(401);
  });

  it('logout revokes the session: the same token then answers 401', async () => {
    const admin = await t.user({ admin: true });
    const token = await t.login(admin.username, admin.password);
    const other = await t.login(admin.username, admin.password);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(token),
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ok: true });
    for (const url of ['/api/auth/me', '/api/admin/ping']) {
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode).toBe(
        401,
      );
    }
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(token),
    });
    expect(again.statusCode).toBe(401);
    // Only that session ended: the admin's other sign-in still works.
    const still = await t.app.inject({
      method: 'GET',
      url: '/api/admin/ping',
      headers: bearer(other),
    });
    expect(still.statusCode).toBe(200);

    const logouts = await auditRows('auth.logout');
    expect(logouts.filter((r) => r.entity_id === admin.user_id)).toHaveLength(1);
  });

  it('expires sessions after the idle timeout and after the absolute lifetime', async () => {
    const admin = await t.user({ admin: true });
    const idle = await t.login(admin.username, admin.password);
    const old = await t.login(admin.username, admin.password);
    const [first, second] = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', admin.id)
      .orderBy('id')
      .execute();

    await sql`UPDATE sessions SET last_seen_at = now() - interval '3 hours' WHERE id = ${first?.id}`.execute(
      t.db,
    );
    await sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = ${second?.id}`.execute(
      t.db,
    );
    for (const token of [idle, old]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/admin/ping',
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('audit log', () => {
  it('is append-only: rows cannot be changed or deleted', async () => {
    const user = await t.user();
    await t.login(user.username, user.password);
    await expect(sql`UPDATE audit_log SET action = 'x'`.execute(t.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
    const rows = await auditRows('auth.login');
    const mine = rows.find((r) => r.entity_id === user.user_id);
    expect(mine).toMatchObject({ actor: user.username, actor_id: user.id, ip: expect.any(String) });
  });
});
