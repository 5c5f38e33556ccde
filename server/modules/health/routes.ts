import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { HealthResponse, ReadyResponse } from '../../../contract/auth';
import { ErrorBody } from '../../../contract/errors';
import { pendingMigrations } from '../../db/migrate';
import { ApiError } from '../../http/errors';

const databaseDown = () => new ApiError(503, 'unavailable', 'Database unavailable');

/**
 * Liveness and readiness for load balancers and operators, without auth. /health: the database
 * answers. /ready: also, it holds every migration this server knows, so a new instance starting
 * beside an old database is not sent traffic before its schema is there.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { response: { 200: HealthResponse, 503: ErrorBody } } },
    async () => {
      try {
        await sql`SELECT 1`.execute(app.db);
      } catch {
        throw databaseDown();
      }
      return { ok: true as const, database: 'up' as const };
    },
  );

  app.get('/ready', { schema: { response: { 200: ReadyResponse, 503: ErrorBody } } }, async () => {
    const pending = await pendingMigrations(app.db).catch(() => {
      throw databaseDown();
    });
    if (pending.length > 0) {
      throw new ApiError(503, 'not_ready', `Migrations not applied: ${pending.join(', ')}`);
    }
    return { ok: true as const, database: 'up' as const, migrations: 'applied' as const };
  });
};
