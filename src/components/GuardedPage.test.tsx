import { render, screen } from '@testing-library/react';
import { AdminContext, testDataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../storage';
import { consoleAuthProvider } from '../test/authProvider';
import { installFakeFetch, reply } from '../test/fakeFetch';
import { GuardedPage } from './GuardedPage';

const renderGuarded = () =>
  render(
    <AdminContext authProvider={consoleAuthProvider()} dataProvider={testDataProvider()}>
      <GuardedPage>
        <p>Secret settings</p>
      </GuardedPage>
    </AdminContext>,
  );

describe('GuardedPage', () => {
  it("shows 'Loading...' while the admin ping runs, then the page", async () => {
    setToken('tok-1');
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const { requests } = installFakeFetch({
      'GET /api/admin/ping': async () => {
        await gate;
        return reply(200, { ok: true });
      },
    });
    renderGuarded();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('Secret settings')).not.toBeInTheDocument();
    open();
    expect(await screen.findByText('Secret settings')).toBeInTheDocument();
    // the ping, and once per page load what the admin may do
    expect(requests.map((r) => r.path)).toEqual(['/api/admin/ping', '/api/auth/me']);
  });

  it('never shows the page when the ping fails, and signs out', async () => {
    setToken('tok-1');
    installFakeFetch({
      'GET /api/admin/ping': reply(403, { error: 'Admin access required' }),
      'POST /api/auth/logout': reply(200, { ok: true }),
    });
    renderGuarded();
    await vi.waitFor(() => expect(getToken()).toBeNull());
    expect(screen.queryByText('Secret settings')).not.toBeInTheDocument();
  });
});
