import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthSettings } from '../config';
import { bearer, buildTestApp, createTestContext, type TestContext } from '../test/harness';

// AUTH_MODE=proxy: the sign-on proxy in front (oauth2-proxy and the like) names the signed-in
// user by email in a header. Only the proxy's own connections may do so; nobody else gets in.

const PROXY = '10.1.2.3';
const STRANGER = '203.0.113.9';
type ProxyAuth = Extract<AuthSettings, { mode: 'proxy' }>;
const proxyAuth = (overrides: Partial<ProxyAuth> = {}): ProxyAuth => ({
  mode: 'proxy',
  header: 'X-Forwarded-Email',
  proxies: ['10.1.0.0/16', '::1'],
  logoutUrl: '/oauth2/sign_out',
  ...overrides,
});

let t: TestContext;
let app: FastifyInstance;
let customHeaderApp: FastifyInstance;
let groupsApp: FastifyInstance;
let admin: Awaited<ReturnType<TestContext['user']>>;
let player: Awaited<ReturnType<TestContext['user']>>;
let disabledAdmin: Awaited<ReturnType<TestContext['user']>>;

beforeAll(async () => {
  t = await createTestContext();
  const deps = { db: t.db, logLevel: 'silent', trustProxy: ['10.1.0.0/16'] };
  app = await buildTestApp({ ...deps, auth: proxyAuth() });
  customHeaderApp = await buildTestApp({
    ...deps,
    auth: proxyAuth({ header: 'X-Auth-Request-Email', proxies: ['10.1.2.3'] }),
  });
  groupsApp = await buildTestApp({
    ...deps,
    auth: proxyAuth({
      groups: {
        header: 'X-Forwarded-Groups',
        permissions: new Map([['finance', ['withdrawals:read', 'withdrawals:approve']]]),
      },
    }),
  });
  admin = await t.user({ admin: true });
  player = await t.user();
  disabledAdmin = await t.user({ admin: true });
  await t.db
    .updateTable('users')
    .set({ status: 'disabled' })
    .where('id', '=', disabledAdmin.id)
    .execute();
});
afterAll(async () => {
  await app.close();
  await customHeaderApp.close();
  await groupsApp.close();
  await t.close();
});

const send = (
  options: InjectOptions & { from?: string; email?: string },
  on: FastifyInstance = app,
) => {
  const { from = PROXY, email, headers, ...rest } = options;
  return on.inject({
    ...rest,
    remoteAddress: from,
    headers: { ...(email !== undefined && { 'x-forwarded-email': email }), ...headers },
  });
};

describe('AUTH_MODE=proxy', () => {
  it('signs in the admin the trusted proxy names, whatever the case of the email', async () => {
    const ping = await send({ method: 'GET', url: '/api/admin/ping', email: admin.email });
    expect(ping.statusCode, ping.body).toBe(200);

    const me = await send({
      method: 'GET',
      url: '/api/auth/me',
      email: `  ${admin.email.toUpperCase()} `,
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ userId: admin.user_id, username: admin.username });
  });

  it("writes the proxy's admin into the audit row of a change", async () => {
    const res = await send({
      method: 'POST',
      url: '/api/admin/categories',
      email: admin.email,
      payload: { name: `Proxy ${Date.now()}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'actor', 'action'])
      .where('entity_id', '=', res.json()._id)
      .where('action', '=', 'category.create')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ actor_id: admin.id, actor: admin.username, action: 'category.create' });
  });

  it('lets only admins in: a player, an unknown email or a disabled admin get 403', async () => {
    for (const email of [player.email, 'nobody@example.com', disabledAdmin.email]) {
      for (const url of ['/api/admin/ping', '/api/auth/me']) {
        const res = await send({ method: 'GET', url, email });
        expect(res.statusCode, `${email} ${url}`).toBe(403);
      }
    }
    for (const email of ['not an email', 'a@example.com, b@example.com']) {
      const res = await send({ method: 'GET', url: '/api/admin/ping', email });
      expect(res.statusCode, email).toBe(403);
    }
  });

  it('ignores the header from any other address, even one claiming the proxy in X-Forwarded-For', async () => {
    for (const from of [STRANGER, '127.0.0.1', '10.2.0.1']) {
      const res = await send({
        method: 'GET',
        url: '/api/admin/ping',
        from,
        email: admin.email,
        headers: { 'x-forwarded-for': PROXY },
      });
      expect(res.statusCode, from).toBe(401);
      expect(res.json().error).toBe('Sign in through the single sign-on proxy');
    }
    const noHeader = await send({ method: 'GET', url: '/api/admin/ping' });
    expect(noHeader.statusCode).toBe(401);
  });

  it('takes IPv6 and IPv4-mapped peers as their addresses', async () => {
    for (const from of ['::1', `::ffff:${PROXY}`]) {
      const res = await send({ method: 'GET', url: '/api/admin/ping', from, email: admin.email });
      expect(res.statusCode, from).toBe(200);
    }
    const mappedStranger = await send({
      method: 'GET',
      url: '/api/admin/ping',
      from: `::ffff:${STRANGER}`,
      email: admin.email,
    });
    expect(mappedStranger.statusCode).toBe(401);
  });

  it('refuses password sign-in and tokens: the proxy is the only way in', async () => {
    const sessions = async () =>
      (await t.db.selectFrom('sessions').select('id').where('user_id', '=', admin.id).execute())
        .length;
    const before = await sessions();
    const login = await send({
      method: 'POST',
      url: '/api/auth/login',
      payload: { emailOrUsername: admin.username, password: admin.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({
      error: 'Sign-in is handled by the single sign-on proxy',
      code: 'proxy_sign_in',
    });
    expect(await sessions()).toBe(before);

    // A token from before the switch to the proxy opens nothing.
    const token = await t.login(admin.username, admin.password);
    const withToken = await send({
      method: 'GET',
      url: '/api/admin/ping',
      from: STRANGER,
      headers: bearer(token),
    });
    expect(withToken.statusCode).toBe(401);
  });

  it('turns off two-step sign-in, one’s own password and sessions: each route answers 403', async () => {
    const routes = app.routeTable
      .filter((r) => r.method !== 'HEAD' && /^\/api\/auth\/(2fa|password|sessions)/.test(r.url))
      .map((r) => `${r.method} ${r.url}`);
    // Bodies that pass validation, so the 403 is the route's, whatever was sent.
    const bodies: Record<string, object> = {
      'POST /api/auth/2fa/enable': { code: '123456' },
      'POST /api/auth/2fa/setup': { currentPassword: admin.password },
      'POST /api/auth/2fa/disable': { code: '123456', currentPassword: admin.password },
      'POST /api/auth/2fa/verify': { challenge: 'a-challenge', code: '123456' },
      'POST /api/auth/password': { currentPassword: admin.password, newPassword: 'new-pass-1' },
    };
    expect(routes.sort()).toEqual([
      'DELETE /api/auth/2fa/warning',
      'DELETE /api/auth/sessions',
      'DELETE /api/auth/sessions/:id',
      'GET /api/auth/2fa',
      'GET /api/auth/2fa/warning',
      'GET /api/auth/sessions',
      'POST /api/auth/2fa/disable',
      'POST /api/auth/2fa/enable',
      'POST /api/auth/2fa/setup',
      'POST /api/auth/2fa/verify',
      'POST /api/auth/password',
    ]);
    for (const route of routes) {
      const [method = '', pattern = ''] = route.split(' ');
      const url = pattern.replace(':id', '1');
      for (const payload of [bodies[route], undefined]) {
        const res = await send({ method: method as 'POST', url, email: admin.email, payload });
        expect(res.statusCode, `${route} ${res.body}`).toBe(403);
        expect(res.json()).toEqual({
          error: 'Sign-in is handled by the single sign-on proxy',
          code: 'proxy_sign_in',
        });
      }
    }
    const stored = await t.db
      .selectFrom('two_step_secrets')
      .select('user_id')
      .where('user_id', '=', admin.id)
      .execute();
    expect(stored).toEqual([]);
    const me = await send({ method: 'GET', url: '/api/auth/me', email: admin.email });
    expect(me.json()).toMatchObject({ twoStepSetupRequired: false, user: { twoStep: false } });
  });

  it("refuses a change another site asks for with the proxy's cookie, and serves its reads", async () => {
    const post = (site: string) =>
      send({
        method: 'POST',
        url: '/api/admin/categories',
        email: admin.email,
        headers: { 'sec-fetch-site': site },
        payload: { name: `Cross ${site} ${Date.now()}` },
      });
    for (const site of ['cross-site', 'same-site']) {
      const res = await post(site);
      expect(res.statusCode, site).toBe(403);
      expect(res.json().code).toBe('cross_site');
    }
    expect((await post('same-origin')).statusCode).toBe(201);
    const read = await send({
      method: 'GET',
      url: '/api/admin/ping',
      email: admin.email,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(read.statusCode).toBe(200);
  });

  it("checks Origin, or else Referer, against the console's own host when a browser sends no Sec-Fetch-Site", async () => {
    const logout = (headers: Record<string, string>) =>
      send({
        method: 'POST',
        url: '/api/auth/logout',
        email: admin.email,
        headers: { host: 'console.example.com', ...headers },
      });
    const refused: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'https://console.example.com.evil.example' },
      { origin: 'null' },
      { referer: 'https://evil.example/page' },
      { origin: 'https://evil.example', referer: 'https://console.example.com/users' },
    ];
    for (const headers of refused) {
      const res = await logout(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().code).toBe('cross_site');
    }
    const allowed: Record<string, string>[] = [
      { origin: 'https://console.example.com' },
      { origin: 'https://CONSOLE.example.com' },
      { referer: 'https://console.example.com/admin/users' },
      // A tool, not a browser: a browser's cross-origin POST always sends Origin.
      {},
    ];
    for (const headers of allowed) {
      const res = await logout(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
    // Behind the proxy, the host the browser asked for is the forwarded one.
    const forwarded = await logout({
      host: '127.0.0.1:8080',
      'x-forwarded-host': 'console.example.com',
      origin: 'https://console.example.com',
    });
    expect(forwarded.statusCode).toBe(200);
    // Reads are not changes: another site's page may not read them anyway.
    const read = await send({
      method: 'GET',
      url: '/api/admin/ping',
      email: admin.email,
      headers: { host: 'console.example.com', origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
  });

  it('answers logout without a session of its own to end', async () => {
    const res = await send({ method: 'POST', url: '/api/auth/logout', email: admin.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const again = await send({ method: 'GET', url: '/api/admin/ping', email: admin.email });
    expect(again.statusCode).toBe(200);
  });

  it('reads the header the operator names, from exactly the addresses listed', async () => {
    const named = await send(
      {
        method: 'GET',
        url: '/api/admin/ping',
        headers: { 'x-auth-request-email': admin.email },
      },
      customHeaderApp,
    );
    expect(named.statusCode).toBe(200);
    const defaultHeader = await send(
      { method: 'GET', url: '/api/admin/ping', email: admin.email },
      customHeaderApp,
    );
    expect(defaultHeader.statusCode).toBe(401);
    const neighbour = await send(
      {
        method: 'GET',
        url: '/api/admin/ping',
        from: '10.1.2.4',
        headers: { 'x-auth-request-email': admin.email },
      },
      customHeaderApp,
    );
    expect(neighbour.statusCode).toBe(401);
  });

  it('tells the console how admins sign in and where Logout goes, in config.json', async () => {
    const res = await send({ method: 'GET', url: '/config.json', from: STRANGER });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      apiBase: '/api',
      basePath: '',
      authMode: 'proxy',
      logoutUrl: '/oauth2/sign_out',
    });
  });
});

describe('sign-on groups (TRUSTED_PROXY_GROUPS_HEADER, SSO_GROUP_PERMISSIONS)', () => {
  const as = (
    email: string,
    groups: string | undefined,
    url: string,
    options: { from?: string; on?: FastifyInstance } = {},
  ) =>
    send(
      {
        method: 'GET',
        url,
        email,
        from: options.from,
        headers: groups === undefined ? {} : { 'x-forwarded-groups': groups },
      },
      options.on ?? groupsApp,
    );
  const storedGroups = async (id: number) =>
    await t.db
      .selectFrom('users')
      .select(['sso_groups', sql<string>`xmin::text`.as('version')])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it("gives an admin with no permission of their own what the proxy's groups map to, and only that", async () => {
    const member = await t.user({ admin: true, permissions: [] });
    const withdrawals = await as(member.email, 'finance', '/api/admin/withdrawals');
    expect(withdrawals.statusCode, withdrawals.body).toBe(200);
    const bots = await as(member.email, 'finance', '/api/admin/bots');
    expect(bots.statusCode).toBe(403);
    expect(bots.json()).toEqual({
      error: 'Missing permission: bots:read',
      code: 'forbidden',
      permission: 'bots:read',
    });
    const me = await as(member.email, 'finance', '/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().permissions).toEqual(['withdrawals:read', 'withdrawals:approve']);

    // A group with no mapping, or none at all: the dashboard only.
    for (const groups of ['support', '', undefined]) {
      const refused = await as(member.email, groups, '/api/admin/withdrawals');
      expect(refused.statusCode, String(groups)).toBe(403);
      expect((await as(member.email, groups, '/api/auth/me')).json().permissions).toEqual([]);
    }
  });

  it('adds to the stored permissions, and is believed from the proxy only', async () => {
    const reader = await t.user({ admin: true, permissions: ['bots:read'] });
    const me = await as(reader.email, 'finance', '/api/auth/me');
    expect(me.json().permissions).toEqual(['bots:read', 'withdrawals:read', 'withdrawals:approve']);

    const member = await t.user({ admin: true, permissions: [] });
    for (const from of [STRANGER, '10.2.0.1']) {
      const res = await as(member.email, 'finance', '/api/admin/withdrawals', { from });
      expect(res.statusCode, from).toBe(401);
    }
    expect((await storedGroups(member.id)).sso_groups).toEqual([]);
    // A proxy configured without groups passes none on, whatever the header says.
    const ungrouped = await as(member.email, 'finance', '/api/admin/withdrawals', { on: app });
    expect(ungrouped.statusCode).toBe(403);
    expect((await storedGroups(member.id)).sso_groups).toEqual([]);
  });

  it('shows on the user detail what the groups give, and takes a change of groups at the next request', async () => {
    const member = await t.user({ admin: true, permissions: [] });
    const detail = async () => {
      const res = await as(admin.email, undefined, `/api/admin/users/${member.user_id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect((await detail()).adminRole.groupPermissions).toEqual([]);

    expect((await as(member.email, ' finance ,, ', '/api/admin/withdrawals')).statusCode).toBe(200);
    const stored = await storedGroups(member.id);
    expect(stored.sso_groups).toEqual(['finance']);
    const shown = await detail();
    expect(shown.adminRole).toMatchObject({
      permissions: [],
      groupPermissions: [
        { name: 'withdrawals:read', group: 'finance' },
        { name: 'withdrawals:approve', group: 'finance' },
      ],
    });
    expect(shown.user.adminRole).toEqual(shown.adminRole);
    // Lists keep to the stored permissions.
    const list = await as(admin.email, undefined, `/api/admin/users?q=${member.username}`);
    expect(list.json().items[0].adminRole).not.toHaveProperty('groupPermissions');

    // The same groups, in any order or spelling of the list: nothing written.
    expect((await as(member.email, 'finance', '/api/auth/me')).statusCode).toBe(200);
    expect((await as(member.email, 'finance, finance', '/api/admin/ping')).statusCode).toBe(200);
    expect((await storedGroups(member.id)).version).toBe(stored.version);

    // Moved to another group in the identity provider: refused at once, and shown so.
    const moved = await as(member.email, 'support,staff', '/api/admin/withdrawals');
    expect(moved.statusCode).toBe(403);
    expect((await storedGroups(member.id)).sso_groups).toEqual(['staff', 'support']);
    expect((await detail()).adminRole.groupPermissions).toEqual([]);
    expect((await as(member.email, 'staff, finance', '/api/admin/withdrawals')).statusCode).toBe(
      200,
    );
  });

  it('leaves the detail as it was without a mapping', async () => {
    const res = await as(admin.email, undefined, `/api/admin/users/${admin.user_id}`, { on: app });
    expect(res.statusCode).toBe(200);
    expect(res.json().adminRole).not.toHaveProperty('groupPermissions');
  });
});
