import { z } from 'zod';
import { INTEGRATION_DEFAULTS, type Integrations, KEY_MASK } from '../../../contract/integrations';
import type { Database } from '../../db/connect';
import { Sealed } from '../../secrets/box';
import { readSetting } from '../../settings/store';

/** What the push key is sealed for: a sealed value copied elsewhere does not open. */
export const KEY_PURPOSE = 'integrations.onesignal.restApiKey';

/** The push key at rest: encrypted, with its last 4 characters (what the mask shows). */
export const StoredKey = Sealed.extend({ last4: z.string() });
export type StoredKey = z.infer<typeof StoredKey>;

const push = INTEGRATION_DEFAULTS.onesignal;
const ads = INTEGRATION_DEFAULTS.unityAds;

/** The `integrations` settings row; fields never saved read as the specification's defaults. */
const StoredIntegrations = z.object({
  onesignal: z
    .object({
      enabled: z.boolean().default(push.enabled),
      appId: z.string().default(push.appId),
      restApiKey: StoredKey.nullable().default(null),
      androidChannelId: z.string().default(push.androidChannelId),
      iosThreadId: z.string().default(push.iosThreadId),
    })
    .prefault({}),
  unityAds: z
    .object({
      enabled: z.boolean().default(ads.enabled),
      testMode: z.boolean().default(ads.testMode),
      androidGameId: z.string().default(ads.androidGameId),
      iosGameId: z.string().default(ads.iosGameId),
      rewardedPlacementAndroid: z.string().default(ads.rewardedPlacementAndroid),
      rewardedPlacementIos: z.string().default(ads.rewardedPlacementIos),
    })
    .prefault({}),
});
export type StoredIntegrations = z.infer<typeof StoredIntegrations>;

/** The `integrations` row and when it was saved (null: never, the value is the defaults). */
export const readStoredIntegrations = (db: Database) =>
  readSetting(db, 'integrations', (stored) => StoredIntegrations.parse(stored ?? {}));

export const readIntegrations = async (db: Database) => (await readStoredIntegrations(db)).value;

/** The key as answers show it: the mask and its last 4 characters; '' when there is none. */
export const maskedKey = (key: StoredKey | null) => (key ? `${KEY_MASK}${key.last4}` : '');

/** The configuration as the API answers it: the key masked. */
export const presentIntegrations = ({ onesignal, unityAds }: StoredIntegrations): Integrations => ({
  onesignal: { ...onesignal, restApiKey: maskedKey(onesignal.restApiKey) },
  unityAds,
});
