import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signedIn } from '../test/client';
import { pathOf } from '../test/crud';
import { bearer, buildTestApp, createTestContext, type TestContext } from '../test/harness';
import { addressOf, openStream } from '../test/live';

// Every answer the server can give, whatever the route, status or path through the framework,
// carries the same protective headers: a page or a JSON answer that lacked them could be framed,
// sniffed into HTML, or run scripts from elsewhere.

const PORTAL = 'https://portal.example.com';
/** A REST service the console also calls (CONNECT_SRC). */
const REVIEWS = 'https://reviews.example.com';

let t: TestContext;
let app: FastifyInstance;
let admin: SignedIn;
let dir: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rewards-headers-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head></head></html>');
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'export {}');
  app = await buildTestApp({
    db: t.db,
    consoleDir: dir,
    logLevel: 'silent',
    frameAncestors: ["'self'", PORTAL],
    connectSrc: [REVIEWS],
  });
});
afterAll(async () => {
  await app.close();
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Answer = Awaited<ReturnType<FastifyInstance['inject']>>;

const EVENTS = '/api/admin/events';

/** The CSP's directives by name, each with its values as one text. */
function directivesOf(res: Answer): Map<string, string> {
  const csp = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    csp.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
}

function expectProtected(res: Answer, what: string) {
  const csp = String(res.headers['content-security-policy'] ?? '');
  const directives = directivesOf(res);
  expect(directives.get('default-src'), `${what}: ${csp}`).toBe("'self'");
  expect(directives.get('script-src'), `${what}: ${csp}`).toBe("'self'");
  expect(directives.get('object-src'), `${what}: ${csp}`).toBe("'none'");
  expect(directives.get('base-uri'), `${what}: ${csp}`).toBe("'self'");
  expect(directives.get('frame-ancestors'), `${what}: ${csp}`).toBe(`'self' ${PORTAL}`);
  expect(directives.get('connect-src'), `${what}: ${csp}`).toBe(`'self' ${REVIEWS}`);
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('no-referrer');
  expect(res.headers['strict-transport-security'], what).toMatch(/max-age=\d+/);
  expect(res.headers['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(res.headers['x-powered-by'], what).toBeUndefined();
}

describe('security headers', () => {
  it('are on the answer of every route, signed in or not, whatever the status', async () => {
    const statuses = new Set<number>();
    let adminAnswers = 0;
    for (const route of app.routeTable) {
      const method = route.method as 'GET';
      const url = pathOf(route.url);
      const requests: InjectOptions[] = [{ method, url }];
      // A signed-in admin sending nothing: answers from 200 to 4xx. Not the logout, which would
      // end the session the rest of the walk uses, nor the event stream, which never ends (the
      // next test reads it over HTTP).
      if (url !== '/api/auth/logout' && url !== EVENTS)
        requests.push({ method, url, headers: bearer(admin.token) });
      for (const request of requests) {
        const res = await app.inject(request);
        statuses.add(res.statusCode);
        if (request.headers && url.startsWith('/api/admin') && res.statusCode < 300)
          adminAnswers += 1;
        expectProtected(res, `${route.method} ${route.url} → ${res.statusCode}`);
      }
    }
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 400, 401, 404]));
    expect(adminAnswers, 'admin routes answered 2xx to the signed-in admin').toBeGreaterThan(10);
  });

  it('are on the live event stream', async () => {
    const stream = await openStream(await addressOf(app), bearer(admin.token));
    stream.close();
    expect(stream.status).toBe(200);
    const res = { headers: Object.fromEntries(stream.headers.entries()) } as unknown as Answer;
    expectProtected(res, `GET ${EVENTS} → 200`);
  });

  it('are on the console, its assets, and every answer the framework gives before a route', async () => {
    const requests: InjectOptions[] = [
      { method: 'GET', url: '/' },
      { method: 'GET', url: '/users/u_1/show' },
      { method: 'GET', url: '/assets/app.js' },
      { method: 'GET', url: '/assets/missing.js' },
      { method: 'GET', url: '/api/nothing-here' },
      { method: 'GET', url: '/api/admin/users/%E0%A4%A' },
      { method: 'GET', url: `/api/admin/users/${'x'.repeat(10_000)}` },
      {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"emailOrUsername":',
      },
      {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'text/plain' },
        payload: 'x',
      },
      {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ emailOrUsername: 'x'.repeat(2_000_000), password: 'y' }),
      },
      { method: 'OPTIONS', url: '/api/health' },
    ];
    for (const request of requests) {
      const res = await app.inject(request);
      expectProtected(
        res,
        `${request.method} ${String(request.url).slice(0, 60)} → ${res.statusCode}`,
      );
    }
  });

  it("add X-Frame-Options SAMEORIGIN when only the console's own origin may frame it", async () => {
    // The harness's app keeps the default FRAME_ANCESTORS ('self').
    for (const url of ['/', '/api/health', '/api/nothing-here', '/api/admin/users/%E0%A4%A']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'self'");
    }
    // An allow-list of other origins: the header would forbid what frame-ancestors allows.
    const listed = await app.inject({ method: 'GET', url: '/' });
    expect(listed.headers['x-frame-options']).toBeUndefined();
  });

  it('are on the 429 of too many sign-in failures', async () => {
    let last = await app.inject({ method: 'GET', url: '/' });
    for (let i = 0; i < 11; i++) {
      last = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.9',
        payload: { emailOrUsername: `nobody${i}`, password: 'wrong-password' },
      });
    }
    expect(last.statusCode).toBe(429);
    expectProtected(last, 'POST /api/auth/login → 429');
  });

  it('let the console call only its own origin, and the origins CONNECT_SRC adds: nothing else widens', async () => {
    const plain = directivesOf(await t.app.inject({ method: 'GET', url: '/api/health' }));
    const widened = directivesOf(await app.inject({ method: 'GET', url: '/api/health' }));
    expect(plain.get('connect-src')).toBe("'self'");
    expect(widened.get('connect-src')).toBe(`'self' ${REVIEWS}`);
    for (const [name, values] of plain) {
      if (name !== 'connect-src' && name !== 'frame-ancestors')
        expect(widened.get(name), name).toBe(values);
    }
    expect([...widened.keys()].sort()).toEqual([...plain.keys()].sort());
    // The console learns nothing of it: the origins are the endpoint table's business.
    const config = await app.inject({ method: 'GET', url: '/config.json' });
    expect(config.json()).toEqual({
      apiBase: '/api',
      basePath: '',
      authMode: 'password',
      logoutUrl: null,
    });
  });
});
