import type { Locator, Page } from '@playwright/test';
import { sql } from 'kysely';
import { createUser } from '../server/modules/users/create';
import { insertMatch, insertWithdrawal } from '../server/test/fixtures';
import { expectAccessible } from './axe';
import { menu, nothingLoading, signInQuickly, withDatabase } from './support';
import { expect, test } from './test';

// axe-core over every screen of the console and the states an admin meets on them (dialogs,
// validation errors, the narrow drawer, the dark theme): no serious or critical violation of
// WCAG 2.0/2.1 A and AA. The full result, lesser impacts included, is attached to each test.

/** Waits for the screen's content, then until nothing on it is still loading. */
async function settled(page: Page, content: Locator) {
  await expect(content).toBeVisible();
  await nothingLoading(page);
}

/** A player with one match played and one pending withdrawal, made for these tests only. */
const playerWithWithdrawal = (tag: string) =>
  withDatabase(async (db) => {
    const user = await createUser(db, {
      username: `a11y-${tag}`,
      email: `a11y-${tag}@example.com`,
      balance: 500,
    });
    await insertMatch(db, { userId: user.id });
    const withdrawal = await insertWithdrawal(db, {
      userId: user.user_id,
      pointsSpent: 100,
      destination: `a11y-${tag}@payout.example`,
    });
    return { userId: user.user_id, withdrawalId: String(withdrawal.id) };
  });

/** A seeded bot (the demo data always has some). */
const someBot = () =>
  withDatabase((db) =>
    db.selectFrom('bots').select(['bot_id', 'nickname']).orderBy('id').executeTakeFirstOrThrow(),
  );

interface Screen {
  name: string;
  /** Where it is, given the records made for the run. */
  path: (ids: { userId: string; withdrawalId: string; botId: string; auditId: string }) => string;
  /** What shows once its content has loaded. */
  ready: (page: Page) => Locator;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const title = (page: Page, name: string | RegExp) =>
  page.getByRole('banner').getByRole('heading', { name });

const screens: Screen[] = [
  { name: 'dashboard', path: () => '/', ready: (page) => page.getByText('Total in range') },
  {
    name: 'users list',
    path: () => '/users',
    ready: (page) => page.getByRole('row').nth(1),
  },
  {
    name: 'user detail',
    path: ({ userId }) => `/users/${userId}`,
    ready: (page) => page.getByRole('table', { name: 'Match history' }),
  },
  {
    name: 'user edit',
    path: ({ userId }) => `/users/${userId}/edit`,
    ready: (page) => page.getByRole('spinbutton', { name: 'Balance' }),
  },
  {
    name: 'withdrawals list',
    path: () => '/withdrawals',
    ready: (page) => page.getByRole('row').nth(1),
  },
  {
    name: 'adjustments list',
    path: () => '/adjustments',
    ready: (page) => page.getByRole('combobox', { name: 'Status' }),
  },
  {
    name: 'payout controls',
    path: () => '/settings/payouts',
    ready: (page) => page.getByRole('switch', { name: 'Second approval of credits' }),
  },
  {
    name: 'withdrawal detail',
    path: ({ withdrawalId }) => `/withdrawals/${withdrawalId}`,
    ready: (page) => page.getByRole('button', { name: 'Approve' }),
  },
  { name: 'bots list', path: () => '/bots', ready: (page) => page.getByRole('row').nth(1) },
  {
    name: 'bot create form',
    path: () => '/bots/new',
    ready: (page) => page.getByRole('textbox', { name: 'Nickname' }),
  },
  {
    name: 'bot edit form',
    path: ({ botId }) => `/bots/${botId}/edit`,
    ready: (page) => page.getByRole('textbox', { name: 'Nickname' }),
  },
  {
    name: 'daily rewards',
    path: () => '/settings/daily-rewards',
    ready: (page) => page.getByRole('group', { name: 'Sun' }),
  },
  {
    name: 'referral settings',
    path: () => '/settings/referral',
    ready: (page) => page.getByRole('spinbutton', { name: 'Points per referral' }),
  },
  {
    name: 'app info',
    path: () => '/settings/appinfo',
    ready: (page) => page.getByRole('textbox', { name: 'Title' }),
  },
  {
    name: 'integrations',
    path: () => '/settings/integrations',
    ready: (page) => page.getByRole('region', { name: 'Push notifications (OneSignal)' }),
  },
  {
    name: 'legal',
    path: () => '/settings/legal',
    ready: (page) => page.getByRole('button', { name: '+ New version' }),
  },
  {
    name: 'categories and game offers',
    path: () => '/games',
    ready: (page) => page.locator('[aria-current="true"]'),
  },
  {
    name: 'daily decks',
    path: () => '/unity/decks',
    ready: (page) => page.getByText(/^(Last saved|No deck saved for this day)/),
  },
  {
    name: 'withdrawal types',
    path: () => '/settings/withdrawal-types',
    ready: (page) => page.getByRole('row').filter({ hasText: 'paypal_10' }),
  },
  { name: 'audit log', path: () => '/audit', ready: (page) => page.getByRole('row').nth(1) },
  {
    name: 'audit entry',
    path: ({ auditId }) => `/audit/${auditId}/show`,
    ready: (page) => heading(page, 'After'),
  },
  {
    name: 'push notifications',
    path: () => '/settings/notifications',
    ready: (page) => page.getByText(/^Push notifications are (enabled|disabled)/),
  },
];

let ids: { userId: string; withdrawalId: string; botId: string; botName: string; auditId: string };

test.beforeAll(async () => {
  const tag = `${Date.now()}`;
  const [records, bot, audit] = await Promise.all([
    playerWithWithdrawal(tag),
    someBot(),
    // One with both sides, so its JSON blocks are checked too (sign-ins, which always exist,
    // have neither).
    withDatabase((db) =>
      db
        .selectFrom('audit_log')
        .select('id')
        .orderBy(sql`before IS NOT NULL AND after IS NOT NULL`, 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst(),
    ),
  ]);
  ids = {
    ...records,
    botId: bot.bot_id,
    botName: bot.nickname,
    auditId: String(audit?.id ?? 1),
  };
});

/** Signs in, opens the screen and waits for its content. */
async function open(page: Page, screen: Screen) {
  await signInQuickly(page, screen.path(ids));
  await settled(page, screen.ready(page));
}

test('login page, signed out', async ({ page }) => {
  await page.goto('/login');
  await settled(page, page.getByRole('button', { name: 'Sign in' }));
  await expectAccessible(page);
});

for (const screen of screens) {
  test(`${screen.name} page`, async ({ page }) => {
    await open(page, screen);
    await expectAccessible(page);
  });
}

const screenNamed = (name: string) => screens.find((screen) => screen.name === name) as Screen;

async function toDarkTheme(page: Page) {
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect(page.getByRole('button', { name: 'Toggle theme' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
}

for (const name of ['dashboard', 'bots list', 'withdrawals list', 'user edit', 'legal']) {
  test(`${name} page in the dark theme`, async ({ page }) => {
    await open(page, screenNamed(name));
    await toDarkTheme(page);
    await expectAccessible(page);
  });
}

test('a confirmation dialog: deleting a bot', async ({ page }) => {
  await open(page, screenNamed('bots list'));
  await page.getByRole('searchbox', { name: 'Search nickname or botId' }).fill(ids.botId);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: `Delete ${ids.botName}` }).click();
  await expect(page.getByRole('dialog', { name: 'Delete this bot?' })).toBeVisible();
  await expectAccessible(page);
});

for (const dark of [false, true]) {
  test(`a form showing validation errors: an empty bot${dark ? ', in the dark theme' : ''}`, async ({
    page,
  }) => {
    await open(page, screenNamed('bot create form'));
    if (dark) await toDarkTheme(page);
    await page.getByRole('textbox', { name: 'Nickname' }).fill('   ');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Nickname is required')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Nickname' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expectAccessible(page);
  });
}

test('the withdrawal type form dialog, with its validation errors', async ({ page }) => {
  await open(page, screenNamed('withdrawal types'));
  await page.getByRole('button', { name: 'New Type' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expectAccessible(page);
});

test('the legal editor and its live preview', async ({ page }) => {
  await open(page, screenNamed('legal'));
  await page.getByRole('button', { name: '+ New version' }).click();
  await expect(heading(page, 'New version')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'HTML', exact: true })).toHaveAttribute(
    'contenteditable',
    'true',
  );
  await expect(page.getByTestId('legal-preview')).toBeVisible();
  await expectAccessible(page);
});

test('@narrow the menu drawer open on a narrow screen', async ({ page }) => {
  await open(page, screenNamed('dashboard'));
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu(page)).toBeVisible();
  await expectAccessible(page);
});

test('@narrow a list on a narrow screen', async ({ page }) => {
  await open(page, screenNamed('withdrawals list'));
  await expect(title(page, 'Withdrawals')).toBeVisible();
  await expectAccessible(page);
});
