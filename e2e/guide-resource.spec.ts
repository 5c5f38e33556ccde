import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { sql } from 'kysely';
import { createUser } from '../server/modules/users/create';
import { guideCopy, run } from '../server/test/readme-guide';
import { type OwnServer, ownServer, signedInPageOn } from './own-server';
import { storedToken } from './support';
import { expect, test } from './test';

// The README's "Adding a resource", followed word for word in a copy of the repository that
// already holds another added resource, built and served on a database of its own: the
// announcements it adds are created, edited and deleted through the console, in an admin's
// time zone west of UTC, and an admin without its area is kept out.

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'guide-admin-password';
let server: OwnServer;
let copy: string;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  copy = (await guideCopy()).dir;
  await run(path.join(copy, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: copy,
  });
  server = await ownServer('guide_e2e', { ADMIN_PASSWORD: PASSWORD }, copy);
  await createUser(server.db, {
    username: 'outsider',
    email: 'outsider@example.com',
    password: PASSWORD,
    admin: true,
    permissions: ['settings:*', 'bulletins:*'],
  });
});

test.afterAll(async () => {
  await server?.close();
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
});

/** A browser in New York for `username`, signed in through this server's form. */
const signedInPage = (browser: Browser, username: string) =>
  signedInPageOn(server, browser, username, PASSWORD, {
    timezoneId: 'America/New_York',
    locale: 'en-US',
  });

const stored = async (title: string) =>
  (
    await sql<{ id: string; starts_on: Date | null; ends_at: Date | null }>`
      SELECT id, starts_on, ends_at FROM announcements WHERE title = ${title}`.execute(server.db)
  ).rows[0];

test('an announcement is created, edited and deleted through the console, its dates in the admin’s zone', async ({
  browser,
}) => {
  const page = await signedInPage(browser, 'admin');
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.getByRole('link', { name: 'Announcements' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
  await page.getByRole('link', { name: '+ Create announcement' }).click();

  // a title over the contract's limit is refused in its words, not cut
  const title = page.getByRole('textbox', { name: 'Title' });
  await title.fill('x'.repeat(200));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Title must be at most 120 characters')).toBeVisible();
  await expect(title).toHaveValue('x'.repeat(200));

  await title.fill('Winter sale');
  await page.getByLabel('Starts on').fill('2026-12-20');
  await page.getByLabel('Ends at').fill('2026-12-20T22:00');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Announcement created')).toBeVisible();
  const created = await stored('Winter sale');
  // the start of that day and 10 pm in New York, in UTC
  expect(created?.starts_on?.toISOString()).toBe('2026-12-20T05:00:00.000Z');
  expect(created?.ends_at?.toISOString()).toBe('2026-12-21T03:00:00.000Z');

  await page.getByRole('link', { name: 'Edit Winter sale' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit announcement' })).toBeVisible();
  const endsAt = page.getByLabel('Ends at');
  await expect(endsAt).toHaveValue('2026-12-20T22:00');
  await expect(page.getByLabel('Starts on')).toHaveValue('2026-12-20');
  await expect(page.getByRole('switch', { name: 'Active' })).toBeChecked();
  // the rule across fields, before anything is sent
  await endsAt.fill('2026-12-19T23:00');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Ends at must be after Starts on')).toBeVisible();
  await endsAt.fill('2026-12-21T08:30');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Announcement updated')).toBeVisible();
  expect((await stored('Winter sale'))?.ends_at?.toISOString()).toBe('2026-12-21T13:30:00.000Z');

  // the history in words: labels, and the times in the admin's zone
  await page.goto(`/announcements/${created?.id}/show`);
  const history = page.getByRole('list', { name: 'History entries' });
  await expect(history).toContainText('Ends at: Dec 20, 2026, 10:00 PM → Dec 21, 2026, 8:30 AM');
  await expect(history).toContainText('Starts on: set to Dec 20, 2026');
  await expect(history).not.toContainText('2026-12-21T');

  await nav.getByRole('link', { name: 'Announcements' }).click();
  await page.getByRole('button', { name: 'Delete Winter sale' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this announcement?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Announcement deleted')).toBeVisible();
  expect(await stored('Winter sale')).toBeUndefined();
});

test('an admin without the announcements area gets 403 and no page', async ({ browser }) => {
  const page = await signedInPage(browser, 'outsider');
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav.getByRole('link', { name: 'Bulletins' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Announcements' })).toHaveCount(0);
  await page.goto('/announcements');
  await expect(page.getByText('You do not have access to this page.')).toBeVisible();

  const token = await storedToken(page);
  const res = await page.request.get('/api/admin/announcements', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(403);
  expect(await res.json()).toMatchObject({ error: 'Missing permission: announcements:read' });
});
