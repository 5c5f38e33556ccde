import type { Page } from '@playwright/test';
import { createUser } from '../server/modules/users/create';
import { insertMatch } from '../server/test/fixtures';
import { signInQuickly, withDatabase } from './support';
import { expect, test } from './test';

// Each test creates the players it works on, with unique names, so parallel tests and the
// demo data never collide.

async function player(tag: string, extra: { balance?: number } = {}) {
  return withDatabase((db) =>
    createUser(db, { username: `pl-${tag}`, email: `pl.${tag}@mail.example`, ...extra }),
  );
}

/** Signs in on the users list and searches it. */
async function findUser(page: Page, term: string) {
  await signInQuickly(page, '/users');
  await page.getByRole('searchbox', { name: 'Search username, email or userId' }).fill(term);
  await page.keyboard.press('Enter');
}

test('find a user by part of the email, edit them and see the change', async ({ page }) => {
  const tag = `edit${Date.now()}`;
  const user = await player(tag, { balance: 10 });
  await findUser(page, `${tag}@mail`);
  const row = page.getByRole('row').filter({ hasText: user.user_id });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('row')).toHaveCount(2); // the header and the one match
  await expect(row).toContainText('user');

  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${user.user_id}/edit$`));
  await page.getByRole('spinbutton', { name: 'Balance' }).fill('2500');
  await page.getByRole('textbox', { name: 'Referred by' }).fill('FRIEND42');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved')).toBeVisible();

  await page.goto(`/users/${user.user_id}`);
  await expect(page.getByRole('heading', { name: user.username })).toBeVisible();
  await expect(page.getByText('2,500').or(page.getByText('2500')).first()).toBeVisible();
  await expect(page.getByText('FRIEND42', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'History' }).getByText('Referred by: none → FRIEND42'),
  ).toBeVisible();
});

test("a click on a row opens the user's page; its buttons do not", async ({ page }) => {
  const tag = `rowclick${Date.now()}`;
  const user = await player(tag);
  await findUser(page, tag);
  const row = page.getByRole('row').filter({ hasText: user.user_id });
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: 'Make admin' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/users(\?|$)/);

  await row.getByRole('cell', { name: user.email }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${user.user_id}$`));
  await expect(page.getByRole('heading', { level: 1, name: user.username })).toBeVisible();
});

test('a negative balance is said under the field with every other bad one, never in a browser bubble', async ({
  page,
}) => {
  const tag = `neg${Date.now()}`;
  const user = await player(tag, { balance: 10 });
  await signInQuickly(page, `/users/${user.user_id}/edit`);
  const balance = page.getByRole('spinbutton', { name: 'Balance' });
  await balance.fill('-5');
  await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Balance must be 0 or more')).toBeVisible();
  await expect(page.getByText('Email must be an email address')).toBeVisible();
  await expect(page.getByText('Saved')).toHaveCount(0);
});

test('grant and revoke a permission, and make admin / remove admin', async ({ page }) => {
  const tag = `perm${Date.now()}`;
  const user = await player(tag);
  await signInQuickly(page, `/users/${user.user_id}`);
  await page.getByRole('combobox', { name: 'Permission' }).fill('  withdrawals:approve  ');
  await page.getByRole('button', { name: 'Grant' }).click();
  await expect(page.getByText('Permission granted')).toBeVisible();
  const chip = page.getByRole('button', { name: 'Revoke withdrawals:approve' });
  await expect(chip).toBeVisible();

  await page.getByRole('button', { name: 'Make admin' }).click();
  const asking = page.getByRole('dialog', { name: `Make ${user.username} an admin?` });
  await expect(asking).toContainText('They start with no permissions');
  await asking.getByRole('button', { name: 'Make admin' }).click();
  await expect(page.getByText('User is now admin')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove admin' })).toBeVisible();

  // a click on the chip only asks; Cancel keeps the permission
  await chip.click();
  const confirm = page.getByRole('dialog', { name: 'Revoke withdrawals:approve?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(chip).toBeVisible();

  await chip.click();
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Permission revoked')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Revoke withdrawals:approve' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove admin' }).click();
  await expect(page.getByText('Admin removed')).toBeVisible();
});

test('match history filtered by outcome, with paging', async ({ page }) => {
  const tag = `match${Date.now()}`;
  const user = await player(tag);
  const opponent = await player(`${tag}o`);
  await withDatabase(async (db) => {
    for (let i = 0; i < 12; i++) {
      await insertMatch(db, {
        userId: user.id,
        opponentUserId: opponent.id,
        userScore: i % 3 === 0 ? 10 : 5,
        opponentScore: i % 3 === 1 ? 10 : 5,
        startedAt: new Date(Date.now() - i * 60_000),
      });
    }
  });
  await signInQuickly(page, `/users/${user.user_id}`);
  const pages = page.getByRole('navigation', { name: 'Match history pages' });
  await expect(pages).toContainText('12 total · Page 1 of 2');
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(pages).toContainText('Page 2 of 2');

  await page.getByRole('combobox', { name: 'Outcome' }).selectOption('win');
  await expect(pages).toContainText('4 total · Page 1 of 1');
  await expect(page.getByRole('row').filter({ hasText: opponent.username })).toHaveCount(4);
});

test('change a password: too short, then updated', async ({ page }) => {
  const tag = `pw${Date.now()}`;
  const user = await player(tag);
  await signInQuickly(page, `/users/${user.user_id}/edit`);
  const field = page.getByLabel('New password');
  await field.fill('12345');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Min 6 chars')).toBeVisible();
  await field.fill('a-new-password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password updated')).toBeVisible();
});

/** Answers `question` in its confirmation dialog with Confirm. */
async function confirm(page: Page, question: string) {
  await page
    .getByRole('dialog', { name: question })
    .getByRole('button', { name: 'Confirm' })
    .click();
}

test('disable a user after the confirmation, then enable them again', async ({ page }) => {
  const tag = `dis${Date.now()}`;
  const user = await player(tag);
  await findUser(page, user.user_id);
  const row = page.getByRole('row').filter({ hasText: user.user_id });
  await row.getByRole('button', { name: 'Disable' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disable this user?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toContainText('active');

  await row.getByRole('button', { name: 'Disable' }).click();
  await confirm(page, 'Disable this user?');
  await expect(page.getByText('User disabled')).toBeVisible();
  await expect(row).toContainText('disabled');
  await expect(row.getByRole('button', { name: 'Disable' })).toHaveCount(0);

  await row.getByRole('button', { name: 'Enable' }).click();
  await confirm(page, 'Enable this user?');
  await expect(page.getByText('User enabled')).toBeVisible();
  await expect(row).toContainText('active');
  await expect(row.getByRole('button', { name: 'Disable' })).toBeEnabled();
});

test('the detail page disables and enables a user', async ({ page }) => {
  const user = await player(`disd${Date.now()}`);
  await signInQuickly(page, `/users/${user.user_id}`);
  const profile = page.getByRole('region', { name: 'Profile' });
  await profile.getByRole('button', { name: 'Disable' }).click();
  await confirm(page, 'Disable this user?');
  await expect(profile.getByText('disabled', { exact: true })).toBeVisible();

  await profile.getByRole('button', { name: 'Enable' }).click();
  await confirm(page, 'Enable this user?');
  await expect(profile.getByText('active', { exact: true })).toBeVisible();
  await expect(profile.getByRole('button', { name: 'Disable' })).toBeVisible();
});

test('Cancel on the edit page goes back where the admin came from', async ({ page }) => {
  const tag = `back${Date.now()}`;
  const user = await player(tag);
  // from the list, searched and filtered: back to that list
  const filter = encodeURIComponent(JSON.stringify({ q: tag, status: 'active' }));
  await signInQuickly(page, `/users?filter=${filter}`);
  const row = page.getByRole('row').filter({ hasText: user.user_id });
  await expect(page.getByRole('row')).toHaveCount(2);
  const listUrl = page.url();
  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(user.username);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(listUrl);
  await expect(
    page.getByRole('searchbox', { name: 'Search username, email or userId' }),
  ).toHaveValue(tag);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('active');
  await expect(page.getByRole('row')).toHaveCount(2);

  // from the detail page: back to it
  await row.getByRole('link', { name: 'View' }).click();
  await page.getByRole('link', { name: 'Edit user' }).click();
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(user.username);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${user.user_id}$`));
  await expect(page.getByRole('link', { name: 'Edit user' })).toBeVisible();

  // opened directly: to the detail page
  await page.goto(`/users/${user.user_id}/edit`);
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(user.username);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${user.user_id}$`));
  await expect(page.getByRole('link', { name: 'Edit user' })).toBeVisible();
});

test('@narrow the users list scrolls inside its card on a narrow screen', async ({ page }) => {
  await signInQuickly(page, '/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('total');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800);
});

test('choosing a status keeps the search the list already applies', async ({ page }) => {
  await signInQuickly(page, '/users');
  const search = page.getByRole('searchbox', { name: 'Search username, email or userId' });
  await search.fill('player');
  await expect(page).toHaveURL(/player/);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('active');
  await expect(page).toHaveURL(/active/);
  // The status change keeps the search (a navigation's render once lagged behind the URL).
  await expect(page).toHaveURL(/player/);
  await expect(search).toHaveValue('player');
});
