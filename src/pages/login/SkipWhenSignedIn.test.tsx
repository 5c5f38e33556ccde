import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getToken } from '../../storage';
import { gated, reply } from '../../test/fakeFetch';
import { renderApp, setUpAppTests } from '../../test/renderApp';

// the whole App loads its screens lazily: room for a busy machine
vi.setConfig({ testTimeout: 20_000 });

/** /login in the real App with a session stored (renderApp stores one). */
describe('/login with a stored session', () => {
  setUpAppTests();

  it("shows 'Loading...', not the form, while the session is checked, then the dashboard", async () => {
    const ping = gated(reply(200, { ok: true }));
    renderApp('/login', { 'GET /api/admin/ping': ping.route });

    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    ping.open();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('shows the form when the server no longer accepts the session, and forgets it', async () => {
    renderApp('/login', {
      'GET /api/admin/ping': reply(401, { error: 'Unauthorized', code: 'unauthorized' }),
    });

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(getToken()).toBeNull();
  });
});
