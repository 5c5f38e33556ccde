import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANY_ADMIN,
  allows,
  missingPermission,
  PERMISSION_CATALOGUE,
  PERMISSION_NAMES,
  type Permission,
} from '../../contract/permissions';
import { pathOf } from '../test/crud';
import { fingerprint, REFUSED_REQUEST_WRITES } from '../test/db-fingerprint';
import { bearer, createTestContext, type TestContext } from '../test/harness';
import { addressOf, openStream } from '../test/live';

let t: TestContext;

/** A signed-in admin holding exactly these permissions: their bearer header. */
async function adminHolding(permissions: string[]) {
  const user = await t.user({ admin: true, permissions });
  return bearer(await t.login(user.username, user.password));
}

/**
 * Every permission that does not give `needed`: all the others, but for a read also the area's
 * other actions, since each of them implies it.
 */
const allBut = (needed: Permission) => PERMISSION_NAMES.filter((p) => !allows([p], needed));

beforeAll(async () => {
  t = await createTestContext();
});

/** The status of GET /api/admin/events for these headers (a stream opened is closed at once). */
async function streamStatus(headers: Record<string, string>) {
  const stream = await openStream(await addressOf(t.app), headers);
  stream.close();
  return stream.status;
}
afterAll(() => t.close());

describe('every /api/admin route enforces the permission its definition declares', () => {
  it('refuses the admin without it (403 naming it, nothing changed) and lets its holder in', async () => {
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/admin'));
    expect(routes.length).toBeGreaterThan(60);
    const declared = new Set(routes.map((r) => r.permission));
    // Each permission of the catalogue guards at least one route.
    for (const name of PERMISSION_NAMES) expect(declared, name).toContain(name);

    const holders = new Map<string, Record<string, string>>();
    const refusedOnes = new Map<string, Record<string, string>>();
    for (const name of PERMISSION_NAMES) {
      holders.set(name, await adminHolding([name]));
      refusedOnes.set(name, await adminHolding(allBut(name)));
    }
    const nobody = await adminHolding([]);

    const before = await fingerprint(t.db, REFUSED_REQUEST_WRITES);
    for (const { method, url, permission } of routes) {
      const request = { method: method as 'GET', url: pathOf(url) };
      const label = `${method} ${url} (${permission})`;
      if (permission === ANY_ADMIN) {
        // The event stream never ends: inject would never answer; it is opened over HTTP.
        const status =
          url === '/api/admin/events'
            ? await streamStatus(nobody)
            : (await t.app.inject({ ...request, headers: nobody })).statusCode;
        expect(status, label).not.toBe(403);
        continue;
      }
      if (!permission) throw new Error(`${label} declares no permission`);
      const refused = await t.app.inject({ ...request, headers: refusedOnes.get(permission) });
      expect(refused.statusCode, label).toBe(403);
      if (method !== 'HEAD') {
        expect(refused.json(), label).toEqual({
          error: missingPermission(permission),
          code: 'forbidden',
          permission,
        });
      }
    }
    expect(await fingerprint(t.db, REFUSED_REQUEST_WRITES)).toEqual(before);

    // The holders' requests go on to the route: a path id naming nothing, an empty body.
    for (const { method, url, permission } of routes) {
      if (permission === ANY_ADMIN || !permission) continue;
      const res = await t.app.inject({
        method: method as 'GET',
        url: pathOf(url),
        headers: holders.get(permission),
      });
      expect(res.statusCode, `${method} ${url} as holder of ${permission}`).not.toBe(403);
    }
  });

  it('lets a wildcard in: `*` everywhere, `area:*` in its area only', async () => {
    const everything = await adminHolding(['*']);
    const withdrawalsAll = await adminHolding(['withdrawals:*']);
    const writer = await adminHolding(['bots:write']);
    const get = (url: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url, headers });
    expect((await get('/api/admin/audit', everything)).statusCode).toBe(200);
    expect((await get('/api/admin/withdrawals', withdrawalsAll)).statusCode).toBe(200);
    expect((await get('/api/admin/bots', withdrawalsAll)).json()).toMatchObject({
      permission: 'bots:read',
    });
    // Writing implies reading in the same area, nowhere else.
    expect((await get('/api/admin/bots', writer)).statusCode).toBe(200);
    expect((await get('/api/admin/offers', writer)).statusCode).toBe(403);
  });

  it('answers the catalogue and the admin’s own permissions', async () => {
    const headers = await adminHolding(['withdrawals:read', 'bots:*']);
    const catalogue = await t.app.inject({ method: 'GET', url: '/api/admin/permissions', headers });
    expect(catalogue.statusCode).toBe(200);
    expect(catalogue.json()).toEqual(PERMISSION_CATALOGUE);
    expect(catalogue.json()).toContainEqual({
      name: 'withdrawals:approve',
      description: 'Approve and reject withdrawals, one at a time or in bulk',
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(me.json().permissions).toEqual(['withdrawals:read', 'bots:*']);
  });

  it('takes a change into account on the very next request', async () => {
    const user = await t.user({ admin: true, permissions: [] });
    const headers = bearer(await t.login(user.username, user.password));
    const list = () => t.app.inject({ method: 'GET', url: '/api/admin/withdrawals', headers });
    expect((await list()).statusCode).toBe(403);
    await t.db
      .updateTable('users')
      .set({ admin_permissions: ['withdrawals:read'] })
      .where('id', '=', user.id)
      .execute();
    expect((await list()).statusCode).toBe(200);
  });
});
