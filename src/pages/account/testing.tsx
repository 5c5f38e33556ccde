import { screen, within } from '@testing-library/react';
import type { AccountSession } from '../../../contract/account';
import type { TwoStepStatus } from '../../../contract/two-step';
import { type FakeResponse, type FakeRoute, reply } from '../../test/fakeFetch';
import { meHolding, type RenderAdminOptions, renderAdmin } from '../../test/renderAdmin';

/** Test helpers of My account (not shipped: only tests import this file). */

export const TWO_STEP_OFF: TwoStepStatus = {
  enabled: false,
  enabledAt: null,
  recoveryCodesLeft: 0,
  required: false,
};
export const TWO_STEP_ON: TwoStepStatus = {
  enabled: true,
  enabledAt: '2026-02-01T08:00:00.000Z',
  recoveryCodesLeft: 8,
  required: false,
};

export const session = (overrides: Partial<AccountSession> = {}): AccountSession => ({
  id: '11',
  createdAt: '2026-03-01T09:00:00.000Z',
  lastSeenAt: '2026-03-02T10:00:00.000Z',
  expiresAt: '2026-03-02T12:00:00.000Z',
  ip: '203.0.113.7',
  browser: 'Chrome 131 on Linux',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
  current: true,
  ...overrides,
});
export const THIS_DEVICE = session();
export const PHONE = session({
  id: '12',
  ip: '198.51.100.4',
  browser: 'Safari 18 on iOS',
  current: false,
});
export const LAPTOP = session({ id: '13', ip: null, browser: null, current: false });

type Routes = Record<string, FakeRoute | FakeResponse>;

/**
 * My account over a fake API, signed in as 'tester' (tester@example.com) holding no permission
 * at all: two-step sign-in off and two sessions (this device and a phone) unless `routes` say.
 */
export const renderAccount = (routes: Routes = {}, options: RenderAdminOptions = {}) =>
  renderAdmin({
    entries: ['/account'],
    ...options,
    routes: {
      'GET /api/auth/me': reply(200, meHolding([])),
      'GET /api/auth/2fa': reply(200, TWO_STEP_OFF),
      'GET /api/auth/sessions': reply(200, { data: [THIS_DEVICE, PHONE] }),
      ...routes,
    },
  });

/** A section of the page by its heading. */
export const section = (name: string) => within(screen.getByRole('region', { name }));

/** Waits for the page: its title and its profile. */
export const pageReady = async () => {
  await screen.findByRole('heading', { level: 1, name: 'My account' });
  await screen.findByText('tester@example.com');
};

/** The requests of My account's own API (auth/2fa, auth/password, auth/sessions). */
export const accountCalls = (requests: { method: string; path: string }[]) =>
  requests
    .filter((r) => /^\/api\/auth\/(2fa|password|sessions)/.test(r.path))
    .map((r) => `${r.method} ${r.path}`);
