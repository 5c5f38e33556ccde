import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../contract/errors';
import { listResponse } from '../../../contract/lists';
import { SignalsResponse } from '../../../contract/withdrawal-signals';
import {
  BulkDecisionBody,
  BulkDecisionResponse,
  DecisionBody,
  DecisionResponse,
  Withdrawal,
  WithdrawalDetail,
  WithdrawalsExportQuery,
  WithdrawalsQuery,
} from '../../../contract/withdrawals';
import { actorOf } from '../../auth/guard';
import { denied } from '../../crud/routes';
import { sendCsv } from '../../http/csv';
import { decideWithdrawal, decideWithdrawals } from './decide';
import { exportWithdrawals } from './export';
import { presentWithdrawal } from './present';
import { getWithdrawal, listWithdrawals, parseWithdrawalId } from './queries';
import { approvalRefusalOf } from './refusal';
import { signalsOf } from './signals/queries';

const IdParams = z.object({ id: z.string() });

export const withdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/withdrawals',
    {
      config: { permission: 'withdrawals:read' },
      schema: {
        querystring: WithdrawalsQuery,
        response: { 200: listResponse(Withdrawal), ...denied },
      },
    },
    async ({ query }) => listWithdrawals(app.db, query),
  );

  // Static segments (export.csv, bulk) win over :id in the router, whatever the order.
  app.get(
    '/admin/withdrawals/export.csv',
    {
      config: { permission: 'withdrawals:read' },
      schema: { querystring: WithdrawalsExportQuery, response: denied },
    },
    async ({ query }, reply) => sendCsv(reply, 'withdrawals.csv', exportWithdrawals(app.db, query)),
  );

  app.patch(
    '/admin/withdrawals/bulk',
    {
      config: { permission: 'withdrawals:approve' },
      schema: { body: BulkDecisionBody, response: { 200: BulkDecisionResponse, ...denied } },
    },
    async (request) => {
      const { ids, ...input } = request.body;
      return decideWithdrawals(app.db, actorOf(request), ids, input);
    },
  );

  app.get(
    '/admin/withdrawals/:id',
    {
      config: { permission: 'withdrawals:read' },
      schema: {
        params: IdParams,
        response: { 200: WithdrawalDetail, 404: ErrorBody, ...denied },
      },
    },
    async (request) => {
      const row = await getWithdrawal(app.db, parseWithdrawalId(request.params.id));
      const approvalRefusal = await approvalRefusalOf(app.db, actorOf(request).id, row.id);
      return { ...presentWithdrawal(row), approvalRefusal };
    },
  );

  app.get(
    '/admin/withdrawals/:id/signals',
    {
      config: { permission: 'withdrawals:read' },
      schema: {
        params: IdParams,
        response: { 200: SignalsResponse, 404: ErrorBody, ...denied },
      },
    },
    async (request) => ({
      signals: await signalsOf(app.db, parseWithdrawalId(request.params.id)),
    }),
  );

  app.patch(
    '/admin/withdrawals/:id/decision',
    {
      config: { permission: 'withdrawals:approve' },
      schema: {
        params: IdParams,
        body: DecisionBody,
        response: { 200: DecisionResponse, 404: ErrorBody, 409: ErrorBody, ...denied },
      },
    },
    async (request) => {
      const row = await decideWithdrawal(app.db, actorOf(request), request.params.id, request.body);
      return { ok: true as const, withdrawal: presentWithdrawal(row) };
    },
  );
};
