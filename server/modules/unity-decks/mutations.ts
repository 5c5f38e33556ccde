import { isDeepStrictEqual } from 'node:util';
import type { Deck, DeckCard, DeckSaved } from '../../../contract/decks';
import { type Actor, audit } from '../../audit/audit';
import type { Database } from '../../db/connect';
import { conflict, notFound } from '../../http/errors';
import { assertVersion } from '../../http/versions';
import { contentOf, type DeckContent, findDeck, lockDay, removeDeck, writeDeck } from './store';

// Each change runs in one transaction, with the day locked, and writes exactly one audit row
// (entity 'deck', id the dateKey); one that changes nothing or fails writes none.

/** A save or copy: the cards, and resetAt where undefined means "keep the day's own". */
interface Replacement {
  cards: DeckCard[];
  resetAt?: string | null | undefined;
}

export const noDeck = (dateKey: string) => notFound(`No deck for ${dateKey}`);

/** Replaces the locked day's deck unless it already holds exactly that. */
async function replaceDay(
  trx: Database,
  actor: Actor,
  dateKey: string,
  before: Deck | null,
  { cards, resetAt }: Replacement,
  action: 'save' | 'copy',
  source?: { fromDateKey: string },
): Promise<Deck> {
  const next: DeckContent = {
    cards,
    resetAt: resetAt === undefined ? (before?.resetAt ?? null) : resetAt,
  };
  if (before && isDeepStrictEqual(contentOf(before), next)) return before;
  const deck = await writeDeck(trx, dateKey, next);
  await audit(trx, actor, {
    action: `deck.${action}`,
    entity: 'deck',
    entityId: dateKey,
    before: before && contentOf(before),
    after: { ...source, ...contentOf(deck) },
  });
  return deck;
}

/**
 * PUT /admin/unity-decks/{dateKey}: creates the day or replaces its cards. `ifMatch` is the
 * updatedAt the edit was based on: 409 when the day changed or went since.
 */
export function saveDeck(
  db: Database,
  actor: Actor,
  dateKey: string,
  replacement: Replacement,
  ifMatch?: string,
): Promise<DeckSaved> {
  return db.transaction().execute(async (trx) => {
    await lockDay(trx, dateKey);
    const before = await findDeck(trx, dateKey);
    if (ifMatch !== undefined) {
      if (!before) {
        throw conflict(
          'This deck was deleted by someone else. Reload to see the latest values.',
          'stale',
        );
      }
      assertVersion(new Date(before.updatedAt), ifMatch, 'deck');
    }
    const deck = await replaceDay(trx, actor, dateKey, before, replacement, 'save');
    return { ok: true as const, deck };
  });
}

/** POST /admin/unity-decks/copy: the source day's cards replace the target day's; 404 without a source. */
export function copyDeck(
  db: Database,
  actor: Actor,
  {
    fromDateKey,
    toDateKey,
    resetAt,
  }: { fromDateKey: string; toDateKey: string; resetAt?: string | null | undefined },
): Promise<DeckSaved> {
  return db.transaction().execute(async (trx) => {
    // Only the target is locked: two copies in opposite directions cannot deadlock.
    await lockDay(trx, toDateKey);
    const source = await findDeck(trx, fromDateKey);
    if (!source) throw noDeck(fromDateKey);
    const before = await findDeck(trx, toDateKey);
    const replacement = { cards: source.cards, resetAt };
    const deck = await replaceDay(trx, actor, toDateKey, before, replacement, 'copy', {
      fromDateKey,
    });
    return { ok: true as const, deck };
  });
}

/** DELETE /admin/unity-decks/{dateKey}: 404 for a day without a deck. */
export function deleteDeck(db: Database, actor: Actor, dateKey: string): Promise<{ ok: true }> {
  return db.transaction().execute(async (trx) => {
    await lockDay(trx, dateKey);
    const before = await findDeck(trx, dateKey);
    if (!before) throw noDeck(dateKey);
    await removeDeck(trx, dateKey);
    await audit(trx, actor, {
      action: 'deck.delete',
      entity: 'deck',
      entityId: dateKey,
      before: contentOf(before),
    });
    return { ok: true as const };
  });
}
