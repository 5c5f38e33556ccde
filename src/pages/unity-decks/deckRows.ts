import type { DeckCard } from '../../../contract/decks';

/** One editable row of a deck: the fields' text as typed; `id` keeps React's key stable. */
export interface DeckRow {
  id: number;
  index: string;
  amount: string;
}

export type RowField = 'index' | 'amount';
/** Messages by row id, then field. */
export type RowErrors = Record<number, Partial<Record<RowField, string>>>;

/** A field's number; empty or non-numeric text counts as 0 (spec: on save it becomes 0). */
export const numberOf = (text: string): number => {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(value) ? value : 0;
};

export const rowsFromCards = (cards: readonly DeckCard[]): DeckRow[] =>
  cards.map((card, id) => ({ id, index: String(card.index), amount: String(card.amount) }));

/** A new row: index = the current maximum + 1 (0 for an empty deck), amount 0. */
export const addRow = (rows: readonly DeckRow[]): DeckRow[] => {
  const id = Math.max(-1, ...rows.map((row) => row.id)) + 1;
  const index = Math.max(-1, ...rows.map((row) => Math.floor(numberOf(row.index)))) + 1;
  return [...rows, { id, index: String(index), amount: '0' }];
};

export const updateRow = (
  rows: readonly DeckRow[],
  id: number,
  field: RowField,
  value: string,
): DeckRow[] => rows.map((row) => (row.id === id ? { ...row, [field]: value } : row));

export const removeRow = (rows: readonly DeckRow[], id: number): DeckRow[] =>
  rows.filter((row) => row.id !== id);

/** By index, lowest first; rows with the same index keep their order. */
export const sortByIndex = (rows: readonly DeckRow[]): DeckRow[] =>
  [...rows].sort((a, b) => numberOf(a.index) - numberOf(b.index));

/**
 * The cards to save, non-numeric values as 0, and what is wrong with them: an index is a
 * non-negative whole number used once, an amount is 0 or more.
 */
export const cardsOf = (rows: readonly DeckRow[]): { cards: DeckCard[]; errors: RowErrors } => {
  const errors: RowErrors = {};
  const seen = new Set<number>();
  const cards = rows.map((row) => {
    const card = { index: numberOf(row.index), amount: numberOf(row.amount) };
    const problems: RowErrors[number] = {};
    if (!Number.isInteger(card.index)) problems.index = 'must be a whole number';
    else if (card.index < 0) problems.index = 'must be 0 or more';
    else if (seen.has(card.index)) problems.index = `Duplicate index ${card.index}`;
    seen.add(card.index);
    if (card.amount < 0) problems.amount = 'must be 0 or more';
    if (problems.index || problems.amount) errors[row.id] = problems;
    return card;
  });
  return { cards, errors };
};

/** The API's per-field messages (`cards.3.amount`) on the rows they name; the rest as they are. */
export const splitServerErrors = (
  fields: Record<string, string>,
  rows: readonly DeckRow[],
): { rows: RowErrors; other: Record<string, string> } => {
  const rowErrors: RowErrors = {};
  const other: Record<string, string> = {};
  for (const [name, message] of Object.entries(fields)) {
    const match = /^cards\.(\d+)\.(index|amount)$/.exec(name);
    const row = match ? rows[Number(match[1])] : undefined;
    if (match && row) {
      rowErrors[row.id] = { ...rowErrors[row.id], [match[2] as RowField]: message };
    } else other[name] = message;
  }
  return { rows: rowErrors, other };
};
