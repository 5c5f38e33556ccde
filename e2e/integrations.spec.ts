import type { Page } from '@playwright/test';
import { leaveWithUnsavedEdits } from './leaving';
import { exclusively, PUSH, pushSection, signInQuickly, withDatabase } from './support';
import { expect, test } from './test';

interface StoredPush {
  appId: string;
  iosThreadId: string;
  restApiKey: unknown;
}
const storedPush = () =>
  withDatabase(async (db) => {
    const row = await db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'integrations')
      .executeTakeFirstOrThrow();
    return (row.value as { onesignal: StoredPush }).onesignal;
  });
const lastKeyChange = () =>
  withDatabase(async (db) => {
    const row = await db
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'integrations.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return (row.after as { onesignal: { restApiKey: string } }).onesignal.restApiKey;
  });

const adsSection = (page: Page) => page.getByRole('region', { name: 'Video ads (Unity Ads)' });

test('save a push key, see it masked, save again keeping it', async ({ page }) => {
  const tag = `e2e-${Date.now()}`;
  const masked = `••••••••${PUSH.key.slice(-4)}`;
  await exclusively(async () => {
    await signInQuickly(page, '/settings/integrations');
    const push = pushSection(page);
    await push.getByRole('radio', { name: 'Yes' }).check();
    await push.getByRole('textbox', { name: 'App ID' }).fill(PUSH.appId);
    await push.getByRole('textbox', { name: 'REST API Key' }).fill(PUSH.key);
    await adsSection(page).getByRole('textbox', { name: 'Android Game ID' }).fill(tag);
    await page.getByRole('button', { name: 'Save changes' }).click();

    await expect(page.getByText('Integrations saved')).toBeVisible();
    const keyField = push.getByRole('textbox', { name: 'REST API Key' });
    await expect(keyField).toHaveValue(masked);
    const saved = await storedPush();
    expect(saved.appId).toBe(PUSH.appId);
    expect(JSON.stringify(saved.restApiKey)).not.toContain(PUSH.key);
    expect(await lastKeyChange()).toBe('replaced');

    // Read back after a reload: still masked; nothing typed but another field.
    await page.reload();
    await expect(keyField).toHaveValue(masked);
    await expect(adsSection(page).getByRole('textbox', { name: 'Android Game ID' })).toHaveValue(
      tag,
    );
    await push.getByRole('textbox', { name: 'iOS Thread ID' }).fill(tag);
    await page.getByRole('button', { name: 'Save changes' }).click();

    await expect.poll(async () => (await storedPush()).iosThreadId).toBe(tag);
    await expect(keyField).toHaveValue(masked);
    expect((await storedPush()).restApiKey).toEqual(saved.restApiKey);
    expect(await lastKeyChange()).toBe('kept');
  });
});

test('leaving unsaved integrations asks first', async ({ page }) => {
  await signInQuickly(page, '/settings/integrations');
  const appId = pushSection(page).getByRole('textbox', { name: 'App ID' });
  await expect(appId).toBeVisible();
  await appId.fill(`unsaved-${Date.now()}`);
  await leaveWithUnsavedEdits(page, 'Dashboard', 'stay');
  await expect(appId).toHaveValue(/^unsaved-/);
  await leaveWithUnsavedEdits(page, 'Dashboard', 'leave');
});
