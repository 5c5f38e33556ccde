import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../contract/errors';
import { PushSendBody, PushSendResult, PushStatus } from '../../../contract/notifications';
import { actorOf } from '../../auth/guard';
import { denied } from '../../crud/routes';
import { readPushConfig } from '../integrations/push-config';
import { sendNotification } from './send';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/notifications/onesignal',
    { config: { permission: 'push:send' }, schema: { response: { 200: PushStatus, ...denied } } },
    async () => (await readPushConfig(app.db, app.secrets)).status,
  );

  app.post(
    '/admin/notifications/send',
    {
      config: { permission: 'push:send' },
      schema: { body: PushSendBody, response: { 200: PushSendResult, ...denied, 409: ErrorBody } },
    },
    async (request) => {
      const result = await sendNotification(app, actorOf(request), request.body);
      if (!result.ok) request.log.warn({ error: result.error }, 'push provider refused a send');
      return result;
    },
  );
};
