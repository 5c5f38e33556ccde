import type { Category } from '../../../contract/categories';
import type { Offer } from '../../../contract/offers';
import {
  callsTo,
  type FakeResponse,
  type FakeRoute,
  listOf,
  type RecordedRequest,
  reply,
} from '../../test/fakeFetch';
import { type RenderAdminOptions, renderPageAt } from '../../test/renderAdmin';
import { games } from '.';

/** Test helpers of the Game Offers page (not shipped: only tests import this file). */

const T0 = '2026-01-02T10:00:00.000Z';

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const makeCategory = (overrides: Partial<Category> & Pick<Category, '_id' | 'name'>) => ({
  slug: slugOf(overrides.name),
  isActive: true,
  sortOrder: 0,
  createdAt: T0,
  updatedAt: T0,
  ...overrides,
});

export const makeOffer = (
  overrides: Partial<Offer> & Pick<Offer, '_id' | 'categoryId' | 'name'>,
): Offer => ({
  gameName: 'Solitaire',
  price: 1,
  rewardType: 'points',
  rewardAmount: 50,
  isActive: true,
  sortOrder: 0,
  createdAt: T0,
  updatedAt: T0,
  ...overrides,
});

export const cardGames = makeCategory({ _id: 'c1', name: 'Card Games', sortOrder: 1 });
export const arcade = makeCategory({ _id: 'c2', name: 'Arcade', sortOrder: 2, isActive: false });
export const dailyDuel = makeOffer({ _id: 'o1', categoryId: 'c1', name: 'Daily Duel' });
export const xpRush = makeOffer({
  _id: 'o2',
  categoryId: 'c1',
  name: 'XP Rush',
  gameName: 'Blackjack',
  price: 2.5,
  rewardType: 'xp',
  rewardAmount: 20,
  sortOrder: 1,
});
export const pinball = makeOffer({
  _id: 'o3',
  categoryId: 'c2',
  name: 'Pinball Pro',
  gameName: 'Pinball',
});

/** Ids the fake API gives to created records, in order. */
export const NEW_CATEGORY_ID = 'c-new';
export const NEW_OFFER_ID = 'o-new';

/** Every row on one page of 100, as the panels ask for. */
const allOf = <T,>(items: T[]) => listOf(items, items.length, 1, 100);
const param = (request: RecordedRequest, name: string) =>
  new URL(request.url).searchParams.get(name) ?? '';
const matches = (q: string, ...texts: string[]) =>
  texts.some((text) => text.toLowerCase().includes(q.toLowerCase()));
const bySortOrder = <T extends { sortOrder: number }>(items: T[]) =>
  [...items].sort((a, b) => a.sortOrder - b.sortOrder);
const stamp = () => new Date(Date.parse(T0) + 60_000).toISOString();

/**
 * A fake of the categories and offers API over in-memory rows: lists filter by q (and
 * categoryId), creates and edits answer the record, deleting a category deletes its offers.
 * `overrides` replace single routes (an error, a slow answer).
 */
export const gamesApi = (
  seed: { categories?: Category[]; offers?: Offer[] } = {},
  overrides: Record<string, FakeRoute | FakeResponse> = {},
) => {
  const db = {
    categories: [...(seed.categories ?? [cardGames, arcade])],
    offers: [...(seed.offers ?? [dailyDuel, xpRush, pinball])],
  };
  const routes: Record<string, FakeRoute | FakeResponse> = {
    'GET /api/admin/categories': (request) => {
      const q = param(request, 'q');
      return allOf(bySortOrder(db.categories.filter((c) => matches(q, c.name, c.slug))));
    },
    'POST /api/admin/categories': (request) => {
      const body = request.body as Category;
      const created = makeCategory({
        ...body,
        _id: NEW_CATEGORY_ID,
        slug: body.slug || slugOf(body.name),
      });
      db.categories.push(created);
      return reply(201, created);
    },
    'GET /api/admin/offers': (request) => {
      const q = param(request, 'q');
      const categoryId = param(request, 'categoryId');
      const offers = db.offers.filter(
        (o) => (!categoryId || o.categoryId === categoryId) && matches(q, o.name, o.gameName),
      );
      return allOf(bySortOrder(offers));
    },
    'POST /api/admin/offers': (request) => {
      const created = makeOffer({ ...(request.body as Offer), _id: NEW_OFFER_ID });
      db.offers.push(created);
      return reply(201, created);
    },
  };
  const categoryIds = [...db.categories.map((c) => c._id), NEW_CATEGORY_ID];
  for (const id of categoryIds) {
    routes[`PATCH /api/admin/categories/${id}`] = (request) => {
      const index = db.categories.findIndex((c) => c._id === id);
      const current = db.categories[index];
      if (!current) return reply(404, { error: 'Category not found', code: 'not_found' });
      const updated = { ...current, ...(request.body as Partial<Category>), updatedAt: stamp() };
      db.categories[index] = updated;
      return reply(200, updated);
    };
    routes[`DELETE /api/admin/categories/${id}`] = () => {
      const deletedOffers = db.offers.filter((o) => o.categoryId === id).length;
      db.categories = db.categories.filter((c) => c._id !== id);
      db.offers = db.offers.filter((o) => o.categoryId !== id);
      return reply(200, { ok: true, deletedOffers });
    };
  }
  for (const id of [...db.offers.map((o) => o._id), NEW_OFFER_ID]) {
    routes[`PATCH /api/admin/offers/${id}`] = (request) => {
      const index = db.offers.findIndex((o) => o._id === id);
      const current = db.offers[index];
      if (!current) return reply(404, { error: 'Offer not found', code: 'not_found' });
      const updated = { ...current, ...(request.body as Partial<Offer>), updatedAt: stamp() };
      db.offers[index] = updated;
      return reply(200, updated);
    };
    routes[`DELETE /api/admin/offers/${id}`] = () => {
      db.offers = db.offers.filter((o) => o._id !== id);
      return reply(200, { ok: true });
    };
  }
  return { db, routes: { ...routes, ...overrides } };
};

/** The real admin (see renderAdmin) on /games, the page loaded lazily as in the app. */
export const renderGames = (routes: RenderAdminOptions['routes']) =>
  renderPageAt(games.path, routes);

export { callsTo };
