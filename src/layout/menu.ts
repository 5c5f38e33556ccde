import SettingsIcon from '@mui/icons-material/Settings';
import type { MenuPlacement, PageScreen, ResourceScreen, ScreenIcon } from '../screen';

export type MenuIcon = ScreenIcon;

export interface MenuLink {
  kind: 'link';
  label: string;
  to: string;
  icon: MenuIcon;
  /** What the access check asks about (a resource's name, a page's path); none: any admin. */
  screen?: string;
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

/** A screen's menu link: a page's path, or a resource's list; its label and icon as declared. */
export const linkTo = (screen: PageScreen | ResourceScreen): MenuLink =>
  'path' in screen
    ? {
        kind: 'link',
        label: screen.label,
        to: screen.path,
        icon: screen.icon,
        ...(screen.area && { screen: screen.path }),
      }
    : {
        kind: 'link',
        label: screen.options.label,
        to: `/${screen.name}`,
        icon: screen.icon,
        screen: screen.name,
      };

/** The sidebar of a menu placement: its top links, the Settings group, then its bottom links. */
export const menuOf = (placement: MenuPlacement): MenuEntry[] => [
  ...placement.top.map(linkTo),
  {
    kind: 'group',
    id: 'settings',
    label: 'Settings',
    icon: SettingsIcon,
    children: placement.settings.map(linkTo),
  },
  ...placement.bottom.map(linkTo),
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

/** The menu without the links `shows` refuses, and without a group left empty. */
export const allowedMenu = (
  items: readonly MenuEntry[],
  shows: (link: MenuLink) => boolean,
): MenuEntry[] =>
  items.flatMap((item): MenuEntry[] => {
    if (item.kind === 'link') return shows(item) ? [item] : [];
    const children = item.children.filter(shows);
    return children.length > 0 ? [{ ...item, children }] : [];
  });

/** The links a filtered menu holds, in display order: what the search's arrow keys step through. */
export const menuLinks = (items: readonly MenuEntry[]): MenuLink[] =>
  items.flatMap((item) => (item.kind === 'link' ? [item] : item.children));

/** True when `pathname` is the link's route or below it ('/' only matches itself). */
export const isLinkActive = (to: string, pathname: string): boolean =>
  to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);

/** True when the current path is one of the group's routes. */
export const groupContainsPath = (group: MenuGroup, pathname: string): boolean =>
  group.children.some((child) => isLinkActive(child.to, pathname));
