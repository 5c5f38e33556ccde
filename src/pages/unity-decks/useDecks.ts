import { useDelete, useGetList, useGetOne, useNotify, useUpdate } from 'react-admin';
import type { Deck, DeckCopy, DeckSave } from '../../../contract/decks';
import { statusOf } from '../../apiErrors';
import { useNotifyFailure } from '../../components/ErrorAlert';
import { useAction, useResourceCache } from '../../components/useAction';
import { isUnexpectedAnswer } from '../../dataProvider';
import { useEditingRecord } from '../../live/holds';

const ROOT = 'unity-decks';
/** A deck as react-admin holds it: its id is its dateKey. */
type DeckRecord = Deck & { id: string };

/** One quick retry of a failed load, none of a refused one (a bad range). */
const retry = (failures: number, error: unknown) => statusOf(error) !== 400 && failures < 1;

/**
 * The days with a deck from `from` to `to` (GET /admin/unity-decks?from&to, no pages); the last
 * list stays shown while the next loads. Nothing is asked while `enabled` is false (a range
 * known to be refused).
 */
export const useDayList = (from: string, to: string, enabled = true) =>
  useGetList<DeckRecord>(
    ROOT,
    { filter: { from, to }, meta: { unpaged: true } },
    { enabled, placeholderData: (previous) => previous, retry, retryDelay: 500 },
  );

/** The day's deck: null when the day has none. */
export const useDeck = (dateKey: string) => {
  const deck = useGetOne<DeckRecord>(ROOT, { id: dateKey }, { retry, retryDelay: 500 });
  return deck as typeof deck & { data: DeckRecord | null | undefined };
};

/**
 * While the day has unsaved edits, another admin's change does not reload it: the save stays
 * based on the version the edits started from, so it is refused rather than overwriting.
 */
export const useHoldDeck = (dateKey: string, dirty: boolean) =>
  useEditingRecord(ROOT, dirty ? dateKey : undefined);

export interface DeckActionHandlers {
  /** The day now holds what the server answered (null: none): the edits are saved or replaced. */
  onApplied: (deck: Deck | null) => void;
  onSaveError: (error: unknown) => void;
}

/**
 * Save, copy into and delete the day, with the spec's messages. Each success shows the day as
 * the server answered it and reloads the day lists.
 */
export const useDeckActions = (dateKey: string, { onApplied, onSaveError }: DeckActionHandlers) => {
  const cache = useResourceCache();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const [update, saving] = useUpdate<DeckRecord>();
  const [deleteOne, deleting] = useDelete<DeckRecord>();

  /** An answer without the deck did not save: the spec's 'Could not …'; else 'Error …'. */
  const failed = (error: unknown, notDone: string, title: string) => {
    if (isUnexpectedAnswer(error)) notify(notDone, { type: 'error' });
    else notifyFailure(title, error);
  };

  /** The day as the server answered it (null: deleted), and the day lists reloaded. */
  const applied = (deck: DeckRecord | null, success: string) => {
    cache.put(ROOT, dateKey, deck);
    cache.reload([{ lists: ROOT }]);
    notify(success, { type: 'success' });
    onApplied(deck);
  };

  /**
   * PUT the day's cards; `version` (the updatedAt it was based on) guards another's save. The
   * promise settles once the answer is shown, and fails when the save did.
   */
  const save = {
    mutateAsync: ({ body, version }: { body: DeckSave; version: string | undefined }) =>
      update(
        ROOT,
        {
          id: dateKey,
          data: body,
          previousData: { id: dateKey, updatedAt: version } as DeckRecord,
        },
        {
          returnPromise: true,
          onSuccess: (deck) => applied(deck, 'Deck saved'),
          onError: (error) => {
            if (!isUnexpectedAnswer(error)) onSaveError(error);
            failed(error, 'Could not save deck', 'Error saving deck');
          },
        },
      ),
  };

  const copy = useAction((dataProvider, body: DeckCopy) => dataProvider.copyDeck(body), {
    onSuccess: ({ deck }) => applied({ ...deck, id: deck.dateKey }, 'Copied'),
    onError: (error) => failed(error, 'Could not copy', 'Error copying deck'),
  });

  const remove = {
    mutateAsync: () =>
      deleteOne(
        ROOT,
        { id: dateKey },
        {
          returnPromise: true,
          onSuccess: () => applied(null, 'Deleted'),
          onError: (error) => notifyFailure('Error deleting deck', error),
        },
      ),
  };

  return { save, copy, remove, busy: saving.isPending || copy.isPending || deleting.isPending };
};
