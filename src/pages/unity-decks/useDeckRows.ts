import { useCallback } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { byPosition, type CheckedDeck, type DeckForm } from './deckForm';
import { type DeckRow, type RowField, removeRow, splitServerErrors, updateRow } from './deckRows';

const FIELDS: RowField[] = ['index', 'amount'];

/**
 * The deck form's rows, edited as one field, and the API's refusals placed on the form. The form's messages go by position
 * ('rows.3.amount'): when rows are removed or sorted, each row's messages move with it. The
 * callbacks stay the same from render to render, so unchanged rows do not re-render.
 */
export const useDeckRows = (form: UseFormReturn<DeckForm, unknown, CheckedDeck>) => {
  const { setValue, getValues, getFieldState, clearErrors, setError } = form;
  const setRows = useCallback(
    (next: DeckRow[]) => setValue('rows', next, { shouldDirty: true }),
    [setValue],
  );
  /** New rows, or the same in another order. */
  const rearrange = useCallback(
    (next: DeckRow[]) => {
      const from = new Map(getValues('rows').map((row, position) => [row.id, position]));
      const moved = next.flatMap((row, position) =>
        FIELDS.flatMap((field) => {
          const error = getFieldState(`rows.${from.get(row.id) ?? -1}.${field}`).error;
          return error ? [{ path: `rows.${position}.${field}` as const, error }] : [];
        }),
      );
      setRows(next);
      clearErrors('rows');
      for (const { path, error } of moved) setError(path, error);
    },
    [getValues, getFieldState, setRows, clearErrors, setError],
  );
  const onChange = useCallback(
    (id: number, field: RowField, value: string) => {
      const current = getValues('rows');
      setRows(updateRow(current, id, field, value));
      // a field's message goes as soon as it is typed in
      clearErrors(`rows.${current.findIndex((row) => row.id === id)}.${field}`);
    },
    [getValues, setRows, clearErrors],
  );
  const onRemove = useCallback(
    (id: number) => rearrange(removeRow(getValues('rows'), id)),
    [rearrange, getValues],
  );

  /** The API's per-field messages: a row's on its field ('cards.3.amount'), the rest above. */
  const showRefusal = (fields: Record<string, string>) => {
    const split = splitServerErrors(fields, byPosition(getValues('rows')));
    for (const [position, problems] of Object.entries(split.rows)) {
      for (const field of FIELDS) {
        const message = problems[field];
        if (message) setError(`rows.${Number(position)}.${field}`, { type: 'server', message });
      }
    }
    for (const [name, message] of Object.entries(split.other)) {
      const at = name === 'resetAt' ? name : (`root.${name.replaceAll('.', '_')}` as const);
      setError(at, { type: 'server', message });
    }
  };

  return { setRows, rearrange, onChange, onRemove, showRefusal };
};
