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
/** 429 `too_many_codes`: the account's cap on wrong codes, whatever the address. */
export const tooManyCodes = (retryAfterSeconds: number) => {
  const wait =
    retryAfterSeconds > 90
      ? `${Math.ceil(retryAfterSeconds / 60)} minutes`
      : `${retryAfterSeconds} seconds`;
  return `Too many wrong codes for this account. Try again in ${wait}.`;
};

/** What a typed code is: six digits (spaces ignored), or else a recovery code. */
export const normalizeCode = (typed: string): { totp: string } | { recovery: string } => {
  const compact = typed.replace(/[\s-]+/g, '').toLowerCase();
  return /^\d{6}$/.test(compact) ? { totp: compact } : { recovery: compact };
};

export type {
  MfaChallenge,
  RecoveryCodes,
  TwoStepCodeBody,
  TwoStepDisableBody,
  TwoStepSetup,
  TwoStepSetupBody,
  TwoStepStatus,
  TwoStepWarning,
  TwoStepWarningResponse,
  VerifyBody,
} from './two-step-schemas';
