import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import type { Deck, DeckCopy, DeckSave } from '../../../contract/decks';
import { statusOf } from '../../apiErrors';
import { useNotifyFailure } from '../../components/ErrorAlert';
import { type AppDataProvider, isUnexpectedAnswer } from '../../dataProvider';

const ROOT = 'unity-decks';
const listKey = (from: string, to: string) => [ROOT, 'list', from, to] as const;
const dayKey = (dateKey: string) => [ROOT, 'day', dateKey] as const;

/** One quick retry of a failed load, none of a refused one (a bad range). */
const retry = (failures: number, error: unknown) => statusOf(error) !== 400 && failures < 1;

/**
 * The days with a deck from `from` to `to`; the last list stays shown while the next loads.
 * Nothing is asked while `enabled` is false (a range known to be refused).
 */
export const useDayList = (from: string, to: string, enabled = true) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: listKey(from, to),
    enabled,
    queryFn: ({ signal }) => dataProvider.getDecks(from, to, signal),
    placeholderData: keepPreviousData,
    retry,
    retryDelay: 500,
  });
};

/** The day's deck: null when the day has none. */
export const useDeck = (dateKey: string) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: dayKey(dateKey),
    queryFn: ({ signal }) => dataProvider.getDeck(dateKey, signal),
    retry,
    retryDelay: 500,
  });
};

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
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();

  /** An answer without the deck did not save: the spec's 'Could not …'; else 'Error …'. */
  const failed = (error: unknown, notDone: string, title: string) => {
    if (isUnexpectedAnswer(error)) notify(notDone, { type: 'error' });
    else notifyFailure(title, error);
  };

  const applied = (deck: Deck, success: string) => {
    queryClient.setQueryData(dayKey(dateKey), deck);
    void queryClient.invalidateQueries({ queryKey: [ROOT, 'list'] });
    notify(success, { type: 'success' });
    onApplied();
  };

  const save = useMutation({
    mutationFn: ({ body, version }: { body: DeckSave; version: string | undefined }) =>
      dataProvider.saveDeck(dateKey, body, version),
    onSuccess: ({ deck }) => applied(deck, 'Deck saved'),
    onError: (error) => {
      if (!isUnexpectedAnswer(error)) onSaveError(error);
      failed(error, 'Could not save deck', 'Error saving deck');
    },
  });

  const copy = useMutation({
    mutationFn: (body: DeckCopy) => dataProvider.copyDeck(body),
    onSuccess: ({ deck }) => applied(deck, 'Copied'),
    onError: (error) => failed(error, 'Could not copy', 'Error copying deck'),
  });

  const remove = useMutation({
    mutationFn: () => dataProvider.deleteDeck(dateKey),
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
