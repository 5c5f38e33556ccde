import { screen } from '@testing-library/react';
import { CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import type { RecordedRequest } from '../../test/fakeFetch';
import { type RenderAdminOptions, renderAdmin } from '../../test/renderAdmin';
import { AppInfoPage, DailyRewardsPage, ReferralPage } from '.';

/** Test helpers of the settings pages (not shipped: only tests import this file). */

export const LOADED_AT = '2026-03-01T09:30:00.000Z';
export const SAVED_AT = '2026-03-02T16:45:00.000Z';

const PAGES = {
  '/settings/daily-rewards': DailyRewardsPage,
  '/settings/referral': ReferralPage,
  '/settings/appinfo': AppInfoPage,
};

/** The real admin on one settings page (loaded lazily, as in the app) over a fake API. */
export const renderSettings = (path: keyof typeof PAGES, routes: RenderAdminOptions['routes']) => {
  const Page = PAGES[path];
  return renderAdmin(
    <CustomRoutes>
      <Route path={path} element={<Page />} />
    </CustomRoutes>,
    { entries: [path], routes },
  );
};

/** The PATCH requests sent to `pathname`. */
export const patchesTo = (requests: RecordedRequest[], pathname: string) =>
  requests.filter((r) => r.method === 'PATCH' && new URL(r.url).pathname === pathname);

export const saveButton = () => screen.getByRole('button', { name: 'Save changes' });
