import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { RESOURCE } from './audit';

/**
 * The actions and record types there are to filter by. New kinds appear rarely, so the answer
 * is reused for a minute; without it the filters still offer whatever is applied.
 */
export const useFacets = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: [RESOURCE, 'facets'],
    queryFn: ({ signal }) => dataProvider.getAuditFacets(signal),
    staleTime: 60_000,
  });
};
