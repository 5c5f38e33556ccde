import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { LegalDocument, LegalType } from '../../../contract/legal';
import type { AppDataProvider } from '../../dataProvider';
import { type LegalAction, type Outcome, outcomeOf } from './outcome';

const ROOT = 'legal';

/** One quick retry, then the panel's own Retry. */
const retries = { retry: 1, retryDelay: 500 } as const;

/** GET /admin/legal?type=&limit=20: the type's versions, newest first. */
export const useVersions = (type: LegalType) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: [ROOT, 'versions', type],
    queryFn: ({ signal }) => dataProvider.getLegalVersions(type, signal),
    ...retries,
  });
};

/**
 * The version chosen in the list (GET /admin/legal/{id}), or else the newest (…/latest); asked
 * only once `enabled` (the page first waits for the list, to open on the live version).
 */
export const useLegalDocument = (type: LegalType, id: string | null, enabled = true) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    enabled,
    queryKey: id ? [ROOT, 'document', id] : [ROOT, 'latest', type],
    queryFn: async ({ signal }) =>
      id
        ? (await dataProvider.getOne<LegalDocument & { id: string }>('legal', { id, signal })).data
        : dataProvider.getLatestLegal(type, signal),
    ...retries,
  });
};

/** Reloads everything legal from the API. */
export const useReloadLegal = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [ROOT] });
};

/**
 * Runs a change and reports it with the spec's message. After a success the saved version is
 * known at once and the lists reload (other versions may have gone offline).
 */
export const useLegalAction = () => {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const reload = useReloadLegal();
  const [pending, setPending] = useState<LegalAction | null>(null);
  const run = async (action: LegalAction, call: () => Promise<LegalDocument>): Promise<Outcome> => {
    setPending(action);
    const outcome = await outcomeOf(action, call);
    setPending(null);
    notify(outcome.message, {
      type: outcome.ok ? (outcome.empty ? 'warning' : 'success') : 'error',
    });
    if (outcome.ok) {
      queryClient.setQueryData([ROOT, 'document', outcome.doc._id], outcome.doc);
      void reload();
    }
    return outcome;
  };
  return { run, pending };
};
