import type { Browser, Page } from '@playwright/test';
import { sql } from 'kysely';
import { createUser } from '../server/modules/users/create';
import { insertWithdrawal } from '../server/test/fixtures';
import { ADMIN, exclusively, PAYOUTS, signIn, signInQuickly, withDatabase } from './support';
import { expect, test } from './test';

// Four-eyes in two browsers: the `admin` sets a threshold on Payout Controls and gives the first
// approval; a second admin, signed in elsewhere, gives the second. The threshold sits near the
// maximum so that the other specs' small withdrawals, approved meanwhile, stay one-step.

const THRESHOLD = 900_000;
const PASSWORD = 'second-approver-1';

async function setUp(tag: string) {
  return withDatabase(async (db) => {
    const second = await createUser(db, {
      username: `second-${tag}`,
      email: `second-${tag}@example.com`,
      password: PASSWORD,
      admin: true,
      permissions: ['withdrawals:read', 'withdrawals:approve'],
    });
    const payee = await createUser(db, {
      username: `payee-${tag}`,
      email: `payee-${tag}@example.com`,
      balance: 5000,
    });
    const large = await insertWithdrawal(db, {
      userId: payee.user_id,
      pointsSpent: 950_000_000,
      rateUsdPerPoint: 0.001,
      usdValue: 950_000,
      destination: `large-${tag}@payout.example`,
    });
    const small = await insertWithdrawal(db, {
      userId: payee.user_id,
      pointsSpent: 300,
      destination: `small-${tag}@payout.example`,
    });
    return {
      second: second.username,
      payee: payee.user_id,
      large: String(large.id),
      small: String(small.id),
    };
  });
}

const stateOf = (withdrawalId: string, userId: string) =>
  withDatabase(async (db) => {
    const { rows } = await sql<{ status: string; balance: number }>`
      SELECT w.status, u.balance FROM withdrawals w JOIN users u ON u.user_id = w.user_id
      WHERE w.id = ${withdrawalId} AND u.user_id = ${userId}`.execute(db);
    return rows[0];
  });

const turnOff = () =>
  withDatabase((db) => sql`DELETE FROM settings WHERE key = 'payouts'`.execute(db).then(() => {}));

/** The withdrawals list searched down to one row, by its unique destination. */
async function findRow(page: Page, destination: string) {
  await page.goto('/withdrawals');
  await page
    .getByRole('searchbox', { name: 'Search userId, destination or typeId' })
    .fill(destination);
  await page.keyboard.press('Enter');
  const row = page.getByRole('row').filter({ hasText: destination });
  await expect(row).toHaveCount(1);
  return row;
}

async function approveRow(page: Page, destination: string) {
  const row = await findRow(page, destination);
  await row.getByRole('button', { name: 'Approve' }).click();
  await page
    .getByRole('dialog', { name: 'Are you sure you want to approve this withdrawal?' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  return row;
}

async function secondAdminPage(browser: Browser, baseURL: string | undefined, username: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, username, PASSWORD);
  return { context, page };
}

test('a large withdrawal needs two admins; a reject with reason Other needs a note', async ({
  page,
  browser,
  baseURL,
}) => {
  const tag = `4eyes${Date.now()}`;
  const ids = await setUp(tag);
  const large = `large-${tag}@payout.example`;
  const before = await stateOf(ids.large, ids.payee);

  // one spec at a time sets the payout controls
  await exclusively(async () => {
    try {
      // The threshold, on Payout Controls.
      await signInQuickly(page, '/settings/payouts');
      await page.getByRole('switch', { name: 'Require a second approval' }).check();
      await page.getByLabel('Second approval from (USD)').fill(String(THRESHOLD));
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Payout controls saved')).toBeVisible();

      // The first approval keeps it pending, and this admin cannot give the second.
      const row = await findRow(page, large);
      await expect(row.getByRole('cell', { name: '0 of 2' })).toBeVisible();
      await approveRow(page, large);
      await expect(
        page.getByText('First approval recorded. A second admin must approve.'),
      ).toBeVisible();
      await expect(row.getByRole('cell', { name: '1 of 2' })).toBeVisible();
      await expect(row.getByRole('button', { name: 'Approve' })).toBeDisabled();
      expect((await stateOf(ids.large, ids.payee))?.status).toBe('pending');

      await page.goto(`/withdrawals/${ids.large}`);
      await expect(
        page.getByText('A different admin must give the second approval.'),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Approve' })).toBeDisabled();

      // The second admin, in a browser of their own, approves it; it leaves the pending list.
      const second = await secondAdminPage(browser, baseURL, ids.second);
      try {
        await approveRow(second.page, large);
        await expect(second.page.getByText('Withdrawal approved')).toBeVisible();
        await expect(second.page.getByRole('row').filter({ hasText: large })).toHaveCount(0);
        await expect(second.page.getByText('No withdrawals found')).toBeVisible();
      } finally {
        await second.context.close();
      }
      await expect
        .poll(() => stateOf(ids.large, ids.payee))
        .toEqual({
          status: 'approved',
          balance: before?.balance,
        });

      // Both approvals on the withdrawal's timeline, newest first.
      await page.goto(`/withdrawals/${ids.large}`);
      const history = page.getByRole('region', { name: 'History' });
      await expect(history.getByText('Approved', { exact: true })).toBeVisible();
      await expect(history.getByText('First approval (1 of 2)')).toBeVisible();
      await expect(history.getByText(ids.second)).toBeVisible();
      await expect(history.getByText(ADMIN.username, { exact: true }).first()).toBeVisible();
    } finally {
      await turnOff();
    }
  }, PAYOUTS);

  // A reject with reason Other and no note is refused in the dialog and sends nothing.
  const small = `small-${tag}@payout.example`;
  const row = await findRow(page, small);
  await row.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog', {
    name: 'Are you sure you want to reject this withdrawal?',
  });
  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Other' }).click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Add a note when the reason is Other.')).toBeVisible();
  await expect(dialog).toBeVisible();
  expect((await stateOf(ids.small, ids.payee))?.status).toBe('pending');
});
