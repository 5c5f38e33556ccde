import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type Identifier, type RaRecord, useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../dataProvider';

/** What an action makes stale: a resource's every query, or (`lists`) all but its records. */
export type Stale = string | { lists: string };

type CachedList = { data: RaRecord[] } | undefined;

const staleKey = (
  stale: Stale,
): { queryKey: QueryKey; predicate?: (query: { queryKey: QueryKey }) => boolean } =>
  typeof stale === 'string'
    ? { queryKey: [stale] }
    : { queryKey: [stale.lists], predicate: ({ queryKey }) => queryKey[1] !== 'getOne' };

/**
 * react-admin's cache as a custom action changes it: a record as the server answered it, and
 * the queries to load again (those on screen now, the others when next shown).
 */
export const useResourceCache = () => {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      /** The record (null: none) into its detail, and into every loaded page of its lists. */
      put: (resource: string, id: Identifier, record: RaRecord | null) => {
        queryClient.setQueryData([resource, 'getOne', { id: String(id) }], record);
        if (!record) return;
        queryClient.setQueriesData<CachedList>(
          { queryKey: [resource, 'getList'] },
          (page) =>
            page && {
              ...page,
              data: page.data.map((row) => (row.id === record.id ? record : row)),
            },
        );
      },
      reload: (stale: readonly Stale[]) => {
        for (const each of stale) void queryClient.invalidateQueries(staleKey(each));
      },
    }),
    [queryClient],
  );
};

export interface ActionOptions<T, V> {
  onSuccess?: (answer: T, variables: V) => void;
  onError?: (error: unknown, variables: V) => void;
  onSettled?: () => void;
  /** What a success makes stale, reloaded after `onSuccess` (see `useResourceCache`). */
  refreshes?: readonly Stale[];
}

/**
 * A custom action (a decision, a bulk change, a copy, a grant...): a mutation of react-query
 * over the data provider, as react-admin's docs write them, so a 401 signs out as any call does.
 * `run` makes the call; the caller says what it tells the admin and what it reloads.
 */
export const useAction = <T, V = void>(
  run: (dataProvider: AppDataProvider, variables: V) => Promise<T>,
  { onSuccess, onError, onSettled, refreshes = [] }: ActionOptions<T, V> = {},
) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const cache = useResourceCache();
  return useMutation<T, unknown, V>({
    mutationFn: (variables) => run(dataProvider, variables),
    onSuccess: (answer, variables) => {
      onSuccess?.(answer, variables);
      cache.reload(refreshes);
    },
    onError: (error, variables) => onError?.(error, variables),
    onSettled: () => onSettled?.(),
  });
};
