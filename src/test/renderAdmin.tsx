import { configure, render } from '@testing-library/react';
import { memoryStore } from 'react-admin';
import { createMemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { App, type RouterFactory } from '../App';
import { resources as registered } from '../registry/screens';
import type { ResourceScreen } from '../registry/types';
import { setToken } from '../storage';
import {
  type FakeResponse,
  type FakeRoute,
  installFakeFetch,
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
  /** Routes of the fake API; the admin ping always answers 200. */
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
  const fake = installFakeFetch({ 'GET /api/admin/ping': reply(200, { ok: true }), ...routes });
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

/** The API requests (not the ping) as 'METHOD /path?query'. */
export const apiCalls = (requests: { method: string; path: string }[]) =>
  requests.filter((r) => r.path !== '/api/admin/ping').map((r) => `${r.method} ${r.path}`);
