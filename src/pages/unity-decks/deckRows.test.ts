import { describe, expect, it } from 'vitest';
import {
  addRow,
  cardsOf,
  type DeckRow,
  removeRow,
  rowsFromCards,
  sortByIndex,
  splitServerErrors,
  updateRow,
} from './deckRows';

const rows = (...pairs: [string, string][]): DeckRow[] =>
  pairs.map(([index, amount], id) => ({ id, index, amount }));

describe('deck rows', () => {
  it('a new row gets index = the current maximum + 1 and amount 0; 0 in an empty deck', () => {
    expect(addRow([])).toEqual([{ id: 0, index: '0', amount: '0' }]);
    const added = addRow(rows(['4', '10'], ['9', '5'], ['2', '1']));
    expect(added.at(-1)).toEqual({ id: 3, index: '10', amount: '0' });
    // an index being typed over counts as what it will be saved as
    expect(addRow(rows(['', '1'], ['x', '1'])).at(-1)?.index).toBe('1');
    expect(addRow(rows(['2.5', '1'])).at(-1)?.index).toBe('3');
  });

  it('new rows get ids no other row has, even after a removal', () => {
    const three = addRow(addRow(addRow([])));
    const [, second, third] = three;
    const ids = addRow(removeRow(three, second?.id ?? -1)).map((row) => row.id);
    expect(ids).toEqual([0, third?.id, 3]);
    expect(new Set(ids).size).toBe(3);
  });

  it('edits and removes one row by id', () => {
    const start = rowsFromCards([
      { index: 0, amount: 5 },
      { index: 1, amount: 2.5 },
    ]);
    expect(start).toEqual(rows(['0', '5'], ['1', '2.5']));
    expect(updateRow(start, 1, 'amount', '7')).toEqual(rows(['0', '5'], ['1', '7']));
    expect(removeRow(start, 0)).toEqual([{ id: 1, index: '1', amount: '2.5' }]);
  });

  it('sorts by index as numbers, keeping the order of equal ones', () => {
    const sorted = sortByIndex(rows(['10', 'a'], ['2', 'b'], ['', 'c'], ['2', 'd']));
    expect(sorted.map((row) => row.amount)).toEqual(['c', 'b', 'd', 'a']);
  });
});

describe('cards to save', () => {
  it('turns empty and non-numeric values into 0', () => {
    const { cards, errors } = cardsOf(rows(['', 'abc'], ['3', ' '], ['1e1', '2.50']));
    expect(cards).toEqual([
      { index: 0, amount: 0 },
      { index: 3, amount: 0 },
      { index: 10, amount: 2.5 },
    ]);
    expect(errors).toEqual({});
  });

  it('refuses a negative or fractional index, a repeated index and a negative amount', () => {
    const { errors } = cardsOf(
      rows(['-1', '1'], ['1.5', '1'], ['2', '-0.5'], ['2', '1'], ['', '1'], ['x', '1']),
    );
    expect(errors).toEqual({
      0: { index: 'must be 0 or more' },
      1: { index: 'must be a whole number' },
      2: { amount: 'must be 0 or more' },
      3: { index: 'Duplicate index 2' },
      5: { index: 'Duplicate index 0' },
    });
  });

  it('puts the API’s messages on the rows they name', () => {
    const current = rows(['0', '1'], ['1', '1.005']).map((row) => ({ ...row, id: row.id + 10 }));
    expect(
      splitServerErrors(
        {
          'cards.1.amount': 'must have at most 2 decimals',
          'cards.0.index': 'must be at most 100000',
          'cards.7.index': 'gone',
          cards: 'must have at most 500 cards',
          resetAt: 'must be between the years 1970 and 9999',
        },
        current,
      ),
    ).toEqual({
      rows: {
        11: { amount: 'must have at most 2 decimals' },
        10: { index: 'must be at most 100000' },
      },
      other: {
        'cards.7.index': 'gone',
        cards: 'must have at most 500 cards',
        resetAt: 'must be between the years 1970 and 9999',
      },
    });
  });
});
