import { configure, render } from '@testing-library/react';
import { Admin, memoryStore, Resource } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import type { Match, User } from '../../../contract/users';
import { authProvider } from '../../authProvider';
import { dataProvider } from '../../dataProvider';
import { Layout } from '../../layout/Layout';
import { setToken } from '../../storage';
import {
  type FakeResponse,
  type FakeRoute,
  installFakeFetch,
  type networkError,
  reply,
} from '../../test/fakeFetch';
import { users } from '.';

// Every test file of these screens imports this module. Each renders the whole admin and loads
// screens lazily: give them room on a busy machine (vitest runs files in parallel).
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

/** Test helpers of the users screens (not shipped: only tests import this file). */

export const makeUser = (overrides: Partial<User> = {}): User => {
  const userId = overrides.userId ?? 'USR-1';
  return {
    _id: `id-${userId}`,
    userId,
    username: 'ann',
    email: 'ann@example.com',
    status: 'active',
    balance: 1250,
    xp: 340,
    referredBy: null,
    referralCode: 'ANN123',
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-05T12:30:00.000Z',
    adminRole: { enabled: false, roles: [], permissions: [] },
    ...overrides,
  };
};

export const makeMatch = (overrides: Partial<Match> = {}): Match => ({
  _id: `m-${overrides.matchId ?? 'MATCH-1'}`,
  matchId: 'MATCH-1',
  gameName: 'Solitaire',
  price: 1.5,
  rewardAmount: 50,
  rewardType: 'points',
  userScore: 3,
  opponentScore: 1,
  outcome: 'win',
  opponent: { username: 'bob' },
  opponentUserId: 'USR-2',
  startedAt: '2026-01-03T09:00:00.000Z',
  endedAt: '2026-01-03T09:05:00.000Z',
  ...overrides,
});

export const listOf = <T,>(items: T[], total = items.length, page = 1, limit = 20) =>
  reply(200, { items, total, page, limit });

export const detailOf = (user: User, stats = { matchesCount: 12, wins: 7, losses: 4, draws: 1 }) =>
  reply(200, { user, stats, adminRole: user.adminRole });

type Routes = Record<string, FakeRoute | FakeResponse | typeof networkError>;

/**
 * The real <Admin> (data provider, auth provider, Layout, notifications) with only the users
 * resource, signed in, at the last of `entries`, over a fake API. The admin ping answers 200.
 */
export const renderUsers = (entries: string[], routes: Routes) => {
  setToken('tok-test');
  const fake = installFakeFetch({ 'GET /api/admin/ping': reply(200, { ok: true }), ...routes });
  const view = render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <Admin
        disableTelemetry
        authProvider={authProvider}
        dataProvider={dataProvider}
        layout={Layout}
        store={memoryStore()}
      >
        <Resource name="users" {...users} />
      </Admin>
    </MemoryRouter>,
  );
  return { ...fake, ...view };
};

/** The API calls made (not the admin ping), as 'METHOD /path?query'. */
export const apiCalls = (requests: { method: string; path: string }[]) =>
  requests.filter((r) => r.path !== '/api/admin/ping').map((r) => `${r.method} ${r.path}`);

/** A route whose answer waits until `open()` is called. */
export const gated = (response: FakeResponse) => {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const route: FakeRoute = async () => {
    await gate;
    return response;
  };
  return { route, open };
};
