import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestContext, type TestContext } from '../test/harness';

let t: TestContext;
let dir: string;
let app: FastifyInstance;
const NOT_FOUND = { error: 'Not found', code: 'not_found' };

beforeAll(async () => {
  t = await createTestContext();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rewards-console-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><base href="/" /><script type="module" src="./assets/app.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log("app")');
  app = await buildTestApp({
    db: t.db,
    consoleDir: dir,
    basePath: '/admin',
    logLevel: 'silent',
    frameAncestors: ["'self'", 'https://portal.example.com'],
  });
});
afterAll(async () => {
  await app.close();
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('serving the console', () => {
  it('answers index.html, with the sub-path as <base href>, for any page path', async () => {
    for (const url of ['/', '/login', '/users/u_abc/edit', '/settings/legal?x=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<base href="/admin/">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('also answers under the sub-path itself, for a proxy that does not strip it', async () => {
    const page = await app.inject({ method: 'GET', url: '/admin/users/u_abc' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<base href="/admin/">');
    expect((await app.inject({ method: 'GET', url: '/admin' })).statusCode).toBe(200);
    const withQuery = await app.inject({ method: 'GET', url: '/admin?from=portal' });
    expect(withQuery.statusCode).toBe(200);
    expect(withQuery.body).toContain('<base href="/admin/">');
    expect((await app.inject({ method: 'GET', url: '/admin/assets/app.js' })).body).toContain(
      'console.log',
    );
    expect((await app.inject({ method: 'GET', url: '/admin/api/health' })).json()).toEqual({
      ok: true,
      database: 'up',
    });
  });

  it('tells the built console where it runs in config.json, under either spelling of the path', async () => {
    for (const url of ['/config.json', '/admin/config.json']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.json()).toEqual({
        apiBase: '/admin/api',
        basePath: '/admin',
        authMode: 'password',
        logoutUrl: null,
      });
    }
  });

  it('serves hashed assets with long caching, and 404 for missing files and API paths', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('console.log');
    expect(asset.headers['cache-control']).toContain('immutable');

    for (const url of ['/assets/missing.js', '/favicon.ico', '/api/users']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found', code: 'not_found' });
    }
  });

  it("answers the API's JSON 404 to every /api path that is not a route, however it is spelled", async () => {
    // Sent as typed, over a socket: inject and fetch would resolve the dot segments first.
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const raw = (method: string, urlPath: string) =>
      new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
        http
          .request({ host: '127.0.0.1', port, method, path: urlPath }, (res) => {
            let body = '';
            res.on('data', (chunk) => {
              body += chunk;
            });
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                type: res.headers['content-type'] ?? '',
                body,
              }),
            );
          })
          .on('error', reject)
          .end();
      });
    for (const urlPath of [
      '/api',
      '/api/nothing-here',
      '/api/../package.json',
      '/api/../index.html',
      '/api/%2e%2e/index.html',
      '/api/..%2findex.html',
      '/api/assets/app.js',
      '/api/index.html',
      '/admin/api/../index.html',
    ]) {
      for (const method of ['GET', 'HEAD', 'POST']) {
        const res = await raw(method, urlPath);
        const what = `${method} ${urlPath}`;
        expect(res.status, what).toBe(404);
        expect(res.type, what).toContain('application/json');
        if (method !== 'HEAD') expect(JSON.parse(res.body), what).toEqual(NOT_FOUND);
      }
    }
  });

  it('sends the security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self' https://portal.example.com");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const api = await app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['cache-control']).toBe('no-store');
  });

  it('says how to build the console when it has not been built', async () => {
    const bare = await buildTestApp({
      db: t.db,
      consoleDir: path.join(dir, 'nothing'),
      logLevel: 'silent',
    });
    const res = await bare.inject({ method: 'GET', url: '/users' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
    await bare.close();
  });
});
