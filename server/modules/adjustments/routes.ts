import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Adjustment,
  AdjustmentBulkBody,
  AdjustmentBulkResponse,
  AdjustmentDecisionBody,
  AdjustmentDecisionResponse,
  AdjustmentDetail,
  AdjustmentsQuery,
} from '../../../contract/adjustments';
import { ErrorBody } from '../../../contract/errors';
import { listResponse } from '../../../contract/lists';
import { actorOf } from '../../auth/guard';
import { denied } from '../../crud/routes';
import { adjustmentDetail, decideAdjustment, decideAdjustments } from './decide';
import { presentAdjustment } from './present';
import { listAdjustments } from './queries';

const IdParams = z.object({ id: z.string() });

/** Balance credits waiting for a second admin (recorded by PATCH /admin/users/{id}). */
export const adjustmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/adjustments',
    {
      config: { permission: 'users:read' },
      schema: {
        querystring: AdjustmentsQuery,
        response: { 200: listResponse(Adjustment), ...denied },
      },
    },
    async ({ query }) => listAdjustments(app.db, query),
  );

  // The static segment wins over :id in the router, whatever the order.
  app.patch(
    '/admin/adjustments/bulk',
    {
      config: { permission: 'adjustments:approve' },
      schema: { body: AdjustmentBulkBody, response: { 200: AdjustmentBulkResponse, ...denied } },
    },
    async (request) => {
      const { ids, ...input } = request.body;
      return decideAdjustments(app.db, actorOf(request), ids, input);
    },
  );

  app.get(
    '/admin/adjustments/:id',
    {
      config: { permission: 'users:read' },
      schema: { params: IdParams, response: { 200: AdjustmentDetail, 404: ErrorBody, ...denied } },
    },
    async (request) => adjustmentDetail(app.db, actorOf(request), request.params.id),
  );

  app.patch(
    '/admin/adjustments/:id/decision',
    {
      config: { permission: 'adjustments:approve' },
      schema: {
        params: IdParams,
        body: AdjustmentDecisionBody,
        response: {
          200: AdjustmentDecisionResponse,
          404: ErrorBody,
          409: ErrorBody,
          ...denied,
        },
      },
    },
    async (request) => {
      const row = await decideAdjustment(app.db, actorOf(request), request.params.id, request.body);
      return { ok: true as const, adjustment: presentAdjustment(row) };
    },
  );
};
