import type { Page } from '@playwright/test';
import { sql } from 'kysely';
import { signInQuickly, withDatabase } from './support';
import { expect, test } from './test';

const title = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** A list's path, with or without the filters it remembers in the address. */
const listUrl = (path: string) => new RegExp(`${path}(\\?|$)`);

/** A new withdrawal type, straight into the database: its key and id. */
const newType = async (label: string) => {
  const key = `e2e_${label}_${Date.now()}`;
  const row = await withDatabase((db) =>
    db
      .insertInto('withdrawal_types')
      .values({ key, title: `Type ${label}` })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return { key, id: String(row.id) };
};

/** A new terms draft (the next version), straight into the database. */
const newTermsDraft = async (marker: string) => {
  const row = await withDatabase((db) =>
    db
      .insertInto('legal_documents')
      .values({
        type: 'terms',
        version: sql<number>`(SELECT coalesce(max(version), 0) + 1 FROM legal_documents WHERE type = 'terms')`,
        content_text: 'plain',
        content_html: `<h2>${marker}</h2><p>Be <strong>fair</strong>.</p>`,
        is_active: false,
        published_at: null,
      })
      .returning(['id', 'version'])
      .executeTakeFirstOrThrow(),
  );
  return { id: String(row.id), name: `Terms v${row.version}` };
};

test('withdrawal types: list, show and edit by click', async ({ page }) => {
  const { key, id } = await newType('click');
  await signInQuickly(page, '/withdrawal-types');
  await expect(title(page, 'Withdrawal Types')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search key or title' }).fill(key);
  await page.keyboard.press('Enter');
  await page.getByRole('link', { name: key, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/withdrawal-types/${id}/show$`));
  await expect(title(page, 'Type click')).toBeVisible();
  await page.getByRole('link', { name: `Edit ${key}` }).click();
  await expect(page).toHaveURL(new RegExp(`/withdrawal-types/${id}$`));
  await expect(title(page, 'Edit withdrawal type')).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Title' });
  await expect(field).toHaveValue('Type click');
  await field.fill('Type click, renamed');
  await page.getByRole('spinbutton', { name: 'Stock' }).fill('12');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Withdrawal type saved')).toBeVisible();
  await expect(page).toHaveURL(listUrl('/withdrawal-types'));
  await expect(page.getByRole('row').filter({ hasText: key })).toContainText('Type click, renamed');
  await page.getByRole('link', { name: 'New Type' }).click();
  await expect(page).toHaveURL(/\/withdrawal-types\/create$/);
  await expect(page.getByRole('spinbutton', { name: 'Min Points' })).toHaveValue('1');
  expect(
    await withDatabase((db) =>
      db.selectFrom('withdrawal_types').select('stock').where('key', '=', key).executeTakeFirst(),
    ),
  ).toEqual({ stock: 12 });
});

test('withdrawal types: list, show and edit by deep link', async ({ page }) => {
  const { key, id } = await newType('link');
  await signInQuickly(page, `/withdrawal-types/${id}/show`);
  await expect(title(page, 'Type link')).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: key })).toBeVisible();
  await page.goto(`/withdrawal-types/${id}`);
  await expect(page.getByRole('textbox', { name: 'Key' })).toHaveValue(key);
  await page.goto('/withdrawal-types');
  await expect(page.getByRole('link', { name: 'New Type' })).toBeVisible();
  await page.goto('/withdrawal-types/999999999/show');
  await expect(page.getByText('Withdrawal type not found')).toBeVisible();
  await expect(page).toHaveURL(listUrl('/withdrawal-types'));
});

test('legal: list, show (rendered as the preview does) and edit by click', async ({ page }) => {
  const marker = `Terms draft ${Date.now()}`;
  const { id, name } = await newTermsDraft(marker);
  await signInQuickly(page, '/legal');
  await expect(title(page, 'Legal')).toBeVisible();
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/legal/${id}/show$`));
  await expect(title(page, name)).toBeVisible();
  const preview = page.getByTestId('legal-preview');
  await expect(preview.getByRole('heading', { level: 2, name: marker })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('fair');
  await page.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/legal/${id}$`));
  await expect(title(page, `Edit ${name}`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Plain text' })).toHaveValue('plain');
  await page.getByRole('textbox', { name: 'Plain text' }).fill('plain, edited');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Legal document saved')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/legal/${id}/show$`));
  expect(
    await withDatabase((db) =>
      db
        .selectFrom('legal_documents')
        .select('content_text')
        .where('id', '=', Number(id))
        .executeTakeFirst(),
    ),
  ).toEqual({ content_text: 'plain, edited' });
});

test('legal: list, show and edit by deep link', async ({ page }) => {
  const marker = `Terms link ${Date.now()}`;
  const { id, name } = await newTermsDraft(marker);
  await signInQuickly(page, `/legal/${id}/show`);
  await expect(title(page, name)).toBeVisible();
  await expect(
    page.getByTestId('legal-preview').getByRole('heading', { level: 2, name: marker }),
  ).toBeVisible();
  await page.goto(`/legal/${id}`);
  await expect(page.getByRole('textbox', { name: 'Plain text' })).toHaveValue('plain');
  await page.goto('/legal');
  await page.getByRole('combobox', { name: 'Type' }).selectOption('Privacy Policy');
  await expect(page.getByRole('link', { name, exact: true })).toBeHidden();
  await page.getByRole('combobox', { name: 'Type' }).selectOption('Terms of Service');
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await page.goto('/legal/999999999/show');
  await expect(page.getByText('Legal document not found')).toBeVisible();
  await expect(page).toHaveURL(listUrl('/legal'));
});
