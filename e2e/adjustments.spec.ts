import type { Browser } from '@playwright/test';
import { sql } from 'kysely';
import { CREDIT_SECOND_APPROVER, creditRecorded } from '../contract/adjustments';
import { createUser } from '../server/modules/users/create';
import { adminLogin, exclusively, PAYOUTS, signIn, signInQuickly, withDatabase } from './support';
import { expect, test } from './test';

// A big credit in two browsers: the `admin` sets the points threshold on Payout Controls and
// records a credit on the user edit page, with its reason; they cannot approve it themselves; a
// second admin, signed in elsewhere, approves it and the balance changes once. The threshold
// sits near the maximum so that the other specs' balance edits, made meanwhile, apply at once.

const THRESHOLD = 900_000_000;
const START = 5000;
const PASSWORD = 'credit-approver-1';

async function setUp(tag: string) {
  return withDatabase(async (db) => {
    const second = await createUser(db, {
      username: `approver-${tag}`,
      email: `approver-${tag}@example.com`,
      password: PASSWORD,
      admin: true,
      permissions: ['users:read', 'adjustments:approve'],
    });
    const player = await createUser(db, {
      username: `credited-${tag}`,
      email: `credited-${tag}@example.com`,
      balance: START,
    });
    return { second: second.username, player: player.user_id, username: player.username };
  });
}

const stateOf = (userId: string) =>
  withDatabase(async (db) => {
    const balance = await sql<{ balance: number }>`
      SELECT balance FROM users WHERE user_id = ${userId}`.execute(db);
    const credits = await sql<{ status: string; delta: number; reason: string }>`
      SELECT status, delta::int AS delta, reason FROM adjustments WHERE user_id = ${userId}`.execute(
      db,
    );
    return { balance: Number(balance.rows[0]?.balance), credits: credits.rows };
  });

async function secondAdminPage(browser: Browser, baseURL: string | undefined, username: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, username, PASSWORD);
  return { context, page };
}

test('a credit from the points threshold waits for a second admin, then applies once', async ({
  page,
  browser,
  baseURL,
}) => {
  const tag = `credit${Date.now()}`;
  const ids = await setUp(tag);
  const credit = `${THRESHOLD.toLocaleString('en-US')} points`;

  // one spec at a time sets the payout controls
  await exclusively(async () => {
    try {
      // The threshold, on Payout Controls.
      await signInQuickly(page, '/settings/payouts');
      await page.getByRole('switch', { name: 'Second approval of credits' }).check();
      await page.getByLabel('Second approval from (points)').fill(String(THRESHOLD));
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Payout controls saved')).toBeVisible();

      // The credit on the user edit page: its reason first, then it is recorded, not applied.
      await page.goto(`/users/${ids.player}/edit`);
      const balance = page.getByRole('spinbutton', { name: 'Balance' });
      await expect(balance).toHaveValue(String(START));
      await balance.fill(String(START + THRESHOLD));
      await page.getByRole('button', { name: 'Save' }).click();
      const dialog = page.getByRole('dialog', { name: `Why credit ${credit}?` });
      await dialog.getByRole('combobox', { name: 'Reason' }).click();
      await page.getByRole('option', { name: 'Contest prize' }).click();
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByText(creditRecorded(THRESHOLD))).toBeVisible();
      await expect(balance).toHaveValue(String(START));
      expect(await stateOf(ids.player)).toEqual({
        balance: START,
        credits: [{ status: 'pending', delta: THRESHOLD, reason: 'contest_prize' }],
      });

      // Listed on the player's page; its requester may not approve it, and is told why.
      await page.goto(`/users/${ids.player}`);
      const pending = page.getByRole('region', { name: 'Credits awaiting a second approval' });
      await pending.getByRole('link', { name: `+${credit}` }).click();
      await expect(page.getByText(CREDIT_SECOND_APPROVER)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Approve', exact: true })).toBeDisabled();
      const creditPath = new URL(page.url()).pathname;

      // The second admin finds it in Adjustments (pending, by player) and approves it.
      const second = await secondAdminPage(browser, baseURL, ids.second);
      try {
        const other = second.page;
        await other
          .getByRole('navigation', { name: 'Main menu' })
          .getByRole('link', { name: 'Adjustments' })
          .click();
        await other.getByRole('searchbox', { name: 'Player (userId)' }).fill(ids.player);
        await other.keyboard.press('Enter');
        const row = other.getByRole('row').filter({ hasText: ids.username });
        await expect(row).toHaveCount(1);
        await expect(row.getByRole('cell', { name: 'Contest prize' })).toBeVisible();
        await row.getByRole('link', { name: 'View' }).click();
        await expect(other).toHaveURL(new RegExp(`${creditPath}$`));
        await other.getByRole('button', { name: 'Approve', exact: true }).click();
        await other
          .getByRole('dialog', { name: 'Are you sure you want to approve this credit?' })
          .getByRole('button', { name: 'Confirm' })
          .click();
        await expect(other.getByText('Credit approved')).toBeVisible();
        await expect(other.getByText('This credit is already approved.')).toBeVisible();
      } finally {
        await second.context.close();
      }

      // Applied once; the requester's page follows.
      expect(await stateOf(ids.player)).toEqual({
        balance: START + THRESHOLD,
        credits: [{ status: 'approved', delta: THRESHOLD, reason: 'contest_prize' }],
      });
      await expect(page.getByText('This credit is already approved.')).toBeVisible();
    } finally {
      // only the points threshold: four-eyes.spec.ts owns the USD one
      const { token } = await adminLogin(page.request);
      const off = await page.request.patch('/api/admin/settings/payouts', {
        data: { secondApprovalFromPoints: null },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(off.status(), 'PATCH /api/admin/settings/payouts').toBe(200);
    }
  }, PAYOUTS);
});
