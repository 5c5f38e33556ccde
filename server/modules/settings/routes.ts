import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AppInfo,
  AppInfoBody,
  AppInfoSaved,
  DailyRewards,
  DailyRewardsBody,
  PayoutSettings,
  PayoutSettingsBody,
  ReferralBody,
  ReferralSettings,
} from '../../../contract/settings';
import { registerSingleton } from './singleton';
import { appInfo, dailyRewards, payouts, referral } from './values';

/** The fields a partial body sets (null included: it switches a control off). */
const definedOf = <T extends object>(body: T) =>
  Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Partial<T>;

/** The body as the whole new value. */
const whole = <V>(body: V) => body;

/** Daily rewards, referral settings, app info and payout controls: one GET and one PATCH each. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerSingleton(app, {
    path: '/admin/daily-rewards',
    singleton: dailyRewards,
    view: DailyRewards,
    body: DailyRewardsBody,
    value: whole,
  });
  registerSingleton(app, {
    path: '/admin/settings/referral',
    singleton: referral,
    view: ReferralSettings,
    body: ReferralBody,
    value: whole,
  });
  registerSingleton(app, {
    path: '/admin/app-info',
    singleton: appInfo,
    view: AppInfo,
    body: AppInfoBody,
    value: whole,
    saved: {
      schema: AppInfoSaved,
      answer: (body, updatedAt) => ({ ok: true as const, appInfo: { ...body, updatedAt } }),
    },
  });
  // The four-eyes threshold: withdrawals/decide.ts reads it inside each decision's transaction.
  registerSingleton(app, {
    path: '/admin/settings/payouts',
    singleton: payouts,
    view: PayoutSettings,
    body: PayoutSettingsBody,
    // Each field is optional: what the body leaves out keeps its stored value.
    value: (body) => (stored) => ({ ...stored, ...definedOf(body) }),
  });
};
