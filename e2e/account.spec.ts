import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { TOTP } from '../contract/two-step';
import { codeAt, stepAt } from '../server/auth/two-step/totp';
import { createUser } from '../server/modules/users/create';
import { wrongCode } from '../server/test/two-step';
import { expectAccessible } from './axe';
import { type OwnServer, ownServer } from './own-server';
import { nothingLoading, withDatabase } from './support';
import { expect, test } from './test';

// My account as an admin uses it: two-step sign-in set up with the codes an authenticator app
// would compute from the secret, sign-in with a code and with a recovery code, and sessions
// ended from another device. Each test signs in as an admin of its own, so turning two-step
// on changes no other spec's admin.

const PASSWORD = 'account-e2e-password';

const newAdmin = (db: Parameters<typeof createUser>[0], tag: string) =>
  createUser(db, {
    username: `acct-${tag}`,
    email: `acct-${tag}@example.com`,
    password: PASSWORD,
    admin: true,
    permissions: ['users:read'],
  });

/**
 * The app's code for the next step no code was used for yet: a code is good once, and the
 * server takes the current step or one either side.
 */
function codeAfter(secret: string, used: number[]): { code: string; step: number } {
  const step = Math.max(stepAt(Date.now()), ...used.map((s) => s + 1));
  used.push(step);
  return { code: codeAt(secret, step * TOTP.period * 1000), step };
}

async function passwordStep(page: Page, username: string) {
  await page.goto('/login');
  await page.getByLabel('Email or username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function codeStep(page: Page, code: string) {
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

async function signOut(page: Page, username: string) {
  await page.getByRole('button', { name: `Hi, ${username}` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

const twoStepSection = (page: Page) => page.getByRole('region', { name: 'Two-step sign-in' });

/**
 * Sets two-step sign-in up on /account as the admin would (the password first); answers the
 * secret and the codes.
 */
async function setUpTwoStep(page: Page, used: number[]) {
  const section = twoStepSection(page);
  await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(section.getByRole('img')).toHaveCount(0);
  await section.getByLabel('Current password', { exact: true }).fill(PASSWORD);
  const setup = page.waitForResponse((r) => r.url().endsWith('/api/auth/2fa/setup'));
  await section.getByRole('button', { name: 'Continue' }).click();
  const { secret } = (await (await setup).json()) as { secret: string };
  await expect(
    section.getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible();
  // The key is also shown as text, for an app that cannot scan.
  await expect(section).toContainText(secret.match(/.{1,4}/g)?.join(' ') ?? secret);

  const enabled = page.waitForResponse((r) => r.url().endsWith('/api/auth/2fa/enable'));
  await section.getByLabel('Code').fill(codeAfter(secret, used).code);
  await section.getByRole('button', { name: 'Turn on' }).click();
  const { recoveryCodes } = (await (await enabled).json()) as { recoveryCodes: string[] };
  expect(recoveryCodes).toHaveLength(10);
  for (const code of recoveryCodes) await expect(section.getByText(code)).toBeVisible();
  return { secret, recoveryCodes };
}

async function apiSignIn(request: APIRequestContext, username: string, code: string) {
  const login = await request.post('/api/auth/login', {
    data: { emailOrUsername: username, password: PASSWORD },
  });
  const { challenge } = (await login.json()) as { challenge: string };
  const verified = await request.post('/api/auth/2fa/verify', { data: { challenge, code } });
  expect(verified.status()).toBe(200);
  return ((await verified.json()) as { token: string }).token;
}

test('an admin turns on two-step sign-in, signs in with a code and a recovery code, and ends another session', async ({
  page,
}) => {
  const tag = `${Date.now()}`;
  const { username } = await withDatabase((db) => newAdmin(db, tag));
  const used: number[] = [];

  await passwordStep(page, username);
  await expect(page.getByText(`Hi, ${username}`)).toBeVisible();
  await page.getByRole('button', { name: `Hi, ${username}` }).click();
  await page.getByRole('menuitem', { name: 'My account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(twoStepSection(page)).toContainText('Two-step sign-in is off.');

  const { secret, recoveryCodes } = await setUpTwoStep(page, used);
  await expectAccessible(page);
  const download = page.waitForEvent('download');
  await twoStepSection(page).getByRole('button', { name: 'Download' }).click();
  const file = await (await download).createReadStream();
  const text = await new Promise<string>((resolve) => {
    let body = '';
    file.on('data', (chunk) => {
      body += chunk;
    });
    file.on('end', () => resolve(body));
  });
  for (const code of recoveryCodes) expect(text).toContain(code);
  await twoStepSection(page).getByRole('button', { name: 'Done' }).click();
  await expect(twoStepSection(page)).toContainText('Two-step sign-in is on.');
  await expect(twoStepSection(page)).toContainText('10 recovery codes left.');

  // The password alone no longer signs in: the code from the app does.
  await signOut(page, username);
  await passwordStep(page, username);
  await expect(page.getByLabel('Code')).toBeVisible();
  await codeStep(page, wrongCode(secret));
  await expect(page.getByRole('alert')).toHaveText('Invalid code');
  await expectAccessible(page);
  await codeStep(page, codeAfter(secret, used).code);
  await expect(page.getByText(`Hi, ${username}`)).toBeVisible();
  // The wrong code came after the right password: the owner is told, with when and from where.
  const warning = page.getByRole('alert').filter({ hasText: 'Someone may know your password' });
  await expect(warning).toContainText(
    'A wrong two-step code was entered after your correct password',
  );
  await expect(warning).toContainText(/from \S+\. If it was not you, change your password\./);
  await expectAccessible(page);
  await warning.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(
    page
      .getByRole('form', { name: 'Change password' })
      .getByLabel('Current password', { exact: true }),
  ).toBeFocused();
  await warning.getByRole('button', { name: 'Dismiss' }).click();
  await expect(warning).toHaveCount(0);

  // A recovery code works once.
  await signOut(page, username);
  await passwordStep(page, username);
  await codeStep(page, recoveryCodes[0] ?? '');
  await expect(page.getByText(`Hi, ${username}`)).toBeVisible();
  await signOut(page, username);
  await passwordStep(page, username);
  await codeStep(page, recoveryCodes[0] ?? '');
  await expect(page.getByRole('alert')).toHaveText('Invalid code');
  await codeStep(page, recoveryCodes[1] ?? '');
  await expect(page.getByText(`Hi, ${username}`)).toBeVisible();

  // Another device signs in; My account lists it and ends it.
  const elsewhere = await apiSignIn(page.request, username, recoveryCodes[2] ?? '');
  const me = () =>
    page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${elsewhere}` } });
  expect((await me()).status()).toBe(200);
  await page.goto('/account');
  const sessions = page.getByRole('region', { name: 'Sessions' });
  await expect(sessions.getByRole('row')).toHaveCount(3); // the header and two sessions
  const current = sessions.getByRole('row').filter({ hasText: 'This device' });
  await expect(current).toHaveCount(1);
  await expect(current.getByRole('button', { name: 'End session' })).toHaveCount(0);
  await sessions.getByRole('button', { name: 'End session' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /End session|Confirm/ })
    .click();
  await expect(sessions.getByRole('row')).toHaveCount(2);
  expect((await me()).status()).toBe(401);
  await expect(twoStepSection(page)).toContainText('7 recovery codes left.');
  await nothingLoading(page);
  await expectAccessible(page);

  // Turning it off takes a code and the password.
  const section = twoStepSection(page);
  await section.getByLabel('Code').fill(recoveryCodes[3] ?? '');
  await section.getByLabel('Current password', { exact: true }).fill('not-the-password');
  await section.getByRole('button', { name: 'Turn off' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Turn off' }).click();
  await expect(section.getByLabel('Current password', { exact: true })).toHaveAccessibleDescription(
    'Current password is incorrect',
  );
  await section.getByLabel('Current password', { exact: true }).fill(PASSWORD);
  await section.getByRole('button', { name: 'Turn off' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Turn off' }).click();
  await expect(section).toContainText('Two-step sign-in is off.');
});

test.describe('with REQUIRE_2FA=true', () => {
  let server: OwnServer;

  test.beforeAll(async () => {
    server = await ownServer('two_step_e2e', { ADMIN_PASSWORD: PASSWORD, REQUIRE_2FA: 'true' });
  });
  test.afterAll(() => server?.close());

  const newPage = async (browser: Browser) =>
    (await browser.newContext({ baseURL: server.base })).newPage();

  test('a new admin is sent to set up two-step sign-in before anything else', async ({
    browser,
  }) => {
    const { username } = await newAdmin(server.db, `req-${Date.now()}`);
    const page = await newPage(browser);
    await passwordStep(page, username);

    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByText('Set up two-step sign-in to continue.')).toBeVisible();
    await nothingLoading(page);
    await expectAccessible(page);
    // Nothing else opens until it is done.
    await page.goto('/users');
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('link', { name: 'Users', exact: true })).toHaveCount(0);

    await setUpTwoStep(page, []);
    await twoStepSection(page).getByRole('button', { name: 'Done' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    await page.context().close();
  });
});
