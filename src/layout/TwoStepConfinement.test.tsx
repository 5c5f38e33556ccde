import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '../test/fakeFetch';
import { meHolding } from '../test/renderAdmin';
import { renderApp, setUpAppTests } from '../test/renderApp';

/** REQUIRE_2FA: what the admin API answers an admin signed in without two-step sign-in. */
const API_CONFINED = {
  'GET /api/admin/ping': reply(403, {
    error: 'Set up two-step sign-in to continue.',
    code: 'two_step_required',
  }),
  'GET /api/auth/me': reply(200, { ...meHolding(['*']), twoStepSetupRequired: true }),
  'GET /api/auth/2fa': reply(200, {
    enabled: false,
    enabledAt: null,
    recoveryCodesLeft: 0,
    required: true,
  }),
  'GET /api/auth/sessions': reply(200, { data: [] }),
};

describe('the whole console while two-step set-up is due', () => {
  setUpAppTests();

  it.each(['/', '/users', '/settings/legal'])(
    '%s opens My account instead, signed in, and asks the admin API nothing but the ping',
    async (path) => {
      const { requests } = renderApp(path, API_CONFINED);

      expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
      expect(window.location.pathname).toBe('/account');
      const nav = screen.getByRole('navigation', { name: 'Main menu' });
      expect(within(nav).queryAllByRole('link')).toHaveLength(0);
      expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Hi, tester' })).toBeInTheDocument();

      await waitFor(() =>
        expect(requests.map((r) => r.path)).toEqual(
          expect.arrayContaining(['/api/auth/2fa', '/api/auth/sessions']),
        ),
      );
      expect(
        new Set(requests.filter((r) => r.path.startsWith('/api/admin/')).map((r) => r.path)),
      ).toEqual(new Set(['/api/admin/ping']));
      expect(requests.some((r) => r.path === '/api/auth/logout')).toBe(false);
    },
  );
});
