import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type { ChangeType } from '../../contract/live';
import { isBeingEdited, isHoldingNew } from './holds';

/** What a burst of events said about one resource. */
export interface ResourceChanges {
  types: Set<ChangeType>;
  ids: Set<string>;
}

/** react-admin's queries of many records of a resource (its list, references, lookups). */
const MANY = new Set(['getList', 'getInfiniteList', 'getManyReference', 'getMany']);

/**
 * What a resource's events reload beyond its react-admin queries: the bots' summary, and the
 * decks' day lists (their events are named `decks`, their resource `unity-decks`).
 */
const EXTRA_KEYS: Record<string, QueryKey[]> = {
  bots: [['bots', 'summary']],
  decks: [['unity-decks', 'getList']],
};

const paramsOf = (key: QueryKey) => (key[2] ?? {}) as { id?: unknown; filter?: unknown };

const isFiltered = (key: QueryKey) => {
  const { filter } = paramsOf(key);
  return typeof filter === 'object' && filter !== null && Object.keys(filter).length > 0;
};

/** Whether a list query's rows (getList's `{data}`, getMany's array) hold one of the ids. */
const showsAny = (query: Query, ids: Set<string>) => {
  const data = query.state.data as { data?: { id: unknown }[] } | { id: unknown }[] | undefined;
  const rows = Array.isArray(data) ? data : data?.data;
  return rows === undefined || rows.some((row) => ids.has(String(row.id)));
};

/** A getOne query of a record open in an edit form: the form says so rather than reloading. */
const isEditedRecord = (key: QueryKey) =>
  key[1] === 'getOne' &&
  typeof key[0] === 'string' &&
  isBeingEdited(key[0], String(paramsOf(key).id));

/**
 * Reloads what shows a resource's changed records: its lists (not on `created` alone while a
 * list holds new records behind a chip), the changed records (not one open in an edit form) and
 * their history cards. Only queries on screen refetch; the others are marked stale. Lists keep
 * their parameters and rows while they refetch: selection, page and scroll stay.
 */
export const refreshResource = (
  queryClient: QueryClient,
  resource: string,
  { types, ids }: ResourceChanges,
) => {
  const onlyCreated = types.size === 1 && types.has('created');
  const onlyUpdated = types.size === 1 && types.has('updated');
  const lists = !(onlyCreated && isHoldingNew(resource));
  // An edit reloads the lists that show one of the records, or that filter (it may enter or
  // leave them); the others look the same after it. A busy table (players) then moves only
  // the screens it touches.
  const listMoves = (query: Query) =>
    !onlyUpdated || isFiltered(query.queryKey) || showsAny(query, ids);
  const matches = (query: Query) => {
    const key = query.queryKey;
    if (key[0] === resource) {
      if (MANY.has(String(key[1]))) return lists && listMoves(query);
      return key[1] === 'getOne' && ids.has(String(paramsOf(key).id)) && !isEditedRecord(key);
    }
    if (key[0] === 'audit' && key[1] === 'getList') {
      const filter = paramsOf(key).filter as { entityId?: unknown } | undefined;
      return filter?.entityId !== undefined && ids.has(String(filter.entityId));
    }
    return false;
  };
  void queryClient.invalidateQueries({ predicate: matches });
  for (const queryKey of EXTRA_KEYS[resource] ?? []) {
    void queryClient.invalidateQueries({ queryKey });
  }
};

/** The dashboard's figures (and the menu's pending count, the same query). */
export const refreshStats = (queryClient: QueryClient) => {
  void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
};

/** Keys never refetched behind the admin's back: access checks, settings forms. */
const KEPT = new Set(['auth', 'settings']);

/**
 * After a gap in the stream nobody knows what changed: every query on screen refetches, but
 * the records in edit forms and the settings forms (the admin may be typing).
 */
export const refreshAfterGap = (queryClient: QueryClient) => {
  void queryClient.invalidateQueries({
    predicate: ({ queryKey: key }) => !KEPT.has(String(key[0])) && !isEditedRecord(key),
  });
};
