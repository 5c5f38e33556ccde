import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { bearer, createTestContext, type TestContext } from '../test/harness';

let t: TestContext;
let playerToken: string;
let expiredToken: string;

beforeAll(async () => {
  t = await createTestContext();
  const player = await t.user();
  playerToken = await t.login(player.username, player.password);
  const admin = await t.user({ admin: true });
  expiredToken = await t.login(admin.username, admin.password);
  await sql`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE user_id = ${admin.id}`.execute(
    t.db,
  );
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, 'x');

describe('every /api/admin route requires an admin', () => {
  it('walks the route table: no token 401, expired token 401, player token 403', async () => {
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/admin'));
    expect(routes.map((r) => r.url)).toContain('/api/admin/ping');

    for (const route of routes) {
      const method = route.method as 'GET';
      const url = concrete(route.url);
      const cases = [
        [{}, 401],
        [bearer(expiredToken), 401],
        [bearer(playerToken), 403],
      ] as const;
      for (const [headers, status] of cases) {
        const res = await t.app.inject({ method, url, headers });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(status);
      }
    }
  });

  it('also covers a route added later anywhere in the app', async () => {
    const app = await buildApp({ db: t.db, logLevel: 'silent' });
    app.get('/api/admin/added-later', async () => ({ secret: true }));
    await app.register(
      async (scope) => {
        scope.post('/nested', async () => ({ secret: true }));
      },
      { prefix: '/api/admin/plugin' },
    );
    await app.ready();
    for (const [method, url] of [
      ['GET', '/api/admin/added-later'],
      ['POST', '/api/admin/plugin/nested'],
    ] as const) {
      expect((await app.inject({ method, url })).statusCode).toBe(401);
      expect((await app.inject({ method, url, headers: bearer(playerToken) })).statusCode).toBe(
        403,
      );
    }
    await app.close();
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
