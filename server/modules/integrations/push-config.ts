import type { PushStatus } from '../../../contract/notifications';
import type { Database } from '../../db/connect';
import { type SecretBox, SecretUnreadable } from '../../secrets/box';
import { KEY_PURPOSE, readIntegrations } from './stored';

/** What a push send needs, the key in clear: never answer, log or audit it. */
export interface PushCredentials {
  appId: string;
  apiKey: string;
  androidChannelId: string;
  iosThreadId: string;
}

export interface PushConfig {
  status: PushStatus;
  /** Present exactly when the status is enabled. */
  credentials: PushCredentials | null;
}

export const PUSH_OFF = {
  disabled: 'Push notifications are turned off in Integrations',
  noAppId: 'No App ID is set in Integrations',
  noKey: 'No REST API Key is set in Integrations',
  unreadableKey:
    'The stored REST API Key cannot be decrypted with this server’s SECRETS_KEY: enter the key again in Integrations',
} as const;

/** Whether push sends can go out (and why not), with what they need when they can. */
export async function readPushConfig(db: Database, secrets: SecretBox): Promise<PushConfig> {
  const { enabled, appId, restApiKey, androidChannelId, iosThreadId } = (await readIntegrations(db))
    .onesignal;
  const off = (error: string): PushConfig => ({
    status: { enabled: false, appId: appId || null, error },
    credentials: null,
  });
  if (!enabled) return off(PUSH_OFF.disabled);
  if (!appId) return off(PUSH_OFF.noAppId);
  if (!restApiKey) return off(PUSH_OFF.noKey);
  let apiKey: string;
  try {
    apiKey = secrets.open(restApiKey, KEY_PURPOSE);
  } catch (error) {
    if (error instanceof SecretUnreadable) return off(PUSH_OFF.unreadableKey);
    throw error;
  }
  return {
    status: { enabled: true, appId, error: null },
    credentials: { appId, apiKey, androidChannelId, iosThreadId },
  };
}
