import { createUser } from '../server/modules/users/create';
import { insertWithdrawal } from '../server/test/fixtures';
import { signInQuickly, withDatabase } from './support';
import { expect, test } from './test';

const typeRow = (key: string) =>
  withDatabase((db) =>
    db.selectFrom('withdrawal_types').selectAll().where('key', '=', key).executeTakeFirst(),
  );

test('create, toggle, edit and delete a withdrawal type', async ({ page }) => {
  const key = `e2e_${Date.now()}`;
  await signInQuickly(page, '/settings/withdrawal-types');
  await expect(page.getByRole('row').filter({ hasText: 'paypal_10' })).toBeVisible();

  await page.getByRole('button', { name: 'New Type' }).click();
  const create = page.getByRole('dialog', { name: 'New withdrawal type' });
  await create.getByRole('textbox', { name: 'Key' }).fill('Not A Key');
  await create.getByRole('textbox', { name: 'Title' }).fill('Venmo $5');
  await create.getByRole('spinbutton', { name: 'Rate (USD/pt)' }).fill('0.0005');
  await create.getByRole('spinbutton', { name: 'Min Points' }).fill('10000');
  await create.getByRole('spinbutton', { name: 'Stock' }).fill('25');
  await create.getByRole('spinbutton', { name: 'Fixed USD' }).fill('5');
  await create.getByRole('button', { name: 'Save' }).click();
  // The server's rule for keys, shown on the field; the modal keeps what was typed.
  await expect(create.getByText('Save failed')).toBeVisible();
  await expect(create.getByRole('textbox', { name: 'Key' })).toHaveAccessibleDescription(
    /Use lower-case letters, digits and underscores/,
  );
  await create.getByRole('textbox', { name: 'Key' }).fill(key);
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search key or title' }).fill(key);
  await page.keyboard.press('Enter');
  const row = page.getByRole('row').filter({ hasText: key });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Venmo $5');
  await expect(row).toContainText('$5.00');
  await expect(row).toContainText('Active');
  expect(await typeRow(key)).toMatchObject({
    title: 'Venmo $5',
    rate_usd_per_point: '0.000500',
    min_points: 10000,
    stock: 25,
    fixed_usd_amount: '5.00',
    is_active: true,
  });

  await row.getByRole('button', { name: `Disable ${key}` }).click();
  await expect(row).toContainText('Disabled');
  await expect(row.getByRole('button', { name: `Enable ${key}` })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Only active' }).check();
  await expect(page.getByText('No items')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Only active' }).uncheck();

  await row.getByRole('button', { name: `Edit ${key}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit withdrawal type' });
  await expect(edit.getByRole('textbox', { name: 'Key' })).toHaveValue(key);
  await edit.getByRole('textbox', { name: 'Title' }).fill('Venmo dynamic');
  await edit.getByRole('spinbutton', { name: 'Fixed USD' }).fill('');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Venmo dynamic');
  expect(await typeRow(key)).toMatchObject({ fixed_usd_amount: null, is_active: false });

  await row.getByRole('button', { name: `Delete ${key}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete "Venmo dynamic"?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No items')).toBeVisible();
  expect(await typeRow(key)).toBeUndefined();
});

test('a type withdrawals use cannot be deleted: the dialog says how many and offers Disable', async ({
  page,
}) => {
  const key = `e2e_used_${Date.now()}`;
  await withDatabase(async (db) => {
    await db.insertInto('withdrawal_types').values({ key, title: 'Used type' }).execute();
    const player = await createUser(db, { username: key, email: `${key}@example.com` });
    for (let i = 0; i < 2; i++) await insertWithdrawal(db, { userId: player.user_id, typeId: key });
  });
  await signInQuickly(page, '/settings/withdrawal-types');
  await page.getByRole('searchbox', { name: 'Search key or title' }).fill(key);
  await page.keyboard.press('Enter');
  const row = page.getByRole('row').filter({ hasText: key });
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: `Delete ${key}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete "Used type"?' });
  await expect(dialog).toContainText('This type is used by 2 withdrawals. Disable it instead.');
  await expect(dialog.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Disable' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Disabled');
  expect(await typeRow(key)).toMatchObject({ is_active: false });
});
