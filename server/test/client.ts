import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { accountKey } from '../auth/login-throttle';
import type { NewUserInput } from '../modules/users/create';
import { bearer, type TestContext } from './harness';
import { turnOnTwoStep } from './two-step';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * A new address on each call (`10.20.0.1`, `10.20.0.2`…): each test of a file signs in from
 * its own, so the per-address sign-in limit one test reaches never blocks another.
 */
export function addressesFrom(prefix: string): () => string {
  let count = 0;
  return () => `${prefix}.${++count}`;
}

/** Calls made with `token` to `app`, from `ip` if given. */
export function callsAs(app: FastifyInstance, token: string, ip?: string) {
  // async: inject's chain is lazy, and a call started to run beside others must start now.
  const call = async (method: Method, url: string, payload?: InjectOptions['payload']) =>
    app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload }),
      ...(ip && { remoteAddress: ip }),
    });
  return {
    call,
    get: (url: string) => call('GET', url),
    patch: (url: string, payload: InjectOptions['payload']) => call('PATCH', url, payload),
    post: (url: string, payload: InjectOptions['payload']) => call('POST', url, payload),
    delete: (url: string) => call('DELETE', url),
  };
}

/**
 * A user signed in through the API (an admin unless told otherwise) and calls made as them,
 * from `ip` if given (each test its own, so the sign-in limits of one never touch another).
 */
export async function signedIn(t: TestContext, input: Partial<NewUserInput> = {}, ip?: string) {
  const user = await t.user({ admin: true, ...input });
  const token = await t.login(user.username, user.password, ip);
  return { user, token, ...callsAs(t.app, token, ip) };
}

export type SignedIn = Awaited<ReturnType<typeof signedIn>>;

/** An admin signed in from `ip`, with two-step sign-in turned on (its secret and codes). */
export async function signedInWithTwoStep(t: TestContext, ip: string) {
  const admin = await signedIn(t, {}, ip);
  return { ...admin, ...(await turnOnTwoStep(admin)), ip };
}

/** The audit rows of changes made to one user (not their sign-ins), oldest first. */
export const userAudits = (t: TestContext, userId: string) =>
  t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', 'user')
    .where('entity_id', '=', userId)
    .where('action', 'like', 'user.%')
    .orderBy('id')
    .execute();

/**
 * Resolves once `count` backends wait on a lock: requests have queued behind a test's lock.
 * Up to 15 s: on a machine busy with the whole run, twenty requests take a while to get there.
 * Failing, it says what the database's backends were doing instead.
 */
export async function lockWaiters(t: Pick<TestContext, 'db'>, count: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    // Asked inside a transaction, pg_stat_activity is a snapshot taken at its first read: the
    // backends a pool opens later (its idle ones are closed after 10 s) would never be seen.
    await sql`SELECT pg_stat_clear_snapshot()`.execute(t.db);
    const { rows } = await sql<{ n: number }>`
      SELECT count(*) AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE NOT l.granted AND a.datname = current_database()`.execute(t.db);
    if ((rows[0]?.n ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const { rows } = await sql<{ state: string | null; wait: string | null; query: string }>`
    SELECT state, wait_event_type || ':' || wait_event AS wait, left(query, 80) AS query
    FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(
    t.db,
  );
  const backends = rows.map((r) => `${r.state} ${r.wait ?? '-'} ${r.query}`).join('\n  ');
  throw new Error(`fewer than ${count} lock waiters after 15 s; backends:\n  ${backends}`);
}

/** The answer, or 'blocked' if none came within 2 s: the request waits on a lock. */
export const unlessBlocked = <T>(pending: Promise<T>) =>
  Promise.race([pending, sleep(2000).then(() => 'blocked' as const)]);

/** The failed sign-in attempts counted against an account (by any of its names), lately kept. */
export const accountFailures = async (t: Pick<TestContext, 'db'>, userId: number) =>
  (
    await t.db
      .selectFrom('login_failures')
      .select('id')
      .where('identifier', '=', accountKey(userId))
      .execute()
  ).length;
