import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDataProvider } from 'react-admin';
import type { PermissionInfo } from '../../../contract/permissions';
import type { AppDataProvider } from '../../dataProvider';

const NONE: PermissionInfo[] = [];

/**
 * What may be granted, with what each allows (GET /admin/permissions): read once for the page,
 * however many chips and inputs ask.
 */
export const usePermissionCatalogue = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data = NONE } = useQuery({
    queryKey: ['permissions', 'catalogue'],
    queryFn: ({ signal }) => dataProvider.getPermissionCatalogue(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const describe = useCallback(
    (name: string) => data.find((entry) => entry.name === name)?.description,
    [data],
  );
  return { catalogue: data, describe };
};
