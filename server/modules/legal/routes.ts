import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../contract/errors';
import {
  LEGAL_TYPES,
  LegalCreate,
  LegalDocument,
  LegalLatestQuery,
  LegalListQuery,
  LegalPatch,
  LegalSaved,
  LegalVersion,
  PublicLegalDocument,
} from '../../../contract/legal';
import { listResponse } from '../../../contract/lists';
import { actorOf, holds } from '../../auth/guard';
import { denied, IdParams, NoBody, recordErrors } from '../../crud/routes';
import { ifMatchOf } from '../../http/versions';
import { presentDocument, presentPublic } from './present';
import { activeOf, findDocument, latestOf, legalNotFound, listVersions } from './queries';
import { activateDocument, createDocument, updateDocument } from './write';

const saved = (row: Parameters<typeof presentDocument>[0]) => ({
  ok: true as const,
  doc: presentDocument(row),
});

const isLegalType = (value: string): value is (typeof LEGAL_TYPES)[number] =>
  (LEGAL_TYPES as readonly string[]).includes(value);

export const legalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/admin/legal',
    {
      config: { permission: 'legal:read' },
      schema: {
        querystring: LegalListQuery,
        response: { 200: listResponse(LegalVersion), ...denied },
      },
    },
    async ({ query }) => listVersions(db, query),
  );

  // The static segment wins over :id in the router, whatever the order.
  app.get(
    '/admin/legal/latest',
    {
      config: { permission: 'legal:read' },
      schema: {
        querystring: LegalLatestQuery,
        response: { 200: LegalDocument.nullable(), ...denied },
      },
    },
    async ({ query }) => {
      const row = await latestOf(db, query.type);
      return row ? presentDocument(row) : null;
    },
  );

  app.get(
    '/admin/legal/:id',
    {
      config: { permission: 'legal:read' },
      schema: { params: IdParams, response: { 200: LegalDocument, ...recordErrors } },
    },
    async ({ params }) => presentDocument(await findDocument(db, params.id)),
  );

  app.post(
    '/admin/legal',
    {
      config: { permission: 'legal:write' },
      schema: { body: LegalCreate, response: { 201: LegalSaved, ...recordErrors } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          saved(
            await createDocument(
              db,
              actorOf(request),
              request.body,
              await holds(request, 'legal:publish'),
            ),
          ),
        ),
  );

  app.patch(
    '/admin/legal/:id',
    {
      config: { permission: 'legal:write' },
      schema: {
        params: IdParams,
        body: LegalPatch,
        response: { 200: LegalSaved, ...recordErrors },
      },
    },
    async (request) =>
      saved(
        await updateDocument(
          db,
          actorOf(request),
          request.params.id,
          request.body,
          ifMatchOf(request),
          await holds(request, 'legal:publish'),
        ),
      ),
  );

  app.patch(
    '/admin/legal/:id/activate',
    {
      config: { permission: 'legal:publish' },
      schema: { params: IdParams, body: NoBody, response: { 200: LegalSaved, ...recordErrors } },
    },
    async (request) =>
      saved(await activateDocument(db, actorOf(request), request.params.id, ifMatchOf(request))),
  );

  // Public: the player app reads the live terms and privacy policy without signing in.
  app.get(
    '/legal/:type',
    {
      schema: {
        params: z.strictObject({ type: z.string() }),
        response: { 200: PublicLegalDocument, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async ({ params }) => {
      const row = isLegalType(params.type) ? await activeOf(db, params.type) : undefined;
      if (!row) throw legalNotFound();
      return presentPublic(row);
    },
  );
};
