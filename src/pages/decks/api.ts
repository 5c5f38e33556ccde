import type { OkResponse } from '../../../contract/auth';
import type { Deck, DeckCopy, DeckSave, DeckSaved, DecksList } from '../../../contract/decks';
import { http } from '../../http';

const PATH = 'admin/unity-decks';

/** The Daily Decks calls (spec section 7), each a small function over `http`. */
export const decksApi = {
  /** The days from `from` to `to` that have a deck, by date. */
  list: (from: string, to: string, signal?: AbortSignal) =>
    http<DecksList>(PATH, { query: { from, to }, signal }),
  /** The day's deck, or null when the day has none. */
  get: (dateKey: string, signal?: AbortSignal) =>
    http<Deck | null>(`${PATH}/${dateKey}`, { signal }),
  /** Replaces the day's cards; `version` (the updatedAt it was based on) guards another's save. */
  save: (dateKey: string, body: DeckSave, version?: string) =>
    http<Partial<DeckSaved> | null>(`${PATH}/${dateKey}`, {
      method: 'PUT',
      body,
      headers: version ? { 'If-Match': version } : undefined,
    }),
  copy: (body: DeckCopy) =>
    http<Partial<DeckSaved> | null>(`${PATH}/copy`, { method: 'POST', body }),
  remove: (dateKey: string) => http<OkResponse>(`${PATH}/${dateKey}`, { method: 'DELETE' }),
};
