import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../contract/errors';
import { StatsSummary, UserStatsQuery, UsersOverTime } from '../../../contract/stats';
import { statsSummary, usersOverTime } from './queries';

const denied = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

/** The dashboard: new users over time and the two KPI figures. */
export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/admin/stats/users',
    { schema: { querystring: UserStatsQuery, response: { 200: UsersOverTime, ...denied } } },
    async (request) => usersOverTime(db, request.query.range),
  );

  app.get(
    '/admin/stats/summary',
    { schema: { response: { 200: StatsSummary, ...denied } } },
    async () => statsSummary(db),
  );
};
