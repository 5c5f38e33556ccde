import { type Browser, type BrowserContextOptions, expect, type Page } from '@playwright/test';
import pg from 'pg';
import { connect, type Database } from '../server/db/connect';
import { runningConnection } from '../server/db/embedded';
import { cleanUp, freePort, type Run, startServer } from '../server/test/process';

/** The e2e PostgreSQL cluster, where a spec's own server gets a database of its own. */
const cluster = () => runningConnection(process.env.E2E_DATA_DIR ?? '', 'postgres');

export interface OwnServer {
  /** `http://127.0.0.1:<port>`: a browser context's baseURL. */
  base: string;
  /** Its database, for setting up what the console cannot make. */
  db: Database;
  /** Starts the server again after `stop` (the database stays up, as behind a balancer). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops the server and drops its database. */
  close(): Promise<void>;
}

/**
 * A server of the spec's own (`npm run serve`, the built console) over a new database `name` in
 * the e2e cluster, with `env` added: for settings the shared servers do not have, or to
 * restart one. Its figures move only with its own spec's changes. `root`: the repository it runs
 * from (a copy of this one, built), this one by default.
 */
export async function ownServer(
  name: string,
  env: Record<string, string>,
  root?: string,
): Promise<OwnServer> {
  const database = `${name}_${process.pid}`;
  const { host, port: pgPort, user } = cluster();
  const databaseUrl = `postgres://${user}@/${database}?host=${encodeURIComponent(String(host))}&port=${pgPort}`;
  const admin = new pg.Client(cluster());
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();

  const port = await freePort();
  let server: Run | undefined;
  const start = async () => {
    server = startServer(
      {
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        DEMO_DATA: 'false',
        ...env,
      },
      root,
    );
    await server.waitFor(/Rewards admin console: /);
  };
  const stop = async () => {
    server?.proc.kill('SIGTERM');
    await server?.exit;
  };
  await start();
  const db = connect(runningConnection(process.env.E2E_DATA_DIR ?? '', database), 2);
  return {
    base: `http://127.0.0.1:${port}`,
    db,
    start,
    stop,
    async close() {
      await stop().catch(() => {});
      await db.destroy();
      cleanUp();
      const dropper = new pg.Client(cluster());
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * A browser context of its own on `server` for `username`, signed in through its login form.
 * `options`: the context's own (a time zone, a locale).
 */
export async function signedInPageOn(
  server: OwnServer,
  browser: Browser,
  username: string,
  password: string,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ ...options, baseURL: server.base });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email or username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`Hi, ${username}`)).toBeVisible();
  return page;
}
