import type { Deck, DeckCard } from '../../../contract/decks';
import {
  callsTo,
  type FakeResponse,
  type FakeRoute,
  type RecordedRequest,
  reply,
} from '../../test/fakeFetch';
import { renderPageAt } from '../../test/renderAdmin';
import { addDays, todayKey } from './dates';

/** Test helpers of the Daily Decks page (not shipped: only tests import this file). */

export const TODAY = todayKey();
export const YESTERDAY = addDays(TODAY, -1);
export const TOMORROW = addDays(TODAY, 1);
/** A day with a deck, outside the range shown at first. */
export const FAR_DAY = addDays(TODAY, 20);

const T0 = '2026-01-02T10:00:00.000Z';

export const makeDeck = (dateKey: string, cards: DeckCard[], resetAt: string | null = null) => ({
  _id: dateKey,
  dateKey,
  cards,
  resetAt,
  updatedAt: T0,
});

/** Today: three cards, not in index order; resets at the next midnight UTC. */
export const todayDeck = makeDeck(
  TODAY,
  [
    { index: 2, amount: 25 },
    { index: 0, amount: 10 },
    { index: 1, amount: 2.5 },
  ],
  `${TOMORROW}T00:00:00.000Z`,
);
export const yesterdayDeck = makeDeck(YESTERDAY, [{ index: 0, amount: 5 }]);
export const farDeck = makeDeck(FAR_DAY, [
  { index: 0, amount: 100 },
  { index: 1, amount: 50 },
]);

const param = (request: RecordedRequest, name: string) =>
  new URL(request.url).searchParams.get(name) ?? '';

let stamps = 0;
const stamp = () => new Date(Date.parse(T0) + ++stamps * 60_000).toISOString();

/**
 * A fake of the decks API over in-memory days, for every day within 40 of today: lists by range,
 * saves, copies and deletes as the real one does. `overrides` replace single routes.
 */
export const fakeDecksApi = (
  seed: Deck[] = [yesterdayDeck, todayDeck, farDeck],
  overrides: Record<string, FakeRoute | FakeResponse> = {},
) => {
  const db = new Map(seed.map((deck) => [deck.dateKey, deck]));
  const write = (dateKey: string, cards: DeckCard[], resetAt: string | null | undefined) => {
    const deck = makeDeck(
      dateKey,
      cards,
      resetAt === undefined ? (db.get(dateKey)?.resetAt ?? null) : resetAt,
    );
    db.set(dateKey, { ...deck, updatedAt: stamp() });
    return reply(200, { ok: true, deck: db.get(dateKey) });
  };
  const routes: Record<string, FakeRoute | FakeResponse> = {
    'GET /api/admin/unity-decks': (request) => {
      const [from, to] = [param(request, 'from'), param(request, 'to')];
      if (from > to) {
        return reply(400, {
          error: 'Invalid query: to',
          code: 'invalid_input',
          fields: { to: 'must not be before from' },
        });
      }
      const items = [...db.values()]
        .filter((deck) => deck.dateKey >= from && deck.dateKey <= to)
        .sort((a, b) => a.dateKey.localeCompare(b.dateKey));
      return reply(200, { items });
    },
    'POST /api/admin/unity-decks/copy': (request) => {
      const body = request.body as { fromDateKey: string; toDateKey: string; resetAt?: string };
      const source = db.get(body.fromDateKey);
      if (!source) {
        return reply(404, { error: `No deck for ${body.fromDateKey}`, code: 'not_found' });
      }
      return write(body.toDateKey, source.cards, body.resetAt);
    },
  };
  for (let offset = -40; offset <= 40; offset++) {
    const dateKey = addDays(TODAY, offset);
    const url = `/api/admin/unity-decks/${dateKey}`;
    routes[`GET ${url}`] = () => reply(200, db.get(dateKey) ?? null);
    routes[`PUT ${url}`] = (request) => {
      const body = request.body as { cards: DeckCard[]; resetAt?: string | null };
      return write(dateKey, body.cards, body.resetAt);
    };
    routes[`DELETE ${url}`] = () => {
      if (!db.delete(dateKey))
        return reply(404, { error: `No deck for ${dateKey}`, code: 'not_found' });
      return reply(200, { ok: true });
    };
  }
  return { db, routes: { ...routes, ...overrides } };
};

/** The real admin (see renderAdmin) on /unity/decks, the page loaded lazily as in the app. */
export const renderDecks = (routes: Record<string, FakeRoute | FakeResponse>) =>
  renderPageAt('/unity/decks', routes);

export { callsTo };

export const dayUrl = (dateKey: string) => `/api/admin/unity-decks/${dateKey}`;
export const LIST_URL = '/api/admin/unity-decks';
