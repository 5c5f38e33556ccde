import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import {
  type Integrations,
  type IntegrationsPatch,
  KEY_MASK,
} from '../../../contract/integrations';
import { type Actor, audit } from '../../audit/audit';
import type { Database } from '../../db/connect';
import { ApiError } from '../../http/errors';
import type { SecretBox } from '../../secrets/box';
import { lockSetting, writeSetting } from '../../settings/store';
import {
  KEY_PURPOSE,
  maskedKey,
  presentIntegrations,
  readStoredIntegrations,
  type StoredIntegrations,
  type StoredKey,
} from './stored';

type Patch = z.output<typeof IntegrationsPatch>;

/** What a save did to the push key: all the audit log ever says of it. */
type KeyChange = 'kept' | 'replaced' | 'cleared';

const STALE_MASK =
  'The stored key changed since this form was loaded: reload, or type the whole key';
const staleMask = () =>
  new ApiError(400, 'invalid_input', STALE_MASK, { 'onesignal.restApiKey': STALE_MASK });

/** The masked value as read keeps the key, '' clears it, anything else replaces it. */
function nextKey(
  current: StoredKey | null,
  sent: string,
  secrets: SecretBox,
): { key: StoredKey | null; change: KeyChange } {
  if (sent === maskedKey(current)) return { key: current, change: 'kept' };
  if (sent === '') return { key: null, change: 'cleared' };
  // A masked value of some other key: saving it would store the mask as the key.
  if (sent.startsWith(KEY_MASK)) throw staleMask();
  return { key: { ...secrets.seal(sent, KEY_PURPOSE), last4: sent.slice(-4) }, change: 'replaced' };
}

/** The configuration for the audit log: every field but the key. */
const auditView = ({
  onesignal: { restApiKey: _key, ...onesignal },
  unityAds,
}: StoredIntegrations) => ({
  onesignal,
  unityAds,
});

/**
 * PATCH /admin/integrations: stores both groups (the key encrypted) under the singleton's lock,
 * with one audit row, and answers the configuration as GET does. A save that changes nothing
 * writes nothing.
 */
export function saveIntegrations(
  db: Database,
  secrets: SecretBox,
  actor: Actor,
  patch: Patch,
): Promise<Integrations> {
  return db.transaction().execute(async (trx) => {
    await lockSetting(trx, 'integrations');
    const { value: before, updatedAt } = await readStoredIntegrations(trx);
    const { key, change } = nextKey(
      before.onesignal.restApiKey,
      patch.onesignal.restApiKey,
      secrets,
    );
    const after: StoredIntegrations = {
      onesignal: { ...patch.onesignal, restApiKey: key },
      unityAds: patch.unityAds,
    };
    if (updatedAt && isDeepStrictEqual(before, after)) return presentIntegrations(before);
    await writeSetting(trx, 'integrations', after);
    const view = auditView(after);
    await audit(trx, actor, {
      action: 'integrations.update',
      entity: 'settings',
      entityId: 'integrations',
      before: auditView(before),
      after: { ...view, onesignal: { ...view.onesignal, restApiKey: change } },
    });
    return presentIntegrations(after);
  });
}
