import { insertBot } from '../server/test/fixtures';
import { ADMIN, menu, signInQuickly, withDatabase } from './support';
import { expect, test } from './test';

test('a change made in the console is in the Audit log, with who made it and before/after', async ({
  page,
}) => {
  const bot = await withDatabase((db) => insertBot(db, { maxSessions: 1 }));

  // The change: a bot's max sessions, 1 → 4.
  await signInQuickly(page, `/bots/${bot.bot_id}/edit`);
  await page.getByRole('spinbutton', { name: 'Max sessions' }).fill('4');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Bot updated')).toBeVisible();

  await menu(page).getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/audit(\?|$)/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Action' }).selectOption('bot.update');
  await page.getByRole('combobox', { name: 'Record type' }).selectOption('bot');
  await page.getByRole('textbox', { name: 'Record id' }).fill(bot.bot_id);
  await page.keyboard.press('Enter');
  await expect(page.getByText('1 total · Page 1 of 1')).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: bot.bot_id });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(ADMIN.username);
  // the timelines' words, the code on hover
  await expect(row.getByText('Updated', { exact: true })).toHaveAttribute('title', 'bot.update');
  await expect(row.getByRole('link', { name: `bot ${bot.bot_id}` })).toHaveAttribute(
    'href',
    `/bots/${bot.bot_id}/edit`,
  );

  await row.getByRole('link', { name: /^View entry/ }).click();
  await expect(page).toHaveURL(/\/audit\/\d+\/show$/);
  const side = (name: string) =>
    page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name }) });
  await expect(side('Before').locator('pre')).toHaveText(/"maxSessions": 1/);
  await expect(side('After').locator('pre')).toHaveText(/"maxSessions": 4/);

  // Back keeps the filters.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('textbox', { name: 'Record id' })).toHaveValue(bot.bot_id);
});
