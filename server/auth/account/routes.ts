import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountSessions,
  CURRENT_PASSWORD_INCORRECT,
  OwnPasswordBody,
  SessionParams,
  SessionsEnded,
} from '../../../contract/account';
import { OkResponse } from '../../../contract/auth';
import { ErrorBody } from '../../../contract/errors';
import { audit } from '../../audit/audit';
import type { UserRow } from '../../db/schema';
import { ApiError, invalidInput } from '../../http/errors';
import { adminPasswordProblem } from '../admin-password-rules';
import { actorOf, requireSession } from '../guard';
import { assertOwnSignIn, rateLimited } from '../refusals';
import { clearWarning } from '../two-step/warning';
import { changeOwnPassword } from './password';
import { endSessions, listSessions, type Which } from './sessions';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

/**
 * My account: one's own password and sessions (signed in with a password; behind a sign-on
 * proxy there are no sessions or passwords of ours, and these answer 403).
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  // Before the body is read: behind a proxy every route is off (403), and a caller without a
  // session learns nothing (401), not even what a valid body looks like.
  app.addHook('onRequest', async (request) => {
    assertOwnSignIn(app);
    await requireSession(request);
  });

  /** The caller's own session: never null here (proxy sign-in is refused first). */
  const ownSession = async (request: FastifyRequest) => {
    const session = await requireSession(request);
    // Never null here: a session without a row of ours is the proxy's, refused above.
    if (session.id === null) throw new Error('A password sign-in session without its row');
    return { user: session.user, sessionId: session.id };
  };

  /** Ends sessions of the caller's (see `endSessions`), audited when any ended. */
  const endAudited = (request: FastifyRequest, user: UserRow, which: Which) =>
    db.transaction().execute(async (trx) => {
      const ended = await endSessions(trx, user.id, which);
      if (ended > 0) {
        await audit(trx, actorOf(request), {
          action: 'auth.sessions_end',
          entity: 'user',
          entityId: user.user_id,
          after: { ended },
        });
      }
      return ended;
    });

  app.post(
    '/auth/password',
    { schema: { body: OwnPasswordBody, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      const { user, sessionId } = await ownSession(request);
      const { newPassword, currentPassword } = request.body;
      // Before the current password is checked: these compare only what was typed.
      const refused = adminPasswordProblem(newPassword, { ...user, currentPassword });
      if (refused) throw invalidInput('newPassword', refused);
      const result = await changeOwnPassword(db, {
        userId: user.id,
        sessionId,
        ...request.body,
        actor: actorOf(request),
        ip: request.ip,
      });
      if (result.outcome === 'rate-limited') throw rateLimited(result.retryAfterSeconds);
      if (result.outcome === 'invalid') {
        throw new ApiError(401, 'wrong_password', CURRENT_PASSWORD_INCORRECT, {
          currentPassword: CURRENT_PASSWORD_INCORRECT,
        });
      }
      // The warning about wrong two-step codes was about the old password.
      await clearWarning(db, user.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/auth/sessions',
    { schema: { response: { 200: AccountSessions, ...errors } } },
    async (request) => {
      const { user, sessionId } = await ownSession(request);
      return { data: await listSessions(db, user.id, sessionId) };
    },
  );

  /** Sign out everywhere else. */
  app.delete(
    '/auth/sessions',
    { schema: { response: { 200: SessionsEnded, ...errors } } },
    async (request) => {
      const { user, sessionId } = await ownSession(request);
      const ended = await endAudited(request, user, { except: sessionId });
      return { ok: true as const, ended };
    },
  );

  app.delete(
    '/auth/sessions/:id',
    { schema: { params: SessionParams, response: { 200: SessionsEnded, ...errors } } },
    async (request) => {
      const { user } = await ownSession(request);
      const ended = await endAudited(request, user, { only: Number(request.params.id) });
      // Another admin's session is as unknown here as one that never was.
      if (ended === 0) throw new ApiError(404, 'not_found', 'No such session of yours is open');
      return { ok: true as const, ended };
    },
  );
};
