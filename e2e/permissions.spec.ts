import { sql } from 'kysely';
import { createUser } from '../server/modules/users/create';
import { insertWithdrawal } from '../server/test/fixtures';
import { menu, signIn, signInQuickly, withDatabase } from './support';
import { expect, test } from './test';

// An admin holding only withdrawals:read, a pending withdrawal of a player of their own (found
// by a unique destination), and a `*` admin in another browser granting withdrawals:approve.

const PASSWORD = 'reader-password-1';

async function readerAndWithdrawal(tag: string) {
  return withDatabase(async (db) => {
    const reader = await createUser(db, {
      username: `reader-${tag}`,
      email: `reader-${tag}@example.com`,
      password: PASSWORD,
      admin: true,
      permissions: ['withdrawals:read'],
    });
    const payee = await createUser(db, {
      username: `payee-${tag}`,
      email: `payee-${tag}@example.com`,
      balance: 1000,
    });
    const row = await insertWithdrawal(db, {
      userId: payee.user_id,
      pointsSpent: 300,
      destination: `${tag}@payout.example`,
    });
    return { readerId: reader.user_id, username: reader.username, withdrawalId: String(row.id) };
  });
}

const statusOf = (id: string) =>
  withDatabase(async (db) => {
    const { rows } = await sql<{
      status: string;
    }>`SELECT status FROM withdrawals WHERE id = ${id}`.execute(db);
    return rows[0]?.status;
  });

test('a withdrawals reader sees only what they may; a grant in another browser opens approving', async ({
  page,
  browser,
  baseURL,
}) => {
  const tag = `perm${Date.now()}`;
  const { readerId, username, withdrawalId } = await readerAndWithdrawal(tag);

  await signIn(page, username, PASSWORD);
  // (Withdrawals also shows its pending count)
  await expect(menu(page).getByRole('link')).toHaveText(['Dashboard', /^Withdrawals/]);
  await expect(menu(page).getByRole('button', { name: 'Settings' })).toHaveCount(0);

  await menu(page).getByRole('link', { name: 'Withdrawals' }).click();
  await page.getByRole('searchbox', { name: 'Search userId, destination or typeId' }).fill(tag);
  await page.keyboard.press('Enter');
  const row = page.getByRole('row').filter({ hasText: `${tag}@payout.example` });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Reject' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Approve selected' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reject selected' })).toHaveCount(0);
  // said once, above the list
  await expect(
    page.getByText(
      'Read-only: approving and rejecting withdrawals needs withdrawals:approve. Ask an admin who holds users:admin.',
    ),
  ).toHaveCount(1);

  await row.getByRole('link', { name: 'View' }).click();
  await expect(page.getByText(`${tag}@payout.example`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reject' })).toHaveCount(0);

  await page.goto('/bots');
  await expect(page.getByText('You do not have access to this page.')).toBeVisible();
  await expect(
    page.getByText('You need bots:read to open Bots. Ask an admin who holds users:admin.'),
  ).toBeVisible();
  await expect(page).toHaveTitle('Bots: access denied · Rewards Admin');
  await expect(page.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute(
    'href',
    '/',
  );

  // A `*` admin, in a browser of their own, grants withdrawals:approve on the reader's detail.
  const other = await browser.newContext({ baseURL });
  try {
    const admin = await other.newPage();
    await signInQuickly(admin, `/users/${readerId}`);
    const input = admin.getByRole('combobox', { name: 'Permission' });
    await input.fill('withdrawals:app');
    await admin.getByRole('option', { name: /^withdrawals:approve/ }).click();
    await expect(input).toHaveValue('withdrawals:approve');
    await admin.getByRole('button', { name: 'Grant' }).click();
    await expect(admin.getByText('Permission granted')).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Revoke withdrawals:approve' })).toBeVisible();
  } finally {
    await other.close();
  }

  // The reader's console picks the grant up on the next page load.
  await page.goto('/withdrawals');
  await page.getByRole('searchbox', { name: 'Search userId, destination or typeId' }).fill(tag);
  await page.keyboard.press('Enter');
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Approve selected' })).toBeVisible();
  await row.getByRole('button', { name: 'Approve' }).click();
  await page
    .getByRole('dialog', { name: 'Are you sure you want to approve this withdrawal?' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page.getByText('Withdrawal approved')).toBeVisible();
  await expect.poll(() => statusOf(withdrawalId)).toBe('approved');
});
