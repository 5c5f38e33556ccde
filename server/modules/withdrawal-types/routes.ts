import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WithdrawalType } from '../../../contract/withdrawal-types';
import { actorOf } from '../../auth/guard';
import { updateRecord } from '../../crud/mutations';
import { IdParams, NoBody, recordErrors, registerCrudRoutes } from '../../crud/routes';
import { ifMatchOf } from '../../http/versions';
import { withdrawalTypes } from './resource';

export const withdrawalTypeRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCrudRoutes(app, withdrawalTypes);

  app.patch(
    '/admin/withdrawal-types/:id/toggle',
    {
      config: { permission: 'settings:write' },
      schema: {
        params: IdParams,
        body: NoBody,
        response: { 200: WithdrawalType, ...recordErrors },
      },
    },
    async (request) =>
      updateRecord(
        app.db,
        actorOf(request),
        withdrawalTypes,
        request.params.id,
        ({ isActive }) => ({ isActive: !isActive }),
        // A toggle from a stale row would flip back what another admin just flipped.
        { action: 'toggle', ifMatch: ifMatchOf(request) },
      ),
  );
};
