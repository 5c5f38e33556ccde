import type { BrowserContext } from '@playwright/test';
import type { User } from '../contract/users';
import { expectAccessible } from './axe';
import { menu } from './support';
import { expect, test } from './test';

// Through nginx in front of a server started with AUTH_MODE=proxy (e2e/nginx.mjs): the
// `sso_email` cookie stands for the person the sign-on proxy signed in, and nginx sends it on
// as X-Forwarded-Email from the one address the server trusts. Paths are relative to …/admin/.

const ADMIN_EMAIL = 'admin@example.com';
const NOT_AN_ADMIN = 'This account does not have admin access.';

const signOn = (context: BrowserContext, baseURL: string | undefined, email: string) =>
  context.addCookies([{ name: 'sso_email', value: email, url: baseURL ?? '' }]);

test('@sso the proxy signs the admin in: no login page, and Logout goes to its sign-out', async ({
  page,
  context,
  baseURL,
}) => {
  await signOn(context, baseURL, ADMIN_EMAIL);
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });

  await page.goto('');
  await expect(page.getByText('Hi, admin')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/?$/);

  await menu(page).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users/);
  await expect(page.getByRole('cell', { name: ADMIN_EMAIL })).toBeVisible();
  expect(visited.filter((path) => path.endsWith('/login'))).toEqual([]);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/oauth2\/sign_out$/);
  await expect(page.getByRole('heading', { name: 'Signed out of single sign-on' })).toBeVisible();
});

test('@sso a signed-on player is told why, and nobody else can send the header', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  const as = (email: string) => ({ cookie: `sso_email=${email}` });
  const users = await request.get('api/admin/users?limit=20&sort=createdAt:asc', {
    headers: as(ADMIN_EMAIL),
  });
  expect(users.status()).toBe(200);
  const player = ((await users.json()).items as User[]).find((user) => !user.adminRole.enabled);
  if (!player) throw new Error('the demo data has no player');

  // Signed on as a player, claiming the admin's email: nginx sends the player's.
  const forgedThroughProxy = await request.get('api/admin/ping', {
    headers: { ...as(player.email), 'X-Forwarded-Email': ADMIN_EMAIL },
  });
  expect(forgedThroughProxy.status()).toBe(403);
  // Straight to the server, from an address it does not trust: ignored.
  const forgedDirect = await request.get(
    `http://127.0.0.1:${process.env.E2E_SSO_PORT}/admin/api/admin/ping`,
    { headers: { 'X-Forwarded-Email': ADMIN_EMAIL } },
  );
  expect(forgedDirect.status()).toBe(401);
  // Nor does a password open it.
  const login = await request.post('api/auth/login', {
    headers: as(player.email),
    data: { emailOrUsername: 'admin', password: process.env.E2E_ADMIN_PASSWORD },
  });
  expect(login.status()).toBe(403);

  await signOn(context, baseURL, player.email);
  await page.goto('');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText(NOT_AN_ADMIN)).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/oauth2\/sign_out$/);
});
