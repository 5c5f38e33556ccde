// No zod here: the sign-in page reads these texts, and its first visit loads no schema.

/** TOTP as authenticator apps compute it (RFC 6238): SHA-1, 6 digits, a new code every 30 s. */
export const TOTP = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** How many one-time recovery codes `enable` hands out. */
export const RECOVERY_CODE_COUNT = 10;
/** A sign-in challenge (password right, code still to come) lives this long and serves once. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** The name authenticator apps list the account under. */
export const TOTP_ISSUER = 'Rewards Admin';

export const INVALID_CODE = 'Invalid code';
export const CHALLENGE_EXPIRED = 'This sign-in has expired. Sign in again.';
export const TWO_STEP_REQUIRED = 'Set up two-step sign-in to continue.';

/** What a typed code is: six digits (spaces ignored), or else a recovery code. */
export const normalizeCode = (typed: string): { totp: string } | { recovery: string } => {
  const compact = typed.replace(/[\s-]+/g, '').toLowerCase();
  return /^\d{6}$/.test(compact) ? { totp: compact } : { recovery: compact };
};

export type {
  MfaChallenge,
  RecoveryCodes,
  TwoStepCodeBody,
  TwoStepSetup,
  TwoStepStatus,
  VerifyBody,
} from './two-step-schemas';
