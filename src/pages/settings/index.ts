import { lazy } from 'react';

// Each page is its own chunk, loaded on its first visit (the Layout wraps pages in Suspense):
// the first-visit bundle has no room for them.
export const DailyRewardsPage = lazy(() =>
  import('./DailyRewardsPage').then((module) => ({ default: module.DailyRewardsPage })),
);
export const ReferralPage = lazy(() =>
  import('./ReferralPage').then((module) => ({ default: module.ReferralPage })),
);
export const AppInfoPage = lazy(() =>
  import('./AppInfoPage').then((module) => ({ default: module.AppInfoPage })),
);
