import type { Page } from '@playwright/test';
import { sql } from 'kysely';
import { createUser } from '../server/modules/users/create';
import { insertWithdrawal } from '../server/test/fixtures';
import { signInQuickly, withDatabase } from './support';
import { expect, test } from './test';

// Each test makes its own player and withdrawals, found by a unique destination, so tests
// running in parallel (and the demo data) never get in each other's way.

async function playerWithWithdrawals(tag: string, points: number[], balance = 1000) {
  return withDatabase(async (db) => {
    const user = await createUser(db, {
      username: `payee-${tag}`,
      email: `payee-${tag}@example.com`,
      balance,
    });
    const ids: string[] = [];
    for (const [i, pointsSpent] of points.entries()) {
      const row = await insertWithdrawal(db, {
        userId: user.user_id,
        pointsSpent,
        destination: `${tag}-${i}@payout.example`,
      });
      ids.push(String(row.id));
    }
    return { userId: user.user_id, ids };
  });
}

const balanceOf = (userId: string) =>
  withDatabase(async (db) => {
    const { rows } = await sql<{
      balance: number;
    }>`SELECT balance FROM users WHERE user_id = ${userId}`.execute(db);
    return rows[0]?.balance;
  });

/** Signs in on the withdrawals list and searches it. */
async function searchWithdrawals(page: Page, term: string) {
  await signInQuickly(page, '/withdrawals');
  await page.getByRole('searchbox', { name: 'Search userId, destination or typeId' }).fill(term);
  await page.keyboard.press('Enter');
}

test('approve and reject single withdrawals, with the refund on reject', async ({ page }) => {
  const tag = `single${Date.now()}`;
  const { userId } = await playerWithWithdrawals(tag, [300, 200]);
  await searchWithdrawals(page, tag);
  const rows = page.getByRole('row').filter({ hasText: tag });
  await expect(rows).toHaveCount(2);

  const first = rows.filter({ hasText: `${tag}-0@` });
  await first.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', {
    name: 'Are you sure you want to approve this withdrawal?',
  });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Withdrawal approved')).toBeVisible();

  await page.getByRole('textbox', { name: 'Admin note (optional)' }).fill('duplicate request');
  const second = page.getByRole('row').filter({ hasText: `${tag}-1@` });
  await second.getByRole('button', { name: 'Reject' }).click();
  await page
    .getByRole('dialog', { name: 'Are you sure you want to reject this withdrawal?' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page.getByText('Withdrawal rejected')).toBeVisible();
  await expect.poll(() => balanceOf(userId)).toBe(1200);

  // Decided rows leave the default 'pending' view; under 'All' they have no actions.
  await expect(page.getByRole('row').filter({ hasText: tag })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('');
  await expect(page.getByRole('row').filter({ hasText: tag })).toHaveCount(2);
  await expect(
    page.getByRole('row').filter({ hasText: tag }).getByRole('button', { name: 'Approve' }),
  ).toHaveCount(0);
});

test('bulk actions need a selection, confirm, and skip nothing pending', async ({ page }) => {
  const tag = `bulk${Date.now()}`;
  const { userId } = await playerWithWithdrawals(tag, [100, 150, 250], 0);
  await searchWithdrawals(page, tag);
  await expect(page.getByRole('row').filter({ hasText: tag })).toHaveCount(3);

  await page.getByRole('button', { name: 'Reject selected' }).click();
  await expect(page.getByText('Select at least one row.')).toBeVisible();

  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await page.getByRole('button', { name: 'Reject selected' }).click();
  const dialog = page.getByRole('dialog', { name: "Apply 'reject' to 3 pending withdrawals?" });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(/3 withdrawals rejected/)).toBeVisible();
  await expect.poll(() => balanceOf(userId)).toBe(500);
  await expect(page.getByRole('row').filter({ hasText: tag })).toHaveCount(0);
});

test('the detail page: approve when pending, then the already-decided text, and Back', async ({
  page,
}) => {
  const tag = `detail${Date.now()}`;
  const { ids } = await playerWithWithdrawals(tag, [400]);
  await searchWithdrawals(page, tag);
  await page.getByRole('row').filter({ hasText: tag }).getByRole('link', { name: 'View' }).click();
  await expect(page).toHaveURL(new RegExp(`/withdrawals/${ids[0]}$`));
  await expect(page.getByRole('heading', { name: `Withdrawal ${ids[0]}` })).toBeVisible();

  await page.getByRole('textbox', { name: 'Moderation note' }).fill('verified payee');
  await page.getByRole('button', { name: 'Approve' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm to approve this withdrawal?' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page.getByText('This withdrawal is already approved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(page.getByText('verified payee')).toBeVisible();

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/withdrawals(\?.*)?$/);
});
