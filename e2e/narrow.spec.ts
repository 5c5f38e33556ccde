import { menu, signIn, signInQuickly } from './support';
import { expect, test } from './test';

// Runs in the narrow project (800 px wide): the sidebar is an overlay.

test('@narrow the menu is an overlay closed by Escape, the backdrop or a link', async ({
  page,
}) => {
  await signInQuickly(page);
  const banner = page.getByRole('banner');
  expect((await banner.boundingBox())?.height).toBe(64);
  await expect(menu(page)).toBeHidden();
  const open = page.getByRole('button', { name: 'Open menu' });

  await open.click();
  await expect(menu(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu(page)).toBeHidden();

  await open.click();
  await expect(menu(page)).toBeVisible();
  // The backdrop covers the page to the right of the drawer.
  await page.mouse.click(780, 450);
  await expect(menu(page)).toBeHidden();

  await open.click();
  await menu(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(menu(page)).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
});

test('@narrow signing in and out works on a narrow screen', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('searchbox', { name: 'Search menu' }).fill('leg');
  await expect(menu(page).getByRole('link', { name: 'Legal' })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'Users' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
