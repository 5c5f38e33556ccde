import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, Title } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NARROW_SCREEN_QUERY } from '../components/SidePanels';
import { config } from '../config';
import { dataProvider } from '../dataProvider';
import { live } from '../live/connection';
import { pageNavigation } from '../navigation';
import { WrongCodesWarning } from '../pages/account/WrongCodesWarning';
import { menuScreens } from '../registry/screens';
import { getToken, STORAGE_KEYS, setStoredUser, setToken } from '../storage';
import { consoleAuthProvider } from '../test/authProvider';
import { installFakeFetch, listOf, reply } from '../test/fakeFetch';
import { EMPTY_SUMMARY, meHolding } from '../test/renderAdmin';
import { setTwoStepSetupRequired } from '../twoStepGate';
import { Layout } from './Layout';
import { menuOf } from './menu';
import { ShellProvider } from './shell';

// The shell itself, its menu whole: an auth provider without access control lets every entry
// show at once (the menu's filtering by permissions is tested in access/AccessScreens.test.tsx).
const authProvider = consoleAuthProvider();
const everyEntry = { ...authProvider, canAccess: undefined };

/** The registry's menu and notice, as App gives them. */
const shell = { menu: menuOf(menuScreens), notice: WrongCodesWarning };

const renderLayout = (path = '/', children = <p>Page content</p>) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext authProvider={everyEntry} dataProvider={dataProvider} store={memoryStore()}>
        <ShellProvider value={shell}>
          <Layout>{children}</Layout>
        </ShellProvider>
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
  let pendingCredits = 0;
  beforeEach(() => {
    pending = 0;
    pendingCredits = 0;
    installFakeFetch({
      'GET /api/admin/stats/summary': () =>
        reply(200, { ...EMPTY_SUMMARY, pendingWithdrawals: pending }),
      'GET /api/admin/adjustments': () => listOf([], pendingCredits, 1, 1),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('renders the sidebar entries, the page and the Logout button', () => {
    renderLayout('/');
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    for (const name of ['Dashboard', 'Users', 'Withdrawals', 'Adjustments', 'Audit log']) {
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

  describe('the user menu', () => {
    const greeting = () => screen.getByRole('button', { name: 'Hi, alice' });

    it("opens from the greeting; 'My account' goes to /account", async () => {
      setStoredUser({ userId: 'USR-1', username: 'alice' });
      const user = userEvent.setup();
      renderLayout('/users', <Where />);
      const button = greeting();
      expect(button).toHaveAttribute('aria-haspopup', 'menu');
      expect(button).toHaveAttribute('aria-expanded', 'false');

      await user.click(button);

      const menu = await screen.findByRole('menu', { name: 'Hi, alice' });
      // (the open menu hides the rest of the page from assistive technology)
      expect(button).toHaveAttribute('aria-expanded', 'true');
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(['My account', 'Logout']);
      await user.click(within(menu).getByRole('menuitem', { name: 'My account' }));

      expect(screen.getByText('At /account')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    });

    it('works from the keyboard', async () => {
      setStoredUser({ userId: 'USR-1', username: 'alice' });
      const user = userEvent.setup();
      renderLayout('/users', <Where />);

      greeting().focus();
      await user.keyboard('{Enter}');
      expect(await screen.findByRole('menuitem', { name: 'My account' })).toHaveFocus();
      await user.keyboard('{ArrowDown}');
      expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
      expect(greeting()).toHaveFocus();

      await user.keyboard('{Enter}');
      await screen.findByRole('menuitem', { name: 'My account' });
      await user.keyboard('{Enter}');
      expect(screen.getByText('At /account')).toBeInTheDocument();
    });

    it("'Logout' revokes the session and goes to the sign-in page", async () => {
      setToken('tok-1');
      setStoredUser({ userId: 'USR-1', username: 'alice' });
      const { requests } = installFakeFetch({
        'GET /api/admin/stats/summary': reply(200, EMPTY_SUMMARY),
        'POST /api/auth/logout': reply(200, { ok: true }),
      });
      const user = userEvent.setup();
      renderLayout('/users', <Where />);

      await user.click(greeting());
      await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

      await waitFor(() => expect(screen.getByText('At /login')).toBeInTheDocument());
      expect(getToken()).toBeNull();
      const logout = requests.find((r) => r.path === '/api/auth/logout');
      expect(logout?.headers.authorization).toBe('Bearer tok-1');
    });

    it('behind a sign-on proxy, Logout leaves for the proxy sign-out, as the sidebar does', async () => {
      const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
      config.authMode = 'proxy';
      try {
        setStoredUser({ userId: 'USR-1', username: 'alice' });
        const user = userEvent.setup();
        renderLayout('/users');

        await user.click(greeting());
        await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
        expect(assign).toHaveBeenCalledExactlyOnceWith('/');

        await user.click(screen.getByRole('button', { name: 'Logout' }));
        expect(assign).toHaveBeenCalledTimes(2);
      } finally {
        config.authMode = 'password';
      }
    });

    it('opens from an icon while no username is stored', async () => {
      const user = userEvent.setup();
      renderLayout('/users', <Where />);
      await user.click(screen.getByRole('button', { name: 'Account' }));
      await user.click(screen.getByRole('menuitem', { name: 'My account' }));
      expect(screen.getByText('At /account')).toBeInTheDocument();
    });
  });

  describe('while two-step set-up is due (REQUIRE_2FA)', () => {
    /** The console's routes as far as the confinement goes: My account, and any other page. */
    const pages = (
      <Routes>
        <Route path="/account" element={<p>My account page</p>} />
        <Route path="*" element={<Where />} />
      </Routes>
    );

    /** What the admin ping answers an admin without two-step sign-in. */
    const twoStepRequired = reply(403, {
      error: 'Set up two-step sign-in to continue.',
      code: 'two_step_required',
    });

    const adminCalls = (requests: { path: string }[]) =>
      requests.filter((r) => r.path.startsWith('/api/admin/')).map((r) => r.path);

    it('after a ping refused with two_step_required, only My account opens; nothing asks the admin API', async () => {
      setToken('tok-1');
      const { requests } = installFakeFetch({
        'GET /api/admin/ping': twoStepRequired,
        'GET /api/auth/me': reply(200, { ...meHolding(['*']), twoStepSetupRequired: true }),
        'GET /api/admin/stats/summary': reply(200, { ...EMPTY_SUMMARY, pendingWithdrawals: 3 }),
      });
      await authProvider.checkAuth({});
      const user = userEvent.setup();

      renderLayout('/users', pages);

      expect(await screen.findByText('My account page')).toBeInTheDocument();
      expect(screen.queryByText(/^At /)).not.toBeInTheDocument();
      const nav = screen.getByRole('navigation', { name: 'Main menu' });
      expect(within(nav).queryAllByRole('link')).toHaveLength(0);
      expect(screen.queryByRole('combobox', { name: 'Search menu' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
      expect(screen.queryByRole('status', { name: 'Live updates' })).not.toBeInTheDocument();

      // the user menu still leads to My account (the greeting now from me)
      await user.click(screen.getByRole('button', { name: 'Hi, tester' }));
      await user.click(screen.getByRole('menuitem', { name: 'My account' }));
      expect(screen.getByText('My account page')).toBeInTheDocument();

      expect(live.status).toBe('idle');
      expect(adminCalls(requests)).toEqual(['/api/admin/ping']);
    });

    it('any other route goes to My account, replacing it in the history', async () => {
      setTwoStepSetupRequired(true);
      /** How the page was reached. */
      const HowReached = () => <p>{`Reached by ${useNavigationType()}`}</p>;
      renderLayout(
        '/withdrawals',
        <Routes>
          <Route path="/account" element={<HowReached />} />
          <Route path="*" element={<Where />} />
        </Routes>,
      );

      expect(await screen.findByText('Reached by REPLACE')).toBeInTheDocument();
    });

    it('once My account lifts it, the menu, its count and the live stream come back without a reload', async () => {
      pending = 2;
      setTwoStepSetupRequired(true);
      const { requests, liveStream } = installFakeFetch({
        'GET /api/admin/stats/summary': () =>
          reply(200, { ...EMPTY_SUMMARY, pendingWithdrawals: pending }),
        'GET /api/admin/adjustments': listOf([], 0, 1, 1),
      });
      renderLayout('/account', pages);
      expect(screen.getByText('My account page')).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();

      act(() => setTwoStepSetupRequired(false));

      expect(screen.getByRole('link', { name: 'Users' })).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: 'Search menu' })).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.getByRole('link', { name: 'Withdrawals' })).toHaveAccessibleDescription(
          '2 pending',
        ),
      );
      await liveStream.connected();
      expect(screen.getByRole('status', { name: 'Live updates' })).toBeInTheDocument();
      expect(adminCalls(requests)).toContain('/api/admin/stats/summary');
      expect(screen.getByText('My account page')).toBeInTheDocument();
    });
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
    // focus goes to the page's heading, out of the sidebar
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
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

  it('shows the credits waiting for a second admin beside Adjustments, asking for one row', async () => {
    pendingCredits = 7;
    const { requests } = installFakeFetch({
      'GET /api/admin/stats/summary': reply(200, EMPTY_SUMMARY),
      'GET /api/admin/adjustments': () => listOf([], pendingCredits, 1, 1),
    });
    renderLayout('/');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Adjustments' })).toHaveAccessibleDescription(
        '7 pending',
      ),
    );
    expect(requests.map((r) => r.path)).toContain('/api/admin/adjustments?status=pending&limit=1');
    expect(screen.getByRole('link', { name: 'Withdrawals' })).not.toHaveAccessibleDescription();
  });

  it("says '10,000+ pending' beside Adjustments when more credits wait than the API counts", async () => {
    installFakeFetch({
      'GET /api/admin/stats/summary': reply(200, EMPTY_SUMMARY),
      'GET /api/admin/adjustments': reply(200, {
        items: [],
        total: 10_000,
        totalIsLowerBound: true,
        page: 1,
        limit: 1,
      }),
    });
    renderLayout('/');
    const adjustments = screen.getByRole('link', { name: 'Adjustments' });
    await waitFor(() => expect(adjustments).toHaveAccessibleDescription('10,000+ pending'));
    expect(within(adjustments).getByText('10,000+')).toBeInTheDocument();
  });

  it('shows no count while nothing is pending', async () => {
    const { requests } = installFakeFetch({
      'GET /api/admin/stats/summary': reply(200, EMPTY_SUMMARY),
      'GET /api/admin/adjustments': listOf([], 0, 1, 1),
    });
    renderLayout('/');
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(screen.getByRole('link', { name: 'Withdrawals' })).not.toHaveAccessibleDescription();
    expect(screen.getByRole('link', { name: 'Adjustments' })).not.toHaveAccessibleDescription();
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
      // not back on the menu button: on the page's heading
      await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
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
