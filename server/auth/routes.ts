import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoginBody, LoginResponse, MeResponse, OkResponse } from '../../contract/auth';
import { ErrorBody } from '../../contract/errors';
import { audit } from '../audit/audit';
import { ApiError } from '../http/errors';
import { presentUser } from '../modules/users/present';
import { actorOf, requireSession } from './guard';
import { accountDelayMs, ipRetryAfter, recordFailure } from './login-throttle';
import { verifyPassword } from './passwords';
import { createSession, revokeSession } from './sessions';

const INVALID = 'Invalid credentials';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.post(
    '/auth/login',
    {
      schema: {
        body: LoginBody,
        response: { 200: LoginResponse, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const ip = request.ip;
      const identifier = request.body.emailOrUsername.trim().toLowerCase();

      const retryAfter = await ipRetryAfter(db, ip);
      if (retryAfter > 0) {
        throw new ApiError(
          429,
          'rate_limited',
          `Too many failed sign-in attempts. Try again in ${retryAfter} seconds.`,
          undefined,
          { 'retry-after': String(retryAfter) },
        );
      }
      const delay = await accountDelayMs(db, identifier);
      if (delay > 0) await sleep(delay);

      const user = await db
        .selectFrom('users')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['username']), '=', identifier),
            eb(eb.fn('lower', ['email']), '=', identifier),
          ]),
        )
        .executeTakeFirst();
      // Unknown user, wrong password and disabled user: same work, same answer.
      const passwordOk = await verifyPassword(user?.password_hash ?? null, request.body.password);
      if (!user || !passwordOk || user.status === 'disabled') {
        await db.transaction().execute(async (trx) => {
          await recordFailure(trx, ip, identifier);
          await audit(
            trx,
            { id: null, username: null, ip },
            {
              action: 'auth.login_failed',
              entity: 'user',
              entityId: user?.user_id ?? null,
              after: { emailOrUsername: identifier.slice(0, 320) },
            },
          );
        });
        throw new ApiError(401, 'invalid_credentials', INVALID);
      }

      const token = await db.transaction().execute(async (trx) => {
        const created = await createSession(trx, user.id, {
          ip,
          userAgent: request.headers['user-agent'],
        });
        await audit(
          trx,
          { id: user.id, username: user.username, ip },
          { action: 'auth.login', entity: 'user', entityId: user.user_id },
        );
        return created;
      });
      return { token, user: presentUser(user) };
    },
  );

  app.get(
    '/auth/me',
    { schema: { response: { 200: MeResponse, 401: ErrorBody } } },
    async (request) => {
      const session = await requireSession(request);
      return { user: presentUser(session.user) };
    },
  );

  app.post(
    '/auth/logout',
    { schema: { response: { 200: OkResponse, 401: ErrorBody } } },
    async (request) => {
      const session = await requireSession(request);
      await db.transaction().execute(async (trx) => {
        await revokeSession(trx, session.id);
        await audit(trx, actorOf(request), {
          action: 'auth.logout',
          entity: 'user',
          entityId: session.user.user_id,
        });
      });
      return { ok: true as const };
    },
  );
};
