import type { Page } from '@playwright/test';
import { createUser } from '../server/modules/users/create';
import { insertWithdrawal } from '../server/test/fixtures';
import { type OwnServer, ownServer } from './own-server';
import { storedToken } from './support';
import { expect, test } from './test';

// A deploy restarts the server under an open console: a network error, a 5xx or a timeout
// never ends a session; only the server's 401 does. A server of this file's own, stopped and
// started again while its database stays up, as one instance of a team's deploy is.

const PASSWORD = 'outage-admin-password';

let server: OwnServer;

test.beforeAll(async () => {
  server = await ownServer('outage_e2e', { ADMIN_PASSWORD: PASSWORD });
});

test.afterAll(() => server?.close());

/** The admin comes back to the tab (from the terminal that restarts the server, say). */
const returnToTab = (page: Page) =>
  page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));

test('the withdrawals queue stays signed in through a 15 s restart, its filter and selection kept', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = `outage${Date.now()}`;
  const payee = await createUser(server.db, {
    username: `payee-${tag}`,
    email: `payee-${tag}@example.com`,
    balance: 100,
  });
  const ids: number[] = [];
  for (const i of [0, 1]) {
    const row = await insertWithdrawal(server.db, {
      userId: payee.user_id,
      pointsSpent: 10,
      destination: `${tag}-${i}@payout.example`,
    });
    ids.push(Number(row.id));
  }

  const page = await (await browser.newContext({ baseURL: server.base })).newPage();
  await page.goto('/login');
  await page.getByLabel('Email or username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Hi, admin')).toBeVisible();
  await page.goto('/withdrawals');
  const search = page.getByRole('searchbox', { name: 'Search userId, destination or typeId' });
  await search.fill(tag);
  await page.keyboard.press('Enter');
  const row = (i: number) => page.getByRole('row').filter({ hasText: `${tag}-${i}@` });
  await expect(page.getByRole('row').filter({ hasText: tag })).toHaveCount(2);
  await row(0).getByRole('checkbox').check();
  const token = await storedToken(page);
  const queueUrl = page.url();
  expect(queueUrl).toContain(tag);

  const indicator = page.getByRole('status', { name: 'Live updates' });
  await expect(indicator).toHaveText('Live');
  await server.stop();
  await expect(indicator).toHaveText('Reconnecting…');
  await page.waitForTimeout(5_000);
  // Looking back at the tab makes the console check the session again: no answer comes.
  await returnToTab(page);
  await page.waitForTimeout(10_000);
  expect(await storedToken(page)).toBe(token);
  await expect(page).toHaveURL(queueUrl);
  await server.start();

  await expect(indicator).toHaveText('Live', { timeout: 40_000 });
  await returnToTab(page);
  await expect(page).toHaveURL(queueUrl);
  expect(await storedToken(page)).toBe(token);
  await expect(search).toHaveValue(tag);
  await expect(row(0).getByRole('checkbox')).toBeChecked();
  await expect(row(1).getByRole('checkbox')).not.toBeChecked();

  // The next action works without signing in again.
  await page.getByRole('button', { name: 'Approve selected' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect
    .poll(async () =>
      (
        await server.db
          .selectFrom('withdrawals')
          .select(['id', 'status'])
          .where('id', 'in', ids)
          .orderBy('id')
          .execute()
      ).map((w) => w.status),
    )
    .toEqual(['approved', 'pending']);
  await expect(page).toHaveURL(queueUrl);
  await page.context().close();
});
