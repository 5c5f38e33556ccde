import { z } from 'zod';
import {
  DAILY_REWARD_DAYS,
  DEFAULT_APP_INFO,
  DEFAULT_DAILY_LABELS,
  DEFAULT_DAILY_VALUES,
  DEFAULT_REFERRAL,
} from '../../../contract/settings';
import type { SettingKey } from '../../settings/store';

/** One singleton of the Settings group as the routes handle it. */
export interface Singleton<V extends object> {
  key: SettingKey;
  /** The audit action of a save. */
  action: string;
  /** What a stale edit's 409 names: 'This {what} was changed by someone else…'. */
  what: string;
  /** What is stored in the current shape: each field missing or unreadable is its default. */
  parse: (stored: unknown) => V;
}

const whole = z.number().int().min(0);

/** Each field parsed on its own, so one broken field does not cost the others their values. */
const tolerant =
  <S extends z.ZodObject>(schema: S) =>
  (stored: unknown): z.output<S> =>
    schema.parse(stored && typeof stored === 'object' && !Array.isArray(stored) ? stored : {});

export const dailyRewards: Singleton<{ labels: string[]; values: number[]; isActive: boolean }> = {
  key: 'daily_rewards',
  action: 'settings.daily_rewards',
  what: 'daily rewards schedule',
  parse: tolerant(
    z.object({
      labels: z
        .array(z.string())
        .length(DAILY_REWARD_DAYS)
        .catch(() => [...DEFAULT_DAILY_LABELS]),
      values: z
        .array(whole)
        .length(DAILY_REWARD_DAYS)
        .catch(() => [...DEFAULT_DAILY_VALUES]),
      isActive: z.boolean().catch(true),
    }),
  ),
};

export const referral: Singleton<{ maxReferralsPerUser: number; pointsPerReferral: number }> = {
  key: 'referral',
  action: 'settings.referral',
  what: 'referral settings',
  parse: tolerant(
    z.object({
      maxReferralsPerUser: whole.catch(DEFAULT_REFERRAL.maxReferralsPerUser),
      pointsPerReferral: whole.catch(DEFAULT_REFERRAL.pointsPerReferral),
    }),
  ),
};

const textOr = (fallback: string) => z.string().catch(fallback);

export const appInfo: Singleton<{
  title: string;
  description: string;
  email: string;
  version: string;
}> = {
  key: 'app_info',
  action: 'settings.app_info',
  what: 'app info',
  parse: tolerant(
    z.object({
      title: textOr(DEFAULT_APP_INFO.title),
      description: textOr(DEFAULT_APP_INFO.description),
      email: textOr(DEFAULT_APP_INFO.email),
      version: textOr(DEFAULT_APP_INFO.version),
    }),
  ),
};

export const payouts: Singleton<{
  secondApprovalFromUsd: number | null;
  secondApprovalFromPoints: number | null;
}> = {
  key: 'payouts',
  action: 'settings.payouts',
  what: 'payout controls',
  parse: tolerant(
    z.object({
      secondApprovalFromUsd: z.number().positive().nullable().catch(null),
      secondApprovalFromPoints: z.number().int().positive().nullable().catch(null),
    }),
  ),
};
