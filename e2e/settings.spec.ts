import type { Page } from '@playwright/test';
import { leaveWithUnsavedEdits } from './leaving';
import { signInQuickly, withDatabase } from './support';
import { expect, test } from './test';

const storedSetting = (key: string) =>
  withDatabase((db) =>
    db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst(),
  );

/** A short tag unique to this run, for values no other run has saved. */
const tag = () => Date.now().toString(36).slice(-5);

const save = async (page: Page, message: string) => {
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(message)).toBeVisible();
};

test('change the daily rewards schedule; it is there after a reload', async ({ page }) => {
  const label = `Weekend ${tag()}`;
  await signInQuickly(page, '/settings/daily-rewards');
  const saturday = page.getByRole('group', { name: 'Sat' });
  const sunday = page.getByRole('group', { name: 'Sun' });
  const enabled = page.getByRole('checkbox', { name: 'Enable daily rewards' });
  await expect(saturday.getByRole('textbox', { name: 'Label' })).toBeVisible();
  const wasOn = await enabled.isChecked();

  await saturday.getByRole('textbox', { name: 'Label' }).fill(label);
  await saturday.getByRole('spinbutton', { name: 'Value' }).fill('75');
  await sunday.getByRole('spinbutton', { name: 'Value' }).fill('120');
  await enabled.setChecked(!wasOn);
  const previewDay = page
    .getByRole('list', { name: 'Week preview' })
    .getByRole('listitem')
    .filter({ hasText: label });
  await expect(previewDay).toContainText('75 pts');
  await save(page, 'Daily Rewards updated');

  await page.reload();
  await expect(saturday.getByRole('textbox', { name: 'Label' })).toHaveValue(label);
  await expect(saturday.getByRole('spinbutton', { name: 'Value' })).toHaveValue('75');
  await expect(sunday.getByRole('spinbutton', { name: 'Value' })).toHaveValue('120');
  await expect(enabled).toBeChecked({ checked: !wasOn });
  await expect(page.getByText(/^Last updated: /)).toBeVisible();
  const stored = (await storedSetting('daily_rewards'))?.value as Record<string, unknown[]>;
  expect(stored).toMatchObject({ isActive: !wasOn });
  expect(stored.labels?.[5]).toBe(label);
  expect(stored.values?.slice(5)).toEqual([75, 120]);
});

test('change the referral settings; they are there after a reload', async ({ page }) => {
  const points = 100 + (Date.now() % 900);
  await signInQuickly(page, '/settings/referral');
  const max = page.getByRole('spinbutton', { name: 'Max referrals per user' });
  const each = page.getByRole('spinbutton', { name: 'Points per referral' });
  await expect(max).toBeVisible();

  await max.fill('12');
  await each.fill(String(points));
  await expect(
    page.getByText(`Each referral earns ${points} points, up to 12 referrals per user.`),
  ).toBeVisible();
  await save(page, 'Referral settings saved');

  await page.reload();
  await expect(max).toHaveValue('12');
  await expect(each).toHaveValue(String(points));
  expect((await storedSetting('referral'))?.value).toEqual({
    maxReferralsPerUser: 12,
    pointsPerReferral: points,
  });
});

test('change the app info, a blank field refused first; it is there after a reload', async ({
  page,
}) => {
  const title = `Rewards Arena ${tag()}`;
  await signInQuickly(page, '/settings/appinfo');
  const field = (name: string) => page.getByRole('textbox', { name });
  await expect(field('Title')).toBeVisible();

  await field('Title').fill(`  ${title} `);
  await field('Version').fill('');
  await field('Support email').fill('help@rewards.example');
  await field('Description').fill('Skill games, daily rewards and cash-outs.');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Version is required')).toBeVisible();

  await field('Version').fill('3.0.1');
  await save(page, 'App info saved');
  await expect(field('Title')).toHaveValue(title);

  await page.reload();
  await expect(field('Title')).toHaveValue(title);
  await expect(field('Version')).toHaveValue('3.0.1');
  await expect(field('Support email')).toHaveValue('help@rewards.example');
  await expect(page.getByRole('group', { name: 'App info preview' })).toContainText(title);
  expect((await storedSetting('app_info'))?.value).toEqual({
    title,
    description: 'Skill games, daily rewards and cash-outs.',
    email: 'help@rewards.example',
    version: '3.0.1',
  });
});

test('numbers say what they will be saved as; leaving unsaved edits asks first', async ({
  page,
}) => {
  await signInQuickly(page, '/settings/referral');
  const max = page.getByRole('spinbutton', { name: 'Max referrals per user' });
  const each = page.getByRole('spinbutton', { name: 'Points per referral' });
  await expect(max).toBeVisible();
  await max.fill('2.7');
  await expect(max).toHaveAccessibleDescription('Saved as 2: whole numbers only');
  await each.fill('-5');
  await expect(each).toHaveAccessibleDescription('Saved as 0: values cannot be negative');

  await leaveWithUnsavedEdits(page, 'Dashboard', 'stay');
  await expect(max).toHaveValue('2.7');
  await leaveWithUnsavedEdits(page, 'Dashboard', 'leave');

  await page.goto('/settings/daily-rewards');
  const saturday = page.getByRole('group', { name: 'Sat' }).getByRole('spinbutton', {
    name: 'Value',
  });
  await saturday.fill('-3');
  await expect(saturday).toHaveAccessibleDescription('Saved as 0: values cannot be negative');
  await leaveWithUnsavedEdits(page, 'Dashboard', 'stay');
  await expect(saturday).toHaveValue('-3');
});
