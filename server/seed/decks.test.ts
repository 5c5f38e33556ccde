import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '../../contract/decks';
import { signedIn } from '../test/client';
import { createTestContext, type TestContext } from '../test/harness';
import { insertDemoDecks } from './decks';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('the demo decks', () => {
  it('fills yesterday, today and the next three days (UTC) with 6 to 12 cards each', async () => {
    // late in the evening UTC: the days are UTC days, whatever the server's time zone
    const counts = await insertDemoDecks(t.db, new Date('2033-03-31T23:30:00Z'));
    const admin = await signedIn(t);
    const res = await admin.get('/api/admin/unity-decks?from=2033-03-01&to=2033-04-30');
    const decks: Deck[] = res.json().items;

    expect(decks.map((d) => d.dateKey)).toEqual([
      '2033-03-30',
      '2033-03-31',
      '2033-04-01',
      '2033-04-02',
      '2033-04-03',
    ]);
    for (const deck of decks) {
      expect(deck.cards.length).toBeGreaterThanOrEqual(6);
      expect(deck.cards.length).toBeLessThanOrEqual(12);
      const indexes = deck.cards.map((c) => c.index).sort((a, b) => a - b);
      expect(indexes).toEqual(indexes.map((_, i) => i));
      expect(deck.cards.every((c) => Number.isInteger(c.amount) && c.amount >= 0)).toBe(true);
    }
    expect(decks[1]?.resetAt).toBe('2033-04-01T00:00:00.000Z');
    const cards = decks.reduce((n, d) => n + d.cards.length, 0);
    expect(counts).toEqual({ decks: 5, deckCards: cards });
  });

  it('leaves a day that already has a deck alone', async () => {
    await t.db
      .insertInto('unity_decks')
      .values({ date_key: '2034-06-10', cards: JSON.stringify([{ index: 7, amount: 1 }]) })
      .execute();
    const counts = await insertDemoDecks(t.db, new Date('2034-06-10T08:00:00Z'));
    expect(counts.decks).toBe(4);
    const kept = await t.db
      .selectFrom('unity_decks')
      .select('cards')
      .where('date_key', '=', '2034-06-10')
      .executeTakeFirst();
    expect(kept?.cards).toEqual([{ index: 7, amount: 1 }]);
  });
});
