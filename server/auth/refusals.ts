import type { FastifyInstance } from 'fastify';
import { INVALID_CODE } from '../../contract/two-step';
import { ApiError } from '../http/errors';

export const PROXY_SIGN_IN = 'Sign-in is handled by the single sign-on proxy';

/**
 * 403 behind a single sign-on proxy: passwords, codes and sessions are then the identity
 * provider's, and ours would walk around the sign-on the operator chose.
 */
export function assertOwnSignIn(app: FastifyInstance): void {
  if (app.proxySignIn) throw new ApiError(403, 'proxy_sign_in', PROXY_SIGN_IN);
}

/** 429 with Retry-After: too many failed sign-in attempts (passwords and codes alike). */
export const rateLimited = (seconds: number) =>
  new ApiError(
    429,
    'rate_limited',
    `Too many failed sign-in attempts. Try again in ${seconds} seconds.`,
    undefined,
    { 'retry-after': String(seconds) },
  );

/** 401 'Invalid code': wrong, already used, or a recovery code used before. */
export const invalidCode = () => new ApiError(401, 'invalid_code', INVALID_CODE);
