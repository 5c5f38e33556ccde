import { signInQuickly } from './support';
import { expect, test } from './test';

test('the dashboard: chart in three ranges, totals, KPI cards and Refresh', async ({ page }) => {
  await signInQuickly(page);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const chart = page.getByRole('figure', { name: 'New users chart' });
  await expect(chart.locator('.MuiLineChart-line').first()).toBeVisible();

  const range = page.getByRole('group', { name: 'Range' });
  await expect(range.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
  const total = page.getByRole('group', { name: 'Total in range' });
  for (const name of ['Day', 'Month', 'Week']) {
    const answer = page.waitForResponse((r) => r.url().includes(`range=${name.toLowerCase()}`));
    await range.getByRole('button', { name }).click();
    const body = await (await answer).json();
    await expect(total).toContainText(String(body.totalInRange));
    await expect(range.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'true');
  }

  // one 'Live' on the page, the top bar's: not one more on each card
  await expect(page.getByRole('status', { name: 'Live updates' })).toHaveText('Live');
  await expect(page.getByText('Live', { exact: true })).toHaveCount(1);
  await expect(page.getByRole('link', { name: /Total users/ })).toContainText(/\d/);

  const refreshed = Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/admin/stats/users')),
    page.waitForResponse((r) => r.url().includes('/api/admin/stats/summary')),
  ]);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await refreshed;
});

test('@narrow the dashboard and withdrawals fit a narrow screen', async ({ page }) => {
  await signInQuickly(page);
  await expect(page.getByRole('figure', { name: 'New users chart' })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(800);
  await page.goto('/withdrawals');
  await expect(page.getByRole('heading', { name: 'Withdrawals' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800);
});
