import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { type Answer, answerChecker, recordAnswers } from '../test/answers';
import { signedIn } from '../test/client';
import { pathOf } from '../test/crud';
import { insertWithdrawal } from '../test/fixtures';
import {
  bearer,
  buildTestApp,
  createTestContext,
  TEST_SECRETS_KEY,
  type TestContext,
} from '../test/harness';
import type { OpenApiDocument } from './openapi';

let t: TestContext;
/** A second app over the same database that records every answer it gives. */
let recorder: FastifyInstance;
const recorded: Answer[] = [];
let doc: OpenApiDocument;

/** Each route as registered, without the HEAD twins Fastify adds. */
const registered = (app: FastifyInstance) =>
  app.routeTable.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`);

const documented = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map(
      (method) => `${method.toUpperCase()} /api${path.replace(/\{(\w+)\}/g, ':$1')}`,
    ),
  );

beforeAll(async () => {
  t = await createTestContext();
  doc = (await t.app.inject('/api/openapi.json')).json();

  recorder = await buildTestApp({ db: t.db, logLevel: 'silent', secretsKey: TEST_SECRETS_KEY });
  recordAnswers(recorder, (answer) => recorded.push(answer));
  await recorder.ready();
});
afterAll(async () => {
  await recorder?.close();
  await t.close();
});

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, served without a token', async () => {
    const res = await t.app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toEqual({ title: 'Rewards admin console API', version: packageJson.version });
    expect(doc.servers).toEqual([{ url: '/api' }]);
    expect(doc.components.securitySchemes).toEqual({
      bearerAuth: { type: 'http', scheme: 'bearer' },
    });
    const result = await new Validator().validate(res.json());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('covers every API route the app registered, and nothing else', () => {
    const api = registered(t.app).filter((r) => r.split(' ')[1]?.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(60);
    expect(documented(doc).sort()).toEqual([...api].sort());
  });

  it('describes parameters, bodies and answers from the zod schemas', () => {
    const detail = doc.paths['/admin/users/{id}']?.patch;
    expect(detail?.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    ]);
    const body = detail?.requestBody?.content['application/json']?.schema;
    expect(body).toMatchObject({ type: 'object', additionalProperties: false });
    expect(Object.keys(detail?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '409']),
    );
    const list = doc.paths['/admin/users']?.get?.parameters ?? [];
    expect(list.map((p) => [p.name, p.in, p.required])).toEqual(
      expect.arrayContaining([
        ['page', 'query', false],
        ['limit', 'query', false],
        ['sort', 'query', false],
      ]),
    );
    // Request bodies are read as sent: a field with a default may be left out.
    const create = doc.paths['/admin/bots']?.post?.requestBody?.content['application/json']?.schema;
    expect(create?.required).toEqual(['nickname']);
    expect(doc.paths['/admin/users/export.csv']?.get?.responses['200']?.content).toHaveProperty(
      'text/csv',
    );
  });

  it('names the permission of every admin operation and documents its 403', () => {
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (!path.startsWith('/admin')) continue;
      for (const [method, operation] of Object.entries(operations)) {
        const permission = operation['x-permission'];
        expect(permission, `${method} ${path}`).toBeDefined();
        if (permission === 'any admin') continue;
        expect(operation.responses['403']?.description, `${method} ${path}`).toBe(
          `Not an admin, or Missing permission: ${permission}`,
        );
      }
    }
    expect(doc.paths['/admin/withdrawals/{id}/decision']?.patch?.['x-permission']).toBe(
      'withdrawals:approve',
    );
    expect(doc.paths['/admin/stats/summary']?.get?.['x-permission']).toBe('any admin');
  });

  it('asks for the bearer token exactly where the API refuses a caller without one', async () => {
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url: pathOf(`/api${path.replace(/\{(\w+)\}/g, ':$1')}`),
        });
        const refused = res.statusCode === 401;
        expect(refused, `${method} ${path} answered ${res.statusCode}`).toBe(
          Boolean(operation.security),
        );
      }
    }
  });

  it('names the sub-path the API is served under', async () => {
    const app = await buildTestApp({ db: t.db, logLevel: 'silent', basePath: '/admin' });
    try {
      const res = await app.inject('/admin/api/openapi.json');
      expect(res.statusCode).toBe(200);
      expect(res.json().servers).toEqual([{ url: '/admin/api' }]);
    } finally {
      await app.close();
    }
  });
});

/** The API's answers to a representative set of calls, as a console or an integrator makes them. */
async function exercise() {
  const as = { ...t, app: recorder };
  const send = (options: InjectOptions) => recorder.inject(options);
  const player = await t.user();
  await send({
    method: 'POST',
    url: '/api/auth/login',
    payload: { emailOrUsername: player.username, password: player.password },
  });
  await send({
    method: 'POST',
    url: '/api/auth/login',
    payload: { emailOrUsername: player.username, password: 'wrong' },
  });
  await send({ method: 'POST', url: '/api/auth/login', payload: { emailOrUsername: 1 } });
  await send({ method: 'GET', url: '/api/auth/me' });
  await send({ method: 'GET', url: '/api/health' });
  await send({ method: 'GET', url: '/api/ready' });

  const admin = await signedIn(as);
  await send({
    method: 'GET',
    url: '/api/admin/users',
    headers: bearer(await t.login(player.username, player.password)),
  });
  const withdrawal = await insertWithdrawal(t.db, { userId: player.user_id, pointsSpent: 10 });
  const bot = await admin.post('/api/admin/bots', { nickname: 'Recorded bot' });

  for (const url of [
    '/api/auth/me',
    '/api/admin/ping',
    '/api/admin/users?limit=5',
    `/api/admin/users/${player.user_id}`,
    '/api/admin/users/nobody-has-this-id',
    '/api/admin/users?sort=nothing:asc',
    `/api/admin/users/${player.user_id}/matches`,
    '/api/admin/withdrawals',
    `/api/admin/withdrawals/${withdrawal.id}`,
    '/api/admin/withdrawals/999999999',
    '/api/admin/bots',
    '/api/admin/bots/summary',
    `/api/admin/bots/${bot.json().botId}`,
    '/api/admin/stats/users',
    '/api/admin/stats/summary',
    '/api/admin/daily-rewards',
    '/api/admin/settings/referral',
    '/api/admin/app-info',
    '/api/admin/integrations',
    '/api/admin/notifications/onesignal',
    '/api/admin/categories',
    '/api/admin/offers',
    '/api/admin/withdrawal-types',
    '/api/admin/legal',
    '/api/admin/legal/latest',
    '/api/admin/unity-decks',
    '/api/admin/audit',
    '/api/admin/audit/facets',
  ]) {
    await admin.get(url);
  }
  await admin.patch(`/api/admin/withdrawals/${withdrawal.id}/decision`, { action: 'approve' });
  await admin.patch(`/api/admin/withdrawals/${withdrawal.id}/decision`, { action: 'approve' });
  await admin.post('/api/admin/bots', { nickname: '' });
  await admin.post('/api/auth/logout', undefined);
}

describe('recorded answers conform to the document', () => {
  it('documents every status the API gave, and each body matches its schema', async () => {
    await exercise();
    const statuses = new Set(recorded.map((r) => r.status));
    expect([...statuses]).toEqual(expect.arrayContaining([200, 201, 400, 401, 404, 409]));
    expect(recorded.length).toBeGreaterThanOrEqual(40);

    const check = answerChecker(doc);
    expect(recorded.map(check).filter(Boolean)).toEqual([]);
  });

  it('tells an undocumented status or a body off its schema', () => {
    const check = answerChecker(doc);
    const ping = { method: 'GET', route: '/api/admin/ping', contentType: 'application/json' };
    expect(check({ ...ping, status: 200, body: '{"ok":true}' })).toBeUndefined();
    expect(check({ ...ping, status: 418, body: '{}' })).toBe(
      'GET /api/admin/ping 418: status not documented',
    );
    expect(check({ ...ping, status: 200, contentType: 'text/plain', body: 'ok' })).toBe(
      'GET /api/admin/ping 200: text/plain not documented',
    );
    expect(check({ ...ping, status: 200, body: '{"ok":"yes"}' })).toMatch(
      /^GET \/api\/admin\/ping 200: .*must be equal to constant/,
    );
  });
});

describe('GET /api/docs', () => {
  it('answers an HTML page under the strict CSP that mentions every path', async () => {
    const res = await t.app.inject('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(res.body).not.toMatch(/<script|\son\w+=/i);
    expect(res.body).toContain('href="/api/openapi.json"');
    for (const path of Object.keys(doc.paths)) expect(res.body).toContain(`<code>${path}</code>`);
    expect(res.body).toContain('<h2 id="admin/users">admin/users</h2>');
  });
});
