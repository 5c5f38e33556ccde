import type { DeckCard } from '../../contract/decks';
import type { Database } from '../db/connect';
import { seededRandom } from './random';

// Demo decks: yesterday, today and the next three days (UTC), so the Daily Decks screen opens on
// a filled day with neighbours on both sides.

const DAY_MS = 86_400_000;
/** Days around today that get a deck: -1 is yesterday. */
const OFFSETS = [-1, 0, 1, 2, 3];
const AMOUNTS = [0, 5, 10, 10, 20, 25, 50, 100, 250];

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** 6 to 12 cards with distinct indexes 0..n-1, shuffled as a dealt deck would be. */
function dealCards(r: ReturnType<typeof seededRandom>): DeckCard[] {
  const cards = Array.from({ length: r.int(6, 12) }, (_, index) => ({
    index,
    amount: r.pick(AMOUNTS),
  }));
  for (let i = cards.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [cards[i], cards[j]] = [cards[j] as DeckCard, cards[i] as DeckCard];
  }
  return cards;
}

/**
 * Writes the demo decks around `now`; a day that already has one keeps it. Each resets at the
 * next midnight UTC. Answers how many decks and cards were written.
 */
export async function insertDemoDecks(
  trx: Database,
  now: Date = new Date(),
): Promise<Record<string, number>> {
  const r = seededRandom(20261205);
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const rows = OFFSETS.map((offset) => {
    const start = midnight + offset * DAY_MS;
    const cards = dealCards(r);
    return {
      date_key: dayOf(start),
      cards: JSON.stringify(cards),
      reset_at: new Date(start + DAY_MS),
      count: cards.length,
    };
  });
  const written = await trx
    .insertInto('unity_decks')
    .values(rows.map(({ count: _, ...row }) => row))
    .onConflict((oc) => oc.column('date_key').doNothing())
    .returning('date_key')
    .execute();
  const days = new Set(written.map((row) => row.date_key));
  const cards = rows.filter((row) => days.has(row.date_key)).reduce((n, row) => n + row.count, 0);
  return { decks: written.length, deckCards: cards };
}
