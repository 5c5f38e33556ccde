import { ADMIN, menu } from './support';
import { expect, test } from './test';

// Runs against the second server, started with BASE_PATH=/admin: every URL stays under it.
// Paths here are relative to the project's base URL (…/admin/).

test('@subpath the console works under a sub-path: sign-in, deep links, sign-out', async ({
  page,
}) => {
  await page.goto('login');
  await page.getByLabel('Email or username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(page.getByText('Hi, admin')).toBeVisible();

  // A deep link to an unknown page lands on the dashboard, still under /admin.
  await page.goto('no/such/page');
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(menu(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'href',
    /^\/admin\/?$/,
  );

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});
