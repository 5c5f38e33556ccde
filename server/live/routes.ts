import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../contract/errors';
import { LIVE_UNAVAILABLE, TOO_MANY_STREAMS } from '../../contract/live';
import { ANY_ADMIN, allows, PERMISSION_AREAS, type Permission } from '../../contract/permissions';
import { PresenceAnswer, PresenceBody } from '../../contract/presence';
import { holds, lacking, permissionsOf, requireAdmin } from '../auth/guard';
import { denied } from '../crud/routes';
import { ApiError, invalidInput } from '../http/errors';
import { permissionKey } from './access';
import { arrive, leave } from './presence';
import type { Subscriber } from './subscriber';

const OkAnswer = z.object({ ok: z.literal(true) });

/** 400 for a resource that is not announced; 403 unless the admin may read it. */
async function requireRead(request: FastifyRequest, resource: string) {
  const area = request.server.liveAreas.get(resource);
  if (!area) throw invalidInput('resource', 'Unknown resource');
  const permission: Permission = `${area}:read`;
  if (!(await holds(request, permission))) throw lacking(permission);
}

/**
 * GET /admin/events: the admin's live stream (Server-Sent Events). PUT and DELETE
 * /admin/presence: the admin views a record, or has left it.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, live } = app;

  app.get(
    '/admin/events',
    {
      config: { permission: ANY_ADMIN, passive: true },
      schema: {
        summary:
          'Live updates (Server-Sent Events): `event: resource` {topic, type, ids}, `event: stats`, `event: presence`, a heartbeat comment every 15 s; only the topics whose area the admin may read',
        produces: ['text/event-stream'],
        response: { 429: ErrorBody, 503: ErrorBody, ...denied },
      },
    },
    async (request, reply) => {
      const session = await requireAdmin(request);
      const held = permissionsOf(session);
      const key = session.id === null ? `user:${session.user.id}` : `session:${session.id}`;
      if (!(await live.ready())) throw new ApiError(503, 'live_unavailable', LIVE_UNAVAILABLE);
      // From here to live.add nothing waits, so two requests cannot both take the last slot.
      if (!live.hasRoomFor(key)) {
        throw new ApiError(429, 'too_many_streams', TOO_MANY_STREAMS, undefined, {
          'retry-after': '15',
        });
      }

      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        // no-transform: a proxy must neither compress nor rewrite it; X-Accel-Buffering: nginx
        // must not hold events back in its buffer.
        'cache-control': 'no-store, no-transform',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      response.flushHeaders();
      // HEAD (Fastify's twin of every GET): whether a stream would open, and its headers.
      if (request.method === 'HEAD') {
        response.end();
        return;
      }
      // A reconnecting client waits this long first (it has its own backoff beyond it).
      response.write('retry: 2000\n: live\n\n');
      request.raw.socket.setNoDelay(true);
      const subscriber: Subscriber = {
        key,
        sessionId: session.id,
        userId: session.user.id,
        groupPermissions: session.groupPermissions.map((p) => p.name),
        ssoGroups: session.id === null && app.proxySignIn?.groups ? session.user.sso_groups : null,
        permissions: permissionKey(held),
        areas: new Set(
          PERMISSION_AREAS.filter((area) => allows(held, `${area}:read` as Permission)),
        ),
        response,
      };
      live.add(subscriber);
    },
  );

  app.put(
    '/admin/presence',
    {
      config: { permission: ANY_ADMIN, passive: true },
      schema: {
        summary:
          "This admin views the record (send it every 15 s while the page is open; 30 s silent drops off): answers who views it now; needs the resource's read permission",
        body: PresenceBody,
        response: { 200: PresenceAnswer, ...denied },
      },
    },
    async (request) => {
      const { resource, id } = request.body;
      await requireRead(request, resource);
      const session = await requireAdmin(request);
      return { viewers: await arrive(db, session.user.id, { resource, id }) };
    },
  );

  app.delete(
    '/admin/presence',
    {
      config: { permission: ANY_ADMIN, passive: true },
      schema: { querystring: PresenceBody, response: { 200: OkAnswer, ...denied } },
    },
    async (request) => {
      const { resource, id } = request.query;
      await requireRead(request, resource);
      const session = await requireAdmin(request);
      await leave(db, session.user.id, { resource, id });
      return { ok: true as const };
    },
  );
};
