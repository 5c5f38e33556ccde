import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { HealthResponse } from '../../../contract/auth';
import { ErrorBody } from '../../../contract/errors';
import { ApiError } from '../../http/errors';

/** Liveness for load balancers and operators: no auth, answers whether the database is up. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { response: { 200: HealthResponse, 503: ErrorBody } } },
    async () => {
      try {
        await sql`SELECT 1`.execute(app.db);
      } catch {
        throw new ApiError(503, 'unavailable', 'Database unavailable');
      }
      return { ok: true as const, database: 'up' as const };
    },
  );
};
