import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { playerWithWithdrawals } from './payees';
import { nothingLoading, signInQuickly, withDatabase } from './support';
import { expect, test } from './test';

// The review on the demo data (server/seed/risk-cases.ts): the risk card and its evidence link
// on a demo withdrawal, which these tests only read; the decisions are made on players made here.

const SHARED_WALLET = 'payouts@shared-wallet.example';
const dataRows = (page: Page) => page.locator('tbody tr');

/** Searches the queue and waits for the search to have run: a row the next render replaces may
 * lose the click meant for it. */
async function search(page: Page, term: string) {
  await page.getByRole('searchbox', { name: 'Search userId, destination or typeId' }).fill(term);
  await expect(dataRows(page).filter({ hasNotText: term })).toHaveCount(0);
  await expect(dataRows(page).filter({ hasText: term }).first()).toBeVisible();
}

test('the withdrawal page shows the risk signals first, each linking to its evidence', async ({
  page,
}) => {
  await signInQuickly(page, '/withdrawals');
  await search(page, SHARED_WALLET);
  const quinn = page.getByRole('row').filter({ hasText: 'quinn_sharedpay' });
  await expect(quinn.getByLabel(/^High risk, \d+ signals?$/)).toBeVisible();
  await quinn.getByRole('link', { name: 'View' }).click();

  const card = page.getByRole('region', { name: 'Risk signals' });
  const shared = card.getByRole('listitem').filter({ hasText: 'Shared destination' });
  await expect(shared).toContainText('High');
  await expect(shared).toContainText('2 other accounts withdrew to this destination');
  // the card comes before the decision buttons
  const cardBox = await card.boundingBox();
  const approveBox = await page.getByRole('button', { name: 'Approve' }).boundingBox();
  expect(cardBox && approveBox && cardBox.y + cardBox.height <= approveBox.y).toBe(true);
  await nothingLoading(page);
  await expectAccessible(page);

  await shared.getByRole('link', { name: 'Show the withdrawals' }).click();
  await expect(page).toHaveURL(/\/withdrawals\?filter=/);
  await expect(page.getByRole('button', { name: `Destination: ${SHARED_WALLET}` })).toBeVisible();
  // every status to that destination, the three accounts' among them
  for (const name of ['quinn_sharedpay', 'reese_sharedpay', 'sage_sharedpay']) {
    await expect(page.getByRole('row').filter({ hasText: name }).first()).toBeVisible();
  }
  await expect(dataRows(page).filter({ hasNotText: SHARED_WALLET })).toHaveCount(0);
});

test('approving a withdrawal with a high signal asks first, naming it', async ({ page }) => {
  const tag = `high${Date.now()}`;
  const {
    ids: [id],
  } = await playerWithWithdrawals(tag, [200], { name: 'review' });
  await signInQuickly(page, `/withdrawals/${id}`);
  await expect(
    page.getByRole('region', { name: 'Risk signals' }).getByText('New account'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm to approve this withdrawal?' });
  await expect(dialog).toContainText('This withdrawal has high risk signals: New account.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('This withdrawal is already approved.')).toBeVisible();
});

test('bulk approve counts the rows with a high signal and can leave them out', async ({ page }) => {
  const tag = `bulkrisk${Date.now()}`;
  const {
    ids: [young],
  } = await playerWithWithdrawals(`${tag}a`, [100], { name: 'review' });
  const {
    ids: [settled],
  } = await playerWithWithdrawals(`${tag}b`, [150], { name: 'review', ageDays: 60 });
  await signInQuickly(page, '/withdrawals');
  await search(page, tag);
  // the search has run: the newest rows of the whole queue are these two as well
  await expect(dataRows(page)).toHaveCount(2);
  await expect(dataRows(page).filter({ hasText: tag })).toHaveCount(2);
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: `review-${tag}a` })
      .getByLabel(/^High risk/),
  ).toBeVisible();

  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await page.getByRole('button', { name: 'Approve selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve 2 withdrawals?' });
  await expect(dialog).toContainText('1 of these 2 withdrawals carries a high risk signal.');
  await dialog.getByRole('checkbox', { name: 'Leave them out' }).check();
  await expect(page.getByRole('dialog', { name: 'Approve 1 withdrawal?' })).toBeVisible();
  await page
    .getByRole('dialog', { name: 'Approve 1 withdrawal?' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page.getByText('1 withdrawal approved')).toBeVisible();

  const statuses = await withDatabase((db) =>
    db
      .selectFrom('withdrawals')
      .select(['id', 'status'])
      .where('id', 'in', [Number(young), Number(settled)])
      .orderBy('id')
      .execute(),
  );
  expect(statuses.map((row) => row.status)).toEqual(['pending', 'approved']);
});

test('the queue scans: one line a row, 15 rows and more in view at 1440x900', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInQuickly(page, '/withdrawals');
  await expect(dataRows(page)).toHaveCount(20);
  await nothingLoading(page);

  const heights = await dataRows(page).evaluateAll((rows) =>
    rows.map((row) => row.getBoundingClientRect().height),
  );
  const inView = await dataRows(page).evaluateAll(
    (rows) => rows.filter((row) => row.getBoundingClientRect().bottom <= window.innerHeight).length,
  );
  test.info().annotations.push({
    type: 'measured',
    description: `${inView} rows in view, rows ${Math.min(...heights)}-${Math.max(...heights)} px`,
  });
  expect(inView).toBeGreaterThanOrEqual(15);
  // one line each: every row as tall as the shortest
  expect(Math.max(...heights) - Math.min(...heights)).toBeLessThan(2);
  expect(Math.max(...heights)).toBeLessThan(44);

  // the id and email on hover
  const user = dataRows(page).first().locator('td').nth(1).locator('span[tabindex="0"]');
  await user.hover();
  await expect(page.getByRole('tooltip')).toContainText(/USR-|@/);
  await expectAccessible(page);

  // still one line at 1280 px
  await page.setViewportSize({ width: 1280, height: 800 });
  const narrow = await dataRows(page).evaluateAll((rows) =>
    rows.map((row) => row.getBoundingClientRect().height),
  );
  expect(Math.max(...narrow)).toBeLessThan(44);
});
