import type { Page } from '@playwright/test';
import { createUser } from '../server/modules/users/create';
import { insertWithdrawal } from '../server/test/fixtures';
import { signInQuickly, withDatabase } from './support';
import { expect, test } from './test';

// Each resource's list, show and edit routes open from a click and from a deep link (the
// catalog, withdrawal types, legal and bots have theirs in their own spec files).

const title = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

async function payee(tag: string) {
  return withDatabase(async (db) => {
    const user = await createUser(db, {
      username: `res-${tag}`,
      email: `res-${tag}@example.com`,
      balance: 500,
    });
    const withdrawal = await insertWithdrawal(db, {
      userId: user.user_id,
      pointsSpent: 100,
      destination: `${tag}@payout.example`,
    });
    return { userId: user.user_id, username: user.username, withdrawalId: String(withdrawal.id) };
  });
}

test('users: the list, a user and their edit form, by click and by link', async ({ page }) => {
  const tag = `u${Date.now()}`;
  const { userId, username } = await payee(tag);

  await signInQuickly(page, '/users');
  await expect(title(page, 'Users')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search username, email or userId' }).fill(tag);
  await page.keyboard.press('Enter');
  const row = page.getByRole('row').filter({ hasText: userId });
  await row.getByRole('link', { name: 'View' }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${userId}$`));
  await expect(title(page, username)).toBeVisible();
  await page.getByRole('link', { name: 'Edit user' }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${userId}/edit$`));
  await expect(page.getByRole('spinbutton', { name: 'Balance' })).toHaveValue('500');

  for (const [path, visible] of [
    [`/users/${userId}`, title(page, username)],
    [`/users/${userId}/show`, title(page, username)],
    [`/users/${userId}/edit`, page.getByRole('spinbutton', { name: 'Balance' })],
  ] as const) {
    await page.goto(path);
    await expect(visible).toBeVisible();
  }
});

test('withdrawals: the list and a withdrawal, by click and by link; no edit form', async ({
  page,
}) => {
  const tag = `w${Date.now()}`;
  const { withdrawalId } = await payee(tag);

  await signInQuickly(page, '/withdrawals');
  await expect(title(page, 'Withdrawals')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search userId, destination or typeId' }).fill(tag);
  await page.keyboard.press('Enter');
  await page
    .getByRole('row')
    .filter({ hasText: `${tag}@payout.example` })
    .getByRole('link', { name: 'View' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/withdrawals/${withdrawalId}$`));
  await expect(page.getByText(`${tag}@payout.example`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible();

  await page.goto(`/withdrawals/${withdrawalId}/show`);
  await expect(page.getByText(`${tag}@payout.example`)).toBeVisible();
  // a withdrawal changes only by decision: there is no edit screen to reach
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
});

test('audit: the list and an entry, by click and by link', async ({ page }) => {
  const tag = `a${Date.now()}`;
  const { userId } = await payee(tag);

  // A change to audit: the player's balance.
  await signInQuickly(page, `/users/${userId}/edit`);
  await page.getByRole('spinbutton', { name: 'Balance' }).fill('501');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();

  await page.goto('/audit');
  await expect(title(page, 'Audit log')).toBeVisible();
  await page.getByRole('textbox', { name: 'Record id' }).fill(userId);
  await page.keyboard.press('Enter');
  // The action in the timelines' words, its code on hover.
  await page
    .getByRole('row')
    .filter({ has: page.getByTitle('user.update', { exact: true }) })
    .getByRole('link', { name: /^View entry/ })
    .click();
  await expect(page).toHaveURL(/\/audit\/\d+\/show$/);
  const entry = page.url();
  await expect(page.getByRole('heading', { level: 2, name: 'After' })).toBeVisible();

  await page.goto(entry);
  await expect(page.getByRole('heading', { level: 2, name: 'After' })).toBeVisible();
});
