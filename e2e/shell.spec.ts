import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { menu, signIn, signInQuickly } from './support';
import { expect, test } from './test';

const SETTINGS = [
  'App Info',
  'Bots',
  'Notifications',
  'Daily Rewards',
  'Referral',
  'Withdrawal Types',
  'Game Offers',
  'Integrations',
  'Unity Decks',
  'Legal',
];

test('the shell: top bar 64 px, greeting, every menu entry in order', async ({ page }) => {
  await signInQuickly(page);
  const banner = page.getByRole('banner');
  expect((await banner.boundingBox())?.height).toBe(64);
  await expect(banner).toContainText('Hi, admin');

  const nav = menu(page);
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(nav.getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Withdrawals' })).toBeVisible();

  const group = nav.getByRole('button', { name: 'Settings' });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Legal' })).toBeVisible();
  const labels = await nav.getByRole('link').allInnerTexts();
  expect(labels.filter((l) => SETTINGS.includes(l.trim())).map((l) => l.trim())).toEqual(SETTINGS);
  // After the Settings group, the last entry.
  expect(labels.at(-1)?.trim()).toBe('Audit log');
});

test('the Settings group stays open or closed across reloads', async ({ page }) => {
  await signInQuickly(page);
  const group = menu(page).getByRole('button', { name: 'Settings' });
  const start = await group.getAttribute('aria-expanded');
  await group.click();
  const flipped = start === 'true' ? 'false' : 'true';
  await expect(group).toHaveAttribute('aria-expanded', flipped);
  await page.reload();
  await expect(menu(page).getByRole('button', { name: 'Settings' })).toHaveAttribute(
    'aria-expanded',
    flipped,
  );
});

test('the collapsed sidebar is remembered after a reload', async ({ page }) => {
  await signInQuickly(page);
  const nav = menu(page);
  const wide = (await nav.boundingBox())?.width ?? 0;
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Search menu' })).toBeHidden();
  await expect.poll(async () => (await nav.boundingBox())?.width ?? 0).toBeLessThan(wide / 2);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Search menu' })).toBeHidden();

  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(page.getByRole('combobox', { name: 'Search menu' })).toBeVisible();
});

/** The menu search's list of matches, and the one Enter would open. */
const matches = (page: Page) => page.getByRole('listbox', { name: 'Menu matches' });
const highlighted = (page: Page) => matches(page).getByRole('option', { selected: true });

test('the menu search filters entries and says when nothing matches', async ({ page }) => {
  await signInQuickly(page);
  const search = page.getByRole('combobox', { name: 'Search menu' });
  await search.fill('refer');
  await expect(matches(page).getByRole('option')).toHaveText(['Referral']);
  await expect(menu(page).getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

  await search.fill('WITHDRAWAL');
  await expect(matches(page).getByRole('option')).toHaveText(['Withdrawals', 'Withdrawal Types']);

  await search.fill('zzz');
  await expect(page.getByText('No matches')).toBeVisible();
  await search.fill('');
  await expect(menu(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
});

test('the menu search from the keyboard: arrows, Enter opens (focus on its heading), Escape clears', async ({
  page,
}) => {
  await signInQuickly(page);
  const search = page.getByRole('combobox', { name: 'Search menu' });

  // Enter opens the first match.
  await search.pressSequentially('leg');
  await expect(highlighted(page)).toHaveText('Legal');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings\/legal$/);
  await expect(search).toHaveValue('');
  // the page opened has the focus, on its heading, not the sidebar
  await expect(page.getByRole('heading', { level: 1, name: 'Legal' })).toBeFocused();

  // The arrows move the highlight through the matches, round at either end.
  await search.pressSequentially('with');
  await expect(highlighted(page)).toHaveText('Withdrawals');
  await page.keyboard.press('ArrowDown');
  await expect(highlighted(page)).toHaveText('Withdrawal Types');
  await expect(search).toHaveAttribute(
    'aria-activedescendant',
    (await highlighted(page).getAttribute('id')) ?? '',
  );
  await page.keyboard.press('ArrowDown');
  await expect(highlighted(page)).toHaveText('Withdrawals');
  await page.keyboard.press('ArrowUp');
  await expect(highlighted(page)).toHaveText('Withdrawal Types');
  await expectAccessible(page); // the search box, its list of matches and their ties
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings\/withdrawal-types$/);
  await expect(menu(page).getByRole('link', { name: 'Withdrawal Types' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Withdrawal Types' })).toBeFocused();

  // Escape clears the search and the whole menu is back.
  await search.pressSequentially('dash');
  await expect(highlighted(page)).toHaveText('Dashboard');
  await page.keyboard.press('Escape');
  await expect(search).toHaveValue('');
  await expect(matches(page)).toHaveCount(0);
  await expect(menu(page).getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/withdrawal-types$/);
});

test('the theme toggle switches to dark and is remembered, even after signing out', async ({
  page,
}) => {
  await signIn(page);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect.poll(background).not.toBe(light);
  const dark = await background();
  await page.reload();
  await expect(page.getByText('Hi, admin')).toBeVisible();
  await expect.poll(background).toBe(dark);
  // A preference of this browser, not of the session: signing out keeps it.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(background).toBe(dark);
});

test('an admin whose system asks for less motion sees nothing spin; others keep the motion', async ({
  page,
}) => {
  // The tests' browsers ask for less motion (playwright.config.ts), as such an admin's would.
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // A spinner's kind of animation: endless unless the console's rule for less motion applies.
  const spins = () =>
    page.evaluate(() => {
      const spinner = document.createElement('div');
      spinner.style.animation = 'spin 1s linear infinite';
      document.body.append(spinner);
      const { animationIterationCount } = getComputedStyle(spinner);
      spinner.remove();
      return animationIterationCount;
    });
  expect(await spins()).toBe('1');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await spins()).toBe('infinite');
});
