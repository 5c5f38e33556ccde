import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OkResponse } from '../../contract/auth';
import { ErrorBody } from '../../contract/errors';
import { listResponse } from '../../contract/lists';
import { actorOf } from '../auth/guard';
import { ifMatchOf } from '../http/versions';
import { findRecord } from './find';
import { listRecords } from './list';
import { createRecord, deleteRecord, updateRecord } from './mutations';
import type { AnyResource, FieldsOf, QueryOf, RecordVerb } from './resource';

export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** `:id` is any text: one that is not a canonical id answers 404 like an unknown one. */
export const IdParams = z.strictObject({ id: z.string() });

/** A call whose path says it all (a toggle): a body sent is refused, not ignored. */
export const NoBody = z.strictObject({}).nullish();

/** The errors any admin route may answer. */
export const denied = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
/** The errors a route on one record may answer. */
export const recordErrors = { ...denied, 404: ErrorBody, 409: ErrorBody };

/** The resource's `refuseId`, run before the body is validated: the id is what gets refused. */
export function idCheck(resource: AnyResource, verb: RecordVerb) {
  const { refuseId } = resource;
  if (!refuseId) return {};
  return {
    preValidation: async (request: FastifyRequest<{ Params: { id: string } }>) =>
      refuseId(request.params.id, verb),
  };
}

/**
 * The resource's list (GET path), one record (GET path/:id), create (POST path, 201), update
 * (PATCH or PUT path/:id, with If-Match) and delete (DELETE path/:id).
 */
export function registerCrudRoutes<R extends AnyResource>(app: ZodApp, resource: R): void {
  const { path, schemas } = resource;
  const read = { permission: `${resource.area}:read` } as const;
  const write = { permission: `${resource.area}:write` } as const;
  app.recordAreas.set(resource.entity, resource.area);
  // Its table announces changes as `resource/<last segment of path>` (see announce-changes.ts).
  app.liveAreas.set(path.slice(path.lastIndexOf('/') + 1), resource.area);

  app.get(
    path,
    {
      config: read,
      schema: {
        querystring: schemas.query,
        response: { 200: listResponse(schemas.item), ...denied },
      },
    },
    // The schemas parsed query and body: they are the resource's.
    async (request) => listRecords(app.db, resource, request.query as QueryOf<R>),
  );

  app.get(
    `${path}/:id`,
    {
      config: read,
      ...idCheck(resource, 'fetch'),
      schema: { params: IdParams, response: { 200: schemas.item, ...recordErrors } },
    },
    async (request) => findRecord(app.db, resource, request.params.id),
  );

  app.post(
    path,
    {
      config: write,
      schema: { body: schemas.create, response: { 201: schemas.item, ...recordErrors } },
    },
    async (request, reply) => {
      const input = request.body as FieldsOf<R>;
      const record = await createRecord(app.db, actorOf(request), resource, input);
      return reply.code(201).send(record);
    },
  );

  app.route({
    method: schemas.update.method,
    url: `${path}/:id`,
    config: write,
    ...idCheck(resource, 'update'),
    schema: {
      params: IdParams,
      body: schemas.update.body,
      response: { 200: schemas.item, ...recordErrors },
    },
    handler: async (request) =>
      updateRecord(app.db, actorOf(request), resource, request.params.id, request.body, {
        ifMatch: ifMatchOf(request),
      }),
  });

  app.delete(
    `${path}/:id`,
    {
      config: write,
      ...idCheck(resource, 'delete'),
      schema: {
        params: IdParams,
        response: { 200: schemas.deleted ?? OkResponse, ...recordErrors },
      },
    },
    async (request) => deleteRecord(app.db, actorOf(request), resource, request.params.id),
  );
}
