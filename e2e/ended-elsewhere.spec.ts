import type { Browser } from '@playwright/test';
import { createUser } from '../server/modules/users/create';
import { storedToken, withDatabase } from './support';
import { expect, test } from './test';

// A session ended from another browser (My account's 'End session') leaves no console open on
// it: the server closes that browser's live stream, and the console goes to the sign-in page
// at once, saying why, rather than at the admin's next click.

const PASSWORD = 'ended-elsewhere-password';

async function signedIn(browser: Browser, username: string, path: string) {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await page.getByLabel('Email or username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`Hi, ${username}`)).toBeVisible();
  await page.goto(path);
  return page;
}

test('a session ended from the other browser of the same admin lands on sign-in, saying so, without a click', async ({
  browser,
}) => {
  const tag = `${Date.now()}`;
  const { username } = await withDatabase((db) =>
    createUser(db, {
      username: `ended-${tag}`,
      email: `ended-${tag}@example.com`,
      password: PASSWORD,
      admin: true,
      permissions: ['withdrawals:read'],
    }),
  );
  const queue = await signedIn(browser, username, '/withdrawals');
  await expect(queue.getByRole('heading', { name: 'Withdrawals' })).toBeVisible();
  await expect(queue.getByRole('status', { name: 'Live updates' })).toHaveText('Live');
  const account = await signedIn(browser, username, '/account');

  const sessions = account.getByRole('region', { name: 'Sessions' });
  await expect(sessions.getByRole('row')).toHaveCount(3); // the header and two sessions
  await expect(sessions.getByRole('columnheader', { name: 'Expires if idle' })).toBeVisible();
  await sessions.getByRole('button', { name: 'End session' }).click();
  await account.getByRole('dialog').getByRole('button', { name: 'End session' }).click();
  await expect(sessions.getByRole('row')).toHaveCount(2);

  await expect(queue).toHaveURL(/\/login$/, { timeout: 5_000 });
  await expect(queue.getByText('Your session was ended')).toBeVisible();
  expect(await storedToken(queue)).toBeNull();
  // The browser that ended it carries on.
  await expect(account.getByText(`Hi, ${username}`)).toBeVisible();
  await expect(account).toHaveURL(/\/account$/);
  await queue.context().close();
  await account.context().close();
});
