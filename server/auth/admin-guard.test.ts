import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANY_ADMIN } from '../../contract/permissions';
import { buildApp } from '../app';
import { signedIn } from '../test/client';
import { pathOf } from '../test/crud';
import { bearer, createTestContext, type TestContext } from '../test/harness';

let t: TestContext;
/** Each way a caller can hold a token that must not reach an admin route, and the answer due. */
let refused: [string, Record<string, string>, number][];

/** An admin who signed in and has used the console once: the change under test comes after. */
async function activeAdmin() {
  const admin = await signedIn(t);
  expect((await admin.get('/api/admin/ping')).statusCode).toBe(200);
  return admin;
}

beforeAll(async () => {
  t = await createTestContext();
  const player = await t.user();
  const playerToken = await t.login(player.username, player.password);

  const expired = await activeAdmin();
  await sql`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE user_id = ${expired.user.id}`.execute(
    t.db,
  );

  const revoked = await activeAdmin();
  expect((await revoked.post('/api/auth/logout', undefined)).statusCode).toBe(200);

  // Set directly: disabling through the API also ends the sessions, which would make this the
  // revoked case again. This proves the guard reads the user's status on every request.
  const disabled = await activeAdmin();
  await t.db
    .updateTable('users')
    .set({ status: 'disabled' })
    .where('id', '=', disabled.user.id)
    .execute();

  // Demoted by another admin through the API, which leaves their session open.
  const demoted = await activeAdmin();
  const other = await signedIn(t);
  const demote = await other.patch(`/api/admin/users/${demoted.user.user_id}/role`, {
    makeAdmin: false,
  });
  expect(demote.statusCode).toBe(200);

  refused = [
    ['no token', {}, 401],
    ['expired token', bearer(expired.token), 401],
    ['revoked token', bearer(revoked.token), 401],
    ['disabled admin', bearer(disabled.token), 401],
    ['player', bearer(playerToken), 403],
    ['demoted admin', bearer(demoted.token), 403],
  ];
});
afterAll(() => t.close());

describe('every /api/admin route requires an admin', () => {
  it('walks the route table: no, expired, revoked or disabled token 401; non-admin 403', async () => {
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/admin'));
    expect(routes.map((r) => r.url)).toContain('/api/admin/ping');
    expect(routes.length).toBeGreaterThan(50);

    for (const route of routes) {
      for (const [who, headers, status] of refused) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: pathOf(route.url),
          headers,
        });
        expect(res.statusCode, `${route.method} ${route.url} as ${who}`).toBe(status);
      }
    }
  });

  it('also covers a route added later anywhere in the app, which must declare its permission', async () => {
    const app = await buildApp({ db: t.db, logLevel: 'silent' });
    expect(() => app.get('/api/admin/undeclared', async () => ({ secret: true }))).toThrow(
      'GET /api/admin/undeclared declares no permission (config.permission)',
    );
    app.get('/api/admin/added-later', { config: { permission: ANY_ADMIN } }, async () => ({
      secret: true,
    }));
    await app.register(
      async (scope) => {
        scope.post('/nested', { config: { permission: 'bots:write' } }, async () => ({
          secret: true,
        }));
      },
      { prefix: '/api/admin/plugin' },
    );
    await app.ready();
    for (const [method, url] of [
      ['GET', '/api/admin/added-later'],
      ['POST', '/api/admin/plugin/nested'],
    ] as const) {
      for (const [who, headers, status] of refused) {
        expect((await app.inject({ method, url, headers })).statusCode, who).toBe(status);
      }
    }
    await app.close();

    const nested = await buildApp({ db: t.db, logLevel: 'silent' });
    await expect(
      nested.register(
        async (scope) => {
          scope.delete('/gone', async () => ({ ok: true }));
        },
        { prefix: '/api/admin/plugin' },
      ),
    ).rejects.toThrow('DELETE /api/admin/plugin/gone declares no permission');
    await nested.close();
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found', code: 'not_found' });
  });

  it('GET /api/health answers without auth', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, database: 'up' });
  });
});
