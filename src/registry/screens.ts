import { games } from '../pages/games';
import { integrations } from '../pages/integrations';
import { legalEditor } from '../pages/legal';
import { notifications } from '../pages/notifications';
import { appInfo, dailyRewards, payouts, referral } from '../pages/settings';
import { dashboard } from '../pages/stats';
import { unityDecks } from '../pages/unity-decks';
import { adjustments } from '../resources/adjustments';
import { audit } from '../resources/audit';
import { bots } from '../resources/bots';
import { legal } from '../resources/legal';
import { plainResources } from '../resources/plain/registry';
import { users } from '../resources/users';
import { withdrawalTypes, withdrawalTypesPage } from '../resources/withdrawal-types';
import { withdrawals } from '../resources/withdrawals';
import type { MenuPlacement, PageScreen, ResourceScreen } from '../screen';

/** Each plain resource (`src/resources/<name>/resource.ts`): categories, offers and any added. */
const plain = plainResources.map(({ props }) => props);
/** Those whose link sits at `place` in the menu (under Settings unless they say otherwise). */
const plainLinks = (place: 'top' | 'settings' | 'bottom') =>
  plainResources
    .filter(({ spec }) => (spec.menu ?? 'settings') === place)
    .map(({ props }) => props);

/** Every resource of the console: App.tsx mounts each as a `<Resource>`. */
export const resources: ResourceScreen[] = [
  users,
  withdrawals,
  adjustments,
  bots,
  legal,
  withdrawalTypes,
  audit,
  ...plain,
];

/** The dashboard, at / (react-admin's `dashboard`). */
export { dashboard };

/**
 * Every custom page inside the layout, in the menu's order: App.tsx routes each behind the
 * admin check.
 */
export const pages: PageScreen[] = [
  appInfo,
  notifications,
  dailyRewards,
  referral,
  withdrawalTypesPage,
  payouts,
  games,
  integrations,
  unityDecks,
  legalEditor,
];

/**
 * The sidebar, in display order (spec section 2, page shell), then the Audit log. Categories,
 * offers, legal versions and withdrawal types have no entry of their own: the spec's pages
 * (Game Offers, Legal, Withdrawal Types) are where admins manage them.
 */
export const menuScreens: MenuPlacement = {
  top: [dashboard, users, withdrawals, adjustments, ...plainLinks('top')],
  // The spec's order: App Info, Bots, then the other pages in the order above.
  settings: [appInfo, bots, ...pages.filter((page) => page !== appInfo), ...plainLinks('settings')],
  bottom: [...plainLinks('bottom'), audit],
};
