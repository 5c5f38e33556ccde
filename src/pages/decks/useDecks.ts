import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import type { DeckCopy, DeckSave, DeckSaved } from '../../../contract/decks';
import { statusOf } from '../../apiErrors';
import { useNotifyFailure } from '../../components/FailureAlert';
import { decksApi } from './api';

const ROOT = 'unity-decks';
const listKey = (from: string, to: string) => [ROOT, 'list', from, to] as const;
const dayKey = (dateKey: string) => [ROOT, 'day', dateKey] as const;

/** One quick retry of a failed load, none of a refused one (a bad range). */
const retry = (failures: number, error: unknown) => statusOf(error) !== 400 && failures < 1;

/**
 * The days with a deck from `from` to `to`; the last list stays shown while the next loads.
 * Nothing is asked while `enabled` is false (a range known to be refused).
 */
export const useDayList = (from: string, to: string, enabled = true) =>
  useQuery({
    queryKey: listKey(from, to),
    enabled,
    queryFn: ({ signal }) => decksApi.list(from, to, signal),
    placeholderData: keepPreviousData,
    retry,
    retryDelay: 500,
  });

/** The day's deck: null when the day has none. */
export const useDeck = (dateKey: string) =>
  useQuery({
    queryKey: dayKey(dateKey),
    queryFn: ({ signal }) => decksApi.get(dateKey, signal),
    retry,
    retryDelay: 500,
  });

export interface DeckActionHandlers {
  /** The day now holds what the server answered: the edits are saved or replaced. */
  onApplied: () => void;
  onSaveError: (error: unknown) => void;
}

/**
 * Save, copy into and delete the day, with the spec's messages. Each success shows the day as
 * the server answered it and reloads the day lists.
 */
export const useDeckActions = (dateKey: string, { onApplied, onSaveError }: DeckActionHandlers) => {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();

  const applied = (result: Partial<DeckSaved> | null, success: string, failure: string) => {
    if (!result?.ok) {
      notify(failure, { type: 'error' });
      return;
    }
    if (result.deck) queryClient.setQueryData(dayKey(dateKey), result.deck);
    else void queryClient.invalidateQueries({ queryKey: dayKey(dateKey) });
    void queryClient.invalidateQueries({ queryKey: [ROOT, 'list'] });
    notify(success, { type: 'success' });
    onApplied();
  };

  const save = useMutation({
    mutationFn: ({ body, version }: { body: DeckSave; version: string | undefined }) =>
      decksApi.save(dateKey, body, version),
    onSuccess: (result) => applied(result, 'Deck saved', 'Could not save deck'),
    onError: (error) => {
      onSaveError(error);
      notifyFailure('Error saving deck', error);
    },
  });

  const copy = useMutation({
    mutationFn: (body: DeckCopy) => decksApi.copy(body),
    onSuccess: (result) => applied(result, 'Copied', 'Could not copy'),
    onError: (error) => notifyFailure('Error copying deck', error),
  });

  const remove = useMutation({
    mutationFn: () => decksApi.remove(dateKey),
    onSuccess: () => {
      queryClient.setQueryData(dayKey(dateKey), null);
      void queryClient.invalidateQueries({ queryKey: [ROOT, 'list'] });
      notify('Deleted', { type: 'success' });
      onApplied();
    },
    onError: (error) => notifyFailure('Error deleting deck', error),
  });

  return { save, copy, remove, busy: save.isPending || copy.isPending || remove.isPending };
};
