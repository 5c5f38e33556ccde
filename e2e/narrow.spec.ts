import type { Locator, Page } from '@playwright/test';
import { createUser } from '../server/modules/users/create';
import { expectAccessible } from './axe';
import { menu, nothingLoading, signIn, signInQuickly, storeSession, withDatabase } from './support';
import { expect, test } from './test';

// Runs in the narrow project (800 px wide): the sidebar is an overlay. The phone tests at the
// end narrow it further, to 390 x 844.

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
  await page.getByRole('combobox', { name: 'Search menu' }).fill('leg');
  await expect(menu(page).getByRole('option', { name: 'Legal' })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'Users' })).toHaveCount(0);
  // Escape clears the search first, and only then closes the menu.
  await page.keyboard.press('Escape');
  await expect(menu(page).getByRole('link', { name: 'Users' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu(page)).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

/** Left and right edges of what `locator` shows, and of what clips it (its scrolling box). */
const horizontalFit = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    let clip = { left: 0, right: document.documentElement.clientWidth };
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflowX !== 'visible') {
        const edges = parent.getBoundingClientRect();
        clip = { left: Math.max(clip.left, edges.left), right: Math.min(clip.right, edges.right) };
      }
    }
    return { left: box.left, right: box.right, clipLeft: clip.left, clipRight: clip.right };
  });

/** Fails when any part of `locator` lies outside the screen or a box that scrolls sideways. */
async function expectUnclipped(locator: Locator, what: string) {
  await expect(locator, what).toBeVisible();
  const fit = await horizontalFit(locator);
  expect(fit.left, `${what}: left edge`).toBeGreaterThanOrEqual(Math.floor(fit.clipLeft));
  expect(fit.right, `${what}: right edge`).toBeLessThanOrEqual(Math.ceil(fit.clipRight));
}

const pageScrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('@narrow the users list stacks each user: every key fact and action in full', async ({
    page,
  }) => {
    const tag = `phone${Date.now()}`;
    const user = await withDatabase((db) =>
      createUser(db, {
        username: `pl-${tag}`,
        email: `pl.${tag}@mail.example`,
        balance: 123456,
      }),
    );
    await signInQuickly(page, '/users');
    await page.getByRole('searchbox', { name: 'Search username, email or userId' }).fill(tag);
    await page.keyboard.press('Enter');
    const record = page.locator('tbody tr').filter({ hasText: user.user_id });
    await expect(record).toHaveCount(1);
    await nothingLoading(page);

    await expectUnclipped(record.getByText(user.username, { exact: true }), 'username');
    await expectUnclipped(record.getByText('active', { exact: true }), 'status');
    await expectUnclipped(record.getByText('123,456', { exact: true }), 'balance');
    const actions = record.getByRole('link').or(record.getByRole('button'));
    await expect(actions).toHaveCount(4); // View, Edit, Make admin, Disable
    for (const action of await actions.all()) {
      await expectUnclipped(action, `action '${await action.innerText()}'`);
    }
    await record.getByRole('link', { name: 'View' }).click();
    await expect(page).toHaveURL(new RegExp(`/users/${user.user_id}$`));

    await page.goBack();
    await expect(record).toBeVisible();
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
  });

  test('@narrow every list stacks its rows on a phone', async ({ page }) => {
    await storeSession(page);
    const lists: [string, string][] = [
      ['/withdrawals', 'Withdrawals'],
      ['/bots', 'Bots'],
    ];
    for (const [path, title] of lists) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(title) })).toBeVisible();
      await nothingLoading(page);
      const first = page.locator('tbody tr').first();
      await expect(first, path).toBeVisible();
      const cells = first.locator('td');
      for (const cell of await cells.all()) await expectUnclipped(cell, `${path}: a cell`);
      expect(await pageScrollWidth(page), path).toBeLessThanOrEqual(390);
    }
  });
});

test('@narrow a table wider than the screen shows a shadow on the side it scrolls to', async ({
  page,
}) => {
  await signInQuickly(page, '/bots');
  await nothingLoading(page);
  const wrapper = page.locator('.RaDataTable-tableWrapper');
  await expect(wrapper).toBeVisible();
  const shadow = (side: 'before' | 'after') =>
    wrapper.evaluate(
      (element, pseudo) =>
        getComputedStyle(element.closest('[data-scroll-shadow]') ?? element, pseudo).opacity,
      `::${side}`,
    );
  // At the start: more to the right only.
  await expect.poll(() => shadow('after')).toBe('1');
  await expect.poll(() => shadow('before')).toBe('0');
  await wrapper.evaluate((element) => {
    element.scrollLeft = element.scrollWidth;
  });
  await expect.poll(() => shadow('before')).toBe('1');
  await expect.poll(() => shadow('after')).toBe('0');
});

test('@narrow a page opened from the menu search in the overlay gets the focus on its heading', async ({
  page,
}) => {
  await signInQuickly(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('combobox', { name: 'Search menu' }).pressSequentially('bot');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/bots$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bots' })).toBeFocused();
  // still there once the overlay has closed (it gives focus back to its button when it does)
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Bots' })).toBeFocused();
});
