import type { Locator, Page } from '@playwright/test';
import { TEXT_MAX } from '../contract/limits';
import { DAILY_LABEL_MAX } from '../contract/settings';
import { createUser } from '../server/modules/users/create';
import { adminLogin, signInQuickly, withDatabase } from './support';
import { expect, test } from './test';

// Every form of the console, sent empty and with too much text: whatever it says, it says in
// an admin's words, naming the field, never in the API's developer terms.

const DEVELOPER_WORDING = /Invalid body|Invalid query|expected|Too big|Too small/;

/** Submits, waits for the answer if the form asked the API, and reads every visible text. */
async function submitAndRead(page: Page, submit: Locator) {
  const answered = page
    .waitForResponse(
      (res) => res.url().includes('/api/admin/') && res.request().method() !== 'GET',
      { timeout: 5_000 },
    )
    .catch(() => null);
  await submit.click();
  await answered;
  await expect(
    page.getByRole('alert').or(page.locator('[aria-invalid="true"]')).first(),
  ).toBeVisible();
  await expect(page.locator('body')).not.toContainText(DEVELOPER_WORDING);
}

/**
 * Typing stops at the API's limit (the input's maxlength). Past it (text set by a script, or an
 * older console), the API's refusal still reads plainly.
 */
async function tooLong(
  page: Page,
  field: Locator,
  max: number,
  submit: Locator,
  textOf = (length: number) => 'x'.repeat(length),
) {
  await expect(field).toHaveAttribute('maxlength', String(max));
  await field.fill('x'.repeat(max));
  await field.press('End');
  await field.pressSequentially('yz');
  await expect(field).toHaveValue('x'.repeat(max));
  await field.evaluate((input) => input.removeAttribute('maxlength'));
  await field.fill(textOf(max + 1));
  await submitAndRead(page, submit);
}

/** Clears each field, submits, and reads what the form says. */
async function sentEmpty(page: Page, fields: Locator[], submit: Locator) {
  for (const field of fields) await field.fill('');
  await submitAndRead(page, submit);
}

test('the user edit form and password change speak plainly, naming the field', async ({ page }) => {
  const tag = `msg${Date.now()}`;
  const user = await withDatabase((db) =>
    createUser(db, { username: `pl-${tag}`, email: `pl.${tag}@mail.example` }),
  );
  await signInQuickly(page, `/users/${user.user_id}/edit`);
  const username = page.getByRole('textbox', { name: 'Username' });
  await expect(username).toHaveValue(user.username);
  const save = page.getByRole('button', { name: 'Save', exact: true });

  await sentEmpty(page, [username], save);
  await expect(page.getByText('Username is required').first()).toBeVisible();

  await tooLong(page, username, TEXT_MAX.user.username, save);
  await expect(page.getByText('Username must be at most 64 characters').first()).toBeVisible();
  await username.fill(user.username);

  const email = page.getByRole('textbox', { name: 'Email' });
  // an address the browser takes as one, only too long
  const address = (length: number) => `${'x'.repeat(length - 13)}@mail.example`;
  await tooLong(page, email, TEXT_MAX.user.email, save, address);
  await expect(page.getByText('Email must be at most 254 characters').first()).toBeVisible();
  await email.fill(user.email);
  await tooLong(
    page,
    page.getByRole('textbox', { name: 'Referred by' }),
    TEXT_MAX.user.referredBy,
    save,
  );

  const password = page.getByLabel('New password');
  const change = page.getByRole('button', { name: 'Change password' });
  await sentEmpty(page, [password], change);
  await expect(page.getByText('Min 6 chars')).toBeVisible();
  await tooLong(page, password, TEXT_MAX.password.newPassword, change);

  const permission = page.getByRole('combobox', { name: 'Permission' });
  await tooLong(
    page,
    permission,
    TEXT_MAX.permission.grant,
    page.getByRole('button', { name: 'Grant' }),
  );
  // no such permission: refused on the field, before the API would be asked
  await expect(page.getByText('Pick a permission from the list')).toBeVisible();
});

test('the bot form speaks plainly', async ({ page }) => {
  await signInQuickly(page, '/bots/new');
  const nickname = page.getByRole('textbox', { name: 'Nickname' });
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await sentEmpty(page, [nickname], save);
  await expect(page.getByText('Nickname is required').first()).toBeVisible();
  await tooLong(page, nickname, TEXT_MAX.bot.nickname, save);
  await nickname.fill(`bot-${Date.now()}`);
  await tooLong(
    page,
    page.getByRole('textbox', { name: 'Avatar URL' }),
    TEXT_MAX.bot.avatarUrl,
    save,
  );
});

test('the category and offer forms speak plainly', async ({ page }) => {
  const name = `Msg ${Date.now()}`;
  await signInQuickly(page, '/games');
  const categories = page.getByRole('region', { name: 'Categories' });
  const newCategory = categories.getByRole('form', { name: 'New category' });
  const createCategory = newCategory.getByRole('button', { name: 'Create' });
  const categoryName = newCategory.getByRole('textbox', { name: 'Name' });
  await sentEmpty(page, [categoryName], createCategory);
  await tooLong(page, categoryName, TEXT_MAX.category.name, createCategory);
  await categoryName.fill(name);
  await tooLong(
    page,
    newCategory.getByRole('textbox', { name: 'Slug' }),
    TEXT_MAX.category.slug,
    createCategory,
  );
  await newCategory.getByRole('textbox', { name: 'Slug' }).fill('');
  await createCategory.click();
  await expect(page.getByText('Category created')).toBeVisible();

  await categories
    .getByRole('row')
    .filter({ hasText: name })
    .getByText(name, { exact: true })
    .click();
  const newOffer = page
    .getByRole('region', { name: `Offers in ${name}` })
    .getByRole('form', { name: 'New offer' });
  const createOffer = newOffer.getByRole('button', { name: 'Create' });
  const offerName = newOffer.getByRole('textbox', { name: 'Offer name' });
  const gameName = newOffer.getByRole('textbox', { name: 'Game name' });
  await sentEmpty(page, [offerName, gameName], createOffer);
  await tooLong(page, offerName, TEXT_MAX.offer.name, createOffer);
  await offerName.fill('Daily');
  await tooLong(page, gameName, TEXT_MAX.offer.gameName, createOffer);
});

test('the withdrawal type modal speaks plainly', async ({ page }) => {
  await signInQuickly(page, '/settings/withdrawal-types');
  await page.getByRole('button', { name: 'New Type' }).click();
  const dialog = page.getByRole('dialog', { name: 'New withdrawal type' });
  const save = dialog.getByRole('button', { name: 'Save' });
  const key = dialog.getByRole('textbox', { name: 'Key' });
  const title = dialog.getByRole('textbox', { name: 'Title' });
  await sentEmpty(page, [key, title], save);
  await expect(dialog.getByText('Key is required').first()).toBeVisible();
  await tooLong(page, key, TEXT_MAX.withdrawalType.key, save);
  await key.fill(`msg_${Date.now()}`);
  await tooLong(page, title, TEXT_MAX.withdrawalType.title, save);
});

test('the settings pages speak plainly', async ({ page }) => {
  await signInQuickly(page, '/settings/daily-rewards');
  const saveChanges = page.getByRole('button', { name: 'Save changes' });
  const label = page.getByRole('group', { name: 'Sat' }).getByRole('textbox', { name: 'Label' });
  const value = page.getByRole('group', { name: 'Sat' }).getByRole('spinbutton', { name: 'Value' });
  await expect(label).toBeVisible();
  await sentEmpty(page, [label, value], saveChanges);
  await expect(page.getByText('Label is required')).toBeVisible();
  await tooLong(page, label, DAILY_LABEL_MAX, saveChanges);

  // an empty count is saved as 0 (spec section 5): too big a one is refused instead
  await page.goto('/settings/referral');
  const points = page.getByRole('spinbutton', { name: 'Points per referral' });
  await expect(points).toBeVisible();
  await points.fill('10000000000');
  await submitAndRead(page, saveChanges);
  await expect(page.getByText('Error saving settings')).toBeVisible();

  await page.goto('/settings/appinfo');
  const appTitle = page.getByRole('textbox', { name: 'Title' });
  await expect(appTitle).toBeVisible();
  const texts = ['Title', 'Version', 'Support email', 'Description'].map((name) =>
    page.getByRole('textbox', { name }),
  );
  await sentEmpty(page, texts, saveChanges);
  await expect(page.getByText('Version is required')).toBeVisible();
});

test('the integrations form speaks plainly', async ({ page }) => {
  // a too-long value is refused, so the shared configuration never changes here
  await signInQuickly(page, '/settings/integrations');
  const save = page.getByRole('button', { name: 'Save changes' });
  const channel = page.getByRole('textbox', { name: 'Android Channel ID' });
  await expect(channel).toBeVisible();
  await tooLong(page, channel, TEXT_MAX.onesignal.androidChannelId, save);
  await expect(
    page.getByText('Android Channel ID must be at most 100 characters').first(),
  ).toBeVisible();
  await page.reload();
  await tooLong(
    page,
    page.getByRole('textbox', { name: 'Rewarded Placement (iOS)' }),
    TEXT_MAX.unityAds.rewardedPlacementIos,
    save,
  );
});

test('the push send form carries its limits, and the API names a field past them', async ({
  page,
}) => {
  await signInQuickly(page, '/settings/notifications');
  const form = page.getByRole('form', { name: 'Send a notification' });
  await expect(form.getByRole('textbox', { name: 'Title' })).toHaveAttribute(
    'maxlength',
    String(TEXT_MAX.push.headings),
  );
  await expect(form.getByRole('textbox', { name: 'Message' })).toHaveAttribute(
    'maxlength',
    String(TEXT_MAX.push.contents),
  );
  const { token } = await adminLogin(page.request);
  const res = await page.request.post('/api/admin/notifications/send', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      headings: { en: 't'.repeat(TEXT_MAX.push.headings + 1) },
      contents: { en: '' },
      includedSegments: ['Subscribed Users'],
    },
  });
  expect(res.status()).toBe(400);
  const answer = await res.json();
  expect(JSON.stringify(answer)).not.toMatch(DEVELOPER_WORDING);
  expect(answer.fields).toEqual({
    'headings.en': 'Title (en) must be at most 200 characters',
    'contents.en': 'Message is required',
  });
});

test('the legal editor and the decks speak plainly', async ({ page }) => {
  await signInQuickly(page, '/settings/legal');
  await page.getByRole('button', { name: '+ New version' }).click();
  const text = page.getByRole('textbox', { name: 'Plain text' });
  await text.fill('x'.repeat(200_001));
  await submitAndRead(page, page.getByRole('button', { name: 'Save draft' }));
  await expect(
    page.getByText('Plain text must be at most 200000 characters').first(),
  ).toBeVisible();

  const day = `2099-0${1 + (Date.now() % 9)}-1${Date.now() % 10}`;
  await page.goto('/unity/decks');
  await page.getByLabel('Day (UTC)').fill(day);
  const deck = page.getByRole('region', { name: `Deck for ${day}` });
  await deck.getByRole('button', { name: '+ Add row' }).click();
  await deck.getByRole('spinbutton', { name: 'Amount of row 1' }).fill('-1');
  await submitAndRead(page, deck.getByRole('button', { name: 'Save deck' }));
});
