import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../contract/errors';
import { listResponse } from '../../../contract/lists';
import {
  BulkDecisionBody,
  BulkDecisionResponse,
  DecisionBody,
  DecisionResponse,
  Withdrawal,
  WithdrawalsExportQuery,
  WithdrawalsQuery,
} from '../../../contract/withdrawals';
import { actorOf } from '../../auth/guard';
import { sendCsv } from '../../http/csv';
import { decideWithdrawal, decideWithdrawals } from './decide';
import { exportWithdrawals } from './export';
import { presentWithdrawal } from './present';
import { getWithdrawal, listWithdrawals, parseWithdrawalId } from './queries';

const IdParams = z.object({ id: z.string() });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

export const withdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/withdrawals',
    {
      schema: {
        querystring: WithdrawalsQuery,
        response: { 200: listResponse(Withdrawal), ...errors },
      },
    },
    async ({ query }) => listWithdrawals(app.db, query),
  );

  // Static segments (export.csv, bulk) win over :id in the router, whatever the order.
  app.get(
    '/admin/withdrawals/export.csv',
    { schema: { querystring: WithdrawalsExportQuery } },
    async ({ query }, reply) => sendCsv(reply, 'withdrawals.csv', exportWithdrawals(app.db, query)),
  );

  app.patch(
    '/admin/withdrawals/bulk',
    { schema: { body: BulkDecisionBody, response: { 200: BulkDecisionResponse, ...errors } } },
    async (request) => {
      const { ids, ...input } = request.body;
      return decideWithdrawals(app.db, actorOf(request), ids, input);
    },
  );

  app.get(
    '/admin/withdrawals/:id',
    { schema: { params: IdParams, response: { 200: Withdrawal, 404: ErrorBody, ...errors } } },
    async ({ params }) =>
      presentWithdrawal(await getWithdrawal(app.db, parseWithdrawalId(params.id))),
  );

  app.patch(
    '/admin/withdrawals/:id/decision',
    {
      schema: {
        params: IdParams,
        body: DecisionBody,
        response: { 200: DecisionResponse, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
    },
    async (request) => {
      const row = await decideWithdrawal(app.db, actorOf(request), request.params.id, request.body);
      return { ok: true as const, withdrawal: presentWithdrawal(row) };
    },
  );
};
