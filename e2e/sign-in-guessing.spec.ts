import type { Browser, Page } from '@playwright/test';
import { accountKey } from '../server/auth/login-throttle';
import { type OwnServer, ownServer } from './own-server';
import { expect, test } from './test';

// The owner signs in while strangers guess the admin's password from eight addresses: their own
// browser (its device cookie) at the first try, a new browser within 20 s. On a server of its
// own, which believes X-Forwarded-For, so that each guesser has an address of its own.

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'guessing-e2e-admin-password';

let server: OwnServer;

test.beforeAll(async () => {
  server = await ownServer('guessing_e2e', { ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: '1' });
});

test.afterAll(() => server?.close());

/** Fills in the sign-in form and submits it, answering the POST it made. */
async function submitSignIn(page: Page) {
  await page.getByLabel('Email or username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const answer = page.waitForResponse((res) => res.url().endsWith('/api/auth/login'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  return answer;
}

async function newBrowser(browser: Browser) {
  const context = await browser.newContext({ baseURL: server.base });
  return { context, page: await context.newPage() };
}

/** Wrong passwords in loops, 0.3 s of sleep after each 429, as the attack was reproduced. */
function guessFrom(addresses: string[], loopsEach: number) {
  let running = true;
  const loop = async (ip: string, n: number) => {
    for (let i = 0; running; i++) {
      const res = await fetch(`${server.base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ emailOrUsername: 'admin', password: `guess-${n}-${i}` }),
      });
      await res.arrayBuffer();
      if (res.status === 429) await new Promise((r) => setTimeout(r, 300));
    }
  };
  const loops = addresses.flatMap((ip, a) =>
    Array.from({ length: loopsEach }, (_, l) => loop(ip, a * loopsEach + l)),
  );
  return async () => {
    running = false;
    await Promise.all(loops);
  };
}

test('the owner signs in while eight addresses guess the password', async ({ browser }) => {
  test.setTimeout(200_000);
  const own = await newBrowser(browser);
  await own.page.goto('/login');
  expect((await submitSignIn(own.page)).status()).toBe(200);
  await expect(own.page.getByText('Hi, admin')).toBeVisible();
  const [device] = (await own.context.cookies()).filter((c) => c.name === 'device');
  expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
  await own.page.getByRole('button', { name: 'Logout' }).click();
  await expect(own.page).toHaveURL(/\/login$/);

  const admin = await server.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow();
  const stop = guessFrom(
    Array.from({ length: 8 }, (_, a) => `10.66.0.${a + 1}`),
    4,
  );
  try {
    // As the attack was reproduced, the loops have been running a while: the account is slowed
    // the most (8 s an attempt) and every guessing address has had its first failure. (Until
    // then, each address not yet failed may take one turn of the fresh lane ahead of the owner.)
    const failures = () =>
      server.db
        .selectFrom('login_failures')
        .select(['ip'])
        .where('identifier', '=', accountKey(admin.id))
        .execute();
    await expect
      .poll(
        async () => {
          const rows = await failures();
          return rows.length >= 10 && new Set(rows.map((row) => row.ip)).size >= 8;
        },
        { timeout: 100_000 },
      )
      .toBe(true);

    // The owner's own browser: in at the first try.
    const first = await submitSignIn(own.page);
    expect(first.status()).toBe(200);
    await expect(own.page.getByText('Hi, admin')).toBeVisible();

    // A browser the account has never seen: in within 20 s, trying again when told to.
    const fresh = await newBrowser(browser);
    await fresh.page.goto('/login');
    const started = Date.now();
    let answer = await submitSignIn(fresh.page);
    while (answer.status() === 429 && Date.now() - started < 20_000) {
      await expect(fresh.page.getByText(/Too many failed sign-in attempts/)).toBeVisible();
      await fresh.page.waitForTimeout(Number(answer.headers()['retry-after']) * 1000);
      answer = await submitSignIn(fresh.page);
    }
    expect(answer.status()).toBe(200);
    await expect(fresh.page.getByText('Hi, admin')).toBeVisible();
    expect(Date.now() - started).toBeLessThanOrEqual(20_000);
    await fresh.context.close();
  } finally {
    await stop();
    await own.context.close();
  }
});
