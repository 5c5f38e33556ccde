import { z } from 'zod';

/** How much a signal weighs, least first. */
export const SIGNAL_LEVELS = ['info', 'warning', 'high'] as const;
export const SignalLevel = z.enum(SIGNAL_LEVELS);
export type SignalLevel = z.infer<typeof SignalLevel>;

/** The signals a withdrawal can carry, in the order they show within one level. */
export const SIGNAL_CODES = [
  'user_disabled',
  'shared_destination',
  'referral_link',
  'repeated_opponent',
  'prior_rejections',
  'new_account',
  'velocity',
  'win_rate',
] as const;
export const SignalCode = z.enum(SIGNAL_CODES);
export type SignalCode = z.infer<typeof SignalCode>;

/** Where the facts behind a signal are listed: a console resource and its list filter. */
export const SignalEvidence = z.object({
  resource: z.enum(['withdrawals', 'users']),
  filter: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
});
export type SignalEvidence = z.infer<typeof SignalEvidence>;

export const Signal = z.object({
  code: SignalCode,
  level: SignalLevel,
  title: z.string(),
  detail: z.string(),
  evidence: SignalEvidence,
});
export type Signal = z.infer<typeof Signal>;

/** GET /admin/withdrawals/{id}/signals: high first, then warning, then info. */
export const SignalsResponse = z.object({ signals: z.array(Signal) });
export type SignalsResponse = z.infer<typeof SignalsResponse>;

/** A list row's signals in short: the highest level (null when none) and how many. */
export const RiskSummary = z.object({
  level: SignalLevel.nullable(),
  count: z.number().int(),
});
export type RiskSummary = z.infer<typeof RiskSummary>;

/** The list's `risk` filter: the rows whose highest level is this one. */
export const RISK_FILTERS = ['high', 'warning'] as const;
export const RiskFilter = z.enum(RISK_FILTERS);
export type RiskFilter = z.infer<typeof RiskFilter>;
