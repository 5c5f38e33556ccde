import { expect } from 'vitest';
import type { Deck, DeckCard } from '../../contract/decks';
import type { SignedIn } from './client';
import { auditsOf, auditsOfKind } from './crud';
import type { TestContext } from './harness';

// Shared by the API tests of the decks.

export const URL = '/api/admin/unity-decks';

export const deckRow = (t: TestContext, dateKey: string) =>
  t.db.selectFrom('unity_decks').selectAll().where('date_key', '=', dateKey).executeTakeFirst();

export const deckAudits = (t: TestContext, dateKey: string) => auditsOf(t, 'deck', dateKey);
export const allDeckAudits = (t: TestContext) => auditsOfKind(t, 'deck');

/** `n` cards with indexes 0..n-1 and amounts 10, 20, … */
export const cardsOf = (n: number): DeckCard[] =>
  Array.from({ length: n }, (_, index) => ({ index, amount: (index + 1) * 10 }));

/** PUTs the day's deck and answers it; the save must succeed. */
export async function saved(admin: SignedIn, dateKey: string, body: object): Promise<Deck> {
  const res = await admin.call('PUT', `${URL}/${dateKey}`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().deck;
}
