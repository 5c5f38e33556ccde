import type { Locator, Page } from '@playwright/test';
import { sql } from 'kysely';
import { createUser } from '../server/modules/users/create';
import { playerWithWithdrawals } from './payees';
import { signIn, signInQuickly, withDatabase } from './support';
import { expect, test } from './test';

// Each test makes its own player and withdrawals, found by a unique destination, so tests
// running in parallel (and the demo data) never get in each other's way.

const balanceOf = (userId: string) =>
  withDatabase(async (db) => {
    const { rows } = await sql<{
      balance: number;
    }>`SELECT balance FROM users WHERE user_id = ${userId}`.execute(db);
    return rows[0]?.balance;
  });

/** Picks a reason in a reject dialog (required there). */
async function pickReason(page: Page, dialog: Locator, reason = 'Duplicate account') {
  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: reason }).click();
}

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

  const second = page.getByRole('row').filter({ hasText: `${tag}-1@` });
  await second.getByRole('button', { name: 'Reject' }).click();
  const rejecting = page.getByRole('dialog', {
    name: 'Are you sure you want to reject this withdrawal?',
  });
  await rejecting.getByRole('textbox', { name: 'Admin note' }).fill('duplicate request');
  await pickReason(page, rejecting);
  await rejecting.getByRole('button', { name: 'Confirm' }).click();
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
  const { userId } = await playerWithWithdrawals(tag, [100, 150, 250], { balance: 0 });
  await searchWithdrawals(page, tag);
  await expect(page.getByRole('row').filter({ hasText: tag })).toHaveCount(3);

  await page.getByRole('button', { name: 'Reject selected' }).click();
  await expect(page.getByText('Select at least one row.')).toBeVisible();

  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await page.getByRole('button', { name: 'Reject selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject 3 withdrawals?' });
  await pickReason(page, dialog);
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
  // the admin note; the approval's own line below 'Approvals' holds it too
  await expect(page.getByRole('definition').filter({ hasText: /^verified payee$/ })).toBeVisible();

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/withdrawals(\?.*)?$/);
});

const notesOf = (ids: string[]) =>
  withDatabase(async (db) => {
    const rows = await db
      .selectFrom('withdrawals')
      .select(['id', 'status', 'admin_note'])
      .where('id', 'in', ids.map(Number))
      .orderBy('id')
      .execute();
    return rows.map((row) => [row.status, row.admin_note]);
  });

test('a note goes with one decision only: the confirmation names its rows, the next starts without it', async ({
  page,
}) => {
  const tag = `note${Date.now()}`;
  const { ids } = await playerWithWithdrawals(tag, [10, 20, 30]);
  await searchWithdrawals(page, tag);
  const row = (i: number) => page.getByRole('row').filter({ hasText: `${tag}-${i}@` });
  await expect(page.getByRole('row').filter({ hasText: tag })).toHaveCount(3);

  // the list has no note box of its own: the note is typed where it is confirmed
  await expect(page.getByRole('textbox', { name: /Admin note/ })).toHaveCount(0);
  await row(0).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Approve selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve 1 withdrawal?' });
  await dialog.getByRole('textbox', { name: 'Admin note' }).fill('paid in batch 7');
  await expect(dialog).toContainText(`The note "paid in batch 7" will be saved on: payee-${tag}`);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('1 withdrawal approved')).toBeVisible();

  // The next decisions, the note untouched, carry none.
  await row(1).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Reject selected' }).click();
  const next = page.getByRole('dialog', { name: 'Reject 1 withdrawal?' });
  await expect(next.getByRole('textbox', { name: 'Admin note' })).toHaveValue('');
  await expect(next).toContainText('No admin note will be saved.');
  await pickReason(page, next);
  await next.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('1 withdrawal rejected')).toBeVisible();
  await row(2).getByRole('button', { name: 'Approve' }).click();
  const single = page.getByRole('dialog', {
    name: 'Are you sure you want to approve this withdrawal?',
  });
  await expect(single.getByRole('textbox', { name: 'Admin note' })).toHaveValue('');
  await single.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Withdrawal approved')).toBeVisible();

  await expect
    .poll(() => notesOf(ids))
    .toEqual([
      ['approved', 'paid in batch 7'],
      ['rejected', null],
      ['approved', null],
    ]);
});

test("a disabled player's withdrawal: shown as such, approve disabled, reject refunds", async ({
  page,
}) => {
  const tag = `disabled${Date.now()}`;
  const { userId } = await playerWithWithdrawals(tag, [300], { balance: 0 });
  await withDatabase((db) =>
    db.updateTable('users').set({ status: 'disabled' }).where('user_id', '=', userId).execute(),
  );
  await searchWithdrawals(page, tag);
  const row = page.getByRole('row').filter({ hasText: tag });
  await expect(row).toContainText('Account: disabled');

  // refused before any confirmation, saying why
  const approve = row.getByRole('button', { name: 'Approve' });
  await expect(approve).toBeDisabled();
  await approve.hover({ force: true });
  await expect(
    page.getByRole('tooltip', {
      name: "This player's account is disabled: their withdrawal can be rejected, not approved.",
    }),
  ).toBeVisible();
  await expect(row).toContainText('pending');

  await row.getByRole('button', { name: 'Reject' }).click();
  const rejecting = page.getByRole('dialog', {
    name: 'Are you sure you want to reject this withdrawal?',
  });
  await pickReason(page, rejecting);
  await rejecting.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Withdrawal rejected')).toBeVisible();
  await expect.poll(() => balanceOf(userId)).toBe(300);
});

test('an unknown record says what was not found and goes back to its list', async ({ page }) => {
  await signInQuickly(page, '/withdrawals/9999999');
  await expect(page.getByText('Withdrawal not found')).toBeVisible();
  await expect(page).toHaveURL(/\/withdrawals$/);
  await expect(page.getByText('Element does not exist')).toHaveCount(0);

  await page.goto('/withdrawals/abc');
  await expect(page.getByText('Withdrawal not found')).toBeVisible();
  await expect(page).toHaveURL(/\/withdrawals$/);

  await page.goto('/users/USR-NOPE');
  await expect(page.getByText('User not found')).toBeVisible();
  await expect(page).toHaveURL(/\/users$/);
  await page.goto('/users/USR-NOPE/edit');
  await expect(page.getByText('User not found')).toBeVisible();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByText('Element does not exist')).toHaveCount(0);
});

test("'also viewing' goes when the other admin leaves the page, closes the tab or goes silent", async ({
  page,
  browser,
  baseURL,
}) => {
  const tag = `presence${Date.now()}`;
  const { ids } = await playerWithWithdrawals(tag, [300]);
  const password = 'viewer-password-1';
  const other = await withDatabase((db) =>
    createUser(db, {
      username: `viewer-${tag}`,
      email: `viewer-${tag}@example.com`,
      password,
      admin: true,
      permissions: ['withdrawals:read'],
    }),
  );
  const detail = `/withdrawals/${ids[0]}`;
  const banner = page.getByText(`${other.username} is also viewing this withdrawal`);
  await signInQuickly(page, detail);
  await expect(page.getByText(`${tag}-0@payout.example`)).toBeVisible();

  /** The other admin, signed in in a browser of their own, on the withdrawal. */
  const otherViewer = async () => {
    const context = await browser.newContext({ baseURL });
    const viewer = await context.newPage();
    await signIn(viewer, other.username, password);
    await viewer.goto(detail);
    await expect(banner).toBeVisible();
    return { context, viewer };
  };

  const first = await otherViewer();
  try {
    await first.viewer.getByRole('button', { name: 'Back' }).click();
    await expect(first.viewer).toHaveURL(/\/withdrawals$/);
    await expect(banner).toBeHidden({ timeout: 5000 });

    await first.viewer.goto(detail);
    await expect(banner).toBeVisible();
    await first.viewer.close({ runBeforeUnload: true });
    await expect(banner).toBeHidden({ timeout: 5000 });
  } finally {
    await first.context.close();
  }

  // a browser that goes without a word (its leave never arrives) drops off after 30 s
  const second = await otherViewer();
  try {
    await second.viewer.route('**/api/admin/presence**', (route) =>
      route.request().method() === 'DELETE' ? route.abort() : route.continue(),
    );
    await second.viewer.close({ runBeforeUnload: true });
    await expect(banner).toBeHidden({ timeout: 50_000 });
  } finally {
    await second.context.close();
  }
});
