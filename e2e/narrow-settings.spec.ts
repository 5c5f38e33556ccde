import { nothingLoading, storeSession } from './support';
import { expect, test } from './test';

// Every screen added with the Settings group, and the Audit log, under the 980 px breakpoint: each loads (its
// heading in the top bar) and the page itself never scrolls sideways.
const SCREENS: [string, string][] = [
  ['/bots', 'Bots'],
  ['/games', 'Game Offers'],
  ['/settings/withdrawal-types', 'Withdrawal Types'],
  ['/settings/daily-rewards', 'Daily Rewards'],
  ['/settings/referral', 'Referral'],
  ['/settings/appinfo', 'App Info'],
  ['/settings/integrations', 'Integrations'],
  ['/settings/legal', 'Legal'],
  ['/unity/decks', 'Daily Decks'],
  ['/settings/notifications', 'Push Notifications'],
  ['/audit', 'Audit log'],
];

test('@narrow every settings screen and the Audit log fit a narrow screen', async ({ page }) => {
  test.slow(); // eleven screens, each loaded afresh
  await storeSession(page);
  for (const [path, title] of SCREENS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(title) })).toBeVisible();
    await nothingLoading(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(800);
  }
});
