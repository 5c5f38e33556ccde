import { z } from 'zod';
import { TEXT_MAX } from './limits';
import { text } from './text';

export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';
export const USE_MY_ACCOUNT = 'Use My account to change your own password.';

/**
 * POST /auth/password: one's own password, which needs the current one. The new one is held to
 * the admin password rules (contract/passwords.ts) by the route, as one refusal each.
 */
export const OwnPasswordBody = z.strictObject({
  newPassword: text().max(TEXT_MAX.password.newPassword),
  currentPassword: text().max(1024),
});
export type OwnPasswordBody = z.infer<typeof OwnPasswordBody>;

/** One of the signed-in admin's live sessions (GET /auth/sessions). */
export const AccountSession = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** The session's last request of the admin's own (written at most once a minute). */
  lastSeenAt: z.string(),
  /** When it ends unless used again: 2 hours after last seen, 12 after sign-in at the latest. */
  expiresAt: z.string(),
  ip: z.string().nullable(),
  /** Browser and system read from the user agent ('Chrome 131 on Windows'), or null. */
  browser: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session this request came with ('This device'). */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSession>;

/** GET /auth/sessions: the current session first, then by last seen, newest first. */
export const AccountSessions = z.object({ data: z.array(AccountSession) });
export type AccountSessions = z.infer<typeof AccountSessions>;

export const SessionParams = z.strictObject({ id: z.string().regex(/^\d{1,18}$/) });

/** DELETE /auth/sessions (every other session) and /auth/sessions/{id}: how many ended. */
export const SessionsEnded = z.object({ ok: z.literal(true), ended: z.number().int() });
export type SessionsEnded = z.infer<typeof SessionsEnded>;
