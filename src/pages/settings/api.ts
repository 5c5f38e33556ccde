import type {
  AppInfo,
  AppInfoBody,
  AppInfoSaved,
  DailyRewards,
  DailyRewardsBody,
  ReferralBody,
  ReferralSettings,
  SettingSaved,
} from '../../../contract/settings';
import { http } from '../../http';

/**
 * A save's answer as the console must take it: another API speaking the contract may leave out
 * `ok` (a save it did not make) or the new updatedAt.
 */
export type SaveReply<T> = Partial<T> | undefined;

/** A PATCH of the whole singleton, If-Match the version the form loaded (none if never saved). */
const save = <T>(path: string, body: unknown, version: string | null) =>
  http<SaveReply<T>>(path, {
    method: 'PATCH',
    body,
    headers: version ? { 'If-Match': version } : undefined,
  });

/** The calls of the Daily Rewards, Referral Settings and App Info pages (spec section 7). */
export const settingsApi = {
  dailyRewards: (signal?: AbortSignal) => http<DailyRewards>('admin/daily-rewards', { signal }),
  saveDailyRewards: (body: DailyRewardsBody, version: string | null) =>
    save<SettingSaved>('admin/daily-rewards', body, version),
  referral: (signal?: AbortSignal) => http<ReferralSettings>('admin/settings/referral', { signal }),
  saveReferral: (body: ReferralBody, version: string | null) =>
    save<SettingSaved>('admin/settings/referral', body, version),
  appInfo: (signal?: AbortSignal) => http<AppInfo>('admin/app-info', { signal }),
  saveAppInfo: (body: AppInfoBody, version: string | null) =>
    save<AppInfoSaved>('admin/app-info', body, version),
};
