import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '../app';
import { connect, type Database } from '../db/connect';
import type { UserRow } from '../db/schema';
import { createUser, type NewUserInput } from '../modules/users/create';
import { recordAnswers } from './answers';

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  /** A user with a known password (defaults: active, not admin). */
  user(input?: Partial<NewUserInput>): Promise<UserRow & { password: string }>;
  /**
   * Signs in through the API (from `ip`, by default inject's own) and answers the bearer token;
   * throws for an account that answers a two-step challenge (see test/two-step.ts).
   */
  login(emailOrUsername: string, password: string, ip?: string): Promise<string>;
  close(): Promise<void>;
}

let counter = 0;

/** The secrets key of every test app: fixed, so a test can decrypt what the app stored. */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 'test-secrets-key');

/** Refuses connections: no test reaches the real push provider unless it names a stub. */
const NO_PUSH_PROVIDER = 'http://127.0.0.1:9';

export interface TestContextOptions {
  /** The push provider's API (a local stub) and how long the app waits for it. */
  push?: AppDeps['push'];
  /** Log level and destination, for a test that reads the log ('silent' by default). */
  logLevel?: string;
  logStream?: AppDeps['logStream'];
  /** Proxies the app trusts (none by default). */
  trustProxy?: AppDeps['trustProxy'];
  /** How admins sign in (password, two-step optional, by default). */
  auth?: AppDeps['auth'];
}

/**
 * Where `npm test` collects every test app's log (TEST_LOG_FILE), every request included
 * (debug), to search it for secrets afterwards; without it, the apps log nothing.
 */
const runLogFile = process.env.TEST_LOG_FILE;
// Written at once, line by line: a test worker may exit without flushing a buffered stream.
const runLog = runLogFile
  ? { write: (line: string) => fs.appendFileSync(runLogFile, line) }
  : undefined;

/**
 * Where `npm test` collects every answer the test apps give (TEST_ANSWERS_FILE), one JSON line
 * each, to check them all against the OpenAPI document once the run is over.
 */
const answersFile = process.env.TEST_ANSWERS_FILE;

/** Adds an app to the run's recorded answers (before it is ready). */
function recordRunAnswers(app: FastifyInstance): void {
  if (!answersFile) return;
  const file = answersFile;
  recordAnswers(app, (answer) => fs.appendFileSync(file, `${JSON.stringify(answer)}\n`));
}

/** An app a test builds with dependencies of its own, its answers recorded as the harness's are. */
export async function buildTestApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = await buildApp(deps);
  recordRunAnswers(app);
  return app;
}

/** Another app over a test's database (another instance), with the harness's defaults. */
export async function siblingApp(
  t: Pick<TestContext, 'db'>,
  deps: Partial<AppDeps> = {},
): Promise<FastifyInstance> {
  const app = await buildTestApp({
    db: t.db,
    logLevel: 'silent',
    secretsKey: TEST_SECRETS_KEY,
    push: { url: NO_PUSH_PROVIDER },
    ...deps,
  });
  await app.ready();
  return app;
}

/** A fresh, migrated database (cloned from the run's template) and an app over it. */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const base = inject('pg');
  const name = `test_${process.pid}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client(base);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
  await admin.end();

  const db = connect({ ...base, database: name }, 4);
  const app = await buildApp({
    db,
    logLevel: options.logLevel ?? (runLog ? 'debug' : 'silent'),
    logStream: options.logStream ?? runLog,
    secretsKey: TEST_SECRETS_KEY,
    push: { url: NO_PUSH_PROVIDER, ...options.push },
    ...(options.trustProxy !== undefined && { trustProxy: options.trustProxy }),
    ...(options.auth && { auth: options.auth }),
  });
  recordRunAnswers(app);
  await app.ready();

  return {
    app,
    db,
    async user(input = {}) {
      counter += 1;
      const username = input.username ?? `player${counter}_${randomBytes(2).toString('hex')}`;
      const password = input.password ?? `pw-${randomBytes(6).toString('hex')}`;
      const row = await createUser(db, {
        email: `${username}@example.com`,
        ...input,
        username,
        password,
      });
      return { ...row, password };
    },
    async login(emailOrUsername, password, ip) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { emailOrUsername, password },
        ...(ip && { remoteAddress: ip }),
      });
      const token = res.statusCode === 200 ? res.json().token : undefined;
      if (typeof token !== 'string') throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return token;
    },
    async close() {
      await app.close();
      await db.destroy();
      const cleanup = new pg.Client(base);
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
