import { useQuery } from '@tanstack/react-query';
import { fetchFacets, RESOURCE } from './audit';

/**
 * The actions and record types there are to filter by. New kinds appear rarely, so the answer
 * is reused for a minute; without it the filters still offer whatever is applied.
 */
export const useFacets = () =>
  useQuery({
    queryKey: [RESOURCE, 'facets'],
    queryFn: ({ signal }) => fetchFacets(signal),
    staleTime: 60_000,
  });
