import { configure, render } from '@testing-library/react';
import { memoryStore } from 'react-admin';
import { createMemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { App, type RouterFactory } from '../App';
import { PENDING_ADJUSTMENTS } from '../endpoints';
import { resources as registered } from '../registry/screens';
import type { ResourceScreen } from '../screen';
import { setToken } from '../storage';
import {
  type FakeResponse,
  type FakeRoute,
  installFakeFetch,
  listOf,
  type networkError,
  reply,
} from './fakeFetch';

// A file that imports this renders the whole admin and loads screens lazily: give it room on a
// busy machine (vitest runs files in parallel).
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

export interface RenderAdminOptions {
  /** The history to start with; the last entry is the current page. */
  entries?: string[];
  /**
   * Routes of the fake API; the admin ping always answers 200 and, unless given, me answers an
   * admin holding `*` (as the test helpers' admins do), and the stats summary and the adjustments
   * (the menu's pending counts) answer nothing pending. The live event stream is `liveStream` (fakeFetch.ts).
   */
  routes?: Record<string, FakeRoute | FakeResponse | typeof networkError>;
  /** Resources mounted beside the registry's (a kit's test resource). */
  resources?: ResourceScreen[];
}

/**
 * Renders the console's own root (App: the registry's resources and pages, the real data
 * provider, auth provider and Layout) on a memory router, signed in, over a fake fetch.
 * Returns the recorded requests.
 */
export const renderAdmin = (options: RenderAdminOptions = {}) => {
  const { entries = ['/'], routes = {}, resources = [] } = options;
  setToken('tok-test');
  const fake = installFakeFetch({ ...backgroundRoutes(), ...routes });
  const router: RouterFactory = (appRoutes) =>
    createMemoryRouter(appRoutes, { initialEntries: entries, initialIndex: entries.length - 1 });
  const view = render(
    <App
      router={router}
      store={memoryStore()}
      resources={resources.length ? [...registered, ...resources] : undefined}
    />,
  );
  return { ...fake, ...view };
};

/** The console at one custom page's `path` (a lazy page loads as in the app). */
export const renderPageAt = (path: string, routes?: RenderAdminOptions['routes']) =>
  renderAdmin({ entries: [path], routes });

/** What me answers for the signed-in test admin holding `permissions`. */
export const meHolding = (permissions: string[], username = 'tester') => ({
  user: {
    _id: 'id-ADM-1',
    userId: 'ADM-1',
    username,
    email: `${username}@example.com`,
    status: 'active',
    balance: 0,
    xp: 0,
    referredBy: null,
    referralCode: 'TESTER',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    adminRole: { enabled: true, roles: ['admin'], permissions },
    twoStep: false,
  },
  permissions,
  twoStepSetupRequired: false,
});

/** The console signed in as an admin holding only `permissions`, at the last of `entries`. */
export const renderAdminHolding = (permissions: string[], options: RenderAdminOptions = {}) =>
  renderAdmin({
    ...options,
    routes: { 'GET /api/auth/me': reply(200, meHolding(permissions)), ...options.routes },
  });

/** Nothing pending, no user: what the stats summary answers unless a test says otherwise. */
export const EMPTY_SUMMARY = { pendingWithdrawals: 0, oldestPendingAt: null, totalUsers: 0 };

/** What every page of the console asks: the sign-in checks and the menu's pending count. */
export const backgroundRoutes = () => ({
  'GET /api/admin/ping': reply(200, { ok: true }),
  'GET /api/auth/me': reply(200, meHolding(['*'])),
  'GET /api/admin/stats/summary': reply(200, EMPTY_SUMMARY),
  'GET /api/admin/adjustments': listOf([]),
});

/** The menu's count of pending credits, as the console asks it. */
export const PENDING_ADJUSTMENTS_PATH = `/api/admin/adjustments?${new URLSearchParams(
  Object.entries(PENDING_ADJUSTMENTS).map(([key, value]) => [key, String(value)]),
)}`;

/**
 * The requests every page makes (the admin ping, who am I, the stats summary and the pending
 * credits behind the menu's counts), left out of `apiCalls`.
 */
const BACKGROUND = new Set([
  '/api/admin/ping',
  '/api/auth/me',
  '/api/admin/stats/summary',
  PENDING_ADJUSTMENTS_PATH,
]);

/** The API requests (not the ping, me, nor the menu's counts) as 'METHOD /path?query'. */
export const apiCalls = (requests: { method: string; path: string }[]) =>
  requests.filter((r) => !BACKGROUND.has(r.path)).map((r) => `${r.method} ${r.path}`);
