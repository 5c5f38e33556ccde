import { useCallback } from 'react';
import { useGetList } from 'react-admin';
import type { PermissionInfo } from '../../../contract/permissions';

type PermissionRecord = PermissionInfo & { id: string };

const NONE: PermissionRecord[] = [];
/** The whole catalogue: one answer, no pages. */
const WHOLE = { meta: { unpaged: true } };

/**
 * What may be granted, with what each allows (GET /admin/permissions): read once for the page,
 * however many chips and inputs ask.
 */
export const usePermissionCatalogue = () => {
  const { data = NONE } = useGetList<PermissionRecord>('permissions', WHOLE, {
    staleTime: Number.POSITIVE_INFINITY,
  });
  const describe = useCallback(
    (name: string) => data.find((entry) => entry.name === name)?.description,
    [data],
  );
  return { catalogue: data, describe };
};
