import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../../../contract/decks';
import { type SignedIn, signedIn } from '../../test/client';
import { cardsOf, saved, URL } from '../../test/decks';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: SignedIn;
let jan3: Deck;
beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
  // Saved out of order: the list answers them by date.
  await saved(admin, '2030-01-05', { cards: cardsOf(1) });
  jan3 = await saved(admin, '2030-01-03', {
    cards: [{ index: 4, amount: 2.5 }, ...cardsOf(2)],
    resetAt: '2030-01-04T00:00:00Z',
  });
  await saved(admin, '2030-01-01', { cards: [] });
  await saved(admin, '2029-12-31', { cards: cardsOf(3) });
  await saved(admin, '2031-01-01', { cards: cardsOf(4) });
});
afterAll(() => t.close());

const list = (query: string) => admin.get(`${URL}${query}`);
const daysOf = async (query: string) => {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items.map((deck: Deck) => deck.dateKey);
};

describe('GET /api/admin/unity-decks', () => {
  it('lists the days in the range, both ends included, by date', async () => {
    expect(await daysOf('?from=2030-01-01&to=2030-01-05')).toEqual([
      '2030-01-01',
      '2030-01-03',
      '2030-01-05',
    ]);
    expect(await daysOf('?from=2030-01-02&to=2030-01-04')).toEqual(['2030-01-03']);
    expect(await daysOf('?from=2030-01-06&to=2030-01-06')).toEqual([]);
    // a year of days: 2030-01-01 to 2031-01-01 is 366 of them
    expect(await daysOf('?from=2030-01-01&to=2031-01-01')).toHaveLength(4);
  });

  it('answers each day with its cards, in their order, and its reset time', async () => {
    const res = await list('?from=2030-01-03&to=2030-01-03');
    expect(res.json()).toEqual({
      items: [
        {
          _id: '2030-01-03',
          dateKey: '2030-01-03',
          cards: [
            { index: 4, amount: 2.5 },
            { index: 0, amount: 10 },
            { index: 1, amount: 20 },
          ],
          resetAt: '2030-01-04T00:00:00.000Z',
          updatedAt: jan3.updatedAt,
        },
      ],
    });
  });

  it('refuses a missing, unreal, reversed or too long range with 400, naming the field', async () => {
    const cases: [string, Record<string, string>][] = [
      [
        '',
        {
          from: 'From must be a date in YYYY-MM-DD form',
          to: 'To must be a date in YYYY-MM-DD form',
        },
      ],
      ['?from=2030-01-01', { to: 'To must be a date in YYYY-MM-DD form' }],
      ['?from=2030-02-30&to=2030-03-01', { from: 'From must be a real date' }],
      ['?from=2030-1-5&to=2030-01-06', { from: 'From must be a date in YYYY-MM-DD form' }],
      ['?from=2030-01-01&to=2030-13-01', { to: 'To must be a real date' }],
      ['?from=2030-01-05&to=2030-01-04', { to: 'To must not be before from' }],
      ['?from=2030-01-01&to=2031-01-02', { to: 'To must be within 366 days of from' }],
      ['?from=2030-01-01&to=2030-01-02&limit=5', { limit: 'Unknown field' }],
      ['?from=0000-01-01&to=2030-01-02', { from: 'From must be a date in YYYY-MM-DD form' }],
    ];
    for (const [query, fields] of cases) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ code: 'invalid_input', fields });
    }
  });
});

describe('GET /api/admin/unity-decks/:dateKey', () => {
  it('answers the day’s deck', async () => {
    const res = await admin.get(`${URL}/2030-01-03`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(jan3);
  });

  it('answers 200 null for a real day that has no deck', async () => {
    for (const day of ['2030-01-02', '2028-02-29']) {
      const res = await admin.get(`${URL}/${day}`);
      expect(res.statusCode, day).toBe(200);
      expect(res.body).toBe('null');
    }
  });

  it('answers 400 for a key that is not a real YYYY-MM-DD date', async () => {
    for (const key of ['2026-02-30', '2026-1-5', '2027-02-29', '20260105', 'today', 'copy']) {
      const res = await admin.get(`${URL}/${key}`);
      expect(res.statusCode, key).toBe(400);
      expect(Object.keys(res.json().fields), key).toEqual(['dateKey']);
    }
  });
});
