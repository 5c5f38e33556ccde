import { ADMIN_PASSWORD_TEXTS as RULE } from '../contract/passwords';
import { createUser } from '../server/modules/users/create';
import { signIn, withDatabase } from './support';
import { expect, test } from './test';

// An admin changes their own password on My account: every bad field shown at once under a help
// text that keeps its words, the server's refusal of a common password on its field, then a new
// password that signs in. The admin is the test's own, so no other spec's password changes.

const PASSWORD = 'account-password-e2e';

test('an admin changes their own password on My account, past a short and a common one', async ({
  page,
}) => {
  const tag = `${Date.now()}`;
  const { username } = await withDatabase((db) =>
    createUser(db, {
      username: `pw-${tag}`,
      email: `pw-${tag}@example.com`,
      password: PASSWORD,
      admin: true,
      permissions: ['users:read'],
    }),
  );
  await signIn(page, username, PASSWORD);
  await page.goto('/account');
  const form = page.getByRole('form', { name: 'Change password' });
  const current = form.getByLabel('Current password', { exact: true });
  const next = form.getByLabel('New password', { exact: true });
  const confirm = form.getByLabel('Confirm new password', { exact: true });
  const change = form.getByRole('button', { name: 'Change password' });
  await expect(next).toHaveAccessibleDescription(RULE.help);

  // Too short and not confirmed: both said at once, nothing sent, the help still there.
  await current.fill(PASSWORD);
  await next.fill('seven-7');
  await confirm.fill('seven-8');
  await change.click();
  await expect(next).toHaveAccessibleDescription(`${RULE.tooShort} ${RULE.help}`);
  await expect(confirm).toHaveAccessibleDescription('Passwords do not match');
  await expect(form.getByText(RULE.help, { exact: true })).toBeVisible();

  // Long enough, but among the commonest: the server's refusal, on the field.
  await next.fill('Password1');
  await confirm.fill('Password1');
  const refused = page.waitForResponse((res) => res.url().endsWith('/api/auth/password'));
  await change.click();
  expect((await refused).status()).toBe(400);
  await expect(next).toHaveAccessibleDescription(`${RULE.tooCommon} ${RULE.help}`);

  await next.fill('purple staple 42');
  await confirm.fill('purple staple 42');
  await change.click();
  await expect(page.getByText('Password changed. Your other sessions have ended.')).toBeVisible();
  const signedIn = await page.request.post('/api/auth/login', {
    data: { emailOrUsername: username, password: 'purple staple 42' },
  });
  expect(signedIn.status()).toBe(200);
});
