import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkResponse } from '../../../contract/auth';
import { ErrorBody } from '../../../contract/errors';

/** The console's guard: answers ok for an admin session (the admin check itself is global). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/ping',
    { schema: { response: { 200: OkResponse, 401: ErrorBody, 403: ErrorBody } } },
    async () => ({ ok: true as const }),
  );
};
