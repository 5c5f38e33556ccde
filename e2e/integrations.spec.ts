import { expect, type Page, test } from '@playwright/test';
import { sql } from 'kysely';
import { signIn, withDatabase } from './support';

// notifications.spec.ts saves these same push settings: both hold one lock while they change
// the single integrations configuration, so neither sees the other's half-done edit.
const PUSH = {
  appId: '6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b',
  key: 'os_v2_app_e2e-push-key-0001_k9z4',
};
const exclusively = (work: () => Promise<void>) =>
  withDatabase((db) =>
    db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext('e2e:integrations'))`.execute(trx);
      await work();
    }),
  );

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

const pushSection = (page: Page) =>
  page.getByRole('region', { name: 'Push notifications (OneSignal)' });
const adsSection = (page: Page) => page.getByRole('region', { name: 'Video ads (Unity Ads)' });

test('save a push key, see it masked, save again keeping it', async ({ page }) => {
  const tag = `e2e-${Date.now()}`;
  const masked = `••••••••${PUSH.key.slice(-4)}`;
  await exclusively(async () => {
    await signIn(page);
    await page.goto('/settings/integrations');
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
