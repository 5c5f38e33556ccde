import type { PushSendBody, PushSendResult, PushStatus } from '../../../contract/notifications';
import { http } from '../../http';

/** The Push Notifications page's calls (spec section 7). */
export const notificationsApi = {
  status: (signal?: AbortSignal) => http<PushStatus>('admin/notifications/onesignal', { signal }),
  send: (body: PushSendBody) =>
    http<PushSendResult>('admin/notifications/send', { method: 'POST', body }),
};
