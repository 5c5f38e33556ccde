import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkResponse } from '../../../contract/auth';
import { ErrorBody } from '../../../contract/errors';
import { PermissionCatalogue } from '../../../contract/permission-catalogue';
import { ANY_ADMIN, PERMISSION_CATALOGUE } from '../../../contract/permissions';

/**
 * The console's guard: answers ok for an admin session (the admin check itself is global); and
 * the catalogue of permissions, for the grant form.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/ping',
    {
      config: { permission: ANY_ADMIN },
      schema: { response: { 200: OkResponse, 401: ErrorBody, 403: ErrorBody } },
    },
    async () => ({ ok: true as const }),
  );

  app.get(
    '/admin/permissions',
    {
      config: { permission: ANY_ADMIN },
      schema: { response: { 200: PermissionCatalogue, 401: ErrorBody, 403: ErrorBody } },
    },
    async () => PERMISSION_CATALOGUE,
  );
};
