import {
  INTEGRATION_DEFAULTS,
  type Integrations,
  type IntegrationsPatch,
} from '../../contract/integrations';
import type { TestContext } from './harness';
import { testPushKey } from './secret-marker';

// What the API tests of integrations and push notifications share.

export const APP_ID = '202d4f61-1ca9-42df-9d36-bb17d8123abc';
/** A key as the provider issues them; its last 4 characters are what the mask shows. */
export const API_KEY = testPushKey('test4key9abcdefghijk_wxyz');

/** A whole save: the defaults, with the push group configured and `push`/`ads` over them. */
export const integrationsBody = (
  push: Partial<Integrations['onesignal']> = {},
  ads: Partial<Integrations['unityAds']> = {},
): IntegrationsPatch => ({
  onesignal: { ...INTEGRATION_DEFAULTS.onesignal, appId: APP_ID, restApiKey: API_KEY, ...push },
  unityAds: { ...INTEGRATION_DEFAULTS.unityAds, ...ads },
});

/** The `integrations` row as stored, or undefined while never saved. */
export const storedRow = (t: TestContext) =>
  t.db.selectFrom('settings').selectAll().where('key', '=', 'integrations').executeTakeFirst();

/** The audit rows of one action, oldest first. */
export const auditRows = (t: TestContext, action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
