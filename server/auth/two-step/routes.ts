import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoginResponse, OkResponse } from '../../../contract/auth';
import { ErrorBody } from '../../../contract/errors';
import { CHALLENGE_EXPIRED, tooManyCodes } from '../../../contract/two-step';
import {
  RecoveryCodes,
  TwoStepCodeBody,
  TwoStepDisableBody,
  TwoStepSetup,
  TwoStepSetupBody,
  TwoStepStatus,
  TwoStepWarningResponse,
  VerifyBody,
} from '../../../contract/two-step-schemas';
import { audit } from '../../audit/audit';
import { ApiError } from '../../http/errors';
import { currentPasswordIncorrect, isCurrentPassword } from '../current-password';
import { deviceCookieOf } from '../device-cookie';
import { actorOf, requireSession } from '../guard';
import { accountKey } from '../login-throttle';
import { presentUser } from '../present-user';
import { assertOwnSignIn, invalidCode, rateLimited } from '../refusals';
import { revokeUserSessions, type Session } from '../sessions';
import { type RateLimited, underSignInLimits } from '../sign-in-limits';
import { type TooManyCodes, underCodeCap } from './code-cap';
import { checkCode, enable, startSetup, turnOff, twoStepStatus } from './store';
import { verifySignIn } from './verify';
import { clearWarning, ownWarning } from './warning';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody };

const ALREADY_ON = 'Two-step sign-in is already on. Turn it off first to set up a new device.';
const NOT_STARTED = 'Start the set-up first: it gives the key to add to your authenticator app.';
const NOT_ON = 'Two-step sign-in is not on.';
const MANDATORY = 'Two-step sign-in is required for every admin here: it cannot be turned off.';

/** 429 with Retry-After: the sign-in limits, or the account's cap on wrong codes. */
function refuseLimited(result: RateLimited | TooManyCodes): never {
  const seconds = result.retryAfterSeconds;
  if (result.outcome === 'rate-limited') throw rateLimited(seconds);
  throw new ApiError(429, 'too_many_codes', tooManyCodes(seconds), undefined, {
    'retry-after': String(seconds),
  });
}

const isLimited = (result: { outcome: string }): result is RateLimited | TooManyCodes =>
  result.outcome === 'rate-limited' || result.outcome === 'too-many-codes';

/** The session's row: never null here (behind a sign-on proxy these routes answer 403 first). */
function sessionIdOf(session: Session): number {
  if (session.id === null) throw new Error('A password sign-in session without its row');
  return session.id;
}

/**
 * /auth/2fa: set-up, turning on and off (signed in), and the code step of a sign-in. Password
 * sign-in only: behind a sign-on proxy its identity provider asks for second factors.
 */
export const twoStepRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, secrets } = app;
  const required = () => app.requireTwoStep;

  // Before the body is read: behind a proxy every route is off (403), and a caller without a
  // session learns nothing (401), not even what a valid body looks like.
  app.addHook('onRequest', async (request) => {
    assertOwnSignIn(app);
    if (request.routeOptions.url !== '/api/auth/2fa/verify') await requireSession(request);
  });

  app.get(
    '/auth/2fa',
    { schema: { response: { 200: TwoStepStatus, ...errors } } },
    async (request) => {
      const { user } = await requireSession(request);
      return twoStepStatus(db, user, required());
    },
  );

  app.post(
    '/auth/2fa/setup',
    { schema: { body: TwoStepSetupBody, response: { 200: TwoStepSetup, ...errors } } },
    async (request) => {
      const session = await requireSession(request);
      const { user } = session;
      if (user.two_step_at) throw new ApiError(409, 'two_step_on', ALREADY_ON);
      // As a password change: a wrong password counts against the sign-in limits.
      const who = { ip: request.ip, identifier: accountKey(user.id) };
      const result = await underSignInLimits(db, who, async (trx) =>
        (await isCurrentPassword(trx, user.id, request.body.currentPassword))
          ? {
              outcome: 'started' as const,
              setup: await startSetup(trx, secrets, user, sessionIdOf(session)),
            }
          : { outcome: 'invalid' as const },
      );
      if (result.outcome === 'rate-limited') throw rateLimited(result.retryAfterSeconds);
      if (result.outcome === 'invalid') throw currentPasswordIncorrect();
      return result.setup;
    },
  );

  app.post(
    '/auth/2fa/enable',
    { schema: { body: TwoStepCodeBody, response: { 200: RecoveryCodes, ...errors } } },
    async (request) => {
      const session = await requireSession(request);
      const { user } = session;
      if (user.two_step_at) throw new ApiError(409, 'two_step_on', ALREADY_ON);
      const sessionId = sessionIdOf(session);
      const who = { ip: request.ip, userId: user.id };
      const result = await underCodeCap(db, who, async (trx) => {
        const outcome = await enable(
          trx,
          secrets,
          { userId: user.id, sessionId },
          request.body.code,
        );
        if (outcome.outcome === 'enabled') {
          // A session opened with the password alone (perhaps a stolen one) must not outlive it.
          await revokeUserSessions(trx, user.id, sessionId);
          // Only that it happened: never the secret, a code or a recovery code.
          await audit(trx, actorOf(request), {
            action: 'auth.two_step_enabled',
            entity: 'user',
            entityId: user.user_id,
          });
        }
        return outcome;
      });
      if (isLimited(result)) refuseLimited(result);
      if (result.outcome === 'not-started')
        throw new ApiError(409, 'setup_not_started', NOT_STARTED);
      if (result.outcome === 'invalid') throw invalidCode();
      return { recoveryCodes: result.recoveryCodes };
    },
  );

  app.post(
    '/auth/2fa/disable',
    { schema: { body: TwoStepDisableBody, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      const { user } = await requireSession(request);
      if (!user.two_step_at) throw new ApiError(409, 'two_step_off', NOT_ON);
      if (required()) throw new ApiError(409, 'two_step_required', MANDATORY);
      const { code, currentPassword } = request.body;
      const who = { ip: request.ip, userId: user.id };
      const result = await underCodeCap(db, who, async (trx) => {
        // The password first: a code is not looked at (nor spent) for a wrong one.
        if (!(await isCurrentPassword(trx, user.id, currentPassword))) {
          return { outcome: 'invalid' as const, wrong: 'password' as const };
        }
        if (!(await checkCode(trx, secrets, user.id, code))) {
          return { outcome: 'invalid' as const };
        }
        await turnOff(trx, user.id);
        await audit(trx, actorOf(request), {
          action: 'auth.two_step_disabled',
          entity: 'user',
          entityId: user.user_id,
        });
        return { outcome: 'disabled' as const };
      });
      if (isLimited(result)) refuseLimited(result);
      if (result.outcome === 'invalid') {
        throw 'wrong' in result ? currentPasswordIncorrect() : invalidCode();
      }
      return { ok: true as const };
    },
  );

  app.post(
    '/auth/2fa/verify',
    { schema: { body: VerifyBody, response: { 200: LoginResponse, ...errors } } },
    async (request) => {
      const result = await verifySignIn(db, secrets, {
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        device: deviceCookieOf(request),
      });
      if (isLimited(result)) refuseLimited(result);
      if (result.outcome === 'invalid') throw invalidCode();
      if (result.outcome !== 'signed-in') {
        throw new ApiError(401, 'challenge_expired', CHALLENGE_EXPIRED);
      }
      return { token: result.token, user: presentUser(result.user) };
    },
  );

  app.get(
    '/auth/2fa/warning',
    { schema: { response: { 200: TwoStepWarningResponse, ...errors } } },
    async (request) => {
      const { user } = await requireSession(request);
      return { warning: await ownWarning(db, user.id) };
    },
  );

  /**
   * The owner has read the warning (it also goes once the password is changed). Audited: a
   * stolen session that hides the warning leaves a trace.
   */
  app.delete(
    '/auth/2fa/warning',
    { schema: { response: { 200: OkResponse, ...errors } } },
    async (request) => {
      const { user } = await requireSession(request);
      await db.transaction().execute(async (trx) => {
        if (!(await clearWarning(trx, user.id))) return;
        await audit(trx, actorOf(request), {
          action: 'auth.two_step_warning_dismissed',
          entity: 'user',
          entityId: user.user_id,
        });
      });
      return { ok: true as const };
    },
  );
};
