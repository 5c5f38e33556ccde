import { z } from 'zod';
import { decimal, wholeNumber } from './numbers';

/** A day's deck holds at most this many cards. */
export const DECK_CARDS_MAX = 500;
export const CARD_INDEX_MAX = 100_000;
export const CARD_AMOUNT_MAX = 1_000_000;
/** Amounts keep at most this many decimals. */
export const CARD_AMOUNT_DECIMALS = 2;
/** GET /admin/unity-decks lists at most this many days (from and to included). */
export const DECK_RANGE_DAYS_MAX = 366;

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' with a year PostgreSQL and every browser agree on. */
const DATE_KEY_FORM = /^([1-9]\d{3})-(\d{2})-(\d{2})$/;

/** True for a date that exists, in YYYY-MM-DD form: 2024-02-29 yes, 2026-02-30 and 2026-1-5 no. */
export function isRealDateKey(value: string): boolean {
  if (!DATE_KEY_FORM.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Days from `from` to `to` (both real date keys): 0 for the same day, negative when before. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** A deck's day: the UTC date in YYYY-MM-DD form, and one that exists. */
export const dateKey = () =>
  z
    .string('must be a date in YYYY-MM-DD form')
    .regex(DATE_KEY_FORM, 'must be a date in YYYY-MM-DD form')
    .refine(isRealDateKey, 'must be a real date');

/** When the deck resets: an ISO 8601 timestamp with a time zone, answered in UTC. */
const resetAt = () =>
  z.iso
    .datetime({ offset: true, message: 'must be an ISO date-time with a time zone' })
    .refine((value) => {
      const year = new Date(value).getUTCFullYear();
      return year >= 1970 && year <= 9999;
    }, 'must be between the years 1970 and 9999')
    .transform((value) => new Date(value).toISOString());

export const DeckCard = z.strictObject({
  index: wholeNumber(0, CARD_INDEX_MAX),
  amount: decimal(CARD_AMOUNT_DECIMALS, CARD_AMOUNT_MAX),
});
export type DeckCard = z.infer<typeof DeckCard>;

/** One day's deck as the API answers it; `_id` is its dateKey. */
export const Deck = z.object({
  _id: z.string(),
  dateKey: z.string(),
  cards: z.array(z.object({ index: z.number().int(), amount: z.number() })),
  resetAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type Deck = z.infer<typeof Deck>;

export const DeckParams = z.strictObject({ dateKey: dateKey() });

/** GET /admin/unity-decks?from&to: both days included, at most DECK_RANGE_DAYS_MAX of them. */
export const DecksQuery = z
  .strictObject({ from: dateKey(), to: dateKey() })
  .superRefine(({ from, to }, ctx) => {
    // Refinements run even when a day was refused: leave those to its own message.
    if (!isRealDateKey(from) || !isRealDateKey(to)) return;
    const days = daysBetween(from, to);
    if (days < 0)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    else if (days >= DECK_RANGE_DAYS_MAX) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `must be within ${DECK_RANGE_DAYS_MAX} days of from`,
      });
    }
  });
export type DecksQuery = z.input<typeof DecksQuery>;

export const DecksList = z.object({ items: z.array(Deck) });
export type DecksList = z.infer<typeof DecksList>;

/** GET /admin/unity-decks/{dateKey}: the deck, or null for a day that has none. */
export const DeckOrNone = Deck.nullable();

const cards = z
  .array(DeckCard, 'must be a list of cards')
  .max(DECK_CARDS_MAX, `must have at most ${DECK_CARDS_MAX} cards`)
  .superRefine((list, ctx) => {
    const seen = new Set<number>();
    list.forEach(({ index }, i) => {
      if (seen.has(index)) {
        ctx.addIssue({ code: 'custom', path: [i, 'index'], message: `Duplicate index ${index}` });
      }
      seen.add(index);
    });
  });

/**
 * PUT /admin/unity-decks/{dateKey}: the day's cards, in the order given (indexes unique). resetAt
 * null clears it; absent keeps the day's own (none for a new day).
 */
export const DeckSave = z.strictObject({
  cards,
  resetAt: resetAt().nullable().optional(),
});
export type DeckSave = z.input<typeof DeckSave>;

/**
 * POST /admin/unity-decks/copy: the source day's cards replace the target day's. resetAt as for a
 * save: the target's own is kept when it is absent.
 */
export const DeckCopy = z
  .strictObject({
    fromDateKey: dateKey(),
    toDateKey: dateKey(),
    resetAt: resetAt().nullable().optional(),
  })
  .refine(({ fromDateKey, toDateKey }) => fromDateKey !== toDateKey, {
    path: ['toDateKey'],
    message: 'must be another day than the source date',
  });
export type DeckCopy = z.input<typeof DeckCopy>;

/** A save or copy: the day's deck as stored. */
export const DeckSaved = z.object({ ok: z.literal(true), deck: Deck });
export type DeckSaved = z.infer<typeof DeckSaved>;
