import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_ADMIN } from '../../../contract/permissions';
import { StatsSummary, UserStatsQuery, UsersOverTime } from '../../../contract/stats';
import { denied } from '../../crud/routes';
import { statsSummary, usersOverTime } from './queries';

/** The dashboard: new users over time and the two KPI figures. */
export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/admin/stats/users',
    {
      config: { permission: ANY_ADMIN },
      schema: { querystring: UserStatsQuery, response: { 200: UsersOverTime, ...denied } },
    },
    async (request) => usersOverTime(db, request.query.range),
  );

  app.get(
    '/admin/stats/summary',
    { config: { permission: ANY_ADMIN }, schema: { response: { 200: StatsSummary, ...denied } } },
    async () => statsSummary(db),
  );
};
