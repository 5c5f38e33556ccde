import { z } from 'zod';
import { text } from './text';

// The two-step sign-in API's schemas; its texts and rules are in `two-step.ts`.

/**
 * A code as typed: six digits from the app, or a recovery code (`abcd-efgh-jklm-npqr`); spaces
 * and dashes are ignored, letters in any case.
 */
export const CodeInput = text().max(64);

/** POST /auth/2fa/setup (signed in): a new secret, not yet in force. */
export const TwoStepSetup = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TwoStepSetup = z.infer<typeof TwoStepSetup>;

/** The account's password, typed again: a session alone does not change two-step sign-in. */
const CurrentPassword = text().min(1).max(1024);

/**
 * POST /auth/2fa/setup: the current password first. No body at all (as this route took before
 * it needed one) is refused as a missing password, naming the field.
 */
export const TwoStepSetupBody = z.preprocess(
  (body) => body ?? {},
  z.strictObject({ currentPassword: CurrentPassword }),
);
export type TwoStepSetupBody = z.infer<typeof TwoStepSetupBody>;

/** POST /auth/2fa/enable: a code of the set-up this session started. */
export const TwoStepCodeBody = z.strictObject({ code: CodeInput });
export type TwoStepCodeBody = z.infer<typeof TwoStepCodeBody>;

/** POST /auth/2fa/disable: a code (of the app, or a recovery code) and the current password. */
export const TwoStepDisableBody = z.strictObject({
  code: CodeInput,
  currentPassword: CurrentPassword,
});
export type TwoStepDisableBody = z.infer<typeof TwoStepDisableBody>;

/**
 * Wrong codes were typed at the sign-in's code step, so someone knows the password: when (the
 * first and the latest), from which address (the latest's), how many.
 */
export const TwoStepWarning = z.object({
  firstAt: z.string(),
  lastAt: z.string(),
  ip: z.string(),
  wrongCodes: z.number().int(),
});
export type TwoStepWarning = z.infer<typeof TwoStepWarning>;

/** GET /auth/2fa/warning: the owner's warning, null when there is none. */
export const TwoStepWarningResponse = z.object({ warning: TwoStepWarning.nullable() });
export type TwoStepWarningResponse = z.infer<typeof TwoStepWarningResponse>;

/** POST /auth/2fa/enable answers the recovery codes: shown this once, stored hashed. */
export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

/** GET /auth/2fa: the signed-in admin's two-step sign-in, for My account. */
export const TwoStepStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** REQUIRE_2FA: two-step sign-in cannot be turned off, and must be set up before anything. */
  required: z.boolean(),
});
export type TwoStepStatus = z.infer<typeof TwoStepStatus>;

/** POST /auth/login for an account with two-step on: the password was right; no token yet. */
export const MfaChallenge = z.object({ mfaRequired: z.literal(true), challenge: z.string() });
export type MfaChallenge = z.infer<typeof MfaChallenge>;

/** POST /auth/2fa/verify: the challenge login answered and a code; answers `{token, user}` as login. */
export const VerifyBody = z.strictObject({ challenge: text().max(128), code: CodeInput });
export type VerifyBody = z.infer<typeof VerifyBody>;
