import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Decision } from '../contract/withdrawals';
import { connect, type Database } from './db/connect';
import { createUser } from './modules/users/create';
import { insertWithdrawal } from './test/fixtures';
import { changeOf, openStream, type TestStream } from './test/live';
import {
  type CallOptions,
  call,
  cleanUp,
  freePort,
  login,
  READY,
  type Run,
  startServer,
  tempDir,
  tokenFor,
} from './test/process';

// Two server processes on one PostgreSQL database, as behind a load balancer: whatever one
// instance decides, counts or revokes, the other sees, because neither keeps state of its own.

const PASSWORD = 'scale-out-admin-pass';
const database = `scale_${process.pid}_${randomBytes(3).toString('hex')}`;

interface Instance {
  port: number;
  server: Run;
}

let instances: Instance[] = [];
let db: Database;
let token: string;
const streams: TestStream[] = [];

/** The instance the load balancer picks for the i-th request: each in turn. */
const instance = (i: number): Instance => instances[i % instances.length] as Instance;

const send = <T = Record<string, unknown>>(
  i: number,
  method: string,
  url: string,
  options: CallOptions = {},
) => call<T>(instance(i).port, method, url, { token, ...options });

/** DATABASE_URL of the test run's PostgreSQL: a unix socket directory goes in `host=`. */
function databaseUrl(base: pg.ClientConfig): string {
  const user = encodeURIComponent(base.user ?? 'postgres');
  const host = base.host ?? '127.0.0.1';
  const port = base.port ?? 5432;
  return host.startsWith('/')
    ? `postgres://${user}@localhost:${port}/${database}?host=${encodeURIComponent(host)}`
    : `postgres://${user}@${host}:${port}/${database}`;
}

beforeAll(async () => {
  const base = inject('pg');
  const admin = new pg.Client(base);
  await admin.connect();
  // Empty, not cloned from the migrated template: both instances race to migrate it.
  await admin.query(`CREATE DATABASE ${database} TEMPLATE template0`);
  await admin.end();
  db = connect({ ...base, database }, 2);

  const shared = {
    DATABASE_URL: databaseUrl(base),
    ADMIN_PASSWORD: PASSWORD,
    SECRETS_KEY: randomBytes(32).toString('base64'),
    // One load balancer in front: each test's sign-ins come from an address of its own.
    TRUST_PROXY: '1',
  };
  // Both start at once on the empty database, as a deployment's instances would.
  instances = await Promise.all(
    [0, 1].map(async () => {
      const port = await freePort();
      const server = startServer({ ...shared, PORT: String(port), DATA_DIR: tempDir() });
      await server.waitFor(READY);
      return { port, server };
    }),
  );
  token = await tokenFor(instance(0).port, 'admin', PASSWORD);
}, 60_000);

afterAll(async () => {
  for (const stream of streams) stream.close();
  for (const { server } of instances) server.proc.kill('SIGTERM');
  await Promise.all(instances.map(({ server }) => server.exit));
  await db?.destroy();
  cleanUp();
  const admin = new pg.Client(inject('pg'));
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
});

const auditActions = async (entity: string, entityId: string) =>
  (
    await db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', entity)
      .where('entity_id', '=', entityId)
      .orderBy('id')
      .execute()
  ).map((row) => row.action);

/** A live stream opened on the i-th instance. */
async function streamOn(i: number, session = token): Promise<TestStream> {
  const stream = await openStream(`http://127.0.0.1:${instance(i).port}`, {
    authorization: `Bearer ${session}`,
  });
  expect(stream.status).toBe(200);
  streams.push(stream);
  return stream;
}

const balanceOf = async (userId: string) =>
  (
    await db
      .selectFrom('users')
      .select('balance')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
  ).balance;

describe('two server instances on one database', () => {
  it('both started at once on the empty database; only one created the admin', () => {
    const banners = instances.map(({ server }) => server.output());
    const created = banners.filter((out) => out.includes('with the password from ADMIN_PASSWORD'));
    expect(created).toHaveLength(1);
    for (const out of banners) expect(out).not.toContain(PASSWORD);
  });

  it('50 concurrent decisions on one withdrawal over both: one succeeds, the balance moves once', async () => {
    const player = await createUser(db, {
      username: 'scale.player',
      email: 'scale.player@example.com',
      balance: 100,
    });
    const withdrawal = await insertWithdrawal(db, { userId: player.user_id, pointsSpent: 700 });
    // Crossed so that each instance gets both actions.
    const actions = Array.from(
      { length: 50 },
      (_, i): Decision => (i % 4 < 2 ? 'reject' : 'approve'),
    );
    const answers = await Promise.all(
      actions.map((action, i) =>
        send<{ error?: string }>(i, 'PATCH', `/api/admin/withdrawals/${withdrawal.id}/decision`, {
          body: { action },
        }),
      ),
    );

    const winners = actions.filter((_, i) => answers[i]?.status === 200);
    expect(winners).toHaveLength(1);
    const status = winners[0] === 'reject' ? 'rejected' : 'approved';
    const losers = answers.filter((res) => res.status !== 200);
    expect(losers.map((res) => res.status)).toEqual(Array(49).fill(409));
    for (const res of losers) expect(res.body.error).toBe(`already ${status}`);
    expect(await balanceOf(player.user_id)).toBe(winners[0] === 'reject' ? 800 : 100);
    expect(await auditActions('withdrawal', String(withdrawal.id))).toEqual([
      `withdrawal.${winners[0]}`,
    ]);
  });

  it('concurrent activations over both instances leave exactly one active version per type', async () => {
    const types = ['terms', 'privacy'] as const;
    const drafts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        send<{ doc: { _id: string } }>(i, 'POST', '/api/admin/legal', {
          body: { type: types[i % 2], contentText: `draft ${i}` },
        }),
      ),
    );
    expect(drafts.map((res) => res.status)).toEqual(Array(8).fill(201));
    const ids = drafts.map((res) => res.body.doc._id);

    for (let round = 0; round < 3; round++) {
      // Each round sends every version's activation to the other instance than the last one.
      const answers = await Promise.all(
        ids.map((id, i) => send(i + round, 'PATCH', `/api/admin/legal/${id}/activate`)),
      );
      expect(answers.map((res) => res.status)).toEqual(Array(8).fill(200));
      const rows = await db
        .selectFrom('legal_documents')
        .select(['type', 'version'])
        .where('is_active', '=', true)
        .execute();
      expect(rows.map((row) => row.type).sort()).toEqual(['privacy', 'terms']);
    }

    // Every version was a draft before the first round: each activation changed something
    // and wrote its row; they ran one after another, so exactly one per type replaced nothing.
    const activations = await db
      .selectFrom('audit_log')
      .select(['entity_id', 'after'])
      .where('action', '=', 'legal.activate')
      .orderBy('id')
      .execute();
    const firstRound = activations.slice(0, ids.length);
    expect(firstRound.map((row) => row.entity_id).sort()).toEqual([...ids].sort());
    const replacedNothing = firstRound.filter(
      (row) => (row.after as { replacedVersion: unknown }).replacedVersion === null,
    );
    expect(replacedNothing).toHaveLength(2);
  });

  it('a logout on one instance ends the session on the other', async () => {
    const session = await tokenFor(instance(0).port, 'admin', PASSWORD);
    const me = (i: number) => send(i, 'GET', '/api/auth/me', { token: session });
    expect((await me(1)).status).toBe(200);
    expect((await send(0, 'POST', '/api/auth/logout', { token: session })).status).toBe(200);
    expect((await me(1)).status).toBe(401);
    expect((await send(1, 'GET', '/api/admin/withdrawals', { token: session })).status).toBe(401);
    expect((await me(0)).status).toBe(401);
    // Other sessions live on.
    expect((await send(1, 'GET', '/api/auth/me')).status).toBe(200);
  });

  it('counts failed sign-ins from one address across both instances', async () => {
    const from = { 'x-forwarded-for': '203.0.113.7' };
    // Different names: only the address's limit applies, not the per-account slow-down.
    const attempts = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        login(instance(i).port, `nobody.${i}`, 'wrong-password', from),
      ),
    );
    const statuses = attempts.map((res) => res.status).sort();
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(4).fill(429)]);

    for (const { port } of instances) {
      const res = await login(port, 'admin', PASSWORD, from);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    // Another address is not limited.
    const elsewhere = await login(instance(1).port, 'admin', PASSWORD, {
      'x-forwarded-for': '198.51.100.4',
    });
    expect(elsewhere.status).toBe(200);
  });

  it('lets one attempt at a time try a slowed account, whichever instance each reaches', async () => {
    const password = 'scale-out-owner-pass';
    await createUser(db, { username: 'scale.owner', email: 'scale.owner@example.com', password });
    const from = (i: number) => ({ 'x-forwarded-for': `198.51.100.${100 + i}` });
    // Seven failures, over both instances and both names: the account is slowed.
    for (let i = 0; i < 7; i++) {
      const name = i % 2 ? 'scale.owner' : 'scale.owner@example.com';
      expect((await login(instance(i).port, name, `guess${i}`, from(i))).status).toBe(401);
    }
    const burst = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        login(instance(i).port, 'scale.owner', `burst${i}`, from(10 + i)),
      ),
    );
    const statuses = burst.map((res) => res.status).sort();
    expect(statuses).toEqual([401, ...Array(5).fill(429)]);
    for (const res of burst.filter((r) => r.status === 429)) {
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    expect((await login(instance(1).port, 'scale.owner', password, from(20))).status).toBe(200);
  });

  it('each change writes one audit row, whichever instance served it', async () => {
    const names = Array.from({ length: 6 }, (_, i) => `Scale category ${i}`);
    const created = await Promise.all(
      names.map((name, i) =>
        send<{ _id: string }>(i, 'POST', '/api/admin/categories', { body: { name } }),
      ),
    );
    expect(created.map((res) => res.status)).toEqual(Array(6).fill(201));
    const ids = created.map((res) => res.body._id);
    // Each one changed and then deleted by the instance that did not create it.
    const renamed = await Promise.all(
      ids.map((id, i) =>
        send(i + 1, 'PATCH', `/api/admin/categories/${id}`, { body: { name: `Renamed ${i}` } }),
      ),
    );
    expect(renamed.map((res) => res.status)).toEqual(Array(6).fill(200));
    const deleted = await Promise.all(
      ids.map((id, i) => send(i + 1, 'DELETE', `/api/admin/categories/${id}`)),
    );
    expect(deleted.map((res) => res.status)).toEqual(Array(6).fill(200));

    for (const id of ids) {
      expect(await auditActions('category', id)).toEqual([
        'category.create',
        'category.update',
        'category.delete',
      ]);
    }
  });

  it('a change made through one instance reaches a live stream opened on the other', async () => {
    const [on0, on1] = [await streamOn(0), await streamOn(1)];
    for (const i of [0, 1]) {
      const res = await send<{ _id: string }>(i, 'POST', '/api/admin/categories', {
        body: { name: `Live everywhere ${i}` },
      });
      expect(res.status).toBe(201);
      // Heard on both: the instance that made it and the other.
      await on0.next(changeOf('categories', 'created', res.body._id));
      await on1.next(changeOf('categories', 'created', res.body._id));
    }
    // A decision through one: the other's stream hears it and the dashboard's figures moving.
    const player = await createUser(db, {
      username: 'live.player',
      email: 'live.player@example.com',
    });
    const withdrawal = await insertWithdrawal(db, { userId: player.user_id });
    const mark = on1.events.length;
    const decided = await send(0, 'PATCH', `/api/admin/withdrawals/${withdrawal.id}/decision`, {
      body: { action: 'reject' },
    });
    expect(decided.status).toBe(200);
    await on1.next(changeOf('withdrawals', 'updated', String(withdrawal.id)));
    await on1.next((e) => e.event === 'stats' && on1.events.indexOf(e) >= mark);
  });

  it('a viewer announced on one instance is heard on the other', async () => {
    const on1 = await streamOn(1);
    const res = await send<{ viewers: unknown[] }>(0, 'PUT', '/api/admin/presence', {
      body: { resource: 'withdrawals', id: '777' },
    });
    expect(res.status).toBe(200);
    const heard = await on1.next((e) => e.event === 'presence');
    expect(heard.data).toMatchObject({
      topic: 'presence/withdrawals/777',
      viewers: [{ username: 'admin' }],
    });
  });

  it('a logout on one instance ends the live stream on the other', async () => {
    const session = await tokenFor(instance(0).port, 'admin', PASSWORD);
    const stream = await streamOn(1, session);
    expect((await send(0, 'POST', '/api/auth/logout', { token: session })).status).toBe(200);
    const timeout = new Promise((resolve) => setTimeout(() => resolve('still open'), 5000));
    expect(await Promise.race([stream.ended.then(() => 'ended'), timeout])).toBe('ended');
  });
});
