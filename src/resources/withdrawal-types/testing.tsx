import type { WithdrawalType } from '../../../contract/withdrawal-types';
import {
  type FakeResponse,
  type FakeRoute,
  gated,
  listOf as pageOf,
  reply,
} from '../../test/fakeFetch';
import { apiCalls, type RenderAdminOptions, renderAdmin } from '../../test/renderAdmin';
import { giftCard, makeType, paypal } from './fixtures';

/** Test helpers of the withdrawal types page (not shipped: only tests import this file). */

export const PAGE_PATH = '/settings/withdrawal-types';
export const API = '/api/admin/withdrawal-types';
export const FIRST_PAGE = `${API}?page=1&limit=50&sort=key%3Aasc`;

/** The first page of types (50 a page). */
export const listOf = (items: WithdrawalType[], total = items.length) =>
  pageOf(items, total, 1, 50);

type Routes = Record<string, FakeRoute>;

/**
 * A small in-memory API over `initial`: the list (q over key or title, active=true), create,
 * replace, toggle and delete, each answering like the contract, and how many withdrawals use
 * each type (`usage` by key, none by default) as the withdrawals list's total.
 */
export const typesApi = (initial: WithdrawalType[], usage: Record<string, number> = {}): Routes => {
  let types = [...initial];
  const answer = (id: string, change: (type: WithdrawalType) => WithdrawalType): FakeResponse => {
    const found = types.find((type) => type._id === id);
    if (!found) return reply(404, { error: 'Withdrawal type not found', code: 'not_found' });
    const changed = { ...change(found), updatedAt: '2026-02-01T00:00:00.000Z' };
    types = types.map((type) => (type._id === id ? changed : type));
    return reply(200, changed);
  };
  const routes: Routes = {
    'GET /api/admin/withdrawals': (request) => {
      const params = new URL(request.url).searchParams;
      const sort = params.get('sort') ?? 'createdAt:desc';
      if (!/^(createdAt|pointsSpent|usdValue|status):(asc|desc)$/.test(sort)) {
        return reply(400, { error: 'Invalid query: sort', code: 'invalid_input' });
      }
      return pageOf([], usage[params.get('typeId') ?? ''] ?? 0);
    },
    [`GET ${API}`]: (request) => {
      const params = new URL(request.url).searchParams;
      const q = params.get('q')?.toLowerCase() ?? '';
      return listOf(
        types.filter(
          (type) =>
            (params.get('active') !== 'true' || type.isActive) &&
            (type.key.includes(q) || type.title.toLowerCase().includes(q)),
        ),
      );
    },
    [`POST ${API}`]: (request) => {
      const created = {
        ...(request.body as WithdrawalType),
        _id: 'wt-new',
        createdAt: '2026-02-01T00:00:00.000Z',
        updatedAt: '2026-02-01T00:00:00.000Z',
      };
      types = [...types, created];
      return reply(201, created);
    },
  };
  for (const { _id: id } of initial) {
    const item = `${API}/${id}`;
    routes[`GET ${item}`] = () => {
      const found = types.find((type) => type._id === id);
      return found
        ? reply(200, found)
        : reply(404, { error: 'Withdrawal type not found', code: 'not_found' });
    };
    routes[`PUT ${item}`] = (request) =>
      answer(id, (type) => ({ ...type, ...(request.body as WithdrawalType) }));
    routes[`PATCH ${item}/toggle`] = () =>
      answer(id, (type) => ({ ...type, isActive: !type.isActive }));
    routes[`DELETE ${item}`] = () => {
      types = types.filter((type) => type._id !== id);
      return reply(200, { ok: true });
    };
  }
  return routes;
};

/** The console (see renderAdmin) at /settings/withdrawal-types, the page loaded lazily. */
export const renderTypesPage = (routes: RenderAdminOptions['routes']) =>
  renderAdmin({ entries: [PAGE_PATH], routes });

/** The console at one of the withdrawal-types resource's screens. */
export const renderTypeScreens = (path: string, routes: RenderAdminOptions['routes']) =>
  renderAdmin({ entries: [path], routes });

/** `route` answered only after `open()`: to see what the page shows while a call runs. */
export const held = (route: FakeRoute | undefined) => {
  if (!route) throw new Error('held: no such route');
  return gated(route);
};

export { apiCalls, giftCard, makeType, paypal };
