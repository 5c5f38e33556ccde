import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_PARAMS, hostileValue, jsonText } from '../test/arbitraries';
import { bearer, createTestContext, type TestContext } from '../test/harness';

// Whatever arrives, the API answers a 2xx or a clear 4xx: never a 5xx.

let t: TestContext;
let adminToken: string;
beforeAll(async () => {
  t = await createTestContext();
  const admin = await t.user({ admin: true });
  adminToken = await t.login(admin.username, admin.password);
});
afterAll(() => t.close());

// 'binary' strings include NUL and lone surrogates: what a hostile client can send.
const json = fc.oneof(fc.jsonValue({ maxDepth: 3, stringUnit: 'binary' }), hostileValue);
const segment = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('new', '0', '-1', '%00', '..', ...HOSTILE_PARAMS),
);

describe('fuzzed input', () => {
  it('never makes an API route answer 5xx', async () => {
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(3);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(json, segment, fc.boolean(), async (body, param, signedIn) => {
          // Signing out would end the session the other runs use; the signed-in admin's event
          // stream never ends, so inject would never answer (server/live reads it over HTTP).
          const authed = signedIn && !['/api/auth/logout', '/api/admin/events'].includes(route.url);
          const url = route.url.replace(/:[A-Za-z]+/g, encodeURIComponent(param));
          const res = await t.app.inject({
            method: route.method as 'POST',
            url: `${url}?q=${encodeURIComponent(jsonText(body)).slice(0, 50)}`,
            headers: authed ? bearer(adminToken) : {},
            ...(route.method === 'GET'
              ? {}
              : {
                  payload: jsonText(body),
                  headers: {
                    'content-type': 'application/json',
                    ...(authed ? bearer(adminToken) : {}),
                  },
                }),
          });
          expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBeLessThan(500);
          if (res.statusCode >= 400)
            expect(Object.keys(res.json())).toEqual(expect.arrayContaining(['error', 'code']));
        }),
        { numRuns: 40 },
      );
    }
    // Some 6,000 requests in one test: seconds here, several times that on a loaded CI machine.
  }, 180_000);

  it('answers strings of any shape to the sign-in form with 400 or 401, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 400 }),
        fc.string({ maxLength: 400 }),
        async (name, password) => {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { emailOrUsername: name, password },
            remoteAddress: '192.0.2.1',
          });
          expect([400, 401, 429]).toContain(res.statusCode);
        },
      ),
      { numRuns: 60 },
    );
  });
});
