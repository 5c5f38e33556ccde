import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuditEntry, AuditFacets, AuditListItem, AuditQuery } from '../../../contract/audit';
import { ErrorBody } from '../../../contract/errors';
import { listResponse } from '../../../contract/lists';
import { denied } from '../../crud/routes';
import { withRecordNames } from './names';
import { presentAuditEntry } from './present';
import { auditFacets, getAuditEntry, listAudit } from './queries';

const IdParams = z.object({ id: z.string() });

/** The audit log, read-only: rows are written by the mutations themselves (server/audit). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit',
    {
      config: { permission: 'audit:read', recordHistory: true },
      schema: {
        summary:
          "The audit log. Filtered to one record (entity and entityId), the rows carry before and after, and the read permission of the record's area is enough: its history then leaves out sign-ins and addresses.",
        querystring: AuditQuery,
        response: { 200: listResponse(AuditListItem), ...denied },
      },
    },
    async (request) =>
      listAudit(app.db, request.query, { historyOnly: request.recordHistoryOnly === true }),
  );

  // A static segment wins over :id in the router, whatever the order.
  app.get(
    '/admin/audit/facets',
    { config: { permission: 'audit:read' }, schema: { response: { 200: AuditFacets, ...denied } } },
    async () => auditFacets(app.db),
  );

  app.get(
    '/admin/audit/:id',
    {
      config: { permission: 'audit:read' },
      schema: { params: IdParams, response: { 200: AuditEntry, 404: ErrorBody, ...denied } },
    },
    async ({ params }) => {
      const [entry] = await withRecordNames(app.db, [
        presentAuditEntry(await getAuditEntry(app.db, params.id)),
      ]);
      return entry;
    },
  );
};
