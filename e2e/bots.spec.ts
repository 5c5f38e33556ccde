import type { Page } from '@playwright/test';
import { leaveWithUnsavedEdits } from './leaving';
import { signInQuickly, withDatabase } from './support';
import { expect, test } from './test';

const botNamed = (nickname: string) =>
  withDatabase((db) =>
    db.selectFrom('bots').selectAll().where('nickname', '=', nickname).executeTakeFirst(),
  );

async function searchBots(page: Page, term: string) {
  await page.getByRole('searchbox', { name: 'Search nickname or botId' }).fill(term);
  await page.keyboard.press('Enter');
}

test('create, edit, bulk-toggle and delete a bot', async ({ page }) => {
  const tag = `${Date.now()}`;
  const nickname = `Robo ${tag}`;
  await signInQuickly(page, '/bots');
  await expect(page.getByText(/^Total/)).toBeVisible();

  await page.getByRole('link', { name: '+ Create bot' }).click();
  await expect(page).toHaveURL(/\/bots\/new$/);
  // The spec's normalisation: trimmed, skill clamped, sessions at least 1, offers split.
  await page.getByRole('textbox', { name: 'Nickname' }).fill(`  ${nickname}  `);
  await page.getByRole('spinbutton', { name: 'Max sessions' }).fill('0');
  await page.getByRole('spinbutton', { name: 'Skill' }).fill('250');
  // The offers' games are suggested while typing; a name no offer has is warned of before saving.
  const offers = page.getByRole('combobox', { name: 'Allowed offers' });
  await offers.pressSequentially('nosuchgame, Solit');
  await page.getByRole('option', { name: 'Solitaire' }).click();
  await expect(offers).toHaveValue('nosuchgame, Solitaire, ');
  await expect(page.getByText(/^No offer has the game "nosuchgame"\. Games: /)).toBeVisible();
  await offers.fill('Solitaire, , 8 Ball ,');
  await offers.press('Escape');
  await expect(page.getByText(/^No offer has/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Bot created')).toBeVisible();
  await expect(page).toHaveURL(/\/bots(\?|$)/);
  expect(await botNamed(nickname)).toMatchObject({
    active: true,
    max_sessions: 1,
    skill: 100,
    allowed_offers: ['Solitaire', '8 Ball'],
  });

  await searchBots(page, tag);
  const row = page.getByRole('row').filter({ hasText: nickname });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('0/1');
  await expect(row).toContainText('Solitaire, 8 Ball');

  await row.getByRole('link', { name: `Edit ${nickname}` }).click();
  await expect(page).toHaveURL(/\/bots\/bot_[^/]+\/edit$/);
  // A nickname taken by a seeded bot is refused.
  await page.getByRole('textbox', { name: 'Nickname' }).fill('AceBot');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Nickname already exists').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Nickname' }).fill(`${nickname} II`);
  await page.getByRole('spinbutton', { name: 'Max sessions' }).fill('3');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Bot updated')).toBeVisible();
  await expect(page).toHaveURL(/\/bots(\?|$)/);

  await searchBots(page, tag);
  const renamed = page.getByRole('row').filter({ hasText: `${nickname} II` });
  await expect(renamed).toContainText('0/3');
  await page.getByRole('button', { name: 'Disable selected' }).click();
  await expect(page.getByText('Select at least one row.')).toBeVisible();
  await renamed.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Disable selected' }).click();
  await page
    .getByRole('dialog', { name: 'Set active=false for 1 bots?' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(renamed).toContainText('no');
  expect(await botNamed(`${nickname} II`)).toMatchObject({ active: false });

  await renamed.getByRole('button', { name: `Delete ${nickname} II` }).click();
  await page
    .getByRole('dialog', { name: 'Delete this bot?' })
    .getByRole('button', { name: /Confirm|Delete/ })
    .click();
  await expect(page.getByText('No bots found')).toBeVisible();
  expect(await botNamed(`${nickname} II`)).toBeUndefined();
});

test('a new bot: Save says what is missing, numbers say what they will be saved as, leaving asks first', async ({
  page,
}) => {
  await signInQuickly(page, '/bots/new');
  const nickname = page.getByRole('textbox', { name: 'Nickname' });
  const save = page.getByRole('button', { name: 'Save' });
  await expect(nickname).toBeVisible();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Nickname is required')).toBeVisible();
  // the notification names the field, not react-admin's 'The form is not valid'
  await expect(page.getByText('1 field needs attention: Nickname')).toBeVisible();
  await expect(page).toHaveURL(/\/bots\/new$/);

  const maxSessions = page.getByRole('spinbutton', { name: 'Max sessions' });
  const skill = page.getByRole('spinbutton', { name: 'Skill' });
  await maxSessions.fill('0');
  await expect(maxSessions).toHaveAccessibleDescription('Saved as 1: at least 1');
  await skill.fill('250');
  await expect(skill).toHaveAccessibleDescription('Saved as 100: at most 100');
  await skill.fill('80');
  await expect(skill).toHaveAccessibleDescription('1-100');

  await nickname.fill(`Unsaved ${Date.now()}`);
  await leaveWithUnsavedEdits(page, 'Dashboard', 'stay');
  await expect(nickname).toHaveValue(/^Unsaved /);
  await leaveWithUnsavedEdits(page, 'Dashboard', 'leave');
  await expect(page).toHaveURL(/\/$/);
});

test('a failed save then a good one: the success replaces the error at once', async ({ page }) => {
  const nickname = `Toast ${Date.now()}`;
  await signInQuickly(page, '/bots/new');
  await page.getByRole('textbox', { name: 'Nickname' }).fill('AceBot');
  await page.getByRole('button', { name: 'Save' }).click();
  const errorToast = page.getByRole('alert').filter({ hasText: 'Nickname already exists' });
  await expect(errorToast).toBeVisible();

  // Enter, as a keyboard user saves: a click elsewhere would close the error itself
  await page.getByRole('textbox', { name: 'Nickname' }).fill(nickname);
  await page.getByRole('textbox', { name: 'Nickname' }).press('Enter');
  await expect(page).toHaveURL(/\/bots(\?|$)/);
  // react-admin queued the success behind the error, which stayed up for seconds
  await expect(errorToast).toHaveCount(0, { timeout: 500 });
  await expect(page.getByText('Bot created')).toBeVisible();
  expect(await botNamed(nickname)).toBeDefined();
});

test('the list, a bot and its edit form open from a deep link and from a click', async ({
  page,
}) => {
  const ace = await botNamed('AceBot');
  if (!ace) throw new Error('the seeded AceBot is missing');
  const showPath = `/bots/${ace.bot_id}/show`;
  const editPath = `/bots/${ace.bot_id}/edit`;

  await signInQuickly(page, '/bots');
  await searchBots(page, 'AceBot');
  const row = page.getByRole('row').filter({ hasText: ace.bot_id });
  await row.getByRole('link', { name: 'AceBot', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${showPath}$`));
  await expect(page.getByRole('heading', { level: 2, name: 'AceBot' })).toBeVisible();
  await expect(page.getByText(ace.bot_id)).toBeVisible();
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${editPath}$`));
  await expect(page.getByRole('textbox', { name: 'Nickname' })).toHaveValue('AceBot');

  await page.goto(showPath);
  await expect(page.getByRole('heading', { level: 2, name: 'AceBot' })).toBeVisible();
  await page.goto(editPath);
  await expect(page.getByRole('textbox', { name: 'Nickname' })).toHaveValue('AceBot');
  await page.goto('/bots');
  await expect(page.getByRole('link', { name: '+ Create bot' })).toBeVisible();
});
