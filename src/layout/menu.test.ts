import { describe, expect, it } from 'vitest';
import { menuScreens } from '../registry/screens';
import {
  filterMenu,
  groupContainsPath,
  isLinkActive,
  type MenuEntry,
  type MenuGroup,
  menuLinks,
  menuOf,
} from './menu';

const menu = menuOf(menuScreens);

const labels = (entries: MenuEntry[]) =>
  entries.map((entry) =>
    entry.kind === 'link' ? entry.label : { [entry.label]: entry.children.map((c) => c.label) },
  );

const settings = menu.find((entry): entry is MenuGroup => entry.kind === 'group');

describe('menu definition', () => {
  it('lists the spec entries in order', () => {
    expect(labels(menu)).toEqual([
      'Dashboard',
      'Users',
      'Withdrawals',
      'Adjustments',
      {
        Settings: [
          'App Info',
          'Bots',
          'Notifications',
          'Daily Rewards',
          'Referral',
          'Withdrawal Types',
          'Payout Controls',
          'Game Offers',
          'Integrations',
          'Unity Decks',
          'Legal',
        ],
      },
      'Audit log',
    ]);
    expect(settings?.children.map((c) => c.to)).toEqual([
      '/settings/appinfo',
      '/bots',
      '/settings/notifications',
      '/settings/daily-rewards',
      '/settings/referral',
      '/settings/withdrawal-types',
      '/settings/payouts',
      '/games',
      '/settings/integrations',
      '/unity/decks',
      '/settings/legal',
    ]);
  });
});

describe('filterMenu', () => {
  it('returns every entry for an empty or blank query', () => {
    expect(filterMenu(menu, '')).toEqual(menu);
    expect(filterMenu(menu, '   ')).toEqual(menu);
  });

  it('matches a substring of the label, ignoring case and surrounding spaces', () => {
    expect(labels(filterMenu(menu, '  USErs '))).toEqual(['Users']);
    expect(labels(filterMenu(menu, 'board'))).toEqual(['Dashboard']);
    expect(labels(filterMenu(menu, 'AUDIT'))).toEqual(['Audit log']);
  });

  it('keeps a group, with only its matching children, while a child matches', () => {
    expect(labels(filterMenu(menu, 'legal'))).toEqual([{ Settings: ['Legal'] }]);
    expect(labels(filterMenu(menu, 'withdrawal'))).toEqual([
      'Withdrawals',
      { Settings: ['Withdrawal Types'] },
    ]);
    expect(labels(filterMenu(menu, 'de'))).toEqual([{ Settings: ['Unity Decks'] }]);
  });

  it('keeps a whole group when its own label matches', () => {
    expect(labels(filterMenu(menu, 'settings'))).toEqual([
      { Settings: settings?.children.map((c) => c.label) },
    ]);
  });

  it('returns nothing when nothing matches', () => {
    expect(filterMenu(menu, 'zzz')).toEqual([]);
  });

  it('does not change the menu it filters', () => {
    const before = JSON.stringify(labels(menu));
    filterMenu(menu, 'legal');
    expect(JSON.stringify(labels(menu))).toBe(before);
  });
});

describe('menuLinks', () => {
  it('lists the links of a filtered menu in display order, group children in place', () => {
    expect(menuLinks(filterMenu(menu, 'withdrawal')).map((link) => link.to)).toEqual([
      '/withdrawals',
      '/settings/withdrawal-types',
    ]);
    expect(menuLinks(filterMenu(menu, 'zzz'))).toEqual([]);
  });
});

describe('active routes', () => {
  it('matches a link on its path and below, and / only on itself', () => {
    expect(isLinkActive('/', '/')).toBe(true);
    expect(isLinkActive('/', '/users')).toBe(false);
    expect(isLinkActive('/users', '/users/USR-1/edit')).toBe(true);
    expect(isLinkActive('/users', '/usersx')).toBe(false);
  });

  it('knows when the current path is inside the Settings group', () => {
    if (!settings) throw new Error('no Settings group');
    expect(groupContainsPath(settings, '/bots/new')).toBe(true);
    expect(groupContainsPath(settings, '/settings/legal')).toBe(true);
    expect(groupContainsPath(settings, '/users')).toBe(false);
  });
});
