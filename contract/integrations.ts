import { z } from 'zod';
import { text } from './text';

/** What masks the push provider's key in answers: the key's last 4 characters follow it. */
export const KEY_MASK = '••••••••';

/** A one-line setting: trimmed, at most `max` characters, no control characters. */
const label = (max: number) =>
  text()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .regex(/^[^\p{Cc}]*$/u, 'must be on one line');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// A key as the provider shows it: printable ASCII, no spaces (it goes into a request header).
const KEY = /^[\x21-\x7e]{8,}$/;

export const KEY_MAX = 500;

/** The push provider (OneSignal) group. `restApiKey` is masked in every answer. */
export const PushIntegration = z.object({
  enabled: z.boolean(),
  appId: z.string(),
  /** KEY_MASK and the key's last 4 characters; '' when no key is stored. */
  restApiKey: z.string(),
  androidChannelId: z.string(),
  iosThreadId: z.string(),
});
export type PushIntegration = z.infer<typeof PushIntegration>;

/** The video-ads provider (Unity Ads) group. */
export const AdsIntegration = z.object({
  enabled: z.boolean(),
  testMode: z.boolean(),
  androidGameId: z.string(),
  iosGameId: z.string(),
  rewardedPlacementAndroid: z.string(),
  rewardedPlacementIos: z.string(),
});
export type AdsIntegration = z.infer<typeof AdsIntegration>;

export const Integrations = z.object({ onesignal: PushIntegration, unityAds: AdsIntegration });
export type Integrations = z.infer<typeof Integrations>;

/** What a never-saved configuration reads as (spec section 3). */
export const INTEGRATION_DEFAULTS: Integrations = {
  onesignal: { enabled: true, appId: '', restApiKey: '', androidChannelId: '', iosThreadId: '' },
  unityAds: {
    enabled: false,
    testMode: true,
    androidGameId: '',
    iosGameId: '',
    rewardedPlacementAndroid: 'Rewarded_Android',
    rewardedPlacementIos: 'Rewarded_iOS',
  },
};

/** GET /admin/integrations. */
export const IntegrationsResponse = z.object({ integrations: Integrations });
export type IntegrationsResponse = z.infer<typeof IntegrationsResponse>;

/** PATCH /admin/integrations: the saved configuration, its key masked again. */
export const IntegrationsSaved = z.object({ ok: z.literal(true), integrations: Integrations });
export type IntegrationsSaved = z.infer<typeof IntegrationsSaved>;

/**
 * PATCH /admin/integrations: both groups, every field. `restApiKey`: the masked value as read
 * keeps the stored key, '' clears it, anything else is the new key.
 */
export const IntegrationsPatch = z.strictObject({
  onesignal: z.strictObject({
    enabled: z.boolean('must be true or false'),
    appId: label(36).refine(
      (value) => value === '' || UUID.test(value),
      'must be an App ID such as 202d4f61-1ca9-42df-9d36-bb17d8123abc',
    ),
    restApiKey: text()
      .trim()
      .max(KEY_MAX, `must be at most ${KEY_MAX} characters`)
      .refine(
        (value) => value === '' || value.startsWith(KEY_MASK) || KEY.test(value),
        'must be the key as the provider shows it: at least 8 letters, digits or symbols, no spaces',
      ),
    androidChannelId: label(100),
    iosThreadId: label(100),
  }),
  unityAds: z.strictObject({
    enabled: z.boolean('must be true or false'),
    testMode: z.boolean('must be true or false'),
    androidGameId: label(50),
    iosGameId: label(50),
    rewardedPlacementAndroid: label(100),
    rewardedPlacementIos: label(100),
  }),
});
export type IntegrationsPatch = z.input<typeof IntegrationsPatch>;
