import { type Selectable, sql } from 'kysely';
import type { Deck, DeckCard } from '../../../contract/decks';
import type { Database } from '../../db/connect';
import type { UnityDecksTable } from '../../db/schema';
import { lockName } from '../../db/xact-lock';

type DeckRow = Pick<Selectable<UnityDecksTable>, 'date_key' | 'cards' | 'reset_at' | 'updated_at'>;

/** What a day holds: its cards, in their order, and when it resets. */
export interface DeckContent {
  cards: DeckCard[];
  /** ISO 8601 in UTC, or null for none. */
  resetAt: string | null;
}

const COLUMNS = ['date_key', 'cards', 'reset_at', 'updated_at'] as const;

export const contentOf = (deck: Deck): DeckContent => ({
  cards: deck.cards,
  resetAt: deck.resetAt,
});

/** A row as the API shows it; cards were validated on their way in. */
export const presentDeck = (row: DeckRow): Deck => ({
  _id: row.date_key,
  dateKey: row.date_key,
  cards: row.cards as DeckCard[],
  resetAt: row.reset_at?.toISOString() ?? null,
  updatedAt: row.updated_at.toISOString(),
});

/** The days from `from` to `to` (both included) that have a deck, by date. */
export async function listDecks(db: Database, from: string, to: string): Promise<Deck[]> {
  const rows = await db
    .selectFrom('unity_decks')
    .select(COLUMNS)
    .where('date_key', '>=', from)
    .where('date_key', '<=', to)
    .orderBy('date_key')
    .execute();
  return rows.map(presentDeck);
}

export async function findDeck(db: Database, dateKey: string): Promise<Deck | null> {
  const row = await db
    .selectFrom('unity_decks')
    .select(COLUMNS)
    .where('date_key', '=', dateKey)
    .executeTakeFirst();
  return row ? presentDeck(row) : null;
}

/**
 * Takes the day for a read-modify-write until the transaction ends, whether or not it has a deck
 * yet (a row lock would need the row): two writes to one day never interleave.
 */
export async function lockDay(trx: Database, dateKey: string): Promise<void> {
  await lockName(trx, `unity_decks:${dateKey}`);
}

/** Creates or replaces the day's deck. */
export async function writeDeck(
  trx: Database,
  dateKey: string,
  { cards, resetAt }: DeckContent,
): Promise<Deck> {
  const values = {
    cards: JSON.stringify(cards),
    reset_at: resetAt === null ? null : new Date(resetAt),
  };
  const row = await trx
    .insertInto('unity_decks')
    .values({ date_key: dateKey, ...values })
    .onConflict((oc) => oc.column('date_key').doUpdateSet({ ...values, updated_at: sql`now()` }))
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return presentDeck(row);
}

export async function removeDeck(trx: Database, dateKey: string): Promise<void> {
  await trx.deleteFrom('unity_decks').where('date_key', '=', dateKey).execute();
}
