import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryStore } from 'react-admin';
import { createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App, type AppProps } from './App';
import { referral } from './pages/settings';
import { dashboard } from './pages/stats';
import { audit } from './resources/audit';
import { bots } from './resources/bots';
import { users } from './resources/users';
import { withdrawals } from './resources/withdrawals';
import { getToken, setStoredUser, setToken } from './storage';
import { installFakeFetch, reply } from './test/fakeFetch';
import { backgroundRoutes, meHolding, PENDING_ADJUSTMENTS_PATH } from './test/renderAdmin';

const pingOk = { 'GET /api/admin/ping': reply(200, { ok: true }) };

describe('App (guard and routes)', () => {
  afterEach(() => {
    window.history.pushState({}, '', '/');
  });

  it('sends a visitor without a token to /login without calling the API', async () => {
    window.history.pushState({}, '', '/');
    const { requests } = installFakeFetch(pingOk);

    render(<App />);

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(requests).toHaveLength(0);
  });

  it("shows 'Loading...' during the admin ping, then the dashboard inside the shell", async () => {
    setToken('tok-1');
    setStoredUser({ userId: 'USR-1', username: 'admin' });
    window.history.pushState({}, '', '/');
    let openGate: () => void = () => {};
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const { requests } = installFakeFetch({
      'GET /api/admin/ping': async () => {
        await gate;
        return reply(200, { ok: true });
      },
      'GET /api/auth/me': reply(200, meHolding(['*'], 'admin')),
    });

    render(<App />);

    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
    // nothing but the ping until it answers
    expect(requests.every((r) => r.path === '/api/admin/ping')).toBe(true);
    openGate();

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Hi, admin')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    // then what the admin may do, once, and only the dashboard's own figures and the menu's count
    // of pending credits
    expect(requests.filter((r) => r.path === '/api/auth/me')).toHaveLength(1);
    expect(
      requests.every(
        (r) =>
          r.path === '/api/admin/ping' ||
          r.path === '/api/auth/me' ||
          r.path === PENDING_ADJUSTMENTS_PATH ||
          r.path.startsWith('/api/admin/stats/'),
      ),
    ).toBe(true);
    expect(requests[0]?.path).toBe('/api/admin/ping');
    expect(requests[0]?.headers.authorization).toBe('Bearer tok-1');
    await waitFor(() => expect(document.title).toBe('Dashboard · Rewards Admin'));
  });

  it('redirects unknown paths (and screens not built yet) to /, saying which was not found', async () => {
    setToken('tok-1');
    window.history.pushState({}, '', '/unity-decks');
    installFakeFetch(pingOk);

    render(<App />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
    expect(await screen.findByText('Page not found: /unity-decks')).toBeInTheDocument();
  });

  it('logs a non-admin out to /login when the ping answers 403', async () => {
    setToken('tok-user');
    window.history.pushState({}, '', '/');
    const { requests } = installFakeFetch({
      'GET /api/admin/ping': reply(403, { error: 'Admins only', code: 'forbidden' }),
      'POST /api/auth/logout': reply(200, { ok: true }),
    });

    render(<App />);

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(getToken()).toBeNull();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toContain('POST /api/auth/logout');
  });

  it('the Logout button revokes the session and shows the login page', async () => {
    setToken('tok-1');
    window.history.pushState({}, '', '/');
    const { requests } = installFakeFetch({
      ...pingOk,
      'POST /api/auth/logout': reply(200, { ok: true }),
    });
    const user = userEvent.setup();

    render(<App />);
    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(getToken()).toBeNull();
    const logout = requests.find((r) => r.path === '/api/auth/logout');
    expect(logout?.headers.authorization).toBe('Bearer tok-1');
  });

  it('goes from /login to the dashboard when the stored token is still good', async () => {
    setToken('tok-1');
    window.history.pushState({}, '', '/login');
    installFakeFetch(pingOk);

    render(<App />);

    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  });
});

describe('App (its registry)', () => {
  /** A console of its own registry, at /, in its own container. */
  const renderConsole = (registry: Pick<AppProps, 'resources' | 'pages' | 'menu'>) => {
    const container = document.body.appendChild(document.createElement('div'));
    render(
      <App {...registry} router={(routes) => createMemoryRouter(routes)} store={memoryStore()} />,
      { container },
    );
    return container;
  };

  const menuLinks = async (container: HTMLElement) => {
    const nav = await within(container).findByRole('navigation', { name: 'Main menu' });
    await within(nav).findByRole('link', { name: 'Dashboard' });
    return within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
  };

  it('shows in each of two consoles on one page only its own menu entries', async () => {
    setToken('tok-1');
    installFakeFetch(backgroundRoutes());

    const first = renderConsole({
      resources: [users, withdrawals],
      pages: [],
      menu: { top: [dashboard, users, withdrawals], settings: [], bottom: [] },
    });
    const second = renderConsole({
      resources: [bots, audit],
      pages: [referral],
      menu: { top: [dashboard, bots], settings: [referral], bottom: [audit] },
    });

    await waitFor(async () =>
      expect(await menuLinks(first)).toEqual(['Dashboard', 'Users', 'Withdrawals']),
    );
    expect(within(first).queryByRole('button', { name: 'Settings' })).not.toBeInTheDocument();
    await waitFor(async () =>
      expect(await menuLinks(second)).toEqual(['Dashboard', 'Bots', 'Audit log']),
    );
    expect(within(second).getByRole('button', { name: 'Settings' })).toBeInTheDocument();
  });

  it("shows react-admin's error page when the shell itself fails to render", async () => {
    setToken('tok-1');
    installFakeFetch(backgroundRoutes());
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const BrokenIcon = Object.assign(
      () => {
        throw new Error('the icon could not render');
      },
      { muiName: 'SvgIcon' },
    );
    const broken = { ...referral, icon: BrokenIcon };

    const container = renderConsole({
      resources: [],
      pages: [broken],
      menu: { top: [dashboard, broken], settings: [], bottom: [] },
    });

    expect(await within(container).findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(within(container).queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });
});
