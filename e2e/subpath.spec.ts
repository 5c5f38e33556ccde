import type { Locator } from '@playwright/test';
import { connect } from '../server/db/connect';
import { runningConnection } from '../server/db/embedded';
import { APP_DATABASE } from '../server/db/open';
import { createUser } from '../server/modules/users/create';
import { ADMIN, menu } from './support';
import { expect, test } from './test';

// Runs through a real nginx (e2e/nginx.mjs) proxying /admin/ to the second server, started with
// BASE_PATH=/admin, from the same build the other tests use at the root: every URL stays under
// it. Paths here are relative to the project's base URL (…/admin/).

test('@subpath the console works under a sub-path: sign-in, deep links, sign-out', async ({
  page,
}) => {
  // nginx is in front: the server kept the request id nginx gave (it trusts that proxy).
  const health = await page.request.get('api/health');
  expect(health.headers()['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  const config = await page.request.get('config.json');
  expect(await config.json()).toEqual({
    apiBase: '/admin/api',
    basePath: '/admin',
    authMode: 'password',
    logoutUrl: null,
  });

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

test('@subpath live updates pass through nginx at once: a new player moves the dashboard', async ({
  page,
}) => {
  await page.goto('login');
  await page.getByLabel('Email or username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('status', { name: 'Live updates' })).toHaveText('Live');
  const totalUsers = page.getByRole('link', { name: /Total users/ });
  await expect(totalUsers).toContainText(/\d/);
  const before = await usersShown(totalUsers);

  // Written straight into this server's database: only the stream can tell the page.
  const db = connect(runningConnection(process.env.E2E_SUBPATH_DATA_DIR ?? '', APP_DATABASE), 1);
  try {
    const tag = `live${Date.now()}`;
    await createUser(db, { username: tag, email: `${tag}@example.com`, password: 'player-pass-1' });
  } finally {
    await db.destroy();
  }
  // No reload: only the stream, through nginx and the sub-path, can bring the new figure.
  await expect.poll(() => usersShown(totalUsers), { timeout: 5_000 }).toBe(before + 1);
});

async function usersShown(card: Locator): Promise<number> {
  const text = (await card.textContent()) ?? '';
  return Number((/([\d,]+)\s*$/.exec(text)?.[1] ?? '').replaceAll(',', ''));
}
