import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IntegrationsPatch,
  IntegrationsResponse,
  IntegrationsSaved,
} from '../../../contract/integrations';
import { actorOf } from '../../auth/guard';
import { denied } from '../../crud/routes';
import { saveIntegrations } from './save';
import { presentIntegrations, readIntegrations } from './stored';

export const integrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/integrations',
    {
      config: { permission: 'integrations:read' },
      schema: { response: { 200: IntegrationsResponse, ...denied } },
    },
    async () => ({ integrations: presentIntegrations(await readIntegrations(app.db)) }),
  );

  app.patch(
    '/admin/integrations',
    {
      config: { permission: 'integrations:write' },
      schema: { body: IntegrationsPatch, response: { 200: IntegrationsSaved, ...denied } },
    },
    async (request) => ({
      ok: true as const,
      integrations: await saveIntegrations(app.db, app.secrets, actorOf(request), request.body),
    }),
  );
};
