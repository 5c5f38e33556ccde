import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Admin, CustomRoutes, type DashboardComponent, memoryStore } from 'react-admin';
import { MemoryRouter, Route } from 'react-router-dom';
import { vi } from 'vitest';
import { authProvider } from '../authProvider';
import { dataProvider } from '../dataProvider';
import { Layout } from '../layout/Layout';
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
  dashboard?: DashboardComponent;
  /** Routes of the fake API; the admin ping always answers 200. */
  routes?: Record<string, FakeRoute | FakeResponse | typeof networkError>;
}

/**
 * Renders `children` (resources, custom routes) inside the real <Admin>, data provider, auth
 * provider and Layout, signed in, over a fake fetch. Returns the recorded requests.
 */
export const renderAdmin = (children: ReactNode, options: RenderAdminOptions = {}) => {
  const { entries = ['/'], dashboard, routes = {} } = options;
  setToken('tok-test');
  const fake = installFakeFetch({ 'GET /api/admin/ping': reply(200, { ok: true }), ...routes });
  const view = render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <Admin
        disableTelemetry
        authProvider={authProvider}
        dataProvider={dataProvider}
        layout={Layout}
        dashboard={dashboard}
        store={memoryStore()}
      >
        {children}
      </Admin>
    </MemoryRouter>,
  );
  return { ...fake, ...view };
};

/** The real admin on one custom page at `path` (a lazy page loads as in the app). */
export const renderPageAt = (
  path: string,
  page: ReactNode,
  routes?: RenderAdminOptions['routes'],
) =>
  renderAdmin(
    <CustomRoutes>
      <Route path={path} element={page} />
    </CustomRoutes>,
    { entries: [path], routes },
  );

/** The API requests (not the ping) as 'METHOD /path?query'. */
export const apiCalls = (requests: { method: string; path: string }[]) =>
  requests.filter((r) => r.path !== '/api/admin/ping').map((r) => `${r.method} ${r.path}`);
