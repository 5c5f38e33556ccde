import type { Browser, Page } from '@playwright/test';
import { alsoViewing } from '../contract/live';
import { createUser } from '../server/modules/users/create';
import { insertWithdrawal } from '../server/test/fixtures';
import { type OwnServer, ownServer, signedInPageOn } from './own-server';
import { expect, test } from './test';

// The live console against a server of its own: a second instance, started here, over a
// database of its own in the e2e PostgreSQL. Its figures move only with this file's changes, and
// it can be restarted while its database stays up, as one instance behind a load balancer is.

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'live-admin-password';

let server: OwnServer;

test.beforeAll(async () => {
  server = await ownServer('live_e2e', { ADMIN_PASSWORD: PASSWORD });
  await createUser(server.db, {
    username: 'reviewer',
    email: 'reviewer@example.com',
    password: PASSWORD,
    admin: true,
    permissions: ['withdrawals:read', 'withdrawals:approve'],
  });
});

test.afterAll(() => server?.close());

async function pendingWithdrawal(tag: string) {
  const payee = await createUser(server.db, {
    username: `payee-${tag}`,
    email: `payee-${tag}@example.com`,
    balance: 100,
  });
  const row = await insertWithdrawal(server.db, {
    userId: payee.user_id,
    pointsSpent: 300,
    destination: `${tag}@payout.example`,
  });
  return { id: String(row.id), destination: `${tag}@payout.example` };
}

/** A browser of its own for `username`, signed in through the form of this file's server. */
const signedInPage = (browser: Browser, username: string) =>
  signedInPageOn(server, browser, username, PASSWORD);

const indicator = (page: Page) => page.getByRole('status', { name: 'Live updates' });
const rowOf = (page: Page, destination: string) =>
  page.getByRole('row').filter({ hasText: destination });
const pendingKpi = (page: Page) => page.getByRole('link', { name: /Pending withdrawals/ });

test('a withdrawal approved in one browser leaves the list in another, and the counts follow', async ({
  browser,
}) => {
  const first = await pendingWithdrawal(`live-a-${Date.now()}`);
  const second = await pendingWithdrawal(`live-b-${Date.now()}`);

  const dashboard = await signedInPage(browser, 'admin');
  await expect(pendingKpi(dashboard)).toContainText('2');
  await expect(indicator(dashboard)).toHaveText('Live');
  const watcher = await signedInPage(browser, 'admin');
  await watcher.goto('/withdrawals');
  await expect(rowOf(watcher, first.destination)).toBeVisible();
  await expect(rowOf(watcher, second.destination)).toBeVisible();

  const reviewer = await signedInPage(browser, 'reviewer');
  await reviewer.goto(`/withdrawals/${first.id}`);
  await reviewer.getByRole('button', { name: 'Approve' }).click();
  await reviewer
    .getByRole('dialog', { name: 'Confirm to approve this withdrawal?' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(reviewer.getByText('Withdrawal approved')).toBeVisible();

  // Without a reload: the row leaves the pending list, the figures go down by one.
  await expect(rowOf(watcher, first.destination)).toHaveCount(0, { timeout: 2_000 });
  await expect(rowOf(watcher, second.destination)).toBeVisible();
  await expect(pendingKpi(dashboard)).toContainText('1', { timeout: 2_000 });
  await expect(
    watcher
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: /Withdrawals/ }),
  ).toContainText('1');

  // A new pending withdrawal waits behind a chip instead of moving the rows.
  const third = await pendingWithdrawal(`live-c-${Date.now()}`);
  const chip = watcher.getByRole('button', { name: '1 new' });
  await expect(chip).toBeVisible();
  await expect(rowOf(watcher, third.destination)).toHaveCount(0);
  await chip.click();
  await expect(rowOf(watcher, third.destination)).toBeVisible();
  await expect(chip).toHaveCount(0);

  for (const page of [dashboard, watcher, reviewer]) await page.context().close();
});

test('two reviewers on one withdrawal see each other, until one leaves', async ({ browser }) => {
  const { id } = await pendingWithdrawal(`live-p-${Date.now()}`);
  const ann = await signedInPage(browser, 'admin');
  const ben = await signedInPage(browser, 'reviewer');
  await ann.goto(`/withdrawals/${id}`);
  await ben.goto(`/withdrawals/${id}`);

  await expect(ann.getByText(alsoViewing('reviewer'))).toBeVisible();
  await expect(ben.getByText(alsoViewing('admin'))).toBeVisible();
  await expect(ann.getByText(alsoViewing('admin'))).toHaveCount(0);

  await ben.goto('/withdrawals');
  await expect(ann.getByText(alsoViewing('reviewer'))).toHaveCount(0);

  await ann.context().close();
  await ben.context().close();
});

test("'also viewing' goes once the server is back when the other admin left while it was down", async ({
  browser,
}) => {
  const { id } = await pendingWithdrawal(`live-p-${Date.now()}`);
  const ann = await signedInPage(browser, 'admin');
  const ben = await signedInPage(browser, 'reviewer');
  await ann.goto(`/withdrawals/${id}`);
  await ben.goto(`/withdrawals/${id}`);
  await expect(ann.getByText(alsoViewing('reviewer'))).toBeVisible();

  await server.stop();
  await expect(indicator(ann)).toHaveText('Reconnecting…');
  // ben leaves while no server hears it
  await ben.getByRole('button', { name: 'Back' }).click();
  await server.start();

  await expect(indicator(ann)).toHaveText('Live', { timeout: 40_000 });
  await expect(indicator(ben)).toHaveText('Live', { timeout: 40_000 });
  // ben's page says it left once its stream is back: well before the 30 s drop-off
  await expect(ann.getByText(alsoViewing('reviewer'))).toHaveCount(0, { timeout: 5000 });

  await ann.context().close();
  await ben.context().close();
});

test('after the server restarts the console reconnects and shows what changed meanwhile', async ({
  browser,
}) => {
  const { id, destination } = await pendingWithdrawal(`live-r-${Date.now()}`);
  const page = await signedInPage(browser, 'admin');
  await page.goto('/withdrawals');
  await expect(rowOf(page, destination)).toBeVisible();
  await expect(indicator(page)).toHaveText('Live');

  await server.stop();
  await expect(indicator(page)).toHaveText('Reconnecting…');
  // Decided while no server announced it: only the refetch after the gap can show it.
  await server.db
    .updateTable('withdrawals')
    .set({ status: 'approved', approvals_required: 1, decided_at: new Date() })
    .where('id', '=', Number(id))
    .execute();
  await server.start();

  await expect(indicator(page)).toHaveText('Live', { timeout: 40_000 });
  await expect(rowOf(page, destination)).toHaveCount(0);
  await page.context().close();
});
