import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../contract/errors';
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
  SettingSaved,
} from '../../../contract/settings';
import { actorOf } from '../../auth/guard';
import { denied } from '../../crud/routes';
import { ifMatchOf } from '../../http/versions';
import { readView, saveSetting } from './save';
import { appInfo, dailyRewards, payouts, referral, type Singleton } from './values';

/** The fields a partial body sets (null included: it switches a control off). */
const definedOf = <T extends object>(body: T) =>
  Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Partial<T>;

/** A save answers 409 when the edit was based on an older save (If-Match). */
const saveErrors = { ...denied, 409: ErrorBody };

/** Daily rewards, referral settings, app info and payout controls: one GET and one PATCH each. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  /** Saves the request's body as the singleton; answers its new updatedAt as ISO text. */
  const save = async <V extends object>(
    request: FastifyRequest,
    singleton: Singleton<V>,
    value: V | ((stored: V) => V),
  ) =>
    (await saveSetting(db, actorOf(request), singleton, value, ifMatchOf(request))).toISOString();

  app.get(
    '/admin/daily-rewards',
    {
      config: { permission: 'settings:read' },
      schema: { response: { 200: DailyRewards, ...denied } },
    },
    async () => readView(db, dailyRewards),
  );
  app.patch(
    '/admin/daily-rewards',
    {
      config: { permission: 'settings:write' },
      schema: { body: DailyRewardsBody, response: { 200: SettingSaved, ...saveErrors } },
    },
    async (request) => ({
      ok: true as const,
      updatedAt: await save(request, dailyRewards, request.body),
    }),
  );

  app.get(
    '/admin/settings/referral',
    {
      config: { permission: 'settings:read' },
      schema: { response: { 200: ReferralSettings, ...denied } },
    },
    async () => readView(db, referral),
  );
  app.patch(
    '/admin/settings/referral',
    {
      config: { permission: 'settings:write' },
      schema: { body: ReferralBody, response: { 200: SettingSaved, ...saveErrors } },
    },
    async (request) => ({
      ok: true as const,
      updatedAt: await save(request, referral, request.body),
    }),
  );

  app.get(
    '/admin/app-info',
    { config: { permission: 'settings:read' }, schema: { response: { 200: AppInfo, ...denied } } },
    async () => readView(db, appInfo),
  );
  app.patch(
    '/admin/app-info',
    {
      config: { permission: 'settings:write' },
      schema: { body: AppInfoBody, response: { 200: AppInfoSaved, ...saveErrors } },
    },
    async (request) => ({
      ok: true as const,
      appInfo: { ...request.body, updatedAt: await save(request, appInfo, request.body) },
    }),
  );

  // The four-eyes threshold: withdrawals/decide.ts reads it inside each decision's transaction.
  app.get(
    '/admin/settings/payouts',
    {
      config: { permission: 'settings:read' },
      schema: { response: { 200: PayoutSettings, ...denied } },
    },
    async () => readView(db, payouts),
  );
  app.patch(
    '/admin/settings/payouts',
    {
      config: { permission: 'settings:write' },
      schema: { body: PayoutSettingsBody, response: { 200: SettingSaved, ...saveErrors } },
    },
    async (request) => ({
      ok: true as const,
      // Each field is optional: what the body leaves out keeps its stored value.
      updatedAt: await save(request, payouts, (stored) => ({
        ...stored,
        ...definedOf(request.body),
      })),
    }),
  );
};
