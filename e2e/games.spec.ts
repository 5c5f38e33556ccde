import type { Page } from '@playwright/test';
import { leaveWithUnsavedEdits } from './leaving';
import { signInQuickly, withDatabase } from './support';
import { expect, test } from './test';

const categories = (page: Page) => page.getByRole('region', { name: 'Categories' });
const categoryItem = (page: Page, name: string) =>
  categories(page).getByRole('row').filter({ hasText: name });

const offersOf = (slug: string) =>
  withDatabase((db) =>
    db
      .selectFrom('offers as o')
      .innerJoin('categories as c', 'c.id', 'o.category_id')
      .select(['o.name', 'o.game_name', 'o.price', 'o.reward_type', 'o.reward_amount'])
      .where('c.slug', '=', slug)
      .execute(),
  );

test('create a category and an offer in it, edit both, delete the category', async ({ page }) => {
  const tag = `${Date.now()}`;
  const name = `Puzzle ${tag}`;
  const slug = `puzzle-${tag}`;
  await signInQuickly(page, '/games');
  // The first category is selected on load, and its offers are shown.
  await expect(categories(page).locator('[aria-current="true"]')).toHaveCount(1);

  const newCategory = categories(page).getByRole('form', { name: 'New category' });
  await newCategory.getByRole('textbox', { name: 'Name' }).fill(name);
  await newCategory.getByRole('spinbutton', { name: 'Sort order' }).fill('900');
  await newCategory.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Category created')).toBeVisible();
  await expect(categoryItem(page, name)).toContainText(slug);

  await categoryItem(page, name).getByText(name, { exact: true }).click();
  const offers = page.getByRole('region', { name: `Offers in ${name}` });
  await expect(offers.getByText('No offers in this category')).toBeVisible();
  const newOffer = offers.getByRole('form', { name: 'New offer' });
  await newOffer.getByRole('textbox', { name: 'Offer name' }).fill('Daily Jigsaw');
  await newOffer.getByRole('textbox', { name: 'Game name' }).fill('Blocks');
  await newOffer.getByRole('spinbutton', { name: 'Price' }).fill('1.5');
  await newOffer.getByRole('combobox', { name: 'Reward type' }).selectOption('xp');
  await newOffer.getByRole('spinbutton', { name: 'Reward amount' }).fill('40');
  await newOffer.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Offer created')).toBeVisible();
  const offer = offers.getByRole('row').filter({ hasText: 'Daily Jigsaw' });
  await expect(offer).toContainText('40 xp');
  await expect(offer).toContainText('$1.50');

  await offer.getByRole('button', { name: 'Edit Daily Jigsaw' }).click();
  const editOffer = offers.getByRole('form', { name: 'Edit offer' });
  await editOffer.getByRole('spinbutton', { name: 'Price' }).fill('2');
  await editOffer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Offer updated')).toBeVisible();
  await expect(offer).toContainText('$2.00');

  await categoryItem(page, name)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  const editCategory = categories(page).getByRole('form', { name: 'Edit category' });
  await editCategory.getByRole('textbox', { name: 'Name' }).fill(`${name} Mania`);
  await editCategory.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Category updated')).toBeVisible();
  await expect(page.getByRole('region', { name: `Offers in ${name} Mania` })).toBeVisible();
  expect(await offersOf(slug)).toEqual([
    {
      name: 'Daily Jigsaw',
      game_name: 'Blocks',
      price: '2.00',
      reward_type: 'xp',
      reward_amount: 40,
    },
  ]);

  await categoryItem(page, `${name} Mania`)
    .getByRole('button', { name: `Delete ${name} Mania` })
    .click();
  await page
    .getByRole('dialog', { name: 'Delete this category?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Category deleted')).toBeVisible();
  await expect(categoryItem(page, name)).toHaveCount(0);
  // The selection and its offers are cleared; the offer form waits for a category.
  await expect(categories(page).locator('[aria-current="true"]')).toHaveCount(0);
  await expect(
    page.getByRole('form', { name: 'New offer' }).getByRole('button', { name: 'Create' }),
  ).toBeDisabled();
  expect(await offersOf(slug)).toEqual([]);
});

test('an offer’s negative price says it is saved as 0; leaving an unsaved form asks first', async ({
  page,
}) => {
  await signInQuickly(page, '/games');
  await expect(categories(page).locator('[aria-current="true"]')).toHaveCount(1);
  const newOffer = page.getByRole('form', { name: 'New offer' });
  const price = newOffer.getByRole('spinbutton', { name: 'Price' });
  const reward = newOffer.getByRole('spinbutton', { name: 'Reward amount' });
  await price.fill('-5');
  await expect(price).toHaveAccessibleDescription('Saved as 0: values cannot be negative');
  await reward.fill('-1');
  await expect(reward).toHaveAccessibleDescription('Saved as 0: values cannot be negative');
  await price.fill('2.5');
  await expect(price).not.toHaveAccessibleDescription(/Saved as/);

  await leaveWithUnsavedEdits(page, 'Dashboard', 'stay');
  await expect(price).toHaveValue('2.5');
  await leaveWithUnsavedEdits(page, 'Dashboard', 'leave');
});

test('unsaved edits in the category form, the first of the two, also ask before leaving', async ({
  page,
}) => {
  await signInQuickly(page, '/games');
  await expect(categories(page).locator('[aria-current="true"]')).toHaveCount(1);
  const name = categories(page)
    .getByRole('form', { name: 'New category' })
    .getByRole('textbox', { name: 'Name' });
  await name.fill('Unsaved');

  await leaveWithUnsavedEdits(page, 'Dashboard', 'stay');
  await expect(name).toHaveValue('Unsaved');
  await leaveWithUnsavedEdits(page, 'Dashboard', 'leave');
});

test('at 1440 px every category row shows its Edit and Delete whole', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInQuickly(page, '/games');
  const rows = categories(page)
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /^Delete / }) });
  await expect(rows.first()).toBeVisible();
  const table = categories(page).locator('.RaDataTable-tableWrapper');
  const visible = await table.boundingBox();
  for (const row of await rows.all()) {
    const box = await row.getByRole('button', { name: /^Delete / }).boundingBox();
    expect(box && visible && box.x + box.width <= visible.x + visible.width).toBe(true);
  }
  // nothing to scroll sideways to
  expect(await table.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});
