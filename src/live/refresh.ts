import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { type ChangeType, STATS_TOPIC } from '../../contract/live';
import { type Endpoints, endpoints } from '../endpoints';
import { isBeingEdited, isHoldingNew } from './holds';

/** What a burst of events said about one resource. */
export interface ResourceChanges {
  types: Set<ChangeType>;
  ids: Set<string>;
}

/** react-admin's queries of many records of a resource (its list, references, lookups). */
const MANY = new Set(['getList', 'getInfiniteList', 'getManyReference', 'getMany']);

/** The resource a topic's changes are about: the one whose line claims it, else its namesake. */
export const resourceOfTopic = (table: Endpoints, topic: string) =>
  Object.entries(table).find(([, line]) => line.live?.topic === topic)?.[0] ?? topic;

/** The resources that summarise a topic's records (the bots' summary), read whole again. */
export const summariesOf = (table: Endpoints, topic: string) =>
  Object.entries(table)
    .filter(([, line]) => line.live?.summarises?.includes(topic))
    .map(([name]) => name);

const reloadSummaries = (queryClient: QueryClient, table: Endpoints, topic: string) => {
  for (const name of summariesOf(table, topic)) {
    void queryClient.invalidateQueries({ queryKey: [name] });
  }
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
 * Reloads what shows the changed records of a topic's resource (the endpoint table says which,
 * and what summarises them): its lists (not on `created` alone while a
 * list holds new records behind a chip), the changed records (not one open in an edit form) and
 * their history cards. Only queries on screen refetch; the others are marked stale. Lists keep
 * their parameters and rows while they refetch: selection, page and scroll stay.
 */
export const refreshResource = (
  queryClient: QueryClient,
  topic: string,
  { types, ids }: ResourceChanges,
  table: Endpoints = endpoints,
) => {
  const resource = resourceOfTopic(table, topic);
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
  reloadSummaries(queryClient, table, topic);
};

/** The dashboard's figures (and the menu's pending count, the same query): `stats` events. */
export const refreshStats = (queryClient: QueryClient, table: Endpoints = endpoints) =>
  reloadSummaries(queryClient, table, STATS_TOPIC);

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
