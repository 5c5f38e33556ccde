import { createUser } from '../server/modules/users/create';
import { ADMIN, holdRequests, menu, signIn, storedToken, withDatabase } from './support';
import { expect, test } from './test';

test('signs in with the admin credentials and out again', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByText('Sign in with your admin credentials')).toBeVisible();
  await expect(page.getByText('Protected area — Admins only')).toBeVisible();
  await page.getByLabel('Email or username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Hi, admin')).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Dashboard');
  expect(await storedToken(page)).toBeTruthy();
  expect(await page.evaluate(() => localStorage.getItem('rememberMe'))).toBe('true');
  const token = await storedToken(page);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBeNull();
  // The session is revoked on the server too, not only forgotten by the browser.
  const me = await page.request.get('/api/auth/me', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(me.status()).toBe(401);

  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

for (const remember of [false, true]) {
  test(`Remember me ${remember ? 'ticked keeps the session across a browser restart' : 'unticked ends the session with the browser'}`, async ({
    browser,
    baseURL,
  }) => {
    const before = await browser.newContext({ baseURL });
    const page = await before.newPage();
    await page.goto('/login');
    await page.getByLabel('Email or username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    if (remember) await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Hi, admin')).toBeVisible();
    // Within the browser session, a reload stays signed in.
    await page.reload();
    await expect(page.getByText('Hi, admin')).toBeVisible();

    // The browser restarts: what it keeps on disk (cookies, localStorage) is all that is left.
    const kept = await before.storageState();
    await before.close();
    const after = await browser.newContext({ baseURL, storageState: kept });
    const restarted = await after.newPage();
    await restarted.goto('/');
    if (remember) {
      await expect(restarted.getByText('Hi, admin')).toBeVisible();
    } else {
      await expect(restarted).toHaveURL(/\/login$/);
      await expect(restarted.getByRole('button', { name: 'Sign in' })).toBeVisible();
    }
    await after.close();
  });
}

test('a wrong password shows the server message and stays on the sign-in page', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('Email or username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBeNull();
});

test("the button reads 'Signing in…' while the request runs", async ({ page }) => {
  const release = await holdRequests(page, '**/api/auth/login');
  await page.goto('/login');
  await page.getByLabel('Email or username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const busy = page.getByRole('button', { name: 'Signing in…' });
  await expect(busy).toBeVisible();
  await expect(busy).toBeDisabled();
  release();
  await expect(page.getByText('Hi, admin')).toBeVisible();
});

test('the password field toggles between hidden and shown', async ({ page }) => {
  await page.goto('/login');
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('secret-value');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');
});

test('without a token every protected page redirects to /login', async ({ page }) => {
  for (const path of ['/', '/users', '/settings/legal']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  }
});

test("the guard shows 'Loading...' while the admin check runs", async ({ page }) => {
  await signIn(page);
  const release = await holdRequests(page, '**/api/admin/ping');
  await page.reload();
  await expect(page.getByText('Loading...')).toBeVisible();
  release();
  await expect(page.getByText('Hi, admin')).toBeVisible();
  await expect(page.getByText('Loading...')).toBeHidden();
});

test('a 401 in the middle of a session goes to /login and forgets the token', async ({ page }) => {
  // No live stream: its closing would take the console to /login on its own (ended-elsewhere).
  await page.route('**/api/admin/events', (route) => route.abort());
  await signIn(page);
  const token = await storedToken(page);
  // The session ends on the server (as when an admin is disabled or the session expires).
  const out = await page.request.post('/api/auth/logout', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(out.status()).toBe(200);

  // The next request meets the 401: this click's, unless one of the page's own (a refresh, the
  // session check when the stream gives up) got there first.
  const users = menu(page).getByRole('link', { name: 'Users' });
  await Promise.race([users.click().catch(() => undefined), page.waitForURL(/\/login$/)]);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your session was ended')).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
});

test('an unknown path redirects to the dashboard', async ({ page }) => {
  await signIn(page);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole('banner')).toContainText('Dashboard');
});

test('a player who is not an admin is sent back to sign-in with a note', async ({ page }) => {
  const username = `player-${Date.now()}`;
  await withDatabase((db) =>
    createUser(db, { username, email: `${username}@example.com`, password: 'player-pass-1' }),
  );
  await page.goto('/login');
  await page.getByLabel('Email or username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('player-pass-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('This account does not have admin access.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBeNull();
});

test('/login while signed in goes to the dashboard without showing the form', async ({ page }) => {
  await signIn(page);
  const release = await holdRequests(page, '**/api/admin/ping');
  await page.goto('/login');
  await expect(page.getByText('Loading...')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  release();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole('banner')).toContainText('Dashboard');
  await expect(page.getByText('Hi, admin')).toBeVisible();
});

test('/login with a stored session that no longer works shows the form', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('token', 'expired-or-revoked-token'));
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBeNull();
});
