import type { Page } from '@playwright/test';
import { signInQuickly, withDatabase } from './support';
import { expect, test } from './test';

/** The id of the category or offer of that name, straight from the database. */
const idOf = (table: 'categories' | 'offers', name: string) =>
  withDatabase(async (db) => {
    const row = await db
      .selectFrom(table)
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return String(row.id);
  });

const title = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** Picks `option` in the react-admin select labelled `label`. */
const choose = async (page: Page, label: string, option: string) => {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

/** A category (and an offer in it) straight in the database, for the deep links. */
const seedCategory = async (name: string, offer?: string) => {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  await withDatabase((db) => db.insertInto('categories').values({ name, slug }).execute());
  const id = await idOf('categories', name);
  if (offer) {
    await withDatabase((db) =>
      db
        .insertInto('offers')
        .values({ category_id: Number(id), name: offer, game_name: 'Blocks', price: '2.50' })
        .execute(),
    );
  }
  return id;
};

test('categories: list, create, a category with its offers, then its edit form, by click', async ({
  page,
}) => {
  const name = `Puzzle ${Date.now()}`;
  await signInQuickly(page, '/categories');
  await expect(title(page, 'Categories')).toBeVisible();
  await page.getByRole('link', { name: '+ Create category' }).click();
  await expect(page).toHaveURL(/\/categories\/create$/);
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Category created')).toBeVisible();
  await expect(page).toHaveURL(/\/categories$/);
  const id = await idOf('categories', name);
  await withDatabase((db) =>
    db
      .insertInto('offers')
      .values({ category_id: Number(id), name: 'Daily Jigsaw', game_name: 'Blocks' })
      .execute(),
  );

  const search = page.getByRole('searchbox', { name: 'Search categories' });
  await search.fill(name);
  await search.press('Enter');
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/categories/${id}/show$`));
  await expect(title(page, name)).toBeVisible();
  const offers = page.getByRole('table', { name: 'Offers' });
  await expect(offers.getByRole('row').filter({ hasText: 'Daily Jigsaw' })).toContainText('Blocks');
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/categories/${id}$`));
  const field = page.getByRole('textbox', { name: 'Name' });
  await expect(field).toHaveValue(name);
  await field.fill(`${name} Mania`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Category updated')).toBeVisible();
  // back to the list as it was left (its search kept)
  await expect(page).toHaveURL(/\/categories\?/);
  await expect(page.getByRole('link', { name: `${name} Mania`, exact: true })).toBeVisible();
});

test('categories: the list, a category and its edit form open from a deep link', async ({
  page,
}) => {
  const name = `Arcade ${Date.now()}`;
  const id = await seedCategory(name, 'Pinball Pro');
  await signInQuickly(page, `/categories/${id}/show`);
  await expect(title(page, name)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Offers' })).toContainText('Pinball Pro');
  await page.goto(`/categories/${id}`);
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await page.goto('/categories');
  await expect(page.getByRole('link', { name: '+ Create category' })).toBeVisible();

  await page.goto('/categories/999999999/show');
  await expect(page.getByText('Category not found')).toBeVisible();
  await expect(page).toHaveURL(/\/categories$/);
});

test('offers: create, filter by category, an offer and its edit form, by click', async ({
  page,
}) => {
  const tag = `${Date.now()}`;
  const category = `Cards ${tag}`;
  const offer = `Weekend Cup ${tag}`;
  const categoryId = await seedCategory(category);

  await signInQuickly(page, '/offers');
  await expect(title(page, 'Offers')).toBeVisible();
  await page.getByRole('link', { name: '+ Create offer' }).click();
  await expect(page).toHaveURL(/\/offers\/create$/);
  await page.getByRole('textbox', { name: 'Offer name' }).fill(offer);
  await choose(page, 'Category', category);
  await page.getByRole('textbox', { name: 'Game name' }).fill('Poker');
  await page.getByRole('spinbutton', { name: 'Price' }).fill('2.5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Offer created')).toBeVisible();
  await expect(page).toHaveURL(/\/offers$/);
  const id = await idOf('offers', offer);

  await choose(page, 'Category', category);
  const row = page.getByRole('row').filter({ hasText: offer });
  await expect(row.getByRole('link', { name: category })).toHaveAttribute(
    'href',
    `/categories/${categoryId}/show`,
  );
  await expect(row).toContainText('$2.50');
  // the header and the one offer of that category
  await expect(page.getByRole('row')).toHaveCount(2);
  await row.getByRole('link', { name: offer, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/offers/${id}/show$`));
  await expect(title(page, offer)).toBeVisible();
  // the record's card first, then its history, which has the creation
  await expect(page.getByText('Poker').first()).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'History' }).getByText('Game name: set to Poker'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/offers/${id}$`));
  await expect(page.getByRole('textbox', { name: 'Offer name' })).toHaveValue(offer);
  await expect(page.getByRole('spinbutton', { name: 'Price' })).toHaveValue('2.5');
});

test('offers: the list, an offer and its edit form open from a deep link', async ({ page }) => {
  const tag = `${Date.now()}`;
  const offer = `Night Owl ${tag}`;
  await seedCategory(`Board ${tag}`, offer);
  const id = await idOf('offers', offer);

  await signInQuickly(page, `/offers/${id}/show`);
  await expect(title(page, offer)).toBeVisible();
  await expect(page.getByRole('link', { name: `Board ${tag}` })).toBeVisible();
  await page.goto(`/offers/${id}`);
  await expect(page.getByRole('textbox', { name: 'Game name' })).toHaveValue('Blocks');
  await expect(page.getByRole('spinbutton', { name: 'Price' })).toHaveValue('2.5');
  await page.goto('/offers');
  await expect(page.getByRole('link', { name: '+ Create offer' })).toBeVisible();

  await page.goto('/offers/999999999');
  await expect(page.getByText('Offer not found')).toBeVisible();
  await expect(page).toHaveURL(/\/offers$/);
});
