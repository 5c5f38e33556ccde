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

/** POST /auth/2fa/enable and /auth/2fa/disable. */
export const TwoStepCodeBody = z.strictObject({ code: CodeInput });
export type TwoStepCodeBody = z.infer<typeof TwoStepCodeBody>;

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
