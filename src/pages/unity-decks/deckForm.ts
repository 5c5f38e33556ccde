import { z } from 'zod';
import type { Deck, DeckSave } from '../../../contract/decks';
import { isoToUtcInput, utcInputToIso } from './dates';
import { cardsOf, type DeckRow, rowsFromCards } from './deckRows';

/** The day as the deck form holds it. */
export interface DeckForm {
  rows: DeckRow[];
  /** The Reset at (UTC) field's text. */
  resetAt: string;
  /** The updatedAt of the deck the edit began from (none for a day without a deck). */
  version?: string;
}

/** What a valid form saves: the PUT's body, and the version it was based on. */
export interface CheckedDeck {
  body: DeckSave;
  version: string | undefined;
}

export const ROWS_INVALID = 'Fix the highlighted rows, then save again.';
export const RESET_AT_INVALID = 'Enter a date and time, or leave it empty for none';

/** The rows with their positions for ids: the form's messages go by position ('rows.3.amount'). */
export const byPosition = (rows: readonly DeckRow[]): DeckRow[] =>
  rows.map((row, id) => ({ ...row, id }));

export const deckFormOf = (deck: Deck | null): DeckForm => ({
  rows: rowsFromCards(deck?.cards ?? []),
  resetAt: isoToUtcInput(deck?.resetAt ?? null),
  version: deck?.updatedAt,
});

/**
 * The deck form's checks (spec: non-numeric values save as 0; an index is a whole number of 0
 * or more used once, an amount 0 or more; Reset at a date and time or empty), each message on
 * the field it names and the rows' summary on `root.cards`; a valid form becomes the PUT body.
 */
export const deckFormSchema = z
  .object({
    rows: z.array(z.object({ id: z.number(), index: z.string(), amount: z.string() })),
    resetAt: z.string(),
    version: z.string().optional(),
  })
  .transform(({ rows, resetAt: text, version }, ctx): CheckedDeck => {
    const { cards, errors } = cardsOf(byPosition(rows));
    for (const [position, problems] of Object.entries(errors)) {
      for (const [field, message] of Object.entries(problems)) {
        ctx.addIssue({ code: 'custom', path: ['rows', Number(position), field], message });
      }
    }
    if (Object.keys(errors).length > 0) {
      ctx.addIssue({ code: 'custom', path: ['root', 'cards'], message: ROWS_INVALID });
    }
    const resetAt = utcInputToIso(text);
    if (resetAt === undefined) {
      ctx.addIssue({ code: 'custom', path: ['resetAt'], message: RESET_AT_INVALID });
    }
    return { body: { cards, resetAt: resetAt ?? null }, version };
  });
