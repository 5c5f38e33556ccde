import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoginAnswer, LoginBody, MeResponse, OkResponse } from '../../contract/auth';
import { ErrorBody } from '../../contract/errors';
import { audit } from '../audit/audit';
import { ApiError } from '../http/errors';
import { leaveAll } from '../live/presence';
import { deviceCookieOf, setDeviceCookie } from './device-cookie';
import { actorOf, mustSetUpTwoStep, permissionsOf, requireSession } from './guard';
import { adminRoleOf, presentUser } from './present-user';
import { assertOwnSignIn, rateLimited } from './refusals';
import { revokeSession } from './sessions';
import { signIn } from './sign-in';

const INVALID = 'Invalid credentials';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.post(
    '/auth/login',
    {
      schema: {
        body: LoginBody,
        response: {
          200: LoginAnswer,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      assertOwnSignIn(app);
      const result = await signIn(db, {
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        device: deviceCookieOf(request),
      });
      if (result.outcome === 'rate-limited') throw rateLimited(result.retryAfterSeconds);
      if (result.outcome === 'invalid') throw new ApiError(401, 'invalid_credentials', INVALID);
      if (result.newDevice) setDeviceCookie(request, reply, result.newDevice);
      // Two-step sign-in: no token until a code answers the challenge (POST /auth/2fa/verify).
      if (result.outcome === 'challenge') {
        return { mfaRequired: true as const, challenge: result.challenge };
      }
      return { token: result.token, user: presentUser(result.user) };
    },
  );

  app.get(
    '/auth/me',
    { schema: { response: { 200: MeResponse, 401: ErrorBody, 403: ErrorBody } } },
    async (request) => {
      const session = await requireSession(request);
      return {
        // Behind the proxy, also what the groups give (as the user detail shows it).
        user: {
          ...presentUser(session.user),
          adminRole: adminRoleOf(session.user, request.server.proxySignIn?.groups?.permissions),
        },
        permissions: permissionsOf(session),
        twoStepSetupRequired: mustSetUpTwoStep(request.server, session),
      };
    },
  );

  app.post(
    '/auth/logout',
    { schema: { response: { 200: OkResponse, 401: ErrorBody, 403: ErrorBody } } },
    async (request) => {
      const session = await requireSession(request);
      // Signed in by the proxy: there is no session of ours; the proxy's sign-out ends its own.
      if (session.id === null) return { ok: true as const };
      const sessionId = session.id;
      await db.transaction().execute(async (trx) => {
        await revokeSession(trx, sessionId);
        await audit(trx, actorOf(request), {
          action: 'auth.logout',
          entity: 'user',
          entityId: session.user.user_id,
        });
      });
      // Their pages are closing: others need not wait for them to fall silent.
      await leaveAll(db, session.user.id).catch((error) =>
        request.log.warn(`Presence was not cleared at sign-out (${error})`),
      );
      return { ok: true as const };
    },
  );
};
