import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BotSummary, BotsBulkBody, BotsBulkResponse } from '../../../contract/bots';
import { actorOf } from '../../auth/guard';
import { denied, registerCrudRoutes } from '../../crud/routes';
import { setBotsActive } from './bulk';
import { invalidBotId } from './ids';
import { bots } from './resource';
import { botSummary } from './summary';

export const botRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  registerCrudRoutes(app, bots);

  // Static segments (summary, bulk) win over :id in the router, whatever the order.
  app.get(
    '/admin/bots/summary',
    { config: { permission: 'bots:read' }, schema: { response: { 200: BotSummary, ...denied } } },
    async () => botSummary(db),
  );

  app.patch(
    '/admin/bots/bulk',
    {
      config: { permission: 'bots:write' },
      schema: { body: BotsBulkBody, response: { 200: BotsBulkResponse, ...denied } },
    },
    async (request) => setBotsActive(db, actorOf(request), request.body.ids, request.body.active),
  );

  // `PATCH /admin/bots/` and `DELETE /admin/bots/` land here (trailing slashes are ignored):
  // an update or delete without an id.
  app.patch(
    '/admin/bots',
    { config: { permission: 'bots:write' }, schema: { response: denied } },
    async () => {
      throw invalidBotId('update');
    },
  );
  app.delete(
    '/admin/bots',
    { config: { permission: 'bots:write' }, schema: { response: denied } },
    async () => {
      throw invalidBotId('delete');
    },
  );
};
