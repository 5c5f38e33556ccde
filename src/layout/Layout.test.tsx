import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, Title } from 'react-admin';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider } from '../authProvider';
import { dataProvider } from '../dataProvider';
import { STORAGE_KEYS, setStoredUser } from '../storage';
import { installFakeFetch, reply } from '../test/fakeFetch';
import { EMPTY_SUMMARY } from '../test/renderAdmin';
import { Layout, NARROW_SCREEN_QUERY } from './Layout';

// The shell itself, its menu whole: an auth provider without access control lets every entry
// show at once (the menu's filtering by permissions is tested in access/AccessScreens.test.tsx).
const everyEntry = { ...authProvider, canAccess: undefined };

const renderLayout = (path = '/', children = <p>Page content</p>) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext authProvider={everyEntry} dataProvider={dataProvider} store={memoryStore()}>
        <Layout>{children}</Layout>
      </AdminContext>
    </MemoryRouter>,
  );

/** Shows the current path, to see where the menu went. */
const Where = () => <p>{`At ${useLocation().pathname}`}</p>;

const matchList = () => screen.getByRole('listbox', { name: 'Menu matches' });

const settingsButton = () => screen.getByRole('button', { name: 'Settings' });

/** Makes `(max-width: 979.95px)` match, as on a narrow screen. */
const useNarrowScreen = () => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === NARROW_SCREEN_QUERY,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
};

describe('Layout', () => {
  // the menu's pending count and the live stream ask the API
  let pending = 0;
  beforeEach(() => {
    pending = 0;
    installFakeFetch({
      'GET /api/admin/stats/summary': () =>
        reply(200, { ...EMPTY_SUMMARY, pendingWithdrawals: pending }),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('renders the sidebar entries, the page and the Logout button', () => {
    renderLayout('/');
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    for (const name of ['Dashboard', 'Users', 'Withdrawals', 'Audit log']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Users' })).not.toHaveAttribute('aria-current');
    expect(screen.getByText('Page content')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('portals the page <Title> into the top bar and the document title', async () => {
    renderLayout('/', <Title title="Users" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Users · Rewards Admin'));
  });

  it("greets 'Hi, {username}' only when a stored user has a username", () => {
    const { unmount } = renderLayout('/');
    expect(screen.queryByText(/^Hi,/)).not.toBeInTheDocument();
    unmount();

    setStoredUser({ userId: 'USR-1', username: 'alice' });
    renderLayout('/');
    expect(screen.getByText('Hi, alice')).toBeInTheDocument();
  });

  it('the Settings group expands, and the open state is remembered', async () => {
    const user = userEvent.setup();
    const { unmount } = renderLayout('/');
    expect(settingsButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Legal' })).not.toBeInTheDocument();

    await user.click(settingsButton());

    expect(settingsButton()).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('link', { name: 'Legal' })).toHaveAttribute(
      'href',
      '/settings/legal',
    );
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.openGroups) ?? '{}')).toEqual({
      settings: true,
    });

    unmount();
    renderLayout('/');
    expect(settingsButton()).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens the Settings group by itself on one of its routes', () => {
    renderLayout('/bots/new');
    expect(settingsButton()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Bots' })).toHaveAttribute('aria-current', 'page');
  });

  it('filters the menu from the search box', async () => {
    const user = userEvent.setup();
    renderLayout('/');
    const search = screen.getByRole('combobox', { name: 'Search menu' });
    expect(search).toHaveAttribute('placeholder', 'Search menu');
    expect(search).toHaveAttribute('aria-expanded', 'false');

    await user.type(search, 'LEG');
    expect(search).toHaveAttribute('aria-expanded', 'true');
    const settings = within(matchList()).getByRole('group', { name: 'Settings' });
    expect(within(settings).getByRole('option', { name: 'Legal' })).toHaveAttribute(
      'href',
      '/settings/legal',
    );
    expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Bots' })).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.getByText('No matches')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();

    await user.clear(search);
    expect(screen.getByRole('link', { name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByText('No matches')).not.toBeInTheDocument();
  });

  it('the menu search: arrows move the highlighted match and Enter opens it', async () => {
    const user = userEvent.setup();
    renderLayout('/', <Where />);
    const search = screen.getByRole('combobox', { name: 'Search menu' });

    await user.type(search, 'withdrawal');
    const options = within(matchList()).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Withdrawals',
      'Withdrawal Types',
    ]);
    const highlighted = () => within(matchList()).getByRole('option', { selected: true });
    expect(highlighted()).toHaveTextContent('Withdrawals');
    expect(search).toHaveAttribute('aria-activedescendant', highlighted().id);

    await user.keyboard('{ArrowDown}');
    expect(highlighted()).toHaveTextContent('Withdrawal Types');
    expect(search).toHaveAttribute('aria-activedescendant', highlighted().id);
    await user.keyboard('{ArrowDown}'); // past the last: back to the first
    expect(highlighted()).toHaveTextContent('Withdrawals');
    await user.keyboard('{ArrowUp}'); // before the first: the last
    expect(highlighted()).toHaveTextContent('Withdrawal Types');
    expect(search).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.getByText('At /settings/withdrawal-types')).toBeInTheDocument();
    expect(search).toHaveValue('');
    expect(screen.getByRole('link', { name: 'Withdrawal Types' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('the menu search: Enter opens the first match, Escape clears the search', async () => {
    const user = userEvent.setup();
    renderLayout('/', <Where />);
    const search = screen.getByRole('combobox', { name: 'Search menu' });

    await user.type(search, 'aud{Enter}');
    expect(screen.getByText('At /audit')).toBeInTheDocument();

    await user.type(search, 'zzz{Enter}');
    expect(screen.getByText('At /audit')).toBeInTheDocument(); // nothing to open

    await user.keyboard('{Escape}');
    expect(search).toHaveValue('');
    expect(search).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Users' })).toBeInTheDocument();
  });

  it('collapses to icons, hides the search box, and remembers it', async () => {
    const user = userEvent.setup();
    const { unmount } = renderLayout('/');

    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));

    expect(window.localStorage.getItem(STORAGE_KEYS.sidebarCollapsed)).toBe('true');
    expect(screen.queryByRole('combobox', { name: 'Search menu' })).not.toBeInTheDocument();
    expect(screen.queryByText('Users')).not.toBeInTheDocument(); // no visible label
    expect(screen.getByRole('link', { name: 'Users' })).toBeInTheDocument(); // still named
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();

    unmount();
    renderLayout('/');
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(window.localStorage.getItem(STORAGE_KEYS.sidebarCollapsed)).toBe('false');
    expect(screen.getByRole('combobox', { name: 'Search menu' })).toBeInTheDocument();
  });

  it('shows the pending withdrawals beside Withdrawals, on the collapsed sidebar too', async () => {
    pending = 1234;
    const user = userEvent.setup();
    renderLayout('/');
    const withdrawals = screen.getByRole('link', { name: 'Withdrawals' });
    await waitFor(() => expect(withdrawals).toHaveAccessibleDescription('1,234 pending'));
    expect(within(withdrawals).getByText('1,234')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Users' })).not.toHaveAccessibleDescription();

    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(screen.getByRole('link', { name: 'Withdrawals' })).toHaveAccessibleDescription(
      '1,234 pending',
    );
  });

  it('shows no count while nothing is pending', async () => {
    const { requests } = installFakeFetch({
      'GET /api/admin/stats/summary': reply(200, EMPTY_SUMMARY),
    });
    renderLayout('/');
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Withdrawals' })).not.toHaveAccessibleDescription();
  });

  describe('under 980 px', () => {
    it('the sidebar is an overlay opened by the menu button and closed by Escape', async () => {
      useNarrowScreen();
      const user = userEvent.setup();
      renderLayout('/');

      expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Collapse sidebar' })).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Open menu' }));
      expect(await screen.findByRole('link', { name: 'Users' })).toBeInTheDocument();

      await user.keyboard('{Escape}');
      await waitFor(() =>
        expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument(),
      );
    });

    it('Escape in the menu search clears it first, then closes the overlay', async () => {
      useNarrowScreen();
      const user = userEvent.setup();
      renderLayout('/');

      await user.click(screen.getByRole('button', { name: 'Open menu' }));
      await user.type(await screen.findByRole('combobox', { name: 'Search menu' }), 'leg');
      await user.keyboard('{Escape}');
      expect(screen.getByRole('combobox', { name: 'Search menu' })).toHaveValue('');
      expect(screen.getByRole('link', { name: 'Users' })).toBeInTheDocument();

      await user.keyboard('{Escape}');
      await waitFor(() =>
        expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument(),
      );
    });

    it('Enter in the menu search opens the match and closes the overlay', async () => {
      useNarrowScreen();
      const user = userEvent.setup();
      renderLayout('/', <Where />);

      await user.click(screen.getByRole('button', { name: 'Open menu' }));
      await user.type(await screen.findByRole('combobox', { name: 'Search menu' }), 'bot{Enter}');
      expect(screen.getByText('At /bots')).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument(),
      );
    });

    it('a link click closes the overlay', async () => {
      useNarrowScreen();
      const user = userEvent.setup();
      renderLayout('/');

      await user.click(screen.getByRole('button', { name: 'Open menu' }));
      await user.click(await screen.findByRole('link', { name: 'Withdrawals' }));

      await waitFor(() =>
        expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument(),
      );
      await act(async () => {});
    });
  });
});
