import type { z } from 'zod';
import type { PushSendBody, PushSendResult } from '../../../contract/notifications';
import { type Actor, type AuditEntry, assertAuditable, audit } from '../../audit/audit';
import type { Database } from '../../db/connect';
import { conflict } from '../../http/errors';
import type { SecretBox } from '../../secrets/box';
import { PUSH_OFF, readPushConfig } from '../integrations/push-config';
import { callProvider, type PushApi, providerPayload } from './provider';

type Send = z.output<typeof PushSendBody>;

/** Who a send went to, for the audit log: the segments, or how many external ids. */
const targetOf = (send: Send) =>
  send.includedSegments
    ? { segments: send.includedSegments }
    : { externalIds: new Set(send.includeExternalIds).size };

/** The send's audit row; with the provider's answer once there is one. */
const entryOf = (send: Send, result?: PushSendResult): AuditEntry => ({
  action: 'notification.send',
  entity: 'notification',
  entityId: result?.ok ? result.id : null,
  after: { target: targetOf(send), headings: send.headings, ...result },
});

/**
 * POST /admin/notifications/send: 409 while push is off (nothing sent); otherwise asks the
 * provider and records the attempt and its outcome in one audit row, since a send that timed out
 * may still have gone out. The provider is not asked unless that row can be written.
 */
export async function sendNotification(
  deps: { db: Database; secrets: SecretBox; pushApi: PushApi },
  actor: Actor,
  send: Send,
): Promise<PushSendResult> {
  const { status, credentials } = await readPushConfig(deps.db, deps.secrets);
  if (!credentials) throw conflict(status.error ?? PUSH_OFF.disabled, 'push_disabled');
  await assertAuditable(deps.db, actor, entryOf(send));
  const result = await callProvider(
    deps.pushApi,
    credentials.apiKey,
    providerPayload(credentials, send),
  );
  await audit(deps.db, actor, entryOf(send, result));
  return result;
}
