import type { BrowserContext } from '@playwright/test';
import type { User } from '../contract/users';
import { expectAccessible } from './axe';
import { menu } from './support';
import { expect, test } from './test';

// Through nginx in front of a server started with AUTH_MODE=proxy (e2e/nginx.mjs): the
// `sso_email` cookie stands for the person the sign-on proxy signed in, and nginx sends it on
// as X-Forwarded-Email from the one address the server trusts, and the `sso_groups` cookie as
// X-Forwarded-Groups: the server maps group `finance` to withdrawals:read (playwright.config.ts).
// Paths are relative to …/admin/.

const ADMIN_EMAIL = 'admin@example.com';
const NOT_AN_ADMIN = 'This account does not have admin access.';

const signOn = (
  context: BrowserContext,
  baseURL: string | undefined,
  email: string,
  groups?: string,
) =>
  context.addCookies([
    { name: 'sso_email', value: email, url: baseURL ?? '' },
    ...(groups === undefined ? [] : [{ name: 'sso_groups', value: groups, url: baseURL ?? '' }]),
  ]);

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

test('@sso an admin holding nothing sees what the sign-on group gives: withdrawals, not bots', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  const asAdmin = { cookie: `sso_email=${ADMIN_EMAIL}` };
  const users = await request.get('api/admin/users?limit=20&sort=createdAt:asc', {
    headers: asAdmin,
  });
  expect(users.status()).toBe(200);
  const players = ((await users.json()).items as User[]).filter((user) => !user.adminRole.enabled);
  // Not the first player: the test above signs on as that one, who must stay a player.
  const member = players.at(-1);
  if (!member || players.length < 2) throw new Error('the demo data has too few players');
  // Made admin in the console: no permission of their own.
  const promoted = await request.patch(`api/admin/users/${member.userId}/role`, {
    headers: asAdmin,
    data: { makeAdmin: true },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);
  expect((await promoted.json()).adminRole.permissions).toEqual([]);

  const as = (groups: string) => ({ cookie: `sso_email=${member.email}; sso_groups=${groups}` });
  expect((await request.get('api/admin/withdrawals', { headers: as('finance') })).status()).toBe(
    200,
  );
  const bots = await request.get('api/admin/bots', { headers: as('finance') });
  expect(bots.status()).toBe(403);
  expect((await bots.json()).error).toBe('Missing permission: bots:read');
  // The groups are the proxy's to say: one the browser sends itself is replaced.
  const forged = await request.get('api/admin/withdrawals', {
    headers: { cookie: `sso_email=${member.email}`, 'X-Forwarded-Groups': 'finance' },
  });
  expect(forged.status()).toBe(403);

  await signOn(context, baseURL, member.email, 'finance');
  await page.goto('');
  await expect(page.getByText(`Hi, ${member.username}`)).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'Withdrawals' })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'Bots' })).toHaveCount(0);

  await page.goto('bots');
  await expect(page.getByText('You do not have access to this page.')).toBeVisible();

  // Other admins see where the permission comes from, and cannot revoke it in the console.
  const detail = await request.get(`api/admin/users/${member.userId}`, { headers: asAdmin });
  expect((await detail.json()).adminRole).toMatchObject({
    permissions: [],
    groupPermissions: [{ name: 'withdrawals:read', group: 'finance' }],
  });
  await context.clearCookies();
  await signOn(context, baseURL, ADMIN_EMAIL);
  await page.goto(`users/${member.userId}`);
  await expect(page.getByText('withdrawals:read (SSO group finance)')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Revoke withdrawals:read/ })).toHaveCount(0);
});
