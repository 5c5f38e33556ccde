import DailyRewardsIcon from '@mui/icons-material/CalendarMonth';
import ReferralIcon from '@mui/icons-material/GroupAdd';
import AppInfoIcon from '@mui/icons-material/Info';
import PayoutsIcon from '@mui/icons-material/VerifiedUser';
import { lazy } from 'react';
import { definePage } from '../../screen';

// Each page is its own chunk, loaded on its first visit (the Layout wraps pages in Suspense):
// the first-visit bundle has no room for them.

export const dailyRewards = definePage({
  path: '/settings/daily-rewards',
  area: 'settings',
  label: 'Daily Rewards',
  icon: DailyRewardsIcon,
  component: lazy(() =>
    import('./DailyRewardsPage').then((module) => ({ default: module.DailyRewardsPage })),
  ),
});

export const referral = definePage({
  path: '/settings/referral',
  area: 'settings',
  label: 'Referral',
  icon: ReferralIcon,
  component: lazy(() =>
    import('./ReferralPage').then((module) => ({ default: module.ReferralPage })),
  ),
});

export const appInfo = definePage({
  path: '/settings/appinfo',
  area: 'settings',
  label: 'App Info',
  icon: AppInfoIcon,
  component: lazy(() =>
    import('./AppInfoPage').then((module) => ({ default: module.AppInfoPage })),
  ),
});

export const payouts = definePage({
  path: '/settings/payouts',
  area: 'settings',
  label: 'Payout Controls',
  icon: PayoutsIcon,
  component: lazy(() =>
    import('./PayoutsPage').then((module) => ({ default: module.PayoutsPage })),
  ),
});
