import { Secret, TOTP as Totp } from 'otpauth';
import { TOTP, TOTP_ISSUER } from '../../../contract/two-step';

// The algorithm is the otpauth library's (RFC 6238 / RFC 4226), not ours: see totp.test.ts.

/** A new secret of 160 bits (RFC 4226's recommended length), in base32 as apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secret: string, account = '') =>
  new Totp({ issuer: TOTP_ISSUER, label: account, secret: Secret.fromBase32(secret), ...TOTP });

/** The `otpauth://` address an authenticator app reads (from the QR code) to add the account. */
export const otpauthUrl = (secret: string, account: string): string =>
  totpOf(secret, account).toString();

/** The 30-second step a moment falls in. */
export const stepAt = (timestamp: number): number => Math.floor(timestamp / 1000 / TOTP.period);

/** The code of a step (tests and benchmarks compute codes as an app would). */
export const codeAt = (secret: string, timestamp: number): string =>
  totpOf(secret).generate({ timestamp });

/**
 * The step `code` belongs to, if it is the code of the current step or one either side (a clock
 * a little off, a code typed as it changed) and newer than `lastStep`: each code is good once.
 */
export function acceptedStep(
  secret: string,
  code: string,
  lastStep: number | null,
  now = Date.now(),
): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = stepAt(now) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}
