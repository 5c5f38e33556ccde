import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { sql } from 'kysely';
import type { LoginResponse } from '../contract/auth';
import { connect, type Database } from '../server/db/connect';
import { runningConnection } from '../server/db/embedded';
import { APP_DATABASE } from '../server/db/open';
import { testPushKey } from '../server/test/secret-marker';

export const ADMIN = { username: 'admin', password: process.env.E2E_ADMIN_PASSWORD ?? '' };

/** Signs in through the login form, as an admin would, and waits for the dashboard. */
export async function signIn(page: Page, username = ADMIN.username, password = ADMIN.password) {
  await page.goto('/login');
  await page.getByLabel('Email or username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(`Hi, ${username}`)).toBeVisible();
}

/** A fresh admin session (its own, as each test needs) from one POST /api/auth/login. */
export async function adminLogin(request: APIRequestContext): Promise<LoginResponse> {
  const res = await request.post('/api/auth/login', {
    data: { emailOrUsername: ADMIN.username, password: ADMIN.password },
  });
  expect(res.status(), 'POST /api/auth/login').toBe(200);
  return res.json();
}

/** Runs in the page before the console: stores the session as the console's sign-in does. */
function seedSession({
  token,
  user,
  seededKey,
}: {
  token: string;
  user: string;
  seededKey: string;
}) {
  try {
    // Once per tab: a sign-out or a 401 later in the test must stick across page loads.
    if (sessionStorage.getItem(seededKey) !== null) return;
    sessionStorage.setItem(seededKey, 'yes');
    localStorage.setItem('token', token);
    localStorage.setItem('user', user);
  } catch {
    // about:blank has no storage; the console's pages do
  }
}

/**
 * Signs in without the login form: the next console page this page loads starts signed in, with
 * the token and the user stored as src/storage.ts keeps them. Once per page.
 */
export async function storeSession(page: Page) {
  const { token, user } = await adminLogin(page.request);
  await page.addInitScript(seedSession, {
    token,
    user: JSON.stringify(user),
    seededKey: 'e2e:session-seeded',
  });
}

/**
 * For tests whose subject is not the sign-in: a session stored without the login form, then
 * `path` opened directly, its top bar greeting the admin.
 */
export async function signInQuickly(page: Page, path = '/') {
  await storeSession(page);
  await page.goto(path);
  await expect(page.getByText(`Hi, ${ADMIN.username}`)).toBeVisible();
}

/**
 * Holds matching requests (they still reach the real server) until the returned function is
 * called, so a test can see what the console shows while it waits.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The session's token: kept for the browser session, or remembered (src/storage.ts). */
export const storedToken = (page: Page) =>
  page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token'));

/** Waits until nothing on the page is still loading: no spinner, bar or 'Loading…' text. */
export async function nothingLoading(page: Page) {
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

/** The main menu: the sidebar on desktop, the overlay drawer on narrow screens. */
export const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/**
 * Test setup straight into the server's database (the same code the server uses to create
 * users): for accounts the console itself cannot make yet, such as a player with a password.
 */
export async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const db = connect(runningConnection(process.env.E2E_DATA_DIR ?? '', APP_DATABASE), 1);
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/** The push settings integrations.spec.ts and notifications.spec.ts both save. */
export const PUSH = {
  appId: '6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b',
  key: testPushKey('e2e-push-key-0001_k9z4'),
};

/**
 * Runs `work` holding the one lock of every spec that changes a single configuration (by default
 * the integrations; `PAYOUTS` the payout controls), so none sees another's half-done edit.
 */
export const exclusively = (work: () => Promise<void>, lock = 'e2e:integrations') =>
  withDatabase((db) =>
    db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${lock}))`.execute(trx);
      await work();
    }),
  );

/** The lock of the specs that set the payout controls' thresholds. */
export const PAYOUTS = 'e2e:payouts';

/** The push provider's section of /settings/integrations. */
export const pushSection = (page: Page) =>
  page.getByRole('region', { name: 'Push notifications (OneSignal)' });
