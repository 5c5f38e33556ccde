import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoginResponse, OkResponse } from '../../../contract/auth';
import { ErrorBody } from '../../../contract/errors';
import { CHALLENGE_EXPIRED } from '../../../contract/two-step';
import {
  RecoveryCodes,
  TwoStepCodeBody,
  TwoStepSetup,
  TwoStepStatus,
  VerifyBody,
} from '../../../contract/two-step-schemas';
import { audit } from '../../audit/audit';
import { ApiError } from '../../http/errors';
import { deviceCookieOf } from '../device-cookie';
import { actorOf, requireSession } from '../guard';
import { accountKey } from '../login-throttle';
import { presentUser } from '../present-user';
import { assertOwnSignIn, invalidCode, rateLimited } from '../refusals';
import { revokeUserSessions } from '../sessions';
import { underSignInLimits } from '../sign-in-limits';
import { checkCode, enable, startSetup, turnOff, twoStepStatus } from './store';
import { verifySignIn } from './verify';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody };

const ALREADY_ON = 'Two-step sign-in is already on. Turn it off first to set up a new device.';
const NOT_STARTED = 'Start the set-up first: it gives the key to add to your authenticator app.';
const NOT_ON = 'Two-step sign-in is not on.';
const MANDATORY = 'Two-step sign-in is required for every admin here: it cannot be turned off.';

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
    { schema: { response: { 200: TwoStepSetup, ...errors } } },
    async (request) => {
      const { user } = await requireSession(request);
      if (user.two_step_at) throw new ApiError(409, 'two_step_on', ALREADY_ON);
      return startSetup(db, secrets, user);
    },
  );

  app.post(
    '/auth/2fa/enable',
    { schema: { body: TwoStepCodeBody, response: { 200: RecoveryCodes, ...errors } } },
    async (request) => {
      const { user } = await requireSession(request);
      if (user.two_step_at) throw new ApiError(409, 'two_step_on', ALREADY_ON);
      const who = { ip: request.ip, identifier: accountKey(user.id) };
      const result = await underSignInLimits(db, who, async (trx) => {
        const outcome = await enable(trx, secrets, user.id, request.body.code);
        if (outcome.outcome === 'enabled') {
          // A session opened with the password alone (perhaps a stolen one) must not outlive it.
          await revokeUserSessions(trx, user.id, request.session?.id ?? undefined);
          // Only that it happened: never the secret, a code or a recovery code.
          await audit(trx, actorOf(request), {
            action: 'auth.two_step_enabled',
            entity: 'user',
            entityId: user.user_id,
          });
        }
        return outcome;
      });
      if (result.outcome === 'rate-limited') throw rateLimited(result.retryAfterSeconds);
      if (result.outcome === 'not-started')
        throw new ApiError(409, 'setup_not_started', NOT_STARTED);
      if (result.outcome === 'invalid') throw invalidCode();
      return { recoveryCodes: result.recoveryCodes };
    },
  );

  app.post(
    '/auth/2fa/disable',
    { schema: { body: TwoStepCodeBody, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      const { user } = await requireSession(request);
      if (!user.two_step_at) throw new ApiError(409, 'two_step_off', NOT_ON);
      if (required()) throw new ApiError(409, 'two_step_required', MANDATORY);
      const who = { ip: request.ip, identifier: accountKey(user.id) };
      const result = await underSignInLimits(db, who, async (trx) => {
        if (!(await checkCode(trx, secrets, user.id, request.body.code))) {
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
      if (result.outcome === 'rate-limited') throw rateLimited(result.retryAfterSeconds);
      if (result.outcome === 'invalid') throw invalidCode();
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
      if (result.outcome === 'rate-limited') throw rateLimited(result.retryAfterSeconds);
      if (result.outcome === 'invalid') throw invalidCode();
      if (result.outcome !== 'signed-in') {
        throw new ApiError(401, 'challenge_expired', CHALLENGE_EXPIRED);
      }
      return { token: result.token, user: presentUser(result.user) };
    },
  );
};
