import { z } from 'zod';
import { text } from './text';
import { MfaChallenge } from './two-step-schemas';
import { User } from './users';

// Login does no client-side validation: empty values reach the server and get the same
// 'Invalid credentials' answer as any other failure. The caps only stop absurd payloads.
export const LoginBody = z.strictObject({
  emailOrUsername: text().max(320),
  password: text().max(1024),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const LoginResponse = z.object({ token: z.string(), user: User });
export type LoginResponse = z.infer<typeof LoginResponse>;

/** POST /auth/login: signed in, or (two-step sign-in on) the challenge a code must answer. */
export const LoginAnswer = z.union([LoginResponse, MfaChallenge]);
export type LoginAnswer = z.infer<typeof LoginAnswer>;

/**
 * GET /auth/me: who is signed in and what they may do now: the stored permissions and those of
 * their sign-on groups, wildcards as held (none unless an admin).
 */
export const MeResponse = z.object({
  user: User,
  permissions: z.array(z.string()),
  /** REQUIRE_2FA and this admin has no two-step sign-in yet: nothing else opens until set up. */
  twoStepSetupRequired: z.boolean(),
});
export type MeResponse = z.infer<typeof MeResponse>;

export const OkResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponse>;

export const HealthResponse = z.object({ ok: z.literal(true), database: z.literal('up') });
export type HealthResponse = z.infer<typeof HealthResponse>;

/** GET /api/ready: the database answers and holds every migration this server knows. */
export const ReadyResponse = z.object({
  ok: z.literal(true),
  database: z.literal('up'),
  migrations: z.literal('applied'),
});
export type ReadyResponse = z.infer<typeof ReadyResponse>;
