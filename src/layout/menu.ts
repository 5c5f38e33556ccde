import DailyRewardsIcon from '@mui/icons-material/CalendarMonth';
import DashboardIcon from '@mui/icons-material/Dashboard';
import IntegrationsIcon from '@mui/icons-material/Extension';
import LegalIcon from '@mui/icons-material/Gavel';
import ReferralIcon from '@mui/icons-material/GroupAdd';
import AuditIcon from '@mui/icons-material/HistoryOutlined';
import AppInfoIcon from '@mui/icons-material/Info';
import NotificationsIcon from '@mui/icons-material/Notifications';
import WithdrawalsIcon from '@mui/icons-material/Payments';
import UsersIcon from '@mui/icons-material/People';
import WithdrawalTypesIcon from '@mui/icons-material/RequestQuote';
import SettingsIcon from '@mui/icons-material/Settings';
import BotsIcon from '@mui/icons-material/SmartToy';
import GameOffersIcon from '@mui/icons-material/SportsEsports';
import UnityDecksIcon from '@mui/icons-material/Style';
import type SvgIcon from '@mui/material/SvgIcon';
import { plainResources } from '../resources/plain/registry';

export type MenuIcon = typeof SvgIcon;

export interface MenuLink {
  kind: 'link';
  label: string;
  to: string;
  icon: MenuIcon;
}

export interface MenuGroup {
  kind: 'group';
  /** Key in the remembered open-groups map. */
  id: string;
  label: string;
  icon: MenuIcon;
  children: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

const link = (label: string, to: string, icon: MenuIcon): MenuLink => ({
  kind: 'link',
  label,
  to,
  icon,
});

/** The sidebar, in display order (spec section 2, page shell), then the Audit log. */
export const menu: MenuEntry[] = [
  link('Dashboard', '/', DashboardIcon),
  link('Users', '/users', UsersIcon),
  link('Withdrawals', '/withdrawals', WithdrawalsIcon),
  {
    kind: 'group',
    id: 'settings',
    label: 'Settings',
    icon: SettingsIcon,
    children: [
      link('App Info', '/settings/appinfo', AppInfoIcon),
      link('Bots', '/bots', BotsIcon),
      link('Notifications', '/settings/notifications', NotificationsIcon),
      link('Daily Rewards', '/settings/daily-rewards', DailyRewardsIcon),
      link('Referral', '/settings/referral', ReferralIcon),
      link('Withdrawal Types', '/settings/withdrawal-types', WithdrawalTypesIcon),
      link('Game Offers', '/games', GameOffersIcon),
      link('Integrations', '/settings/integrations', IntegrationsIcon),
      link('Unity Decks', '/unity/decks', UnityDecksIcon),
      link('Legal', '/settings/legal', LegalIcon),
      // Then each plain resource (src/resources/<name>/resource.ts).
      ...plainResources.map(({ name, spec }) => link(spec.title, `/${name}`, spec.icon)),
    ],
  },
  link('Audit log', '/audit', AuditIcon),
];

/**
 * The menu search: keeps the links whose label contains the query (case-insensitive, trimmed).
 * A group stays, with only its matching children, while any child matches; a group whose own
 * label matches stays whole. An empty query returns the menu unchanged.
 */
export const filterMenu = (items: readonly MenuEntry[], query: string): MenuEntry[] => {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...items];
  const matches = (label: string) => label.toLocaleLowerCase().includes(needle);
  const result: MenuEntry[] = [];
  for (const item of items) {
    if (item.kind === 'link') {
      if (matches(item.label)) result.push(item);
    } else if (matches(item.label)) {
      result.push(item);
    } else {
      const children = item.children.filter((child) => matches(child.label));
      if (children.length > 0) result.push({ ...item, children });
    }
  }
  return result;
};

/** The links a filtered menu holds, in display order: what the search's arrow keys step through. */
export const menuLinks = (items: readonly MenuEntry[]): MenuLink[] =>
  items.flatMap((item) => (item.kind === 'link' ? [item] : item.children));

/** True when `pathname` is the link's route or below it ('/' only matches itself). */
export const isLinkActive = (to: string, pathname: string): boolean =>
  to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);

/** True when the current path is one of the group's routes. */
export const groupContainsPath = (group: MenuGroup, pathname: string): boolean =>
  group.children.some((child) => isLinkActive(child.to, pathname));
